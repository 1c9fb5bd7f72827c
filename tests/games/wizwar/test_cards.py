"""The Wiz-War 6e deck as data (data/cards.json): totals, kinds and ranges, the names the
issue and the rules reference give, the per-card rulings of the rules reference's section 12,
provenance on every card, and one-line errors for a file a user has edited badly."""

from __future__ import annotations

import copy
import fnmatch
import json
import os
import subprocess
import sys
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from wizarena.games.wizwar import cards as wc
from wizarena.games.wizwar.card_file import MAX_FILE_CHARS
from wizarena.games.wizwar.cards import CardDataError, parse_cards, read_cards

ROOT = Path(__file__).resolve().parents[3]
RAW: dict[str, Any] = json.loads(resources.files("wizarena.games.wizwar").joinpath("data/cards.json")
                                 .read_text(encoding="utf-8"))
BY_ID = {c["id"]: c for c in RAW["cards"]}

ISSUE_NAMES = (
    "Fireball", "Lightning Blast", "Waterbolt", "Create Wall", "Destroy Wall", "Solid Stone", "Thornbush",
    "Pick Lock", "Remove Lock", "Jam Lock", "Master Key", "Dagger", "Large Rock", "Wizardblade", "Full Shield",
    "Reflection", "Anti-Anti", "Absorb Spell", "Blunt", "Blind", "Slow Death", "Powerthrust", "Thought Steal",
    "Card Erasure", "Teleport", "Swap", "Drop Object", "Drag", "Speed", "Mist-Body", "Pass Through Wall",
    "Invisible", "Shrink", "Rotate Sector", "Relocate Sector", "Dispel Creation", "Ugly", "Fear", "Medusa",
    "Illusion Wall", "Around the Corner", "Reuse Spell", "Negate Neutral", "Trap!",
)
# The magic stones the facts file names (its table row "Soul Stone, Shadow Stone, ...").
STONES = ("Powerstone", "Speedstone", "Bloodstone", "Brainstone", "Soulstone", "Shadowstone", "Shieldstone",
          "Visionstone")
# The only per-card quantities a source gives: the rules reference's 6e list (section
# "RESOLVED"): the number cards, and one copy each of Dispel Creation, Trap! and Speedstone.
SOURCED_COPIES = {"number_2": 12, "number_3": 10, "number_4": 7, "number_5": 4, "number_6": 1,
                  "dispel_creation": 1, "trap": 1, "speedstone": 1}


def idx(card_id: str) -> int:
    return wc.INDEX[card_id]


def text(card_id: str) -> str:
    return wc.TEXT[idx(card_id)]


# -- totals -------------------------------------------------------------------------------------
def test_the_deck_is_125_cards_91_others_and_34_numbers() -> None:
    assert len(wc.DECK) == 125
    numbers = [i for i in wc.DECK if wc.KIND[i] == "number"]
    assert len(numbers) == 34 and len(wc.DECK) - len(numbers) == 91
    assert Counter(wc.NUMBER[i] for i in numbers) == {2: 12, 3: 10, 4: 7, 5: 4, 6: 1}


def test_deck_lists_each_card_index_its_number_of_copies_in_card_order() -> None:
    assert list(wc.DECK) == sorted(wc.DECK)
    assert Counter(wc.DECK) == {i: wc.COPIES[i] for i in range(len(wc.NAME))}
    assert all(c >= 1 for c in wc.COPIES)


def test_tables_are_indexed_by_card_index() -> None:
    n = len(RAW["cards"])
    tables = (wc.ID, wc.NAME, wc.KIND, wc.RANGE, wc.NUMBER, wc.COPIES, wc.USES_NUMBER, wc.VALUE, wc.DAMAGE,
              wc.PHYSICAL, wc.ESCAPE, wc.OBJECT, wc.COUNTERS, wc.TEXT)
    assert all(isinstance(t, tuple) and len(t) == n for t in tables)
    for i, raw in enumerate(RAW["cards"]):
        assert (wc.ID[i], wc.NAME[i], wc.KIND[i], wc.RANGE[i], wc.COPIES[i]) == (
            raw["id"], raw["name"], raw["kind"], raw["range"], raw["copies"])
        assert wc.INDEX[raw["id"]] == i
        assert wc.NUMBER[i] == (raw["number"] or 0) and wc.VALUE[i] == (-1 if raw["value"] is None else raw["value"])
        assert wc.DAMAGE[i] == (raw["damage"] or "")


def test_shipped_data_is_the_data_the_module_loaded() -> None:
    again = read_cards(json.dumps(RAW))
    assert again.names == wc.NAME and again.deck == wc.DECK


