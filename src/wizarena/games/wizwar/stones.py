"""Magic stones (6e 5): permanent powers held in hand. A stone is shown face up the first
time its power changes something, and stays shown (public, though still in the hand and
counting toward the limit) until it leaves the hand. A stone that has not acted yet is
as secret as any other card.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, effects, vision
from .state import R_NUMBER, WizWarState, holds

POWERSTONE: Final[int] = cards.INDEX["powerstone"]
SPEEDSTONE: Final[int] = cards.INDEX["speedstone"]
BLOODSTONE: Final[int] = cards.INDEX["bloodstone"]
BRAINSTONE: Final[int] = cards.INDEX["brainstone"]
SOULSTONE: Final[int] = cards.INDEX["soulstone"]
SHADOWSTONE: Final[int] = cards.INDEX["shadowstone"]
SHIELDSTONE: Final[int] = cards.INDEX["shieldstone"]
VISIONSTONE: Final[int] = cards.INDEX["visionstone"]
BRAIN_LIMIT: Final = 9


def show(s: WizWarState, seat: int, stone: int, what: str) -> None:
    """The stone acts: it is shown, once, and the table reads what it did."""
    if stone not in s.shown[seat]:
        s.shown[seat].append(stone)
        if s.log is not None:
            say(s, "stone", R_NUMBER, f"P{seat} shows {cards.NAME[stone]}")
    if s.log is not None:
        say(s, "stone", f"WW card {cards.NAME[stone]}", what)


def number_value(s: WizWarState, seat: int, number_card: int) -> int:
    """What a NUMBER card counts for its player: its number, one more with a Powerstone."""
    value = cards.NUMBER[number_card]
    if holds(s.hands[seat], POWERSTONE):
        show(s, seat, POWERSTONE, f"P{seat}'s {value} counts {value + 1}")
        value += 1
    return value


def hand_limit(s: WizWarState, seat: int) -> int:
    return BRAIN_LIMIT if holds(s.hands[seat], BRAINSTONE) else s.rules.hand_limit


def moves(s: WizWarState, seat: int, base: int) -> int:
    if holds(s.hands[seat], SPEEDSTONE):
        show(s, seat, SPEEDSTONE, f"P{seat} may walk one square more this turn")
        return base + 1
    return base


def spell_sight(s: WizWarState, seat: int, a: int, b: int) -> bool:
    """Line of sight for a spell: through one wall section with a Visionstone (a corner
    clipped counts as two, so it does not pass); around one corner after Around the Corner.
    A blinded wizard sees nothing outside his own square (Blind), Visionstone or not."""
    if effects.has(s, seat, effects.BLIND):
        return a == b
    if holds(s.hands[seat], VISIONSTONE):
        if vision.sees_through_one(s, a, b):
            return True
    elif vision.sees(s, a, b):
        return True
    return s.bend == seat and vision.bent(s, a, b)


def suffered(s: WizWarState, target: int, amount: int, attack: bool, physical: bool) -> int:
    """The damage `target` takes after his stones: Bloodstone takes 1 off an attack,
    Shieldstone halves physical damage (rounding up), Soulstone stops magical damage
    at 3 life or less."""
    hand = s.hands[target]
    if amount > 0 and attack and holds(hand, BLOODSTONE):
        amount -= 1
        show(s, target, BLOODSTONE, f"the attack deals 1 less to P{target} ({amount})")
    if amount > 0 and physical and holds(hand, SHIELDSTONE):
        amount = (amount + 1) // 2
        show(s, target, SHIELDSTONE, f"the physical damage to P{target} is halved ({amount})")
    if amount > 0 and not physical and s.life[target] <= 3 and holds(hand, SOULSTONE):
        amount = 0
        show(s, target, SOULSTONE, f"at {s.life[target]} life, magical damage does not hurt P{target}")
    return amount


def after_dealing(s: WizWarState, attacker: int, dealt: int, physical: bool) -> None:
    """Shadowstone: physical damage dealt heals its holder as much."""
    if attacker >= 0 and physical and dealt > 0 and holds(s.hands[attacker], SHADOWSTONE):
        s.life[attacker] += dealt
        show(s, attacker, SHADOWSTONE, f"P{attacker} gains {dealt} life ({s.life[attacker]})")


def forget(s: WizWarState, seat: int) -> None:
    """A shown stone that left the hand is no longer shown."""
    s.shown[seat] = [c for c in s.shown[seat] if holds(s.hands[seat], c)]
