"""The Wiz-War 8e cards: card facts from `data/cards-8e.json`, checked when loaded.

The data file is the one place a card's facts live: its schools and copies, type, duration,
energy circle, damage, range, keywords, how it counters, its text in our own words, and where
each fact comes from (provenance: the design brief's source tags, a confidence, and the
fields we designed where no source gives them). A player who owns the printed cards corrects
a card there; what a card *does* will be code keyed by the card's id, so a correction never
touches the rules. `card_checks.py` holds the checks and what the fields mean.

One entry per distinct card (92); `schools` gives its copies in each school's 24, the
Cantrip's being the 12 of one colour (Black Cantrip repeats White). The tables below are
indexed by card index (the card's position in the file); `BOX` holds one card index per
physical card in the box (168) and `deck(schools)` the 84 of one game: White Cantrip and
the three schools chosen, so the engine deals integers.
"""

from __future__ import annotations

from importlib import resources
from typing import Any, Final

from wizarena.games.wizwar.eighth.card_checks import (
    CANTRIP,
    CANTRIP_COLOURS,
    SCHOOLS,
    check_cards,
    check_file,
)

from ..card_file import CardDataError, decode

DATA_FILE: Final = "data/cards-8e.json"
CHOSEN_SCHOOLS: Final = 3         # a game's deck: White Cantrip and 3 of the 6 other schools
DECK_SIZE: Final = 84             # 12 + 3 x 24 (design brief, 8e rule 2)


