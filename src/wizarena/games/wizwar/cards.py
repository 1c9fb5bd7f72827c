"""The Wiz-War 6e deck: card facts from `data/cards.json`, checked when loaded.

The data file is the one place a card's facts live: its kind and range tag, what a number
card does to it, its fixed value, damage type, whether it is a physical act or an escape,
what it counters, its text in our own words, and where each fact comes from (provenance:
the facts file's source tags, a confidence, and the fields we designed where no source
gives them). A player who owns the printed deck corrects a card there; what a card *does*
will be code in a registry keyed by the card's id, so a correction never touches the rules.

A user may edit the file, so everything in it is checked with one-line errors that name the
card and the field, and the deck must still add up to the 6e totals (rules reference 1 and
its "resolved" list: 125 cards, 91 others and 34 numbers, 2x12, 3x10, 4x7, 5x4, 6x1).

The tables below are indexed by card index (the card's position in the file) and `DECK` holds
one card index per physical card, 125 long, so the engine deals integers.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from .card_file import MAX_ID, CardDataError, check_fields, check_id, check_provenance, decode, is_int, one_of

KINDS: Final = ("attack", "neutral", "counteraction", "number", "stone", "object", "trap", "attack-neutral")
RANGES: Final = ("los", "adjacent", "self", "same-square", "none")
USES: Final = ("power", "duration", "distance", "count", "none")  # what a number card sets on the card
DAMAGES: Final = ("physical", "magical")
COUNTER_TARGETS: Final = ("spells", "attacks", "counteractions", "neutrals", "none")
# The facts file's source tags, and RR: the 6th-edition rulebook the team works from.
SOURCES: Final = ("AF", "MS", "FAQ", "QR", "RS", "CL", "PNP", "GT", "8e", "8R", "RR")
# Every field of a card, in file order; `designed` may name any but id and provenance.
FIELDS: Final = ("id", "name", "kind", "range", "copies", "number", "uses_number", "value", "damage", "physical",
                 "escape", "object", "counters", "text", "provenance")
OBJECT_KINDS: Final = ("object", "stone")

# The 6e deck (rules reference 1 and "resolved"): its size and its number cards.
DECK_SIZE: Final = 125
NUMBER_COPIES: Final = ((2, 12), (3, 10), (4, 7), (5, 4), (6, 1))

# Bounds on what a file may hold, so an edited file cannot make loading do unbounded work.
MAX_CARDS: Final = 200
MAX_COPIES: Final = 40
MAX_VALUE: Final = 99
MAX_NAME: Final = 40
MAX_TEXT: Final = 800
MAX_NOTE: Final = 600


class CardSet:
    """The checked deck: one tuple per card field, indexed by card index."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    ranges: tuple[str, ...]
    copies: tuple[int, ...]
    numbers: tuple[int, ...]          # 0 for a card that is not a number card
    uses: tuple[str, ...]
    values: tuple[int, ...]           # -1 where the card has no fixed value
    damages: tuple[str, ...]          # "" where the card deals no damage
    physical: tuple[bool, ...]
    escape: tuple[bool, ...]
    object: tuple[bool, ...]
    counters: tuple[str, ...]
    texts: tuple[str, ...]
    provenance: tuple[dict[str, Any], ...]
    deck: tuple[int, ...]             # card index per physical card, in card order

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.ids = tuple(str(r["id"]) for r in rows)
        self.names = tuple(str(r["name"]) for r in rows)
        self.kinds = tuple(str(r["kind"]) for r in rows)
        self.ranges = tuple(str(r["range"]) for r in rows)
        self.copies = tuple(int(r["copies"]) for r in rows)
        self.numbers = tuple(0 if r["number"] is None else int(r["number"]) for r in rows)
        self.uses = tuple(str(r["uses_number"]) for r in rows)
        self.values = tuple(-1 if r["value"] is None else int(r["value"]) for r in rows)
        self.damages = tuple("" if r["damage"] is None else str(r["damage"]) for r in rows)
        self.physical = tuple(bool(r["physical"]) for r in rows)
        self.escape = tuple(bool(r["escape"]) for r in rows)
        self.object = tuple(bool(r["object"]) for r in rows)
        self.counters = tuple(str(r["counters"]) for r in rows)
        self.texts = tuple(str(r["text"]) for r in rows)
        self.provenance = tuple(_provenance_of(r["provenance"]) for r in rows)
        deck: list[int] = []
        for i in range(len(rows)):
            deck.extend([i] * self.copies[i])
        self.deck = tuple(deck)


