"""The Official Challenge's Support exchange (6.3.3, ruling R14).

6.3.3 lets a player "replace playing cards with those from their Support deck, provided the
limits set by the rules are respected". The limits are those of a deck (4.2), so they are
checked on the deck the exchanges end with, not after each one: a player declares the
exchanges one card for one card of the same type, may take any of them back, and keeps
the deck only once it is legal. Two exchanges that are each illegal alone (a Wizard that
takes a colour away, a Magic that brings the new one) are therefore fine together.

This module answers the questions the declaring asks: which deck cards may go out, which
Support cards may take a card's place, and whether the deck as it stands is legal.
"""

from __future__ import annotations

from typing import Final

from .deck import Deck, Violation, check_deck
from .effects import CARDS

K_WIZARD: Final = 0
K_MAGIC: Final = 1
K_CASTLE: Final = 2
KIND: Final[tuple[int, ...]] = tuple(("wizard", "magic", "castle").index(c.kind) for c in CARDS)
# R14: at most this many exchanges declared per player, taken back or not, so that declaring
# always ends (taking back every exchange gives the deck the player came with, which is legal).
MAX_EXCHANGES: Final = 20


def distinct(cards: list[int]) -> list[int]:
    """The different cards of a pile, in id order."""
    out: list[int] = []
    for c in sorted(cards):
        if not out or out[-1] != c:
            out.append(c)
    return out


def outs(team: list[int], magic: list[int], castles: list[int], support: list[int], came_in: list[int],
         went_out: list[int]) -> list[int]:
    """The distinct deck cards (in id order) that may be taken out: those of a type some
    Support card offered by `ins` has (a Wizard for a Wizard, and so on: 6.3.3). A card that
    came in from the Support deck is taken back instead, so its copies that came in are not
    offered."""
    kinds = 0
    for n in distinct(support):
        if support.count(n) > went_out.count(n):
            kinds |= 1 << KIND[n]
    found: list[int] = []
    for c in distinct(team + magic + castles):
        if kinds >> KIND[c] & 1:
            have = team.count(c) + magic.count(c) + castles.count(c)
            if have > came_in.count(c):
                found.append(c)
    return found


def ins(support: list[int], out: int, went_out: list[int]) -> list[int]:
    """The distinct Support cards of the type of `out`, in id order: any may take its place;
    whether the deck is legal is asked when the player keeps it. A card an exchange sent into
    the Support deck comes back by taking that exchange back, so its copies are not offered."""
    return [n for n in distinct(support) if KIND[n] == KIND[out] and support.count(n) > went_out.count(n)]


def violations(team: list[int], magic: list[int], castles: list[int], affiliation: str | None) -> list[Violation]:
    """What makes the deck as it stands an illegal Official deck (4.2), the Support deck aside:
    its own rules were checked when the deck was read, and exchanges only move cards between it
    and the deck, so the copies counted across both piles do not change."""
    deck = Deck(name="", format="official", affiliation=affiliation, team=tuple(team), magic=tuple(sorted(magic)),
                castles=tuple(castles))
    return check_deck(deck, "official", CARDS)
