"""The Wiz-War 8e cards as data (data/cards-8e.json): the edition's totals, the inventory's
names, copies and energy circles, a game's 84-card deck, provenance on every card, texts in
our own words, and one-line errors for a file a user has edited badly.

The inventory (shared/cards/wizwar-8e-cards.json) is not in the repository, so its facts
are copied below as literals: CI runs on a fresh clone and must not read outside it."""

from __future__ import annotations

import copy
import difflib
import fnmatch
import json
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from wizarena.games.wizwar.card_file import MAX_FILE_CHARS
from wizarena.games.wizwar.eighth import card_checks as cc
from wizarena.games.wizwar.eighth import cards as c8
from wizarena.games.wizwar.eighth.cards import CardDataError, load, parse

ROOT = Path(__file__).resolve().parents[4]
TEXT = resources.files("wizarena.games.wizwar").joinpath("data/cards-8e.json").read_text(encoding="utf-8")
RAW: dict[str, Any] = json.loads(TEXT)

# The inventory's copies per school (its "cantrip_white" is our "cantrip"), in its order.
INVENTORY: dict[str, dict[str, int]] = {
    "cantrip": {
        "Full Shield": 1, "Negate Neutral": 1, "Drop Object": 1, "Zot!": 1, "Around the Corner": 1,
        "Create Wall": 1, "Destroy Wall": 1, "Dispel": 1, "Pick Lock": 1, "Rotate Sector": 1, "Large Rock": 1,
        "Energy 6": 1,
    },
    "alchemy": {
        "Fool's Gold": 1, "Acid Bath": 2, "Stone Dead": 1, "Add": 1, "Homunculus": 1, "Bloodshard": 1,
        "Boomstone": 3, "Brainstone": 1, "Lifestone": 1, "Mightstone": 1, "Null Powder": 1, "Powerstone": 2,
        "Speedstone": 2, "Spellstone": 1, "Universal Solvent": 2, "Visionstone": 1, "Energy 4": 1, "Energy 5": 1,
    },
    "conjuring": {
        "Negate Neutral": 1, "Shield": 2, "Wall of Earth": 1, "Ward": 1, "Fire Darts": 1, "Ka-Bong!": 2, "Swap": 1,
        "Around the Corner": 1, "Booby Trap": 1, "Create Door": 1, "Create Wall": 1, "Dispel": 1, "Dust Cloud": 1,
        "Glue": 1, "Rosebush": 2, "Thornbush": 2, "Handful of Tacks": 1, "Energy 4": 2, "Energy 5": 1,
    },
    "elemental": {
        "Wall of Earth": 2, "Fireball": 3, "Lightning Bolt": 2, "Waterbolt": 2, "Flood": 1, "Wall of Fire": 1,
        "Create Wall": 2, "Destroy Wall": 1, "Fog": 1, "Mist Body": 1, "Stone Block": 1, "Stone Spikes": 1,
        "Windrider": 2, "Fire Cloak": 1, "Energy 4": 2, "Energy 5": 1,
    },
    "mentalism": {
        "Absorb Spell": 1, "Shield": 1, "Brain Burn": 2, "Mental Force": 2, "Powerthrust": 2, "Psychic Storm": 1,
        "Share Life": 1, "Thought Steal": 2, "Pain Link": 2, "Teleport": 1, "Add": 2, "Astral Projection": 2,
        "Meditate": 2, "Pick Lock": 1, "Shatter": 1, "Energy 4": 1,
    },
    "mutation": {
        "Featherweight": 2, "Disease": 1, "Heave-Ho": 1, "Gnome Form": 1, "Stretch": 2, "Adrenaline": 2,
        "Big Man Form": 1, "Dispel": 1, "Extra Arms": 2, "Golem Form": 1, "Mad Dash": 1, "Mist Body": 1,
        "Slime Form": 1, "Strength": 1, "Wallivore": 2, "Werewolf Form": 1, "Energy 4": 2, "Energy 5": 1,
    },
    "thaumaturgy": {
        "Anti-Anti": 1, "Backlash": 1, "Full Shield": 1, "Negate Neutral": 1, "Drop Object": 1, "Fire Darts": 1,
        "Globe of Pain": 2, "Powerthrust": 1, "Slow Death": 1, "Yoink!": 1, "Invisible": 1, "Around the Corner": 1,
        "Dispel": 1, "Gravity": 1, "Pass Through Wall": 1, "Pick Lock": 1, "Rotate Sector": 1, "Seal Door": 1,
        "Master Key": 1, "Dagger": 1, "Wizardblade": 1, "Energy 5": 2,
    },
}
# The inventory's energy circles (every card without one here has null there). Universal
# Solvent's "4 on one copy" is not in this table: we gave both copies 4 and marked it designed.
ENERGY_CIRCLES: dict[str, int] = {
    "Drop Object": 2, "Pick Lock": 3, "Large Rock": 3, "Energy 6": 6, "Stone Dead": 3, "Mightstone": 2,
    "Energy 4": 4, "Energy 5": 5, "Shield": 2, "Create Door": 2, "Glue": 3, "Handful of Tacks": 3, "Waterbolt": 3,
    "Wall of Fire": 2, "Stone Spikes": 2, "Fire Cloak": 2, "Powerthrust": 2, "Thought Steal": 2, "Meditate": 3,
    "Shatter": 3, "Gnome Form": 2, "Stretch": 2, "Extra Arms": 3, "Anti-Anti": 3, "Globe of Pain": 3, "Seal Door": 2,
}
# A handful of the inventory's summaries, which our texts must not repeat.
SUMMARIES: dict[str, str] = {
    "Fireball": "5 magical fire damage to one object, wizard or creature.",
    "Full Shield": "Cancel one spell that targets you, as it is being cast.",
    "Backlash": "Cancel an attack spell aimed at you; its caster takes magical damage equal to that spell's energy.",
    "Meditate": "Draw 3 cards then discard to hand limit; the turn continues.",
    "Speedstone": "+1 base move.",
    "Mad Dash": "Double your remaining movement points this turn, but drop any treasure and you cannot pick one "
                "up this turn.",
    "Ka-Bong!": "Conjured mallet: 4 physical damage; a damaged wizard/creature is stunned 1 turn.",
    "Fool's Gold": "When an enemy wizard picks up a treasure in your home sector, it takes 3 magical damage.",
}
# The card order, pinned: card indices are what the engine deals and records keep.
IDS = (
    "full_shield", "negate_neutral", "drop_object", "zot", "around_the_corner", "create_wall", "destroy_wall",
    "dispel", "pick_lock", "rotate_sector", "large_rock", "energy_6", "fools_gold", "acid_bath", "stone_dead", "add",
    "energy_4", "energy_5", "homunculus", "bloodshard", "boomstone", "brainstone", "lifestone", "mightstone",
    "null_powder", "powerstone", "speedstone", "spellstone", "universal_solvent", "visionstone", "shield",
    "wall_of_earth", "ward", "fire_darts", "ka_bong", "swap", "booby_trap", "create_door", "dust_cloud", "glue",
    "rosebush", "thornbush", "handful_of_tacks", "fireball", "lightning_bolt", "waterbolt", "flood", "wall_of_fire",
    "fog", "mist_body", "stone_block", "stone_spikes", "windrider", "fire_cloak", "absorb_spell", "brain_burn",
    "mental_force", "powerthrust", "psychic_storm", "share_life", "thought_steal", "pain_link", "teleport",
    "astral_projection", "meditate", "shatter", "featherweight", "disease", "heave_ho", "gnome_form", "stretch",
    "adrenaline", "big_man_form", "extra_arms", "golem_form", "mad_dash", "slime_form", "strength", "wallivore",
    "werewolf_form", "anti_anti", "backlash", "globe_of_pain", "slow_death", "yoink", "invisible", "gravity",
    "pass_through_wall", "seal_door", "master_key", "dagger", "wizardblade",
)


