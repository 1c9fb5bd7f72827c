"""Line of sight as the turn asks it, remembered: which squares each square sees, worked
out once and kept until the labyrinth changes (a wall made or broken, a door opened or
locked again). A legal-move list asks the same question many times a turn; tracing it
again each time was most of a random game's cost.

The rows are shared by every state whose labyrinth is the same (games dealt the same
sectors, a search's copies of one position), in a table keyed by the whole map: most
games never change it, so most rows are traced once per process.
"""

from __future__ import annotations

from typing import Final

from .mapstate import MapState
from .sight import line_of_sight
from .state import WizWarState

_MAX_MAPS: Final = 512  # labyrinths remembered at once; past it the table starts again
_SHARED: dict[tuple[object, ...], dict[int, bytes]] = {}


def rows_for(m: MapState) -> dict[int, bytes]:
    """The shared rows of a labyrinth as it now is."""
    key = (m.asm.name, tuple(m.slot_sector), tuple(m.sector_face), tuple(m.rot), tuple(m.edges), tuple(m.cells))
    rows = _SHARED.get(key)
    if rows is None:
        if len(_SHARED) >= _MAX_MAPS:
            _SHARED.clear()
        rows = _SHARED[key] = {}
    return rows


def row(s: WizWarState, a: int) -> bytes:
    """Per square b: 1 where a sees b (6e 8; symmetric), for the map as it is now."""
    seen = s.sight.get(a)
    if seen is None:
        m = s.map
        seen = bytes(1 if line_of_sight(m, a, b) else 0 for b in range(m.asm.n_squares))
        s.sight[a] = seen
    return seen


def sees(s: WizWarState, a: int, b: int) -> bool:
    return row(s, a)[b] == 1


def changed(s: WizWarState) -> None:
    """The labyrinth changed: look its rows up again (copies of the state that keep the
    old map keep the old rows)."""
    s.sight = rows_for(s.map)


def bent(s: WizWarState, a: int, b: int) -> bool:
    """Around the Corner: a sees b along two straight legs meeting at the centre of one
    square, each leg a clear line of sight (the corner square must be open: stone and
    thornbushes block sight through them)."""
    ra = row(s, a)
    rb = row(s, b)
    cells = s.map.cells
    for m in range(len(ra)):
        if ra[m] and rb[m] and not cells[m]:
            return True
    return False
