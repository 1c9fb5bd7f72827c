"""Wizards of Mickey deck files and deck rules (rulebook 1.2-1.4, 4.1, 4.2, 6.3.2, 9.12, 10.25),
checked against a small fixture collection so the tests do not depend on the shipped cards."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from wizarena.games.mickey.cards import Catalogue, parse_cards
from wizarena.games.mickey.deck import (
    FORMATS,
    Deck,
    DeckError,
    Violation,
    check_deck,
    check_deck_file,
    deck_notes,
    parse_deck,
    read_deck,
)
from wizarena.games.mickey.game import MickeyGame

MICKEY, PHANTOM, LEGEND = "Wizards of Mickey", "Black Phantom", "Legendary Wizard"


def _wizard(name: str, title: str, team: str, colours: list[str], effects: list[dict[str, Any]] | None = None,
            solitary: str | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {"name": name, "title": title, "team": team, "colours": colours, "text": "",
                           "effects": effects or []}
    if solitary:
        row["solitary"] = solitary
    return row


def _magic(name: str, colours: list[str], power: int) -> dict[str, Any]:
    return {"name": name, "colours": colours, "power": power, "text": "", "effects": []}


PLUS_ONE = [{"do": "plus", "value": 1}]
LONE = [{"do": "plus", "value": 2}]

FIXTURE = {
    "wizards": [
        _wizard("Aldo", "Brightstaff", MICKEY, ["red"], PLUS_ONE),
        _wizard("Bruna", "Coalhand", MICKEY, ["yellow"], [{"do": "draw", "n": 1}]),
        _wizard("Cato", "Wick", MICKEY, ["blue"]),
        _wizard("Aldo", "Stormcaller", MICKEY, ["green"]),
        _wizard("Dora", "Mirror", PHANTOM, ["red"], [{"value": 1, "do": "plus"}]),  # Aldo's ability
        _wizard("Ezio", "Shade", PHANTOM, ["black"]),
        _wizard("Fosca", "Night", PHANTOM, ["black", "blue"]),
        _wizard("Gran", "Elder", LEGEND, ["green"]),
        _wizard("Hermit", "Alone", PHANTOM, ["black"], LONE, "left"),
        _wizard("Hermit", "Alone", PHANTOM, ["black"], LONE, "centre"),
        _wizard("Hermit", "Alone", PHANTOM, ["black"], LONE, "right"),
    ],
    "magics": [
        _magic("Cinder", ["red"], 0), _magic("Ember", ["red"], 1), _magic("Firebolt", ["red"], 2),
        _magic("Flare", ["red"], 2), _magic("Blaze", ["red"], 5), _magic("Inferno", ["red"], 6),
        _magic("Gleam", ["yellow"], 0), _magic("Spark", ["yellow"], 1), _magic("Glint", ["yellow"], 2),
        _magic("Halo", ["yellow"], 2), _magic("Sunbeam", ["yellow"], 5), _magic("Radiance", ["yellow"], 6),
        _magic("Mist", ["blue"], 0), _magic("Ripple", ["blue"], 1), _magic("Frost", ["blue"], 2),
        _magic("Wave", ["blue"], 2), _magic("Tide", ["blue"], 5), _magic("Deluge", ["blue"], 6),
        _magic("Gloom", ["black"], 1), _magic("Hex", ["black"], 2), _magic("Thorn", ["green"], 1),
        _magic("Storm", ["red", "blue"], 4), _magic("Mire", ["black", "green"], 3),
        _magic("Ash", ["red"], 0), _magic("Smoke", ["red"], 1), _magic("Drizzle", ["blue"], 0),
        _magic("Puddle", ["blue"], 1),
    ],
    "castles": [{"name": n, "colours": [c], "text": "", "effects": []} for n, c in (
        ("Tower of Glass", "blue"), ("Sunken Library", "blue"), ("Ember Keep", "red"), ("Frost Hall", "blue"),
        ("Golden Gate", "yellow"), ("Night Spire", "black"), ("Moss Fort", "green"), ("Cloud Bastion", "yellow"),
        ("Stone Ward", "black"), ("Dune Citadel", "red"))],
}
CARDS = parse_cards(FIXTURE)
CAT = Catalogue(CARDS)
CASTLES = [c.name for c in CARDS if c.kind == "castle"]

# 40 Magics of the team's colours (red, yellow, blue), 3 copies at most, Magic Power 63.
MAGIC_40 = {"Cinder": 3, "Ember": 3, "Firebolt": 3, "Flare": 3, "Gleam": 3, "Spark": 3, "Glint": 3,
            "Halo": 3, "Mist": 3, "Ripple": 3, "Frost": 3, "Wave": 3, "Storm": 2, "Tide": 2}
MAGIC_25 = {"Cinder": 3, "Ember": 3, "Firebolt": 3, "Flare": 3, "Gleam": 3, "Spark": 3, "Glint": 3,
            "Frost": 3, "Storm": 1}
# A Support deck: a Wizards of Mickey Wizard who brings green, green and red Magics, a Castle.
SUPPORT_10 = {"Aldo (Stormcaller)": 1, "Thorn": 3, "Blaze": 3, "Inferno": 2, "Dune Citadel": 1}


def data(fmt: str = "grande", **changes: Any) -> dict[str, Any]:
    """A legal deck table of the format, with some keys changed (None removes a key)."""
    table: dict[str, Any] = {
        "name": "Ember Court",
        "format": fmt,
        "affiliation": MICKEY,
        "team": ["Aldo (Brightstaff)", "Bruna", "Cato"],
        "magic": dict(MAGIC_25 if fmt == "mini" else MAGIC_40),
        "castles": CASTLES[:5] if fmt == "mini" else CASTLES[:8],
    }
    for key, value in changes.items():
        if value is None:
            table.pop(key, None)
        else:
            table[key] = value
    return table


def check(fmt: str = "grande", **changes: Any) -> list[Violation]:
    return check_deck(parse_deck(data(fmt, **changes), CAT), fmt, CARDS)


# -- reading --------------------------------------------------------------------------------------
def test_fixture_decks_add_up() -> None:
    assert sum(MAGIC_40.values()) == 40 and sum(MAGIC_25.values()) == 25
    assert sum(SUPPORT_10.values()) == 10


def test_parse_deck_resolves_cards_in_order() -> None:
    deck = parse_deck(data(), CAT)
    assert deck.name == "Ember Court" and deck.format == "grande" and deck.affiliation == MICKEY
    assert [CARDS[i].label for i in deck.team] == ["Aldo (Brightstaff)", "Bruna (Coalhand)", "Cato (Wick)"]
    assert len(deck.magic) == 40 and list(deck.magic) == sorted(deck.magic)
    assert [CARDS[i].name for i in deck.castles] == CASTLES[:8]
    assert deck.support == ()


def test_to_json_round_trips() -> None:
    deck = parse_deck(data("official", support=SUPPORT_10), CAT)
    out = deck.to_json(CARDS)
    assert out["team"] == ["Aldo (Brightstaff)", "Bruna (Coalhand)", "Cato (Wick)"]
    assert out["magic"]["Firebolt"] == 3 and out["support"]["Aldo (Stormcaller)"] == 1
    assert parse_deck(out, CAT) == deck
    assert parse_deck(deck.to_json(CAT), CAT) == deck


@pytest.mark.parametrize("fmt", FORMATS)
def test_legal_decks_have_no_violations(fmt: str) -> None:
    assert check(fmt) == []


def test_legal_official_deck_with_support() -> None:
    assert check("official", support=SUPPORT_10) == []


# -- team -----------------------------------------------------------------------------------------
def test_4_1_team_size() -> None:
    red_yellow = {"Cinder": 3, "Ember": 3, "Firebolt": 3, "Flare": 3, "Gleam": 3, "Spark": 3, "Glint": 3, "Halo": 3,
                  "Ash": 1}
    assert check("mini", team=["Aldo (Brightstaff)", "Bruna"], magic=red_yellow) == [
        Violation("4.1", "the team has 2 Wizards; it must have exactly 3")]


def test_4_2_team_size() -> None:
    found = check(team=["Aldo (Brightstaff)", "Bruna", "Cato", "Ezio"])
    assert Violation("4.2", "the team has 4 Wizards; it must have exactly 3") in found


def test_1_2_distinct_names() -> None:
    # Same name, different titles: still one name twice in the team.
    found = check(team=["Aldo (Brightstaff)", "Aldo (Stormcaller)", "Cato"])
    assert [v for v in found if v.section == "1.2"] == [
        Violation("1.2", "2 team Wizards are named Aldo; names in a team must differ")]


def test_9_12_solitary_team() -> None:
    magic = {"Gloom": 3, "Hex": 3}
    by_name = parse_deck(data(team=["Hermit", "Hermit", "Hermit"], magic=magic), CAT)
    by_label = parse_deck(data(team=["Hermit (Alone) [left]", "Hermit (Alone) [centre]",
                                     "Hermit (Alone) [right]"], magic=magic), CAT)
    assert by_name == by_label
    assert [CARDS[i].solitary for i in by_name.team] == ["left", "centre", "right"]
    # Same name three times is no 1.2 violation, nor are their equal abilities in official (4.2).
    assert [v.section for v in check_deck(by_name, "official", CARDS)] == ["4.2"]  # only the Magic deck size


def test_9_12_solitary_positions() -> None:
    team = ["Hermit (Alone) [centre]", "Hermit (Alone) [left]", "Hermit (Alone) [right]"]
    found = check(team=team, magic={"Gloom": 3, "Hex": 3})
    solitary = [v for v in found if v.section == "9.12"]
    assert solitary == [Violation("9.12", "Hermit (Alone) [centre] must stand centre, not left"),
                        Violation("9.12", "Hermit (Alone) [left] must stand left, not centre")]
    assert not any(v.section == "1.2" for v in found)


def test_9_12_solitary_is_a_whole_team() -> None:
    found = check(team=["Hermit (Alone) [left]", "Bruna", "Cato"])
    assert Violation("9.12", "Hermit (Alone) is Solitary: the team must be its three cards, one in each "
                             "position, and no other Wizard") in found
    found = check(team=["Hermit (Alone) [left]", "Hermit (Alone) [centre]", "Cato"])
    assert {"1.2", "9.12"} <= {v.section for v in found}


def test_team_holds_wizards_only_when_built_directly() -> None:
    legal = parse_deck(data(), CAT)
    team = tuple(CAT.find(n).id for n in ("Aldo (Brightstaff)", "Bruna", "Firebolt"))
    deck = Deck("x", "grande", None, team=team, magic=legal.magic, castles=legal.castles)
    found = check_deck(deck, None, CARDS)
    assert Violation("1.2", "Firebolt in the team is a Magic, not a Wizard") in found


# -- Magic deck -----------------------------------------------------------------------------------
def test_4_1_magic_deck_size() -> None:
    assert check("mini", magic=MAGIC_40) == [
        Violation("4.1", "the Magic deck has 40 cards; a mini deck needs exactly 25")]


def test_4_2_magic_deck_size() -> None:
    assert check("grande", magic=MAGIC_25) == [
        Violation("4.2", "the Magic deck has 25 cards; a grande deck needs exactly 40")]


def test_1_3_three_copies() -> None:
    found = check(magic=dict(MAGIC_40, Cinder=4, Storm=5))
    assert [v for v in found if v.section == "1.3"] == [
        Violation("1.3", "4 copies of Cinder in the Magic deck; at most 3"),
        Violation("1.3", "5 copies of Storm in the Magic deck; at most 3")]


def test_4_1_magic_colours() -> None:
    found = check("mini", magic=dict(MAGIC_25, Frost=1, Gloom=1, Mire=1))
    assert found == [Violation("4.1", "Gloom is black, but no team Wizard is black"),
                     Violation("4.1", "Mire is black/green, but no team Wizard is black or green")]


def test_4_2_magic_colours_multicolour_needs_every_colour() -> None:
    # Storm is red/blue: without Cato (blue) it is off-colour even though Aldo is red.
    found = check(team=["Aldo (Brightstaff)", "Bruna", "Ezio"])
    assert Violation("4.2", "Storm is red/blue, but no team Wizard is blue") in found


def test_kinds_in_the_right_lists() -> None:
    found = check(magic=dict(MAGIC_40, Tide=1, **{"Golden Gate": 1}), castles=CASTLES[:7] + ["Firebolt"])
    assert Violation("4.2", "Golden Gate in the Magic deck is a Castle, not a Magic") in found
    assert Violation("4.2", "Firebolt in the Castle deck is a Magic, not a Castle") in found


def test_4_2_magic_power_total() -> None:
    heavy = {"Inferno": 3, "Radiance": 3, "Deluge": 3, "Blaze": 3, "Sunbeam": 3, "Tide": 3, "Storm": 3,
             "Cinder": 3, "Gleam": 3, "Mist": 3, "Ember": 3, "Spark": 3, "Ripple": 1, "Ash": 3}
    assert sum(heavy.values()) == 40
    assert sum(CAT.find(k).power * n for k, n in heavy.items()) == 118
    assert check("grande", magic=heavy) == []
    assert check("official", magic=heavy) == [
        Violation("4.2", "the Magic deck's Magic Power adds up to 118; an Official deck allows at most 80")]
    assert check("official") == []  # 63
    exactly_80 = {"Firebolt": 3, "Flare": 3, "Glint": 3, "Halo": 3, "Frost": 3, "Wave": 3, "Storm": 3, "Blaze": 3,
                  "Tide": 3, "Cinder": 3, "Gleam": 3, "Mist": 3, "Ash": 2, "Ember": 1, "Spark": 1}
    total = sum(CAT.find(k).power * n for k, n in exactly_80.items())
    assert (sum(exactly_80.values()), total) == (40, 80)
    assert check("official", magic=exactly_80) == []
    assert [v.message for v in check("official", magic=dict(exactly_80, Ash=1, Ember=2))] == [
        "the Magic deck's Magic Power adds up to 81; an Official deck allows at most 80"]


# -- Castle deck ----------------------------------------------------------------------------------
def test_4_1_castle_deck_size() -> None:
    assert check("mini", castles=CASTLES[:8]) == [
        Violation("4.1", "the Castle deck has 8 cards; a mini deck needs exactly 5")]
    assert check("grande", castles=CASTLES[:5]) == [
        Violation("4.2", "the Castle deck has 5 cards; a grande deck needs exactly 8")]


def test_1_4_one_castle_copy() -> None:
    assert check(castles=CASTLES[:7] + [CASTLES[0]]) == [
        Violation("1.4", "2 copies of Tower of Glass in the Castle deck; at most 1")]


def test_castles_any_colour() -> None:
    assert check("mini", castles=["Night Spire", "Moss Fort", "Stone Ward", "Dune Citadel", "Golden Gate"]) == []


# -- Official Challenge ---------------------------------------------------------------------------
def test_4_2_identical_abilities() -> None:
    team = ["Aldo (Brightstaff)", "Dora", "Cato"]  # Dora's effects equal Aldo's (keys in another order)
    magic = {"Cinder": 3, "Ember": 3, "Firebolt": 3, "Flare": 3, "Ash": 3, "Smoke": 3, "Mist": 3, "Ripple": 3,
             "Frost": 3, "Wave": 3, "Drizzle": 3, "Puddle": 3, "Storm": 3, "Tide": 1}  # red and blue, power 53
    assert sum(magic.values()) == 40
    assert check("grande", team=team, magic=magic) == []
    assert check("official", team=team, magic=magic, affiliation=PHANTOM) == [
        Violation("4.2", "Aldo (Brightstaff) and Dora (Mirror) have the same ability; "
                         "an Official team may not repeat one")]


def test_4_2_no_abilities_are_not_identical() -> None:
    # Cato (Wick) and Ezio (Shade) have no effects at all: nothing to repeat.
    assert not any("same ability" in v.message for v in check("official", team=["Cato", "Ezio", "Bruna"]))


def test_6_3_2_affiliation_required() -> None:
    assert check("official", affiliation=None) == [
        Violation("6.3.2", "an Official deck must declare its team affiliation (affiliation = \"...\")")]
    assert check("grande", affiliation=None) == []


def test_10_25_legendary_is_no_affiliation() -> None:
    assert check("official", affiliation="legendary wizard") == [
        Violation("10.25", "'Legendary Wizard' is not a team affiliation; declare a team")]
    assert check("grande", affiliation=LEGEND) == []


def test_10_25_affiliation_penalty_is_a_note() -> None:
    deck = parse_deck(data("official", affiliation=PHANTOM), CAT)
    assert check_deck(deck, None, CARDS) == []
    assert deck_notes(deck, None, CARDS) == [Violation(
        "10.25", "-3 Final Magic Power: 3 team Wizards are not of the declared affiliation (4.2, 10.25)")]
    deck = parse_deck(data("official", team=["Aldo (Brightstaff)", "Bruna", "Fosca"]), CAT)
    assert [n.message for n in deck_notes(deck, None, CARDS)] == [
        "-1 Final Magic Power: 1 team Wizard is not of the declared affiliation (4.2, 10.25)"]
    assert deck_notes(parse_deck(data("official"), CAT), None, CARDS) == []
    assert deck_notes(deck, "grande", CARDS) == []


def test_10_25_unknown_affiliation_is_noted() -> None:
    notes = deck_notes(parse_deck(data("official", affiliation="Wizards of Mikey"), CAT), None, CARDS)
    assert [n.message for n in notes][0] == "no Wizard in the collection is of team 'Wizards of Mikey'"
    assert "-3 Final Magic Power" in notes[1].message


# -- Support deck ---------------------------------------------------------------------------------
def test_4_2_support_only_in_official() -> None:
    assert check("grande", support=SUPPORT_10) == [
        Violation("4.2", "only an Official deck may have a Support deck, not a grande deck")]
    assert check("mini", support={"Thorn": 1}) == [
        Violation("4.2", "only an Official deck may have a Support deck, not a mini deck")]


def test_4_2_support_size() -> None:
    assert check("official", support=dict(SUPPORT_10, Blaze=1)) == [
        Violation("4.2", "the Support deck has 8 cards; it must have exactly 10 (or be left out)")]


def test_4_2_support_wizards_of_the_declared_affiliation() -> None:
    support = dict(SUPPORT_10, Blaze=2, Ezio=1)
    assert check("official", support=support) == [
        Violation("4.2", "Support Wizard Ezio (Shade) is of team Black Phantom, not of the declared "
                         "Wizards of Mickey")]
    support = dict(SUPPORT_10, Blaze=2, Gran=1)  # Legendary Wizards are of no team (10.25)
    assert [v.message for v in check("official", support=support)] == [
        "Support Wizard Gran (Elder) is of team Legendary Wizard, not of the declared Wizards of Mickey"]


def test_4_2_support_wizard_same_name_and_title() -> None:
    support = dict(SUPPORT_10, Blaze=2, **{"Aldo (Brightstaff)": 1})
    assert check("official", support=support) == [
        Violation("4.2", "Support Wizard Aldo (Brightstaff) is already in the team; a Support Wizard may "
                         "share a team Wizard's name only with a different title")]


def test_4_2_support_magic_colours() -> None:
    # Thorn and Mire may be green thanks to Aldo (Stormcaller) in the Support deck; Mire is black too.
    found = check("official", support=dict(SUPPORT_10, Inferno=1, Mire=1))
    assert found == [Violation("4.2", "Mire is black/green, but no team or Support Wizard is black")]
    assert check("official", support={"Thorn": 3, "Blaze": 3, "Inferno": 3, "Mire": 1}) == [
        Violation("4.2", "Thorn is green, but no team or Support Wizard is green"),
        Violation("4.2", "Mire is black/green, but no team or Support Wizard is black or green")]


def test_4_2_support_combined_copy_limits() -> None:
    support = {"Aldo (Stormcaller)": 1, "Thorn": 3, "Firebolt": 1, "Cinder": 2, "Tower of Glass": 1,
               "Stone Ward": 1, "Dune Citadel": 1}
    assert check("official", support=support) == [
        Violation("4.2", "5 copies of Cinder between the Magic deck (3) and the Support deck (2); at most 3 in all"),
        Violation("4.2", "4 copies of Firebolt between the Magic deck (3) and the Support deck (1); at most 3 in all"),
        Violation("4.2", "2 copies of Tower of Glass between the Castle deck (1) and the Support deck (1); "
                         "at most 1 in all")]


# -- together -------------------------------------------------------------------------------------
def test_every_violation_is_listed_in_order() -> None:
    found = check("official", affiliation=None, team=["Aldo (Brightstaff)", "Aldo (Stormcaller)"],
                  magic={"Cinder": 4, "Gloom": 3, "Inferno": 3, "Deluge": 3, "Radiance": 3, "Blaze": 3,
                         "Tide": 3, "Sunbeam": 3},
                  castles=["Moss Fort", "Moss Fort"], support={"Ezio": 1})
    assert [f"{v.section}: {v.message}" for v in found] == [
        "4.2: the team has 2 Wizards; it must have exactly 3",
        "1.2: 2 team Wizards are named Aldo; names in a team must differ",
        '6.3.2: an Official deck must declare its team affiliation (affiliation = "...")',
        "4.2: the Magic deck has 25 cards; an official deck needs exactly 40",
        "1.3: 4 copies of Cinder in the Magic deck; at most 3",
        "4.2: Sunbeam is yellow, but no team Wizard is yellow",
        "4.2: Radiance is yellow, but no team Wizard is yellow",
        "4.2: Tide is blue, but no team Wizard is blue",
        "4.2: Deluge is blue, but no team Wizard is blue",
        "4.2: Gloom is black, but no team Wizard is black",
        "4.2: the Magic deck's Magic Power adds up to 102; an Official deck allows at most 80",
        "4.2: the Castle deck has 2 cards; an official deck needs exactly 8",
        "1.4: 2 copies of Moss Fort in the Castle deck; at most 1",
        "4.2: the Support deck has 1 card; it must have exactly 10 (or be left out)",
    ]


# -- formats --------------------------------------------------------------------------------------
def test_format_defaults_to_the_deck_and_can_be_overridden() -> None:
    deck = parse_deck(data("mini"), CAT)
    assert check_deck(deck, None, CARDS) == []
    assert [v.section for v in check_deck(deck, "grande", CARDS)] == ["4.2", "4.2"]
    assert check_deck(deck, "MINI", CARDS) == []


@pytest.mark.parametrize(("fmt", "format_key", "error"), [
    ("huge", "grande", "unknown deck format 'huge'"),
    (None, None, "names no format"),
])
def test_format_unknown_or_missing(fmt: str | None, format_key: str | None, error: str) -> None:
    deck = parse_deck(data(format=format_key), CAT)
    with pytest.raises(DeckError, match=error):
        check_deck(deck, fmt, CARDS)
    with pytest.raises(ValueError, match=error):
        deck_notes(deck, fmt, CARDS)


# -- malformed decks --------------------------------------------------------------------------------
@pytest.mark.parametrize(("changes", "error"), [
    ({"colour": "red"}, "unknown key(s) 'colour'"),
    ({"name": None}, "the deck needs a 'name'"),
    ({"name": 7}, "the deck's 'name' must be a non-empty string"),
    ({"format": "huge"}, "format 'huge' is not one of mini, grande, official"),
    ({"affiliation": ["x"]}, "'affiliation' must be a non-empty string"),
    ({"team": "Aldo"}, "'team' must be a list of card names"),
    ({"castles": [1, 2]}, "'castles' must be a list of card names"),
    ({"magic": ["Firebolt"]}, "'magic' must be a table of card name = copies"),
    ({"magic": {"Firebolt": 0, "Ember": "2", "Spark": True}},
     "copies must be whole numbers from 1 to 99, not Firebolt = 0, Ember = '2', Spark = True"),
    ({"support": {"Thorn": -1}}, "'support': copies must be whole numbers"),
    ({"team": ["Aldo (Brightstaff)", "Nobody", "Cato"], "magic": {"Fireblot": 3}, "castles": ["Atlantis"]},
     "unknown card names: 'Nobody', 'Atlantis', 'Fireblot'"),
    ({"team": ["Aldo", "Bruna", "Cato"]}, "'Aldo' names several Wizards"),
    ({"team": ["Firebolt", "Bruna", "Tower of Glass"]},
     "the team holds Wizards only: 'Firebolt' is a Magic, 'Tower of Glass' is a Castle"),
])
def test_malformed_decks(changes: dict[str, Any], error: str) -> None:
    with pytest.raises(DeckError) as info:
        parse_deck(data(**changes), CAT)
    assert error in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_deck_is_a_table() -> None:
    with pytest.raises(DeckError, match="a deck is a table"):
        parse_deck(["Aldo"], CAT)  # type: ignore[arg-type]


def test_names_ignore_case_and_spacing() -> None:
    deck = parse_deck(data(team=["aldo  (brightstaff)", "BRUNA", "cato"], magic={"firebolt": 2, "Firebolt": 1}), CAT)
    assert len(deck.team) == 3 and deck.magic.count(CAT.find("Firebolt").id) == 3


# -- files ----------------------------------------------------------------------------------------
DECK_TOML = """\
name = "Ember Court"
format = "official"
affiliation = "Black Phantom"
team = ["Aldo (Brightstaff)", "Bruna", "Cato"]
castles = [{castles}]

