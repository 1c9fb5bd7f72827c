"""Wizard Wars decks: deck files and the deckbuilding rules (Wars Deckbuilding).

A deck file is TOML (docs/games/wars.md, "Deck files"):

    name = "Forge and Fury"
    faction = "Emberhold"
    [cards]                 # card name = copies
    "Forgequeen Brenna" = 1
    "Cinder Hurler" = 2

`parse_deck` reads such a table (or the same shape as JSON) and refuses what is not a deck
at all (wrong types, unknown keys); `check_deck` lists every way a deck breaks the rules,
unknown card names included, each with the section it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from wizarena.core.decks import read_toml
from wizarena.core.inputs import shown

from .cards import BY_NAME, CARDS, FACTIONS, UNAFFILIATED
from .state import R_DECK

MIN_CARDS: Final = 30
MAX_PROVISIONS: Final = 130
MAX_LEADERS: Final = 1
COPIES: Final = {"common": 2, "rare": 1, "legendary": 1}
MAX_COPIES: Final = 99
MAX_ENTRIES: Final = 500
KEYS: Final = ("name", "faction", "cards")


class DeckError(ValueError):
    """A deck file or table that is not a deck at all (as opposed to an illegal deck)."""


class Violation(NamedTuple):
    section: str
    message: str


@dataclass(frozen=True)
class Deck:
    name: str
    faction: str
    cards: tuple[tuple[str, int], ...]  # (name as written, copies), in the file's order

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "faction": self.faction, "cards": dict(self.cards)}

    def ids(self) -> list[int]:
        """One card id per copy; the deck must have no unknown names (check first)."""
        return [BY_NAME[n.lower()] for n, k in self.cards for _ in range(k)]


def parse_deck(data: Any) -> Deck:
    if not isinstance(data, dict):
        raise DeckError("a deck is a table with name, faction and cards")
    extra = [k for k in data if k not in KEYS]
    if extra:
        raise DeckError(f"the deck has unknown key(s) {', '.join(map(shown, extra[:5]))}; a deck has {', '.join(KEYS)}")
    name = data.get("name")
    faction = data.get("faction")
    if not isinstance(name, str) or not name.strip():
        raise DeckError("the deck needs a 'name'")
    if not isinstance(faction, str) or not faction.strip():
        raise DeckError("the deck needs a 'faction'")
    cards = data.get("cards", {})
    if not isinstance(cards, dict) or len(cards) > MAX_ENTRIES:
        raise DeckError(f"the deck's 'cards' is a table of card name = copies (at most {MAX_ENTRIES} names)")
    bad = [n for n, k in cards.items() if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_COPIES]
    if bad:
        raise DeckError(f"copies must be whole numbers from 1 to {MAX_COPIES}, not "
                        + ", ".join(shown(n) for n in bad[:5]))
    return Deck(name.strip(), faction.strip(), tuple((str(n), int(k)) for n, k in cards.items()))


def read_deck(path: str) -> Deck:
    data = read_toml(path, DeckError)
    try:
        return parse_deck(data)
    except DeckError as exc:
        raise DeckError(f"{path}: {exc}") from None


def check_deck(deck: Deck) -> list[Violation]:
    """Every way the deck breaks the deckbuilding rules; empty when it is legal."""
    out: list[Violation] = []
    known = [(n, k) for n, k in deck.cards if n.lower() in BY_NAME]
    unknown = [n for n, _ in deck.cards if n.lower() not in BY_NAME]
    if unknown:
        out.append(Violation(R_DECK, f"unknown card name{'s' if len(unknown) > 1 else ''}: "
                             + ", ".join(map(shown, unknown))))
    if deck.faction not in FACTIONS:
        out.append(Violation(R_DECK, f"{shown(deck.faction)} is not a faction "
                             f"(the factions are {', '.join(FACTIONS)})"))
    copies: dict[int, int] = {}
    for n, k in known:
        c = BY_NAME[n.lower()]
        copies[c] = copies.get(c, 0) + k
    total = sum(copies.values()) + (0 if not unknown else sum(k for n, k in deck.cards if n.lower() not in BY_NAME))
    if total < MIN_CARDS:
        out.append(Violation(R_DECK, f"the deck has {total} cards; it needs at least {MIN_CARDS}"))
    leaders = 0
    provisions = 0
    for c, k in copies.items():
        card = CARDS[c]
        if card.token:
            out.append(Violation(R_DECK, f"{card.name} is never part of a deck (it is only ever created or placed)"))
            continue
        if not UNAFFILIATED[c] and card.faction != deck.faction:
            out.append(Violation(R_DECK, f"{card.name} is a {card.faction} card; the deck is {deck.faction} "
                                 "(each card must be of the chosen faction or unaffiliated)"))
        limit = COPIES[card.rarity]
        if k > limit:
            out.append(Violation(R_DECK, f"{k} copies of {card.name}, a {card.rarity} card; at most {limit}"))
        if card.leader:
            leaders += k
        provisions += card.provisions * k
    if provisions > MAX_PROVISIONS:
        out.append(Violation(R_DECK, f"the deck's provisions add up to {provisions}; at most {MAX_PROVISIONS}"))
    if leaders > MAX_LEADERS:
        out.append(Violation(R_DECK, f"the deck has {leaders} leader cards; at most {MAX_LEADERS}"))
    return out


def deck_notes(deck: Deck) -> list[Violation]:
    """Legal but worth telling: a deck away from the ideal 30 cards and 130 provisions."""
    ids = [BY_NAME[n.lower()] for n, k in deck.cards if n.lower() in BY_NAME for _ in range(k)]
    total = sum(CARDS[c].provisions for c in ids)
    out: list[Violation] = []
    if len(ids) > MIN_CARDS:
        out.append(Violation(R_DECK, f"{len(ids)} cards: the ideal deck has exactly {MIN_CARDS}"))
    if total < MAX_PROVISIONS:
        out.append(Violation(R_DECK, f"{total} provisions: the ideal deck uses all {MAX_PROVISIONS}"))
    if not any(UNAFFILIATED[c] for c in ids):
        out.append(Violation("Wars Keywords/Devotion", "no unaffiliated card: Devotion abilities will act"))
    return out


def check_deck_file(path: str, fmt: str | None) -> tuple[list[Violation], list[Violation]]:
    if fmt is not None and fmt.strip().lower() not in ("", "standard"):
        raise DeckError(f"Wizard Wars has one deck format, 'standard', not {shown(fmt)}")
    deck = read_deck(path)
    return check_deck(deck), deck_notes(deck)