def idx(card_id: str) -> int:
    return c8.INDEX[card_id]


def by_name(name: str) -> int:
    return c8.NAME.index(name)


# -- the shipped file and the edition's totals --------------------------------------------------
def test_the_shipped_file_loads_and_keeps_its_card_order() -> None:
    """The package must load its own data, and card indices must not move under the engine."""
    assert c8.ID == IDS and len(c8.ID) == cc.DISTINCT_CARDS == 92
    assert load(TEXT).ids == IDS


def test_each_school_is_24_cards_the_cantrip_12_and_the_box_168() -> None:
    """The edition's totals: a miscounted card would change every deck dealt from the box."""
    totals = {s: sum(c[k] for c in c8.COPIES) for k, s in enumerate(c8.SCHOOLS)}
    assert totals == {"cantrip": 12, "alchemy": 24, "conjuring": 24, "elemental": 24, "mentalism": 24,
                      "mutation": 24, "thaumaturgy": 24}
    assert len(c8.BOX) == 168
    weights = [2 if s == "cantrip" else 1 for s in c8.SCHOOLS]  # White and Black Cantrip
    assert Counter(c8.BOX) == {i: sum(w * n for w, n in zip(weights, c, strict=True)) for i, c in enumerate(c8.COPIES)}
    assert Counter(c8.BOX[:24]) == {i: 2 * c[0] for i, c in enumerate(c8.COPIES) if c[0]}