class CardSet:
    """The checked cards: one tuple per card field, indexed by card index."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    schools: tuple[tuple[str, ...], ...]        # the schools a card is in, in SCHOOLS order
    copies: tuple[tuple[int, ...], ...]         # copies per school, indexed like SCHOOLS
    types: tuple[str, ...]
    durations: tuple[str, ...]
    energy_values: tuple[int, ...]              # 0 where the card has no energy circle
    damage_kinds: tuple[str, ...]               # "" where the card deals no damage
    damage_amounts: tuple[int, ...]             # -1 where the file has null
    damage_elements: tuple[str, ...]            # "" where the card deals no damage
    ranges: tuple[str, ...]
    keywords: tuple[tuple[str, ...], ...]
    counters: tuple[str, ...]                   # "" where the card cannot be cast as a counter
    texts: tuple[str, ...]
    provenance: tuple[dict[str, Any], ...]
    box: tuple[int, ...]                        # card index per physical card, both Cantrip colours

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.ids = tuple(str(r["id"]) for r in rows)
        self.names = tuple(str(r["name"]) for r in rows)
        self.copies = tuple(tuple(int(r["schools"].get(s, 0)) for s in SCHOOLS) for r in rows)
        self.schools = tuple(tuple(s for s, n in zip(SCHOOLS, c, strict=True) if n) for c in self.copies)
        self.types = tuple(str(r["type"]) for r in rows)
        self.durations = tuple(str(r["duration"]) for r in rows)
        self.energy_values = tuple(0 if r["energy_value"] is None else int(r["energy_value"]) for r in rows)
        damage = [r["damage"] or {} for r in rows]
        self.damage_kinds = tuple(str(d.get("kind", "")) for d in damage)
        self.damage_amounts = tuple(-1 if d.get("amount") is None else int(d["amount"]) for d in damage)
        self.damage_elements = tuple(str(d.get("element", "")) for d in damage)
        self.ranges = tuple(str(r["range"]) for r in rows)
        self.keywords = tuple(tuple(str(w) for w in r["keywords"]) for r in rows)
        self.counters = tuple("" if r["counter"] is None else str(r["counter"]) for r in rows)
        self.texts = tuple(str(r["text"]) for r in rows)
        self.provenance = tuple(_provenance_of(r["provenance"]) for r in rows)
        box: list[int] = []
        for k, school in enumerate(SCHOOLS):
            colours = CANTRIP_COLOURS if school == CANTRIP else 1
            for i, c in enumerate(self.copies):
                box.extend([i] * (c[k] * colours))
        self.box = tuple(box)

    def deck(self, schools: tuple[str, ...]) -> list[int]:
        """One card index per physical card of a game's deck: White Cantrip, then the chosen schools.

        The schools are taken in SCHOOLS order whatever order they are given in, so one choice
        always gives one deck (the game shuffles it); a bad choice raises ValueError.
        """
        check_schools(schools)
        cards: list[int] = []
        for k, school in enumerate(SCHOOLS):
            if school == CANTRIP or school in schools:
                for i, c in enumerate(self.copies):
                    cards.extend([i] * c[k])
        return cards


def check_schools(schools: object) -> tuple[str, ...]:
    """`schools` as a deck's choice: three different schools besides the Cantrip, in
    SCHOOLS order; anything else raises ValueError naming what a choice must be."""
    others = SCHOOLS[1:]
    if (not isinstance(schools, (tuple, list)) or len(schools) != CHOSEN_SCHOOLS
            or len(set(schools)) != CHOSEN_SCHOOLS or any(not isinstance(s, str) or s not in others for s in schools)):
        raise ValueError(f"a deck takes {CHOSEN_SCHOOLS} different schools out of {', '.join(others)}; "
                         f"got {str(schools)[:80]}")
    return tuple(school for school in others if school in schools)


def _provenance_of(p: dict[str, Any]) -> dict[str, Any]:
    return {"source": tuple(p["source"]), "confidence": p["confidence"], "designed": tuple(p["designed"]),
            "note": p["note"]}


def parse(data: Any) -> CardSet:
    """Check decoded card data and build the tables; the first problem found raises CardDataError."""
    return CardSet(check_cards(check_file(data)))


def load(text: object) -> CardSet:
    """Decode and check the text of a card file (its size bounded before it is parsed)."""
    return parse(decode(text))


def load_shipped() -> CardSet:
    """The cards shipped with the package (data/cards-8e.json); an edit that breaks them says where."""
    text = resources.files("wizarena.games.wizwar").joinpath(DATA_FILE).read_text(encoding="utf-8")
    try:
        return load(text)
    except CardDataError as exc:
        raise CardDataError(f"wizwar {DATA_FILE}: {exc}") from None


_SET: Final = load_shipped()

ID: Final[tuple[str, ...]] = _SET.ids
NAME: Final[tuple[str, ...]] = _SET.names
SCHOOLS_OF: Final[tuple[tuple[str, ...], ...]] = _SET.schools
COPIES: Final[tuple[tuple[int, ...], ...]] = _SET.copies
TYPE: Final[tuple[str, ...]] = _SET.types
DURATION: Final[tuple[str, ...]] = _SET.durations
ENERGY_VALUE: Final[tuple[int, ...]] = _SET.energy_values
DAMAGE_KIND: Final[tuple[str, ...]] = _SET.damage_kinds
DAMAGE_AMOUNT: Final[tuple[int, ...]] = _SET.damage_amounts
DAMAGE_ELEMENT: Final[tuple[str, ...]] = _SET.damage_elements
RANGE: Final[tuple[str, ...]] = _SET.ranges
KEYWORDS_OF: Final[tuple[tuple[str, ...], ...]] = _SET.keywords
COUNTER: Final[tuple[str, ...]] = _SET.counters
TEXT: Final[tuple[str, ...]] = _SET.texts
PROVENANCE: Final[tuple[dict[str, Any], ...]] = _SET.provenance
BOX: Final[tuple[int, ...]] = _SET.box
INDEX: Final[dict[str, int]] = {card_id: i for i, card_id in enumerate(ID)}


def deck(schools: tuple[str, ...]) -> list[int]:
    """The 84 card indices of a game's deck from the shipped cards: White Cantrip and 3 schools."""
    return _SET.deck(schools)


def giant_deck() -> list[int]:
    """Giant Book of Spells: White Cantrip and all six schools, 156 cards (the Black Cantrip,
    the White's double, stays in the box)."""
    cards: list[int] = []
    for k in range(len(SCHOOLS)):
        for i, c in enumerate(COPIES):
            cards.extend([i] * c[k])
    return cards


def names(cards: list[int]) -> str:
    """Cards by name, for the log: "Fireball, Energy 4"."""
    return ", ".join(NAME[c] for c in cards)
