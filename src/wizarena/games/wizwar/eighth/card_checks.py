"""The checks on the 8e card file (`data/cards-8e.json`), apart from the tables built from it.

A user who owns the printed cards may correct the file, so every field is checked here with a
one-line error naming the card and the field, everything is bounded before any work is done on
it, and the whole must still add up to the 8th edition's box: seven schools of 24 cards, the
Cantrip counted once per colour (White and Black are the same 12 cards, and a game's deck
uses one of them), 168 physical cards, 92 distinct names (the inventory, design brief "Cards").

The rules between fields say what a field means, so the engine can rely on them:
- type `energy` is a pure energy card: worth 4, 5 or 6, instant, no range, nothing else;
  any other card may carry an energy circle from 1 to 6 (its value as a booster) or none;
- `counter` is required on a counter and allowed on another type: it then says the card may
  also be cast in answer to an attack, and how it helps (Teleport evades, Flood cancels);
- keywords `creation`, `transformation`, `global` and `item` follow the type (a neutral may
  still be a creation, as Create Wall is), stones, trinkets and weapons are items, a curse
  is an attack, and `maintained` marks exactly the lasting spells that are not items;
- damage `fixed` has an amount; `energy` is the spell's energy plus `amount` (null for none);
  `variable` is counted as the text says (cards held, squares flown, a die). Fire, water and
  lightning are magical damage of that element (fire breaks carried magic stones, water ends
  fire spells).
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..card_file import MAX_ID, CardDataError, check_fields, check_id, check_provenance, is_int, one_of

SCHOOLS: Final = ("cantrip", "alchemy", "conjuring", "elemental", "mentalism", "mutation", "thaumaturgy")
CANTRIP: Final = "cantrip"
TYPES: Final = ("attack", "neutral", "counter", "item", "energy", "creation", "transformation", "reactive", "global")
DURATIONS: Final = ("instant", "temporary", "permanent")
RANGES: Final = ("los", "adjacent", "self", "same-square", "any", "none")
KEYWORDS: Final = ("creation", "transformation", "curse", "mundane", "magic_stone", "trinket", "weapon", "global",
                   "cannot_be_evaded", "maintained", "item")
COUNTERS: Final = ("cancel", "reduce", "evade")
DAMAGE_KINDS: Final = ("fixed", "energy", "variable")
ELEMENTS: Final = ("physical", "magical", "fire", "water", "lightning")
# The design brief's source tags: INV the card inventory, 8C the rulebook's movement and attacks
# chapter, OPT optional rules and glossary, MW damaging objects, FAQ8 the FAQ 1.1, TH thackeray.
SOURCES: Final = ("INV", "8C", "OPT", "MW", "FAQ8", "TH")
FIELDS: Final = ("id", "name", "schools", "type", "duration", "energy_value", "damage", "range", "keywords",
                 "counter", "text", "provenance")
DAMAGE_FIELDS: Final = ("kind", "amount", "element")
TOP_FIELDS: Final = ("game", "edition", "about", "cards")
# Keywords a type brings with it, both ways: a card has the keyword exactly when it has the type.
TYPE_KEYWORDS: Final = (("transformation", "transformation"), ("global", "global"), ("item", "item"))
ITEM_KEYWORDS: Final = ("magic_stone", "trinket", "weapon")

# The 8e box (inventory and design brief): copies per school, the box, and the distinct names.
SCHOOL_SIZE: Final = 24
CANTRIP_SIZE: Final = 12          # one colour; Black Cantrip repeats White
CANTRIP_COLOURS: Final = 2
BOX_SIZE: Final = 168             # 7 x 24, both Cantrip colours counted
DISTINCT_CARDS: Final = 92
ENERGY_CARD_VALUES: Final = (4, 5, 6)

# Bounds on what a file may hold, so an edited file cannot make loading do unbounded work.
MAX_CARDS: Final = 200
MAX_COPIES: Final = SCHOOL_SIZE
MAX_ENERGY: Final = 6
MAX_DAMAGE: Final = 20
MAX_NAME: Final = 40
MAX_TEXT: Final = 400
MAX_NOTE: Final = 400
MAX_ABOUT: Final = 1000


def _shown(v: object) -> str:
    """A value as it stood in the file, cut short so the message stays one short line."""
    try:
        return json.dumps(v)[:40]
    except (TypeError, ValueError):
        return type(v).__name__


def _check_text(where: str, v: object, key: str, limit: int) -> str:
    if not isinstance(v, str) or not v.strip() or len(v) > limit or "\n" in v:
        raise CardDataError(f"{where}: {key!r} must be 1 to {limit} characters of text on one line")
    return v


def _check_choice(where: str, v: object, key: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise CardDataError(f"{where}: {key!r} must be one of {one_of(allowed)}, not {_shown(v)}")
    return v


def _check_schools(where: str, v: object) -> dict[str, int]:
    if not isinstance(v, dict) or not v or len(v) > len(SCHOOLS):
        raise CardDataError(f"{where}: 'schools' must be an object of school: copies, with 1 to {len(SCHOOLS)} "
                            "schools")
    for school, copies in v.items():
        if school not in SCHOOLS:
            raise CardDataError(f"{where}: 'schools' names unknown school {str(school)[:40]!r} "
                                f"(schools: {one_of(SCHOOLS)})")
        limit = CANTRIP_SIZE if school == CANTRIP else MAX_COPIES
        if not is_int(copies) or not 1 <= copies <= limit:
            raise CardDataError(f"{where}: 'schools' copies in {school} must be a whole number from 1 to {limit}")
    return v


def _check_keywords(where: str, v: object) -> list[str]:
    if not isinstance(v, list) or len(v) > len(KEYWORDS):
        raise CardDataError(f"{where}: 'keywords' must be a list of at most {len(KEYWORDS)} keywords")
    for word in v:
        if not isinstance(word, str) or word not in KEYWORDS:
            raise CardDataError(f"{where}: 'keywords' names unknown keyword {_shown(word)} "
                                f"(keywords: {one_of(KEYWORDS)})")
    if len(set(v)) != len(v):
        raise CardDataError(f"{where}: 'keywords' names a keyword twice")
    return v


def _check_damage(where: str, v: object) -> None:
    if v is None:
        return
    if not isinstance(v, dict):
        raise CardDataError(f"{where}: 'damage' must be null or an object with {one_of(DAMAGE_FIELDS)}")
    check_fields(where, "damage", v, DAMAGE_FIELDS)
    kind = _check_choice(where, v["kind"], "damage.kind", DAMAGE_KINDS)
    _check_choice(where, v["element"], "damage.element", ELEMENTS)
    amount = v["amount"]
    if kind == "fixed" and (not is_int(amount) or not 1 <= amount <= MAX_DAMAGE):
        raise CardDataError(f"{where}: 'damage' amount of fixed damage must be a whole number from 1 to {MAX_DAMAGE}")
    if kind == "energy" and amount is not None and (not is_int(amount) or not 1 <= amount <= MAX_DAMAGE):
        raise CardDataError(f"{where}: 'damage' amount added to the energy must be null or 1 to {MAX_DAMAGE}")
    if kind == "variable" and amount is not None:
        raise CardDataError(f"{where}: 'damage' amount of variable damage must be null (the text counts it)")


def _check_energy(where: str, card: dict[str, Any], kind: str, duration: str, rng: str, words: list[str]) -> None:
    value = card["energy_value"]
    if kind == "energy":
        if value not in ENERGY_CARD_VALUES or not is_int(value):
            raise CardDataError(f"{where}: 'energy_value' of an energy card must be 4, 5 or 6")
        if duration != "instant" or rng != "none" or words or card["damage"] is not None or card["counter"] is not None:
            raise CardDataError(f"{where}: 'type' energy is a pure energy card: instant, range none, no damage, "
                                "keywords or counter")
    elif value is not None and (not is_int(value) or not 1 <= value <= MAX_ENERGY):
        raise CardDataError(f"{where}: 'energy_value' must be null or a whole number from 1 to {MAX_ENERGY}")
    elif rng == "none":
        raise CardDataError(f"{where}: 'range' none is for energy cards only")


def _check_rules(where: str, kind: str, duration: str, words: list[str], counter: str | None) -> None:
    """The rules between type, duration, keywords and counter that the module docstring lists."""
    if kind == "counter" and counter is None:
        raise CardDataError(f"{where}: 'counter' must say how a counter helps ({one_of(COUNTERS)})")
    if kind == "creation" and "creation" not in words:
        raise CardDataError(f"{where}: 'keywords' of a creation must include creation")
    for type_name, word in TYPE_KEYWORDS:
        if (kind == type_name) != (word in words):
            raise CardDataError(f"{where}: 'keywords' has {word} exactly when 'type' is {type_name}")
    for word in ITEM_KEYWORDS:
        if word in words and kind != "item":
            raise CardDataError(f"{where}: 'keywords' {word} is for items only")
    if "curse" in words and kind != "attack":
        raise CardDataError(f"{where}: 'keywords' curse is for attacks only")
    if ("maintained" in words) != (duration != "instant" and kind != "item"):
        raise CardDataError(f"{where}: 'keywords' has maintained exactly when a spell that is not an item lasts "
                            "(duration temporary or permanent)")


def check_card(i: int, raw: object) -> dict[str, Any]:
    """One card entry, every field checked; the first problem raises CardDataError."""
    where = f"card #{i}"
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: not an object")
    if isinstance(raw.get("id"), str):
        where = f"card #{i} ({raw['id'][:MAX_ID]})"
    check_fields(where, "card", raw, FIELDS)
    check_id(where, raw["id"])
    _check_text(where, raw["name"], "name", MAX_NAME)
    _check_schools(where, raw["schools"])
    kind = _check_choice(where, raw["type"], "type", TYPES)
    duration = _check_choice(where, raw["duration"], "duration", DURATIONS)
    _check_damage(where, raw["damage"])
    rng = _check_choice(where, raw["range"], "range", RANGES)
    words = _check_keywords(where, raw["keywords"])
    counter = raw["counter"]
    if counter is not None:
        _check_choice(where, counter, "counter", COUNTERS)
    _check_energy(where, raw, kind, duration, rng, words)
    _check_rules(where, kind, duration, words, counter)
    _check_text(where, raw["text"], "text", MAX_TEXT)
    check_provenance(where, raw["provenance"], SOURCES, FIELDS, MAX_NOTE)
    return raw


def check_file(data: object) -> list[dict[str, Any]]:
    """The decoded file's top level and its size, before any card is looked at."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list) or not data["cards"]:
        raise CardDataError("card data must be an object with a non-empty 'cards' list")
    for key in data:
        if key not in TOP_FIELDS:
            raise CardDataError(f"card data has unknown field {str(key)[:40]!r} (fields: {one_of(TOP_FIELDS)})")
    if data.get("game") != "wizwar" or data.get("edition") != "8e":
        raise CardDataError("card data: 'game' must be \"wizwar\" and 'edition' \"8e\"")
    if "about" in data:
        _check_text("card data", data["about"], "about", MAX_ABOUT)
    cards: list[Any] = data["cards"]
    if len(cards) > MAX_CARDS:
        raise CardDataError(f"card data lists {len(cards)} cards; at most {MAX_CARDS} distinct cards are allowed")
    return cards