def test_every_inventory_card_has_its_copies_and_energy_circle() -> None:
    """Our file is the inventory's deck, card for card: same names, copies per school, circles."""
    want: dict[str, dict[str, int]] = {}
    for school, cards in INVENTORY.items():
        for name, n in cards.items():
            want.setdefault(name, {})[school] = n
    assert sorted(want) == sorted(c8.NAME)
    for name, schools in want.items():
        i = by_name(name)
        assert {s: n for s, n in zip(c8.SCHOOLS, c8.COPIES[i], strict=True) if n} == schools, name
        if name in ENERGY_CIRCLES:
            assert c8.ENERGY_VALUE[i] == ENERGY_CIRCLES[name], name
        elif name != "Universal Solvent":
            assert c8.ENERGY_VALUE[i] == 0, name
    solvent = idx("universal_solvent")
    assert c8.ENERGY_VALUE[solvent] == 4 and "energy_value" in c8.PROVENANCE[solvent]["designed"]


def test_pure_energy_cards_are_15_worth_4_5_or_6() -> None:
    """FAQ8: energy cards are worth 4, 5 or 6; the brief counts 15 in a White-Cantrip box."""
    energy = [i for i in range(len(c8.ID)) if c8.TYPE[i] == "energy"]
    assert sorted(c8.ENERGY_VALUE[i] for i in energy) == [4, 5, 6]
    assert sum(sum(c8.COPIES[i]) for i in energy) == 15
    assert all(c8.RANGE[i] == "none" and c8.DAMAGE_KIND[i] == "" for i in energy)


def test_a_few_cards_say_what_the_inventory_says() -> None:
    """Facts read by hand from the inventory, so a slip in a field (not only a count) is caught."""
    fb = idx("fireball")
    assert (c8.TYPE[fb], c8.RANGE[fb], c8.DAMAGE_KIND[fb], c8.DAMAGE_AMOUNT[fb], c8.DAMAGE_ELEMENT[fb]) == (
        "attack", "los", "fixed", 5, "fire")
    pt = idx("powerthrust")
    assert (c8.DAMAGE_KIND[pt], c8.DAMAGE_AMOUNT[pt], c8.ENERGY_VALUE[pt]) == ("energy", 2, 2)
    assert "cannot_be_evaded" in c8.KEYWORDS_OF[idx("psychic_storm")]
    assert "mundane" in c8.KEYWORDS_OF[idx("pick_lock")] and "mundane" in c8.KEYWORDS_OF[idx("heave_ho")]
    assert c8.COUNTER[idx("shield")] == "reduce" and c8.COUNTER[idx("full_shield")] == "cancel"
    assert c8.COUNTER[idx("teleport")] == "evade" and c8.TYPE[idx("teleport")] == "neutral"
    assert {c8.NAME[i] for i in range(len(c8.ID)) if c8.TYPE[i] == "global"} == {"Flood", "Fog", "Gravity"}
    stones = {c8.NAME[i] for i in range(len(c8.ID)) if "magic_stone" in c8.KEYWORDS_OF[i]}
    assert stones == {"Boomstone", "Brainstone", "Lifestone", "Mightstone", "Powerstone", "Speedstone",
                      "Spellstone", "Visionstone"}