# -- kinds, ranges and names --------------------------------------------------------------------
def test_every_kind_and_range_tag_appears() -> None:
    assert set(wc.KIND) == set(wc.KINDS) == {"attack", "neutral", "counteraction", "number", "stone", "object",
                                             "trap", "attack-neutral"}
    assert set(wc.RANGE) == set(wc.RANGES) == {"los", "adjacent", "self", "same-square", "none"}
    assert set(wc.USES_NUMBER) == {"power", "duration", "distance", "count", "none"}
    assert {d for d in wc.DAMAGE if d} == {"physical", "magical"}


@pytest.mark.parametrize("name", ISSUE_NAMES + STONES)
def test_the_names_of_the_issue_and_the_stones_are_cards(name: str) -> None:
    assert name in wc.NAME


def test_ids_are_snake_case_and_unique_and_names_unique() -> None:
    assert len(set(wc.ID)) == len(wc.ID) and len({n.lower() for n in wc.NAME}) == len(wc.NAME)
    assert all(i.replace("_", "").isalnum() and i == i.lower() and not i[0].isdigit() for i in wc.ID)


def test_one_copy_each_of_dispel_creation_trap_and_speedstone() -> None:
    for card_id in ("dispel_creation", "trap", "speedstone"):
        assert wc.COPIES[idx(card_id)] == 1
    assert wc.KIND[idx("trap")] == "trap" and wc.RANGE[idx("trap")] == "none"


def test_number_cards_are_2_to_6_and_only_number_cards_have_a_number() -> None:
    for i in range(len(wc.NAME)):
        if wc.KIND[i] == "number":
            assert 2 <= wc.NUMBER[i] <= 6 and wc.RANGE[i] == "none" and wc.USES_NUMBER[i] == "none"
        else:
            assert wc.NUMBER[i] == 0


def test_objects_and_stones_stay_in_hand_and_stones_read_as_powers() -> None:
    for i in range(len(wc.NAME)):
        assert wc.OBJECT[i] == (wc.KIND[i] in ("object", "stone"))
    assert {wc.NAME[i] for i in range(len(wc.NAME)) if wc.KIND[i] == "object"} == {
        "Dagger", "Large Rock", "Wizardblade", "Master Key"}
    stones = [i for i in range(len(wc.NAME)) if wc.KIND[i] == "stone"]
    assert {wc.NAME[i] for i in stones} == set(STONES)
    for i in stones:  # rules reference 5: a stone's name contains "stone", its text starts "Power"
        assert "stone" in wc.NAME[i].lower() and wc.TEXT[i].startswith("Power:") and wc.RANGE[i] == "self"


# -- the rules the cards carry (rules reference 5, 7, 9 and the gotchas of 12) -----------------
def test_escapes_are_exactly_teleport_blink_invisible_shrink_and_dodge_any_attack() -> None:
    escapes = {wc.NAME[i] for i in range(len(wc.NAME)) if wc.ESCAPE[i]}
    assert escapes == {"Teleport", "Blink", "Invisible", "Shrink"}
    for name in escapes:
        i = wc.NAME.index(name)
        assert wc.KIND[i] == "counteraction" and wc.RANGE[i] == "self" and wc.COUNTERS[i] == "attacks"
        assert "misses" in wc.TEXT[i]


def test_teleport_dodges_and_lands_on_a_vacant_square() -> None:
    t = text("teleport")
    assert "vacant square" in t and "misses outright" in t and "Anti-Anti cannot stop it" in t


def test_anti_anti_answers_counteractions_but_not_escapes() -> None:
    i = idx("anti_anti")
    assert wc.COUNTERS[i] == "counteractions" and "nothing against an escape" in wc.TEXT[i]


def test_physical_actions_are_not_spells_and_spell_counters_only_answer_spells() -> None:
    physical = {wc.ID[i] for i in range(len(wc.NAME)) if wc.PHYSICAL[i]}
    assert physical == {"pick_lock", "remove_lock", "jam_lock", "master_key", "dagger", "large_rock"}
    for card_id in ("full_shield", "absorb_spell", "reflection"):
        assert wc.COUNTERS[idx(card_id)] == "spells"
    assert "physical" in text("full_shield")


def test_counteractions_say_what_they_counter_and_nothing_else_does() -> None:
    for i in range(len(wc.NAME)):
        assert (wc.KIND[i] == "counteraction") == (wc.COUNTERS[i] != "none")
    assert wc.COUNTERS[idx("negate_neutral")] == "neutrals"
    assert wc.COUNTERS[idx("blunt")] == "attacks" and "rounded up" in text("blunt")


