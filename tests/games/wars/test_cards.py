"""The collection: its size and shape, every keyword and status on a card, and the loader's
refusals."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from wizarena.games.wars.cards import CARDS, FACTIONS, STATUSES, CardDataError, parse_cards


def raw() -> dict:
    return json.loads(resources.files("wizarena.games.wars").joinpath("data/cards.json").read_text())


def test_three_factions_of_twenty_and_twenty_unaffiliated_cards():
    deckable = [c for c in CARDS if not c.token]
    assert len(FACTIONS) >= 3
    for f in FACTIONS:
        cards = [c for c in deckable if c.faction == f]
        assert len(cards) >= 20
        assert sum(c.leader for c in cards) == 1
    assert len([c for c in deckable if c.faction is None]) >= 20


def test_every_type_rarity_and_category():
    assert {c.type for c in CARDS} == {0, 1, 2, 3}
    assert {c.rarity for c in CARDS} == {"common", "rare", "legendary"}
    assert {c.category for c in CARDS} >= {"Land", "Location", "Liquor", None}
    assert any(c.echo for c in CARDS)
    assert all(c.text for c in CARDS)


def test_bird_of_victory_is_a_three_power_unit_outside_decks():
    bird = next(c for c in CARDS if c.name == "Bird of Victory")
    assert bird.type == 0 and bird.power == 3 and bird.token


def test_every_keyword_and_status_is_on_a_card():
    effects = {a.do for c in CARDS for a in c.abilities}
    triggers = {a.on for c in CARDS for a in c.abilities}
    conds = {a.cond for c in CARDS for a in c.abilities}
    assert {"spawn", "assault", "assassinate", "destroy", "create", "discard", "banish", "seize", "devour",
            "summon", "purify", "bounty", "status"} <= effects
    assert {0, 1, 2, 3, 4, 5, 6, 7} <= triggers  # play ... harmony
    assert {1, 2, 3, 4} <= conds  # chaos, paired, devotion, diversity
    assert any(a.max_toughness >= 0 for c in CARDS for a in c.abilities)  # Toughness X
    assert any(c.cost >= 0 for c in CARDS) and any(a.cost >= 0 for c in CARDS for a in c.abilities)  # Expend
    for flag in ("disloyal", "haste", "engine", "tall", "echo", "plunder", "veteran"):
        assert any(getattr(c, flag) for c in CARDS), flag
    assert any(c.armor for c in CARDS)
    given = {a.status for c in CARDS for a in c.abilities} | {1 << b for c in CARDS for b in range(7)
                                                             if c.statuses >> b & 1}
    for b, name in enumerate(STATUSES):
        assert 1 << b in given, name


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["cards"][0].update(type="spell"), "'type' must be one of"),
    (lambda d: d["cards"][0]["abilities"].append({"on": "play", "do": "fly"}), "no code implements effect"),
    (lambda d: d["cards"][0].update(bogus=1), "unknown key"),
    (lambda d: d["cards"][1].update(name=d["cards"][0]["name"]), "already card #0"),
    (lambda d: d["cards"][0]["abilities"].append({"on": "play", "do": "destroy"}), "takes target"),
    (lambda d: d["cards"][0].pop("text"), "every card has a 'text'"),
])
def test_bad_data_fails_with_a_clear_message(change, message):
    data = raw()
    change(data)
    with pytest.raises(CardDataError, match=message):
        parse_cards(data)
