"""Rotate Sector and Relocate Sector (6e 8): neutrals that move whole sector boards with
everything on them.

Both are cast like the other neutrals (neutrals.py: the card, then where it goes, then
every other wizard is asked about Negate Neutral). Where they go is a sector slot and a
turn (Rotate), or two slots (Relocate); `MapState.rotate_sector` and `relocate_sector`
move the squares and lines, rolling the 50/50 die for each altered junction (6e 8, 10),
and return where each square went, by which the game carries wizards, treasures and
objects lying on the floor. Illusion walls travel with their lines (illusions.py keeps
their ids in the lines' hit points).

With two players Relocate Sector does nothing (its card text), so it has no target then
and is never offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from wizarena.core import say

from . import cards
from .board import Assembly
from .mapstate import FIREWALL
from .places import slot_name
from .state import R_DIE, WizWarState

ROTATE: Final[int] = cards.INDEX["rotate_sector"]
RELOCATE: Final[int] = cards.INDEX["relocate_sector"]
CARDS: Final[tuple[int, ...]] = (ROTATE, RELOCATE)
MAX_SLOTS: Final = 4
TURN_NAMES: Final[tuple[str, ...]] = ("a quarter", "a half", "a three-quarter")
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple((a, b) for a in range(MAX_SLOTS) for b in range(a + 1, MAX_SLOTS))
ROTATIONS: Final[int] = MAX_SLOTS * 3   # aims (actions.SECTORS): slot * 3 + quarter turns - 1, then PAIRS


def has_target(s: WizWarState, card: int) -> bool:
    return card == ROTATE or card == RELOCATE and s.map.asm.players > 2


def aims(s: WizWarState, card: int) -> list[int]:
    """The aims open to `card` on this board (indexes into actions.SECTORS)."""
    slots = s.map.asm.players
    if card == ROTATE:
        return list(range(slots * 3))
    if not has_target(s, card):
        return []
    return [ROTATIONS + k for k, (a, b) in enumerate(PAIRS) if b < slots]


def describe(asm: Assembly, card: int, a: int, b: int) -> str:
    """Where a Rotate or Relocate Sector goes, in the names of places (places.py)."""
    if card == ROTATE:
        return f"the sector {slot_name(asm, a)}, {TURN_NAMES[b - 1]} turn clockwise"
    return f"the sectors {slot_name(asm, a)} and {slot_name(asm, b)}"


def resolve(s: WizWarState, seat: int, card: int, a: int, b: int) -> None:
    """The sector(s) move; the 50/50 rolls at altered junctions are shown to all."""
    m = s.map
    rolls: list[int] = []
    roll = _die(s, rolls)
    lines: list[int] = []
    if card == ROTATE:
        dest = m.rotate_sector(a, b, roll, lines)
    else:
        dest = m.relocate_sector(a, b, roll, lines)
    carry(s, dest)
    # A wall of fire's timer follows its line; one whose fire did not survive is gone.
    s.fires = [(lines[line], caster, left) for line, caster, left in s.fires
               if lines[line] >= 0 and m.kind(lines[line]) == FIREWALL]
    # A held door's holder follows its line (doors.settle lets go if he is no longer beside it).
    s.holding = [lines[line] if line >= 0 else -1 for line in s.holding]
    if s.log is not None:
        say(s, "map", f"WW card {cards.NAME[card]}",
            f"P{seat} moves {describe(m.asm, card, a, b)}, with everything on it")
        if rolls:
            say(s, "map", R_DIE, "the 50/50 roll at each altered junction (1-2 the moving sector keeps "
                f"the change): {', '.join(str(r) for r in rolls)}")


def carry(s: WizWarState, dest: list[int]) -> None:
    """Wizards, treasures on the floor and objects lying as tokens go where their squares went."""
    s.pos = [dest[p] for p in s.pos]
    s.treasure_at = [dest[t] if t >= 0 else t for t in s.treasure_at]
    s.floor = [(dest[sq], c) for sq, c in s.floor]


def _die(s: WizWarState, rolls: list[int]) -> Callable[[], int]:
    def roll() -> int:
        face = s.rng.below(4)
        rolls.append(face + 1)
        return face
    return roll