def test_fear_is_self_cast_and_measured_by_walking() -> None:
    i = idx("fear")
    assert wc.KIND[i] == "neutral" and wc.RANGE[i] == "self"
    t = wc.TEXT[i]
    assert "nobody can counteract it" in t and "3 squares" in t and "walking distance" in t
    assert "Teleport" in t and "Go Away and Ugly cannot move you" in t


def test_ugly_is_self_cast_with_no_duration_and_spares_the_blind() -> None:
    i = idx("ugly")
    assert wc.KIND[i] == "neutral" and wc.RANGE[i] == "self" and wc.USES_NUMBER[i] != "duration"
    t = wc.TEXT[i]
    assert "lasts no time" in t and "not blinded" in t and "invisible" in t and "shrunk" in t and "out of his turn" in t
    assert "Ugly" in text("blind")


def test_medusa_locks_out_yet_swap_still_works() -> None:
    i = idx("medusa")
    assert wc.KIND[i] == "attack" and wc.RANGE[i] == "los" and wc.USES_NUMBER[i] == "duration"
    t = wc.TEXT[i]
    assert "no damage" in t and "Trap!" in t and "Slow Death" in t and "swapped" in t and "cannot be taken" in t
    assert "Medusa" in text("slow_death") and "stone" in text("trap")
    assert "stone can still be swapped" in text("swap")


def test_illusion_wall_belief_is_per_player_and_it_always_blocks_sight() -> None:
    i = idx("illusion_wall")
    assert wc.KIND[i] == "neutral" and wc.RANGE[i] == "los"
    t = wc.TEXT[i]
    assert "each other player" in t and "rolls the die" in t
    assert "always blocks line of sight" in t and "for him alone" in t


def test_reflection_works_without_sight_splits_counts_and_keeps_the_bend() -> None:
    t = text("reflection")
    assert "without line of sight" in t and "rounded up" in t and "count" in t and "Around the Corner" in t
    assert "bent line" in text("around_the_corner")
    assert "Reflection" in text("thought_steal") and wc.USES_NUMBER[idx("thought_steal")] == "count"


def test_power_drain_with_blunt_and_reflection() -> None:
    i = idx("power_drain")
    assert wc.KIND[i] == "attack" and wc.DAMAGE[i] == "magical" and wc.USES_NUMBER[i] == "power"
    assert "Blunt" in wc.TEXT[i] and "full amount" in wc.TEXT[i] and "Reflection" in wc.TEXT[i]


def test_teleport_swap_and_reuse_spell_order() -> None:
    assert "Teleport after it is allowed" in text("swap") and "Reuse Spell cannot repeat it" in text("swap")
    assert "Teleport may be reused; Swap may not" in text("reuse_spell")


def test_lightning_blast_stun_stops_with_its_damage_and_reflected_costs_the_current_turn() -> None:
    i = idx("lightning_blast")
    assert wc.USES_NUMBER[i] == "power" and wc.DAMAGE[i] == "magical"
    assert "loses his next turn" in wc.TEXT[i] and "stop all of the damage" in wc.TEXT[i]
    assert "rest of the current turn" in wc.TEXT[i] and "draw" in wc.TEXT[i]


def test_slow_death_is_countered_one_tick_at_a_time() -> None:
    assert "one tick" in text("slow_death")


def test_destroy_wall_is_not_an_attack_and_attack_neutral_cards() -> None:
    assert wc.KIND[idx("destroy_wall")] == "neutral" and "not an attack" in text("destroy_wall")
    assert {wc.ID[i] for i in range(len(wc.NAME)) if wc.KIND[i] == "attack-neutral"} == {"swap", "drag"}
    assert "a neutral" in text("drag") and "an attack" in text("drag")


def test_fixed_values_of_fireball_bloodstone_brainstone_and_the_walls() -> None:
    assert wc.VALUE[idx("fireball")] == 5 and wc.USES_NUMBER[idx("fireball")] == "none"
    assert "Bloodstone act first" in text("fireball")
    assert "hand limit is 9" in text("brainstone")
    assert wc.VALUE[idx("create_wall")] == 20
    assert wc.VALUE[idx("destroy_wall")] == 2 and wc.DAMAGE[idx("destroy_wall")] == "physical"


def test_damage_dealing_cards_name_their_damage_type() -> None:
    for card_id in ("fireball", "lightning_blast", "powerthrust", "sudden_death", "stone_dead", "wizardblade"):
        assert wc.DAMAGE[idx(card_id)] == "magical"
    for card_id in ("dagger", "large_rock", "waterbolt", "destroy_wall"):
        assert wc.DAMAGE[idx(card_id)] == "physical"


