"""Deck rules (Wars Deckbuilding): one test per violation, the ready decks, the CLI check."""

from __future__ import annotations

import pytest

from wizarena.games.wars.deck import Deck, DeckError, check_deck, parse_deck, read_deck
from wizarena.games.wars.game import ready_decks

from .helpers import GAME

BASE = {"Forgequeen Brenna": 1, "Anvil Sentinel": 2, "Cinder Hurler": 2, "Kiln Stoker": 2, "Ashen Berserker": 2,
        "Salamander Whelp": 2, "Flame Vanguard": 2, "Twin Forgehands": 2, "Scorch": 2, "Molten Ale": 2,
        "Pitfire Brawler": 2, "Ember Forge": 2, "Forge Tavern": 2, "Mountain Goat": 2, "Rally": 2, "Iron Plate": 1}


def deck(cards: dict[str, int], faction: str = "Emberhold") -> Deck:
    return Deck("t", faction, tuple(cards.items()))


def messages(d: Deck) -> list[str]:
    return [v.message for v in check_deck(d)]


def test_base_is_legal():
    assert sum(BASE.values()) == 30
    assert check_deck(deck(BASE)) == []


def test_at_least_30_cards():
    short = deck({k: v for k, v in BASE.items() if k != "Iron Plate"})
    assert any("29 cards; it needs at least 30" in m for m in messages(short))


def test_faction_or_unaffiliated_only():
    m = messages(deck({**BASE, "Crypt Shade": 1}))
    assert any("Gloamveil card" in x for x in m)


def test_provisions_at_most_130():
    m = messages(deck({**BASE, "Magma Giant": 1, "Hearth Elder": 1, "Firestorm": 1, "Cinderborn Colossus": 1}))
    assert any("provisions add up to" in x for x in m)


def test_at_most_one_leader():
    m = messages(deck({**BASE, "Nightmother Vess": 1}, "Emberhold"))
    assert any("leader" in x for x in m)


def test_one_copy_of_a_rare_or_legendary_two_of_a_common():
    m = messages(deck({**BASE, "Magma Giant": 2, "Scorch": 3}))
    assert any("2 copies of Magma Giant" in x for x in m)
    assert any("3 copies of Scorch" in x for x in m)
    assert any("2 copies of Forgequeen Brenna" in x for x in messages(deck({**BASE, "Forgequeen Brenna": 2})))


def test_unknown_card_names_and_tokens():
    m = messages(deck({**BASE, "Dragon of Nowhere": 1, "Bird of Victory": 1}))
    assert any("unknown card name" in x and "Dragon of Nowhere" in x for x in m)
    assert any("Bird of Victory is never part of a deck" in x for x in m)


def test_every_violation_cites_the_deckbuilding_section():
    bad = check_deck(deck({"Crypt Shade": 3, "Nightmother Vess": 1, "Tidecaller Ysolde": 1}))
    assert len(bad) >= 4 and all(v.section == "Wars Deckbuilding" for v in bad)


def test_each_faction_has_a_legal_ready_deck():
    for slug in ready_decks():
        d = GAME.deck(slug)
        assert check_deck(d) == []
    assert {GAME.deck(s).faction for s in ready_decks()} == {"Emberhold", "Tidecourt", "Gloamveil"}


def test_malformed_decks_are_deck_errors(tmp_path):
    with pytest.raises(DeckError):
        parse_deck({"name": "x"})
    with pytest.raises(DeckError):
        parse_deck({"name": "x", "faction": "Emberhold", "cards": {"Scorch": 0}})
    path = tmp_path / "d.toml"
    path.write_text("name = [")
    with pytest.raises(DeckError, match="not valid TOML"):
        read_deck(str(path))


def test_check_deck_file_and_local_config(tmp_path):
    path = tmp_path / "d.toml"
    lines = ['name = "t"', 'faction = "Emberhold"', "[cards]"] + [f'"{k}" = {v}' for k, v in BASE.items()]
    path.write_text("\n".join(lines))
    bad, notes = GAME.check_deck(str(path), None)
    assert bad == [] and any("provisions" in n[1] for n in notes)
    cfg = GAME.read_local_config({"decks": [str(path), "tidecourt"]})
    s = GAME.new_state(1, cfg)
    assert s.factions == ["Emberhold", "Tidecourt"]
    assert GAME.config_of(s)["decks"][1] == "tidecourt"


def test_an_illegal_deck_in_config_is_refused():
    with pytest.raises(ValueError, match="not legal"):
        GAME.new_state(0, {"decks": [{"name": "x", "faction": "Emberhold", "cards": {"Scorch": 2}}, "tidecourt"]})