[magic]
{magic}
"""


def write_deck(path: Path, **changes: Any) -> Path:
    table = data("official", **changes)
    path.write_text(DECK_TOML.format(
        castles=", ".join(f'"{c}"' for c in table["castles"]),
        magic="\n".join(f'"{k}" = {v}' for k, v in table["magic"].items())), encoding="utf-8")
    return path


def test_read_deck_and_check_file(tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml")
    deck = read_deck(str(path), CAT)
    assert deck.name == "Ember Court" and deck.affiliation == PHANTOM and len(deck.magic) == 40
    violations, notes = check_deck_file(str(path), None, CARDS)
    assert violations == [] and notes == [Violation(
        "10.25", "-3 Final Magic Power: 3 team Wizards are not of the declared affiliation (4.2, 10.25)")]
    violations, notes = check_deck_file(str(path), "mini", CAT)
    assert [v.section for v in violations] == ["4.1", "4.1"] and notes == []


def test_read_deck_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="nope.toml: no such deck file"):
        read_deck(str(tmp_path / "nope.toml"), CAT)
    with pytest.raises(DeckError, match="is a directory"):
        read_deck(str(tmp_path), CAT)


def test_read_deck_invalid_toml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\nformat = mini\nteam = []\n', encoding="utf-8")
    with pytest.raises(DeckError) as info:
        read_deck(str(path), CAT)
    assert "bad.toml: not valid TOML" in str(info.value) and "line 2" in str(info.value)


def test_read_deck_bad_content_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('name = "x"\nteam = ["Nobody"]\n', encoding="utf-8")
    with pytest.raises(DeckError, match=r"odd.toml: unknown card name: 'Nobody'"):
        read_deck(str(path), CAT)


def test_check_deck_file_unknown_format(tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml")
    with pytest.raises(ValueError, match="ember.toml: unknown deck format 'huge'"):
        check_deck_file(str(path), "huge", CARDS)


# -- what a config may name (no files on the server) -----------------------------------------------
def test_a_config_deck_is_a_ready_name_or_contents_never_a_path(tmp_path) -> None:
    """new_state serves tables and records from anywhere: it reads no file a string names."""
    game = MickeyGame("mini")
    deck_file = tmp_path / "mine.toml"
    ready = resources.files("wizarena.games.mickey").joinpath("data/decks/mini-ember.toml")
    deck_file.write_text(ready.read_text(encoding="utf-8"), encoding="utf-8")
    for name in (str(deck_file), "../decks/mini-ember", "mini-ember/../mini-tide", "/etc/passwd", "x" * 5000):
        with pytest.raises(ValueError, match="no ready-made deck") as err:
            game.new_state(0, {"decks": [name, "mini-tide"]})
        assert len(str(err.value)) < 400 and "Aldo" not in str(err.value)
    # On the CLI the person's own deck file is read into the config, which then holds contents.
    config = game.read_local_config({"decks": [str(deck_file), "mini-tide"], "max_turns": 5})
    assert isinstance(config["decks"][0], dict) and config["decks"][1] == "mini-tide" and config["max_turns"] == 5
    state = game.new_state(0, config)
    assert game.config_of(state)["decks"][0] == config["decks"][0]


@pytest.mark.parametrize(("table", "error"), [
    ({"Ripple": 99999999999999999}, "copies must be whole numbers from 1 to 99"),
    ({f"Card {i}": 1 for i in range(501)}, "names 501 cards; at most 500"),
    ({"x" * 201: 1}, "a card name is at most 200 characters"),
])
def test_sizes_in_a_deck_are_bounded_before_any_work(table: dict, error: str) -> None:
    with pytest.raises(DeckError, match=error):
        parse_deck({"name": "big", "team": [], "magic": table}, CAT)
