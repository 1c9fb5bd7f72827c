"""Damaging the labyrinth in the 8th edition (brief rule 14, from the rulebook's section on
damaging objects): cracks, not hit points.

One attack puts a crack on a wall, a door, a stone block or a thornbush for every full 3
of its damage (2 does nothing, 7 makes 2; the rest is lost); cards that say so (Shatter,
the Wizardblade) make every point a crack. A stone wall falls at its 5th crack, a door at
its 3rd, a stone block at its 8th, a bush at its 1st. Outer walls, those one would leave
the board through, cannot be damaged. Cracks are public and stay until the thing falls.
A thing a creation made (a created wall or door, a stone block, a bush) that falls ends
the spell that made it: its card goes to the discard pile (rule 16).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..mapstate import BUSH, DOOR, KIND_MASK, STONE, WALL
from ..places import line_name, square_name
from . import cards, piles
from .state import IN_WALL, R_CRACKS, R_DURATION, EighthState

PER_CRACK: Final = 3        # damage of one attack for each crack
WALL_CRACKS: Final = 5
DOOR_CRACKS: Final = 3
STONE_CRACKS: Final = 8
BUSH_CRACKS: Final = 1
ON_LINES: Final[frozenset[int]] = frozenset(cards.INDEX[c] for c in ("create_wall", "create_door"))
ON_SQUARES: Final[frozenset[int]] = frozenset(cards.INDEX[c] for c in ("stone_block", "thornbush", "rosebush"))


def cracks_from(damage: int, every_point: bool = False) -> int:
    """The cracks one attack of `damage` makes."""
    return max(0, damage) if every_point else max(0, damage) // PER_CRACK


def line_limit(s: EighthState, edge: int) -> int:
    """The cracks at which the wall or door on `edge` falls; 0 where nothing there can be
    damaged (no wall or door, or an outer wall)."""
    asm = s.map.asm
    if asm.edge_a[edge] < 0 or asm.edge_b[edge] < 0:
        return 0  # an outer wall
    kind = s.map.edges[edge] & KIND_MASK
    return WALL_CRACKS if kind == WALL else DOOR_CRACKS if kind == DOOR else 0


def square_limit(s: EighthState, square: int) -> int:
    """The cracks at which the stone block or bush in `square` falls; 0 for none."""
    fill = s.map.cells[square]
    return STONE_CRACKS if fill & STONE else BUSH_CRACKS if fill & BUSH else 0


def crack_line(s: EighthState, edge: int, damage: int, every_point: bool = False) -> bool:
    """One attack of `damage` at the wall or door on `edge`; True if it falls. Nothing that
    cannot be damaged takes a crack."""
    return _crack(s, edge, line_limit(s, edge), damage, every_point, f"the line {line_name(s.map.asm, edge)}")


def crack_square(s: EighthState, square: int, damage: int, every_point: bool = False) -> bool:
    """One attack of `damage` at the stone block or bush in `square`; True if it falls."""
    return _crack(s, s.map.asm.n_edges + square, square_limit(s, square), damage, every_point,
                  f"what fills {square_name(s.map.asm, square)}")


def _crack(s: EighthState, thing: int, limit: int, damage: int, every_point: bool, what: str) -> bool:
    """Cracks on `thing` (an edge, or n_edges + a square) that falls at `limit` (0: it
    cannot be damaged); when it falls it is gone from the map and sight follows."""
    made = cracks_from(damage, every_point)
    if limit == 0 or made == 0:
        return False
    s.cracks[thing] += made
    fell = s.cracks[thing] >= limit
    if s.log is not None:
        say(s, "crack", R_CRACKS, f"{what} takes {made} crack{'' if made == 1 else 's'} "
            f"({min(s.cracks[thing], limit)} of {limit})" + (": it falls" if fell else ""))
    if fell:
        s.cracks[thing] = 0
        n_edges = s.map.asm.n_edges
        if thing < n_edges:
            s.map.destroy_edge(thing)
            _made_gone(s, ON_LINES, thing, what)
        else:
            s.map.clear_square(thing - n_edges)
            _made_gone(s, ON_SQUARES, thing - n_edges, what)
        vision.changed(s)
    return fell


def _made_gone(s: EighthState, makers: frozenset[int], on: int, what: str) -> None:
    """What fell was made by a spell in play (lying on `on`): that spell ends with it."""
    for seat in range(s.n):
        for k, (card, _, lies_on) in enumerate(s.maintained[seat]):
            if card in makers and lies_on % IN_WALL == on:
                del s.maintained[seat][k]
                piles.discard(s, seat, card)
                if s.log is not None:
                    say(s, "spell", R_DURATION, f"P{seat}'s {cards.NAME[card]} ends: {what} it made has fallen")
                return
