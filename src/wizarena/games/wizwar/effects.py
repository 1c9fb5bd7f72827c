"""Timed conditions on wizards (6e 3, "durations"): blinded, turned to stone, invisible,
shrunk, mist, and the Fear a wizard casts on himself.

A condition is a count per seat and kind: the turns of the recipient it still lasts (0:
none), and the seat that cast it, because a duration ends at the start of one of the
caster's turns and is counted on the recipient's turns (6e 3). Every card that aims at a
wizard asks `aimable`; every sight a seat uses asks through `stones.spell_sight` or
`vision`, which consult `has(..., BLIND)`.
"""

from __future__ import annotations

from typing import Final

from .state import WizWarState

BLIND: Final = 0
PETRIFIED: Final = 1   # Medusa
INVISIBLE: Final = 2
SHRUNK: Final = 3
MIST: Final = 4        # Mist-Body
FEAR: Final = 5
KINDS: Final = 6
KIND_NAMES: Final = ("blinded", "turned to stone", "invisible", "shrunk", "mist", "fearsome")


def none_yet(n: int) -> list[list[int]]:
    """The status table of a new game: nobody is under anything."""
    return [[0] * KINDS for _ in range(n)]


def has(s: WizWarState, seat: int, kind: int) -> bool:
    return s.status[seat][kind] > 0


def aimable(s: WizWarState, caster: int, target: int) -> bool:
    """Whether `caster` may aim a card at the wizard `target` at all, sight aside: nobody
    aims at an invisible wizard, and nobody outside his square at a shrunk one."""
    if has(s, target, INVISIBLE):
        return False
    return not has(s, target, SHRUNK) or s.pos[caster] == s.pos[target]


def put(s: WizWarState, seat: int, kind: int, turns: int, caster: int) -> None:
    """`seat` is under `kind` for `turns` of his turns, cast by `caster`."""
    s.status[seat][kind] = turns
    s.status_by[seat][kind] = caster