def test_tables_are_indexed_by_card_index() -> None:
    """The engine reads the tables by card index; each must line up with the file's entries."""
    tables = (c8.ID, c8.NAME, c8.SCHOOLS_OF, c8.COPIES, c8.TYPE, c8.DURATION, c8.ENERGY_VALUE, c8.DAMAGE_KIND,
              c8.DAMAGE_AMOUNT, c8.DAMAGE_ELEMENT, c8.RANGE, c8.KEYWORDS_OF, c8.COUNTER, c8.TEXT, c8.PROVENANCE)
    assert all(isinstance(t, tuple) and len(t) == len(RAW["cards"]) for t in tables)
    for i, raw in enumerate(RAW["cards"]):
        assert (c8.ID[i], c8.NAME[i], c8.TYPE[i], c8.RANGE[i], c8.TEXT[i]) == (
            raw["id"], raw["name"], raw["type"], raw["range"], raw["text"])
        assert c8.SCHOOLS_OF[i] == tuple(s for s in c8.SCHOOLS if s in raw["schools"])
        assert c8.INDEX[raw["id"]] == i and c8.KEYWORDS_OF[i] == tuple(raw["keywords"])


# -- a game's deck ------------------------------------------------------------------------------
def test_a_deck_is_white_cantrip_and_three_schools_84_cards() -> None:
    """8e rule 2: 12 + 3 x 24 cards, each card as many times as it has copies in those schools."""
    chosen = ("mutation", "alchemy", "elemental")
    deck = c8.deck(chosen)
    assert len(deck) == c8.DECK_SIZE == 84
    keep = [c8.SCHOOLS.index(s) for s in ("cantrip", *chosen)]
    assert Counter(deck) == {i: n for i, c in enumerate(c8.COPIES) if (n := sum(c[k] for k in keep))}
    assert c8.deck(("alchemy", "elemental", "mutation")) == deck  # the order given does not matter


@pytest.mark.parametrize("schools", [("alchemy", "mentalism"), ("cantrip", "alchemy", "mentalism"),
                                     ("alchemy", "alchemy", "mentalism"), ("alchemy", "mentalism", "necromancy")])
def test_a_deck_of_the_wrong_schools_is_refused(schools: tuple[str, ...]) -> None:
    """A deck is exactly three different non-Cantrip schools; anything else is a caller's error."""
    with pytest.raises(ValueError, match="3 different schools"):
        c8.deck(schools)


# -- provenance and texts -----------------------------------------------------------------------
def test_every_card_cites_the_inventory_and_marks_what_we_designed() -> None:
    """A reader must tell the published facts from our rulings (design brief O8-7, O8-8, O8-9)."""
    assert all("INV" in p["source"] for p in c8.PROVENANCE)
    for card_id in ("dagger", "homunculus"):
        assert "text" in c8.PROVENANCE[idx(card_id)]["designed"], card_id
    for card_id in ("drop_object", "swap", "thought_steal", "yoink", "fools_gold", "ward", "bloodshard"):
        assert "type" in c8.PROVENANCE[idx(card_id)]["designed"], card_id
    assert all(p["designed"] == () or p["note"] for p in c8.PROVENANCE)


def test_no_text_repeats_the_inventory_summary() -> None:
    """Texts are ours: neither the inventory's summaries nor published wording, close or exact."""
    for name, summary in SUMMARIES.items():
        text = c8.TEXT[by_name(name)]
        assert text != summary and summary not in text, name
        assert difflib.SequenceMatcher(None, summary.lower(), text.lower()).ratio() < 0.8, name
    assert len(set(c8.TEXT)) == len(c8.TEXT)
    assert not any(t.startswith("As in") for t in c8.TEXT)


