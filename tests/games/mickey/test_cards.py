"""The Wizards of Mickey starter collection (data/cards.json) and the six ready-made decks.

The deck rules are checked by a small checker written here, straight from the rulebook
(1.2-1.4, 4.1, 4.2, 6.3.2, 9.12, 10.25), so the data can be tested on its own.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from wizarena.games.mickey.cards import (
    CASTLE,
    COLOURS,
    EFFECT_KINDS,
    MAGIC,
    MODIFIERS,
    NO_AFFILIATION,
    POSITIONS,
    SPECIAL_ACTIONS,
    WIZARD,
    Card,
    Catalogue,
    load_cards,
    parse_cards,
)

CARDS = load_cards()
CAT = Catalogue(CARDS)
WIZARDS = [c for c in CARDS if c.kind == WIZARD]
MAGICS = [c for c in CARDS if c.kind == MAGIC]
CASTLES = [c for c in CARDS if c.kind == CASTLE]
DECK_DIR = Path(str(resources.files("wizarena.games.mickey").joinpath("data/decks")))
DECK_FILES = sorted(DECK_DIR.glob("*.toml"))
CASTLE_NAMES = {c.name.lower() for c in CASTLES}
SIZES = {"mini": (25, 5), "grande": (40, 8), "official": (40, 8)}


def kinds(cards: list[Card]) -> set[str]:
    return {e["do"] for c in cards for e in c.effects}


def abilities(card: Card) -> str:
    return json.dumps(card.effects, sort_keys=True)


# -- a self-contained deck checker -------------------------------------------------------------
def _find(name: str, kind: str, where: str, errors: list[str]) -> Card | None:
    try:
        card = CAT.find(name)
    except KeyError as e:
        errors.append(f"{where}: {e.args[0]}")
        return None
    if card.kind != kind:
        errors.append(f"{where}: {name!r} is a {card.kind}, not a {kind}")
        return None
    return card


def _copies(table: Any, where: str, errors: list[str]) -> dict[str, int]:
    if not isinstance(table, dict):
        errors.append(f"{where}: a table of name = copies")
        return {}
    out = {}
    for name, n in table.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            errors.append(f"{where}: {name!r} needs a whole number of copies, at least 1")
        else:
            out[name] = n
    return out


def check_deck(deck: dict[str, Any], fmt: str | None = None) -> list[str]:
    """Every violation of the deck rules, each naming its rulebook section; [] if legal."""
    errors: list[str] = []
    fmt = fmt or deck.get("format")
    if fmt not in SIZES:
        return [f"format: {fmt!r} is not mini, grande or official"]
    n_magic, n_castle = SIZES[fmt]
    official = fmt == "official"

    # team (1.2, 4.1, 4.2, 9.12)
    names = deck.get("team")
    team: list[Card] = []
    if not isinstance(names, list) or len(names) != 3:
        errors.append("4.1/4.2: the team is exactly 3 Wizards")
    else:
        team = [w for n in names if (w := _find(n, WIZARD, "team", errors))]
    if len(team) == 3:
        solitary = [w.solitary for w in team]
        if any(solitary):
            same = len({(w.name, w.title) for w in team}) == 1
            if not (all(solitary) and same and solitary in (list(POSITIONS), ["any"] * 3)):
                errors.append("9.12: a Solitary Wizard is its three cards of one name and title, "
                              "each in its own position (left, centre, right) when it has one")
        elif len({w.name.lower() for w in team}) < 3:
            errors.append("1.2: two team Wizards share a name")
    team_colours = {c for w in team for c in w.colours}

    # Magic deck (1.3, 4.1, 4.2)
    magic: Counter[str] = Counter()  # copies by the card's own name, however the file spells it
    magic_cards: dict[str, Card] = {}
    for name, n in _copies(deck.get("magic", {}), "magic", errors).items():
        m = _find(name, MAGIC, "magic", errors)
        magic[m.name if m else name] += n
        if m:
            magic_cards[m.name] = m
    if sum(magic.values()) != n_magic:
        errors.append(f"4.1/4.2: the Magic deck holds {sum(magic.values())} cards, not {n_magic}")
    for name, n in magic.items():
        if n > 3:
            errors.append(f"1.3: {n} copies of {name!r} (at most 3)")
    for name, m in magic_cards.items():
        if team and not set(m.colours) <= team_colours:
            errors.append(f"4.1: {name!r} has a colour no team Wizard has")

    # Castle deck (1.4, 4.1, 4.2)
    castles = deck.get("castles")
    if not isinstance(castles, list):
        errors.append("castles: a list of Castle names")
        castles = []
    for name in castles:
        _find(name, CASTLE, "castles", errors)
    if len(castles) != n_castle:
        errors.append(f"4.1/4.2: the Castle deck holds {len(castles)} cards, not {n_castle}")
    castle_count = Counter(CAT.find(n).name if n.lower() in CASTLE_NAMES else n for n in castles)
    errors += [f"1.4: {n!r} twice in the Castle deck" for n, k in castle_count.items() if k > 1]

    # Official Challenge (4.2, 6.3.2, 10.25)
    if official:
        aff = deck.get("affiliation")
        teams = {w.team for w in WIZARDS} - {NO_AFFILIATION}
        if aff == NO_AFFILIATION:
            errors.append("10.25: 'Legendary Wizard' is not an affiliation")
        elif aff not in teams:
            errors.append(f"6.3.2: declare a team affiliation ({', '.join(sorted(teams))})")
        shown = [abilities(w) for w in team if w.effects]
        if len(set(shown)) < len(shown):
            errors.append("4.2: two team Wizards have identical abilities")
        total = sum(m.power * magic[n] for n, m in magic_cards.items())
        if total > 80:
            errors.append(f"4.2: the Magic deck's Magic Power totals {total} (at most 80)")

    # Support deck (4.2)
    if "support" in deck:
        support = _copies(deck["support"], "support", errors)
        if not official:
            errors.append("4.2: a Support deck is for the Official Challenge only")
        elif sum(support.values()) != 10:
            errors.append(f"4.2: the Support deck holds {sum(support.values())} cards, not 10")
        cards = {}
        for name in support:
            try:
                cards[name] = CAT.find(name)
            except KeyError as e:
                errors.append(f"support: {e.args[0]}")
        sup_wizards = [c for c in cards.values() if c.kind == WIZARD]
        colours = team_colours | {c for w in sup_wizards for c in w.colours}
        for name, card in cards.items():
            if card.kind == WIZARD:
                if card.team != deck.get("affiliation"):
                    errors.append(f"4.2: Support Wizard {name!r} is not of the declared affiliation")
                if any(w.name == card.name and w.title == card.title for w in team):
                    errors.append(f"4.2: Support Wizard {name!r} is already in the team (needs a different title)")
            elif card.kind == MAGIC:
                if not set(card.colours) <= colours:
                    errors.append(f"4.2: Support Magic {name!r} has a colour of no team or Support Wizard")
                if magic[card.name] + support[name] > 3:
                    errors.append(f"1.3/4.2: more than 3 copies of {name!r} across Magic and Support decks")
            elif castle_count[card.name] + support[name] > 1:
                errors.append(f"1.4/4.2: more than 1 copy of {name!r} across Castle and Support decks")
    return errors


def load_deck(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


# -- the collection ----------------------------------------------------------------------------
def test_the_collection_loads_and_parses_again_from_its_json():
    text = resources.files("wizarena.games.mickey").joinpath("data/cards.json").read_text(encoding="utf-8")
    assert parse_cards(json.loads(text)) == CARDS
    assert [c.id for c in CARDS] == list(range(len(CARDS)))


def test_every_special_action_is_on_a_magic_and_solitary_on_a_wizard():
    assert set(SPECIAL_ACTIONS) - {"solitary"} <= kinds(MAGICS)
    solitary = [w for w in WIZARDS if w.solitary]
    # one Solitary Wizard with a position on each card (three cards), one without (one card, x3)
    assert sorted(w.solitary for w in solitary) == sorted(POSITIONS + ("any",))
    assert len({(w.name, w.title) for w in solitary}) == 2
    assert all("solitary" in w.specials and w.team == NO_AFFILIATION for w in solitary)


def test_several_cards_carry_the_special_actions_that_interact():
    per_kind = Counter(e["do"] for m in MAGICS for e in m.effects)
    for kind, at_least in (("trickery", 3), ("static", 3), ("teletrasporto", 2), ("continue", 2), ("break", 2),
                           ("cancel", 3)):
        assert per_kind[kind] >= at_least, kind


def test_every_modifier_and_every_effect_kind_is_on_some_card():
    assert set(MODIFIERS) <= kinds(MAGICS)
    assert kinds(list(CARDS)) == EFFECT_KINDS


def test_magics_use_every_filter_and_condition():
    effects = [e for m in MAGICS for e in m.effects]
    for key in ("colour", "min_power", "max_power", "name", "keyword", "printed"):
        assert any(key in e for e in effects), key
    for cond in ("owns", "owns_count", "position", "turn_player"):
        assert any(cond in e.get("if", {}) for e in effects), cond
    assert sum("Star" in m.name for m in MAGICS) >= 3
    assert any(e["do"] == "draw" and e["n"] == 2 for e in effects)
    assert any(e["do"] == "hide" and e["to"] == "adjacent" for e in effects)
    assert any(e["do"] == "no_hide" and e["to"] == "opposing" for e in effects)
    assert any(e["do"] == "limit" and e["to"] == "opposing" for e in effects)


def test_castles_touch_the_challenge():
    effects = [e for c in CASTLES for e in c.effects]
    assert len(CASTLES) >= 12
    assert {e["do"] for e in effects} >= {"hide", "no_hide", "limit", "bonus", "reveal_stake", "tie_turn_player",
                                          "draw_tax"}
    assert any(e["do"] in MODIFIERS and e.get("to") == "all" for e in effects)


def test_counts_teams_powers_and_colours():
    teams = Counter(w.team for w in WIZARDS if not w.solitary)
    for team in ("Wizards of Mickey", "Black Phantom", "Luna Diamante"):
        assert teams[team] >= 4, team
    assert teams[NO_AFFILIATION] >= 2
    assert len({m.name for m in MAGICS}) == len(MAGICS) >= 60
    assert {m.power for m in MAGICS} == set(range(7))
    assert {c for m in MAGICS for c in m.colours} == set(COLOURS)
    assert any(len(m.colours) > 1 for m in MAGICS)
    assert all(1 <= len(w.colours) <= 2 for w in WIZARDS)


def test_wizards_for_support_decks_and_for_the_identical_ability_rule():
    by_name = Counter(w.name for w in WIZARDS if not w.solitary)
    assert any(n > 1 for n in by_name.values())
    shared = [w for w in WIZARDS if w.effects and not w.solitary]
    assert len({abilities(w) for w in shared}) < len(shared)


def test_every_card_with_effects_says_so_in_its_text():
    for c in CARDS:
        assert bool(c.text.strip()) == bool(c.effects) or c.solitary, c.label


# -- the ready-made decks ----------------------------------------------------------------------
def test_the_six_ready_decks_are_there():
    assert [p.stem for p in DECK_FILES] == ["grande-ember", "grande-tide", "mini-ember", "mini-tide",
                                            "official-luna", "official-phantom"]


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
def test_ready_deck_is_legal(path: Path):
    assert path.read_text(encoding="utf-8").startswith("# ")
    deck = load_deck(path)
    assert deck["format"] == path.stem.split("-")[0]
    assert deck.get("name")
    assert check_deck(deck) == []
    team = [CAT.find(n) for n in deck["team"]]
    assert not any(w.solitary for w in team)
    if deck["format"] == "official":
        assert len(deck["support"]) > 0
        assert all(w.team == deck["affiliation"] for w in team)


# -- the checker itself catches each rule ------------------------------------------------------
@pytest.fixture
def official() -> dict[str, Any]:
    return load_deck(DECK_DIR / "official-luna.toml")


def test_checker_identical_abilities_in_an_official_team(official):
    official["team"] = ["Selene Argentis (Moon-Oracle)", "Orrin Tallowmere", "Tiberio Lune"]
    official["support"].pop("Selene Argentis (Diamond Priestess)")
    official["support"]["Nadia Frostwhorl"] = 1
    assert check_deck(official) == ["4.2: two team Wizards have identical abilities"]
    assert check_deck(official, "grande") == ["4.2: a Support deck is for the Official Challenge only"]


def test_checker_power_total_and_affiliation(official):
    del official["support"]
    official["magic"] = {name: 3 for name in (
        "Leviathan Call", "Tidal Surge", "Oakheart Slam", "Stag's Charge", "Sunburst", "Glimmer", "Ripple", "Sprout",
        "Starseed", "Star Shard", "Goldleaf Charm", "Mist Cloak", "Rootgrowth")} | {"Seed of Plenty": 1}
    assert check_deck(official) == ["4.2: the Magic deck's Magic Power totals 81 (at most 80)"]
    assert check_deck(official, "grande") == []
    official["magic"]["Leviathan Call"] = 2
    official["magic"]["Ripple"] = 2
    official["magic"]["Seed of Plenty"] = 3
    assert check_deck(official) == []  # 81 - 6 - 1 = 74
    official["affiliation"] = "Legendary Wizard"
    assert check_deck(official) == ["10.25: 'Legendary Wizard' is not an affiliation"]
    del official["affiliation"]
    assert check_deck(official) == [
        "6.3.2: declare a team affiliation (Black Phantom, Luna Diamante, Wizards of Mickey)"]


def test_checker_support_rules(official):
    sup = official["support"]
    sup.pop("Noonday Blaze")
    sup["Selene Argentis (Moon-Oracle)"] = 1  # the very card already in the team
    sup.pop("Frozen Seal")
    sup["Star Shard"] = 1  # a fourth copy
    sup.pop("Radiant Ward")
    sup["Starwatch Spire"] = 1  # already in the Castle deck
    sup.pop("Dawnlight Veil")
    sup["Ember Keep"] = 1  # a new Castle: fine, any colour
    sup.pop("Drowned Archive")
    sup["Morgrave Quill (Night Warden)"] = 1  # wrong affiliation
    assert check_deck(official) == [
        "4.2: Support Wizard 'Selene Argentis (Moon-Oracle)' is already in the team (needs a different title)",
        "1.3/4.2: more than 3 copies of 'Star Shard' across Magic and Support decks",
        "1.4/4.2: more than 1 copy of 'Starwatch Spire' across Castle and Support decks",
        "4.2: Support Wizard 'Morgrave Quill (Night Warden)' is not of the declared affiliation",
    ]
    sup["Emberbolt"] = 1  # red: no team or Support Wizard is red
    errors = check_deck(official)
    assert "4.2: Support Magic 'Emberbolt' has a colour of no team or Support Wizard" in errors
    assert "4.2: the Support deck holds 11 cards, not 10" in errors


def test_checker_team_magic_and_castle_rules():
    deck = load_deck(DECK_DIR / "mini-ember.toml")
    deck["team"] = ["Delia Stormglass", "Bruna Coalhand", "Fenn Mossguard"]  # blue, red, green: no yellow
    deck["magic"]["Emberbolt"] = 4
    del deck["magic"]["Cinder Spark"]
    deck["castles"][4] = "Ember Keep"
    yellow = ("Dawnlight Veil", "Scholar's Insight", "Radiant Ward", "Golden Verdict", "Sunburst", "Glimmer",
              "Wildfire Pact", "Starfall Lance")
    assert set(check_deck(deck)) == {
        "1.3: 4 copies of 'Emberbolt' (at most 3)",
        "1.4: 'Ember Keep' twice in the Castle deck",
    } | {f"4.1: {name!r} has a colour no team Wizard has" for name in yellow}
    assert len(check_deck(deck, "grande")) > len(check_deck(deck))


def test_checker_team_size_names_and_solitary():
    deck = load_deck(DECK_DIR / "grande-ember.toml")
    deck["team"] = ["Aldo Brightstaff", "Bruna Coalhand"]
    assert "4.1/4.2: the team is exactly 3 Wizards" in check_deck(deck)
    deck["team"] = ["Morgrave Quill (Ash Regent)", "Morgrave Quill (Night Warden)", "Aldo Brightstaff"]
    assert "1.2: two team Wizards share a name" in check_deck(deck)
    deck["team"] = ["Morgrave Quill", "Bruna Coalhand", "Aldo Brightstaff"]
    assert any("names several Wizards" in e for e in check_deck(deck))
    label = "Thrumgar (the Threefold Colossus) [{}]"
    solitary = [label.format(p) for p in POSITIONS]
    deck["team"] = solitary
    assert not any(e.startswith(("1.2", "9.12", "4.1/4.2: the team")) for e in check_deck(deck))
    deck["team"] = [solitary[1], solitary[0], solitary[2]]
    assert any(e.startswith("9.12") for e in check_deck(deck))
    deck["team"] = [solitary[0], "Bruna Coalhand", "Aldo Brightstaff"]
    assert any(e.startswith("9.12") for e in check_deck(deck))