# -- provenance ---------------------------------------------------------------------------------
def test_every_card_has_provenance_with_known_tags() -> None:
    for i in range(len(wc.NAME)):
        p = wc.PROVENANCE[i]
        assert p["source"] and set(p["source"]) <= set(wc.SOURCES)
        assert p["confidence"] in ("H", "M", "L")
        assert set(p["designed"]) <= set(wc.FIELDS) and isinstance(p["note"], str)


def test_copies_are_marked_designed_unless_a_source_gives_them() -> None:
    for i in range(len(wc.NAME)):
        card_id = wc.ID[i]
        if card_id in SOURCED_COPIES:
            assert wc.COPIES[i] == SOURCED_COPIES[card_id]
            assert "copies" not in wc.PROVENANCE[i]["designed"], card_id
        else:
            assert "copies" in wc.PROVENANCE[i]["designed"], card_id


def test_cards_known_only_from_the_rules_reference_cite_it() -> None:
    for card_id in ("medusa", "fear", "reuse_spell", "jam_lock", "power_drain", "blink"):
        assert "RR" in wc.PROVENANCE[idx(card_id)]["source"]


# -- the catalogue ------------------------------------------------------------------------------
def test_catalogue_rows_are_json_ready_and_carry_provenance() -> None:
    rows = wc.catalogue()
    assert [r["name"] for r in rows] == list(wc.NAME)
    assert json.loads(json.dumps(rows)) == rows
    fireball = rows[idx("fireball")]
    assert fireball["id"] == "fireball" and fireball["copies"] == 3 and fireball["kind"] == "attack"
    assert fireball["source"] == "MS, AF, 8e" and fireball["confidence"] == "M" and fireball["designed"] == "copies"
    assert rows[idx("number_2")]["number"] == 2
    rows[0]["name"] = "changed"
    assert wc.catalogue()[0]["name"] == wc.NAME[0]


# -- shipping -----------------------------------------------------------------------------------
def test_the_data_file_ships_as_package_data() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        globs = tomllib.load(f)["tool"]["setuptools"]["package-data"]["wizarena"]
    assert any(fnmatch.fnmatch("games/wizwar/data/cards.json", g) for g in globs)