def check_cards(cards: list[Any]) -> list[dict[str, Any]]:
    """Every card, then the uniqueness of ids and names, then the edition's totals."""
    rows: list[dict[str, Any]] = []
    ids: set[str] = set()
    names: set[str] = set()
    for i, raw in enumerate(cards):
        row = check_card(i, raw)
        card_id = str(row["id"])
        name = " ".join(str(row["name"]).split()).lower()
        if card_id in ids:
            raise CardDataError(f"card #{i} ({card_id}): 'id' {card_id!r} appears twice")
        if name in names:
            raise CardDataError(f"card #{i} ({card_id}): 'name' {row['name']!r} appears twice")
        ids.add(card_id)
        names.add(name)
        rows.append(row)
    check_totals(rows)
    return rows


def check_totals(rows: list[dict[str, Any]]) -> None:
    """Each school adds up to its size, the box to 168 and the distinct names to 92."""
    for school in SCHOOLS:
        members = [i for i, row in enumerate(rows) if school in row["schools"]]
        got = sum(int(rows[i]["schools"][school]) for i in members)
        want = CANTRIP_SIZE if school == CANTRIP else SCHOOL_SIZE
        if got != want:
            last = f"; its last card is #{members[-1]} ({rows[members[-1]]['id']})" if members else ""
            raise CardDataError(f"card data: 'schools' give {school} {got} cards; an 8e {school} has {want}{last}")
    box = sum(int(n) * (CANTRIP_COLOURS if school == CANTRIP else 1)
              for row in rows for school, n in row["schools"].items())
    if box != BOX_SIZE:
        raise CardDataError(f"card data: the box holds {box} cards; the 8e box has {BOX_SIZE} (7 schools x 24)")
    if len(rows) != DISTINCT_CARDS:
        raise CardDataError(f"card data lists {len(rows)} distinct cards; the 8e inventory names {DISTINCT_CARDS}")
