"""The card tables every part of the engine reads: the catalogue loaded and checked against
the abilities the engine has, and each card's facts and ability hooks as tuples indexed by
card, looked up once so that battles read plain tuples."""

from __future__ import annotations

from typing import Final

from . import abilities
from .cards import WEAKNESSES, Card, load_cards
from .state import CupState

CARDS: Final[tuple[Card, ...]] = load_cards(abilities.ALL_EFFECTS)
N: Final[int] = len(CARDS)
ALL: Final[int] = (1 << N) - 1
NAMES: Final[tuple[str, ...]] = tuple(c.name for c in CARDS)
POWER: Final[tuple[int, ...]] = tuple(c.power for c in CARDS)
FACTS: Final[abilities.Facts] = abilities.Facts(NAMES, POWER, tuple(c.kind == "quick" for c in CARDS),
                                  tuple(c.attribute for c in CARDS), tuple(c.kind is not None for c in CARDS))
IS_QUICK: Final[tuple[bool, ...]] = FACTS.quick
MAY: Final[tuple[bool, ...]] = tuple(c.may for c in CARDS)
# Each card's ability hooks, looked up once (None where the card has no such hook).
QUICK_OF: Final[tuple[abilities.QuickFn | None, ...]] = tuple(abilities.QUICK.get(c.effect or "") for c in CARDS)
CAN_QUICK_OF: Final[tuple[abilities.CanQuickFn | None, ...]] = tuple(
    abilities.CAN_QUICK.get(c.effect or "") for c in CARDS)
SUPPORT_OF: Final[tuple[abilities.SupportFn | None, ...]] = tuple(
    abilities.SUPPORT.get(c.effect or "") if c.kind == "support" else None for c in CARDS)
FIELD_WIN_OF: Final[tuple[abilities.FieldWinFn | None, ...]] = tuple(
    abilities.FIELD_WIN.get(c.effect or "") if c.kind == "field" else None for c in CARDS)
AFTER_WIN_OF: Final[tuple[abilities.QuickFn | None, ...]] = tuple(
    abilities.AFTER_WIN.get(c.effect or "") if c.kind == "field" else None for c in CARDS)
LOWER_WINS: Final[tuple[bool, ...]] = tuple(c.effect in abilities.LOWER_WINS for c in CARDS)
# BEATS[a][b]: a's attribute is a weakness of b, so a wins by Attribute Compatibility.
BEATS: Final[tuple[tuple[bool, ...], ...]] = tuple(tuple(CARDS[a].attribute in WEAKNESSES[CARDS[b].attribute]
                    and CARDS[b].effect not in abilities.NO_WEAKNESS for b in range(N)) for a in range(N))
# STATIC[a][b]: what a battle of a (seat 0) against b (seat 1) comes to before Magic Power
# is compared: -1 = a field ability may decide (take the full path), 1 or 2 = the bit of
# the seat that loses by Attribute Compatibility, 0 = Magic Power decides.
STATIC: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(-1 if FIELD_WIN_OF[a] or FIELD_WIN_OF[b] else
                     (0 if BEATS[a][b] == BEATS[b][a] else (2 if BEATS[a][b] else 1))
                     for b in range(N)) for a in range(N))


def bits(mask: int) -> list[int]:
    """The cards of a set kept as a bit mask, in card order."""
    return [c for c in range(N) if mask >> c & 1]


def magic_power(s: CupState, p: int) -> int:
    """The Magic Power of the wizard on p's field now: printed, plus what is attached to it,
    plus the Support abilities on top of both discard piles; never below 0."""
    bonus = [s.fmod[0], s.fmod[1]]
    for q in (0, 1):
        pile = s.discard[q]
        support = SUPPORT_OF[pile[-1]] if pile else None
        if support is not None:
            support(s, q, bonus)
    v = POWER[s.field[p]] + bonus[p]
    return v if v > 0 else 0