def _provenance_of(p: dict[str, Any]) -> dict[str, Any]:
    return {"source": tuple(p["source"]), "confidence": p["confidence"], "designed": tuple(p["designed"]),
            "note": p["note"]}


def _text_field(where: str, card: dict[str, Any], key: str, limit: int) -> None:
    v = card[key]
    if not isinstance(v, str) or not v.strip() or len(v) > limit:
        raise CardDataError(f"{where}: {key!r} must be 1 to {limit} characters of text")


def _check_choice(where: str, card: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    v = card[key]
    if not isinstance(v, str) or v not in allowed:
        raise CardDataError(f"{where}: {key!r} must be one of {one_of(allowed)}, not {json.dumps(v)[:40]}")
    return v


def _check_flag(where: str, card: dict[str, Any], key: str) -> bool:
    v = card[key]
    if not isinstance(v, bool):
        raise CardDataError(f"{where}: {key!r} must be true or false")
    return v


def _check_card(i: int, raw: object, numbers_seen: dict[int, str]) -> dict[str, Any]:
    where = f"card #{i}"
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: not an object")
    if isinstance(raw.get("id"), str):
        where = f"card #{i} ({raw['id'][:MAX_ID]})"
    check_fields(where, "card", raw, FIELDS)
    check_id(where, raw["id"])
    _text_field(where, raw, "name", MAX_NAME)
    kind = _check_choice(where, raw, "kind", KINDS)
    rng = _check_choice(where, raw, "range", RANGES)
    copies = raw["copies"]
    if not is_int(copies) or not 1 <= copies <= MAX_COPIES:
        raise CardDataError(f"{where}: 'copies' must be a whole number from 1 to {MAX_COPIES}")
    uses = _check_choice(where, raw, "uses_number", USES)
    number = raw["number"]
    if kind == "number":
        if not is_int(number) or not 2 <= number <= 6:
            raise CardDataError(f"{where}: 'number' must be 2 to 6 (6e has no 1s)")
        if number in numbers_seen:
            raise CardDataError(f"{where}: two number cards are worth {number} ({numbers_seen[number]} "
                                "and this one); give one entry more copies instead")
        numbers_seen[number] = str(raw["id"])
        if rng != "none" or uses != "none":
            raise CardDataError(f"{where}: a number card has range 'none' and uses_number 'none'")
    elif number is not None:
        raise CardDataError(f"{where}: only number cards have a 'number' (use null)")
    value = raw["value"]
    if value is not None and (not is_int(value) or not 0 <= value <= MAX_VALUE):
        raise CardDataError(f"{where}: 'value' must be null or a whole number from 0 to {MAX_VALUE}")
    damage = raw["damage"]
    if damage is not None and damage not in DAMAGES:
        raise CardDataError(f"{where}: 'damage' must be null, \"physical\" or \"magical\"")
    _check_flag(where, raw, "physical")
    escape = _check_flag(where, raw, "escape")
    is_object = _check_flag(where, raw, "object")
    counters = _check_choice(where, raw, "counters", COUNTER_TARGETS)
    if escape and kind != "counteraction":
        raise CardDataError(f"{where}: only a counteraction can be an escape")
    if kind == "counteraction" and counters == "none":
        raise CardDataError(f"{where}: a counteraction must say what it counters ('counters')")
    if kind != "counteraction" and counters != "none":
        raise CardDataError(f"{where}: only a counteraction counters anything ('counters': \"none\")")
    if is_object != (kind in OBJECT_KINDS):
        raise CardDataError(f"{where}: 'object' must be true exactly for objects and stones")
    _text_field(where, raw, "text", MAX_TEXT)
    check_provenance(where, raw["provenance"], SOURCES, FIELDS, MAX_NOTE)
    return raw


def parse_cards(data: Any) -> CardSet:
    """Check decoded card data and build the deck; the first problem found raises CardDataError."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list) or not data["cards"]:
        raise CardDataError("card data must be an object with a non-empty 'cards' list")
    if data.get("game") != "wizwar":
        raise CardDataError("card data: 'game' must be \"wizwar\"")
    cards: list[Any] = data["cards"]
    if len(cards) > MAX_CARDS:
        raise CardDataError(f"card data lists {len(cards)} cards; at most {MAX_CARDS} distinct cards are allowed")
    rows: list[dict[str, Any]] = []
    ids: set[str] = set()
    names: set[str] = set()
    numbers_seen: dict[int, str] = {}
    for i in range(len(cards)):
        row = _check_card(i, cards[i], numbers_seen)
        card_id = str(row["id"])
        name = " ".join(str(row["name"]).split()).lower()
        if card_id in ids:
            raise CardDataError(f"card #{i} ({card_id}): id {card_id!r} appears twice")
        if name in names:
            raise CardDataError(f"card #{i} ({card_id}): name {row['name']!r} appears twice")
        ids.add(card_id)
        names.add(name)
        rows.append(row)
    got: dict[int, int] = {}
    for row in rows:
        if row["kind"] == "number":
            got[int(row["number"])] = int(row["copies"])
    if any(got.get(n, 0) != k for n, k in NUMBER_COPIES) or len(got) != len(NUMBER_COPIES):
        want = ", ".join(f"{n}x{k}" for n, k in NUMBER_COPIES)
        have = ", ".join(f"{n}x{got[n]}" for n in sorted(got)) or "none"
        raise CardDataError(f"number cards must be {want} (rules reference 1); this file has {have}")
    total = sum(int(row["copies"]) for row in rows)
    if total != DECK_SIZE:
        raise CardDataError(f"the deck has {total} cards; the 6e deck has {DECK_SIZE} "
                            f"(91 others and 34 numbers, rules reference 1)")
    return CardSet(rows)


def read_cards(text: object) -> CardSet:
    """Decode and check the text of a card file (bounded before it is parsed)."""
    return parse_cards(decode(text))


def load_cards() -> CardSet:
    """The deck shipped with the package (data/cards.json); an edit that breaks it says where."""
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    try:
        return read_cards(text)
    except CardDataError as exc:
        raise CardDataError(f"wizwar data/cards.json: {exc}") from None


_SET: Final = load_cards()

ID: Final[tuple[str, ...]] = _SET.ids
NAME: Final[tuple[str, ...]] = _SET.names
KIND: Final[tuple[str, ...]] = _SET.kinds
RANGE: Final[tuple[str, ...]] = _SET.ranges
COPIES: Final[tuple[int, ...]] = _SET.copies
NUMBER: Final[tuple[int, ...]] = _SET.numbers
USES_NUMBER: Final[tuple[str, ...]] = _SET.uses
VALUE: Final[tuple[int, ...]] = _SET.values
DAMAGE: Final[tuple[str, ...]] = _SET.damages
PHYSICAL: Final[tuple[bool, ...]] = _SET.physical
ESCAPE: Final[tuple[bool, ...]] = _SET.escape
OBJECT: Final[tuple[bool, ...]] = _SET.object
COUNTERS: Final[tuple[str, ...]] = _SET.counters
TEXT: Final[tuple[str, ...]] = _SET.texts
PROVENANCE: Final[tuple[dict[str, Any], ...]] = _SET.provenance
DECK: Final[tuple[int, ...]] = _SET.deck
INDEX: Final[dict[str, int]] = {card_id: i for i, card_id in enumerate(ID)}


def catalogue() -> list[dict[str, Any]]:
    """One JSON-ready row per card, for `wizarena cards wizwar` and the web API (fresh each call)."""
    rows: list[dict[str, Any]] = []
    for i in range(len(ID)):
        p = PROVENANCE[i]
        rows.append({
            "id": ID[i], "name": NAME[i], "kind": KIND[i], "range": RANGE[i], "copies": COPIES[i],
            "number": NUMBER[i] if NUMBER[i] else None, "uses_number": USES_NUMBER[i],
            "value": VALUE[i] if VALUE[i] >= 0 else None, "damage": DAMAGE[i] or None,
            "physical": PHYSICAL[i], "escape": ESCAPE[i], "object": OBJECT[i], "counters": COUNTERS[i],
            "text": TEXT[i], "source": ", ".join(p["source"]), "confidence": p["confidence"],
            "designed": ", ".join(p["designed"]), "note": p["note"],
        })
    return rows


def names(hand: list[int]) -> str:
    """Cards by name, for the log: "Fireball, Number 3"."""
    return ", ".join(NAME[c] for c in hand)