# -- broken files -------------------------------------------------------------------------------
def _edited(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    change({c["id"]: c for c in data["cards"]}, data)
    return data


def _split_energy(by: dict[str, Any], data: dict[str, Any]) -> None:
    """Move Energy 4's alchemy copy to a new card: the totals hold but there are 93 names."""
    extra = copy.deepcopy(by["energy_4"])
    extra.update(id="energy_4_extra", name="Energy 4 Extra", schools={"alchemy": 1})
    del by["energy_4"]["schools"]["alchemy"]
    data["cards"].append(extra)


BAD: list[tuple[str, Any, tuple[str, ...]]] = [
    ("missing field", lambda by, d: by["fireball"].pop("range"), ("fireball", "'range'")),
    ("wrong type", lambda by, d: by["fireball"].update(energy_value="5"), ("fireball", "'energy_value'")),
    ("unknown type", lambda by, d: by["zot"].update(type="spell"), ("zot", "'type'")),
    ("school off by one", lambda by, d: by["boomstone"]["schools"].update(alchemy=4),
     ("'schools'", "alchemy 25 cards", "visionstone")),
    ("oversized text", lambda by, d: by["dagger"].update(text="x" * (cc.MAX_TEXT + 1)), ("dagger", "'text'")),
    ("unknown keyword", lambda by, d: by["glue"]["keywords"].append("sticky"), ("glue", "'keywords'", "sticky")),
    ("bad id", lambda by, d: by["zot"].update(id="Zot!"), ("card #3", "'id'")),
    ("twice the same id", lambda by, d: by["zot"].update(id="fireball"), ("fireball", "'id'", "twice")),
    ("unknown school", lambda by, d: by["zot"].update(schools={"necromancy": 1}), ("zot", "'schools'")),
    ("too many copies", lambda by, d: by["zot"].update(schools={"cantrip": 13}), ("zot", "'schools'")),
    ("energy card off 4-6", lambda by, d: by["energy_6"].update(energy_value=7), ("energy_6", "'energy_value'")),
    ("counter without kind", lambda by, d: by["shield"].update(counter=None), ("shield", "'counter'")),
    ("curse on a neutral", lambda by, d: by["glue"]["keywords"].append("curse"), ("glue", "'keywords'", "curse")),
    ("maintained instant", lambda by, d: by["fireball"]["keywords"].append("maintained"), ("fireball", "maintained")),
    ("fixed damage without amount", lambda by, d: by["fireball"]["damage"].update(amount=None),
     ("fireball", "'damage'")),
    ("unknown element", lambda by, d: by["fireball"]["damage"].update(element="acid"),
     ("fireball", "'damage.element'", "acid")),
    ("unknown source tag", lambda by, d: by["zot"]["provenance"].update(source=["WIKI"]), ("zot", "'source'")),
    ("designed unknown field", lambda by, d: by["zot"]["provenance"].update(designed=["colour"]),
     ("zot", "'designed'")),
    ("93 distinct names", _split_energy, ("93 distinct cards", "92")),
    ("wrong edition", lambda by, d: d.update(edition="6e"), ("'edition'",)),
]


@pytest.mark.parametrize(("what", "change", "wanted"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_edit_gets_one_line_naming_card_and_field(what: str, change: Any, wanted: tuple[str, ...]) -> None:
    """A user who corrects the file must be told in one line which card and field are wrong."""
    with pytest.raises(CardDataError) as err:
        parse(_edited(change))
    text = str(err.value)
    assert all(w in text for w in wanted) and "\n" not in text, text


def test_bad_json_oversized_files_and_too_many_cards_get_one_line() -> None:
    """Bounds come before work: a huge or malformed file is refused before it is parsed or walked."""
    with pytest.raises(CardDataError, match=r"not valid JSON: line 1 column \d+"):
        load('{"cards": [')
    with pytest.raises(CardDataError, match="larger than"):
        load(" " * (MAX_FILE_CHARS + 1))
    with pytest.raises(CardDataError, match="must be JSON text"):
        load(b"{}")
    many = {**RAW, "cards": RAW["cards"] * 3}
    with pytest.raises(CardDataError, match="at most 200 distinct cards"):
        parse(many)


def test_a_corrected_card_is_taken_as_data() -> None:
    """A user who owns the printed cards moves a copy between cards: the tables follow the file."""
    def change(by: dict[str, Any], data: dict[str, Any]) -> None:
        by["fireball"]["schools"]["elemental"] = 2
        by["windrider"]["schools"]["elemental"] = 3
    cards = parse(_edited(change))
    k = c8.SCHOOLS.index("elemental")
    assert cards.copies[cards.ids.index("fireball")][k] == 2 and len(cards.box) == 168
    assert len(cards.deck(("elemental", "alchemy", "conjuring"))) == 84


# -- shipping -----------------------------------------------------------------------------------
def test_the_data_file_ships_as_package_data() -> None:
    """An installed wheel must carry the file, or importing the cards fails outside the repo."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        globs = tomllib.load(f)["tool"]["setuptools"]["package-data"]["wizarena"]
    assert any(fnmatch.fnmatch("games/wizwar/data/cards-8e.json", g) for g in globs)