def test_a_fresh_interpreter_finds_the_data(tmp_path: Path) -> None:
    src = Path(wc.__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", "from wizarena.games.wizwar import cards; print(len(cards.DECK))"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "125"


# -- a corrupt or badly edited file -------------------------------------------------------------
def _edited(change: Any) -> Any:
    data = copy.deepcopy(RAW)
    change(data)
    return data


def _card(card_id: str, **fields: Any) -> Any:
    def change(data: Any) -> None:
        card = next(c for c in data["cards"] if c["id"] == card_id)
        for k, v in fields.items():
            if v is _DROP:
                del card[k]
            else:
                card[k] = v
    return change


def _prov(card_id: str, **fields: Any) -> Any:
    def change(data: Any) -> None:
        next(c for c in data["cards"] if c["id"] == card_id)["provenance"].update(fields)
    return change


_DROP = object()


def _more_copies(data: Any) -> None:
    BY = {c["id"]: c for c in data["cards"]}
    BY["fireball"]["copies"] += 1


def _shifted_numbers(data: Any) -> None:
    BY = {c["id"]: c for c in data["cards"]}
    BY["number_2"]["copies"] -= 1
    BY["number_3"]["copies"] += 1


def _duplicate(data: Any) -> None:
    data["cards"].append(copy.deepcopy(data["cards"][0]))


BAD: list[tuple[str, Any, str]] = [
    ("not an object", lambda d: d.clear(), "'cards' list"),
    ("wrong game", lambda d: d.update(game="cup"), "'game' must be \"wizwar\""),
    ("no cards", lambda d: d.update(cards=[]), "'cards' list"),
    ("too many cards", lambda d: d["cards"].extend([{}] * 300), "at most 200"),
    ("card not an object", lambda d: d["cards"].__setitem__(3, "fireball"), "card #3: not an object"),
    ("missing field", _card("fireball", range=_DROP), "card #0 (fireball): card is missing field 'range'"),
    ("unknown field", _card("fireball", rnage="los"), "unknown field 'rnage'"),
    ("bad id", _card("fireball", id="Fire Ball"), "'id' must be snake case"),
    ("duplicate", _duplicate, "'fireball' appears twice"),
    ("unknown kind", _card("fireball", kind="attak"), "'kind' must be one of"),
    ("unknown range", _card("fireball", range="far"), "'range' must be one of"),
    ("zero copies", _card("fireball", copies=0), "'copies' must be a whole number from 1 to 40"),
    ("copies as text", _card("fireball", copies="3"), "'copies' must be a whole number"),
    ("copies as bool", _card("medusa", copies=True), "'copies' must be a whole number"),
    ("number on a spell", _card("fireball", number=3), "only number cards have a 'number'"),
    ("a 1 card", _card("number_2", number=1), "'number' must be 2 to 6"),
    ("two 3 cards", _card("number_2", number=3), "two number cards are worth 3"),
    ("unknown number use", _card("fireball", uses_number="speed"), "'uses_number' must be one of"),
    ("negative value", _card("fireball", value=-5), "'value' must be null or a whole number from 0 to 99"),
    ("unknown damage", _card("fireball", damage="fire"), "'damage' must be"),
    ("flag not a bool", _card("fireball", physical="no"), "'physical' must be true or false"),
    ("escape on an attack", _card("fireball", escape=True), "only a counteraction can be an escape"),
    ("counteraction counters nothing", _card("blunt", counters="none"), "a counteraction must say what it counters"),
    ("unknown counters", _card("blunt", counters="everything"), "'counters' must be one of"),
    ("object flag", _card("dagger", object=False), "'object' must be true exactly for objects and stones"),
    ("empty text", _card("fireball", text=" "), "'text' must be 1 to 800 characters"),
    ("long name", _card("fireball", name="F" * 60), "'name' must be 1 to 40 characters"),
    ("no provenance", _card("fireball", provenance=_DROP), "missing field 'provenance'"),
    ("unknown source", _prov("fireball", source=["BGG"]), "'source' has unknown tag 'BGG'"),
    ("no source", _prov("fireball", source=[]), "'source' must be a list of 1 to 11 source tags"),
    ("bad confidence", _prov("fireball", confidence="X"), "'confidence' must be H, M or L"),
    ("bad designed", _prov("fireball", designed=["colour"]), "'designed' names unknown field 'colour'"),
    ("long note", _prov("fireball", note="x" * 900), "'note' must be at most 600 characters"),
    ("deck size", _more_copies, "the deck has 126 cards; the 6e deck has 125"),
    ("number spread", _shifted_numbers, "number cards must be 2x12, 3x10, 4x7, 5x4, 6x1"),
]


@pytest.mark.parametrize(("what", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_edit_gets_one_line_naming_the_problem(what: str, change: Any, message: str) -> None:
    data = _edited(change)
    with pytest.raises(CardDataError) as err:
        parse_cards(data)
    text = str(err.value)
    assert message in text and "\n" not in text, text


def test_bad_json_and_oversized_files_get_one_line() -> None:
    with pytest.raises(CardDataError, match=r"not valid JSON: line 1 column \d+") as err:
        read_cards('{"cards": [')
    assert "\n" not in str(err.value)
    with pytest.raises(CardDataError, match="larger than"):
        read_cards(" " * (MAX_FILE_CHARS + 1))
    with pytest.raises(CardDataError, match="must be JSON text"):
        read_cards(b"{}")


def test_a_corrected_card_is_taken_as_data() -> None:
    """A user who owns the printed deck corrects Fireball's damage and a count: the tables follow."""
    def change(data: Any) -> None:
        BY = {c["id"]: c for c in data["cards"]}
        BY["fireball"]["value"] = 6
        BY["fireball"]["copies"] -= 1
        BY["blunt"]["copies"] += 1
    cards = parse_cards(_edited(change))
    i = cards.ids.index("fireball")
    assert cards.values[i] == 6 and cards.copies[i] == 2 and len(cards.deck) == 125


# -- the docs chapter ---------------------------------------------------------------------------
def test_the_docs_table_lists_every_card_as_the_data_has_it() -> None:
    doc = (ROOT / "docs" / "games" / "wizwar.md").read_text(encoding="utf-8")
    chapter = doc[doc.index("## Cards"):]
    rows = {}
    for line in chapter.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] in wc.NAME:
            rows[cells[0]] = cells
    assert set(rows) == set(wc.NAME)
    for i, name in enumerate(wc.NAME):
        _, kind, rng, copies, txt, prov = rows[name]
        assert (kind, rng, int(copies), txt) == (wc.KIND[i], wc.RANGE[i], wc.COPIES[i], wc.TEXT[i])
        assert prov.startswith(", ".join(wc.PROVENANCE[i]["source"]) + "; " + wc.PROVENANCE[i]["confidence"])
