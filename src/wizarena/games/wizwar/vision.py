"""Line of sight as the turn asks it, remembered: which squares (and which lines between
squares) each square sees, worked out once and kept until the labyrinth changes (a wall
made or broken, a door opened or locked again). A legal-move list asks the same question
many times a turn.

Each answer is one AND per route: the routes' masks come from the assembly alone
(`sight.routes_from`), and the map contributes one mask of what blocks sight now. The
rows are shared by every state whose labyrinth is the same (games dealt the same
sectors, a search's copies of one position), in a table keyed by the whole map.
"""

from __future__ import annotations

from typing import Final, final

from .mapstate import MapState
from .sight import blocking_mask, clear, edge_routes, routes_from
from .state import WizWarState

_MAX_MAPS: Final = 512  # labyrinths remembered at once; past it the table starts again


@final
class Sight:
    """What one labyrinth, as it now is, lets each square see."""

    __slots__ = ("blocked", "rows", "edge_rows")

    def __init__(self, blocked: int) -> None:
        self.blocked = blocked                  # sight.blocking_mask of the map
        self.rows: dict[int, bytes] = {}        # square -> per square, 1 where seen
        self.edge_rows: dict[int, bytearray] = {}  # square -> per edge: 1 its midpoint is seen, 0 not,
                                                   # 2 not asked yet


_SHARED: dict[tuple[object, ...], Sight] = {}


def rows_for(m: MapState) -> Sight:
    """The shared sight of a labyrinth as it now is."""
    key = (m.asm.name, tuple(m.slot_sector), tuple(m.sector_face), tuple(m.rot), tuple(m.edges), tuple(m.cells))
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _MAX_MAPS:
            _SHARED.clear()
        found = _SHARED[key] = Sight(blocking_mask(m))
    return found


def row(s: WizWarState, a: int) -> bytes:
    """Per square b: 1 where a sees b (6e 8; symmetric), for the map as it is now."""
    sight = s.sight
    seen = sight.rows.get(a)
    if seen is None:
        blocked = sight.blocked
        seen = bytes([1 if clear(masks, blocked) else 0 for masks in routes_from(s.map.asm, a)])
        sight.rows[a] = seen
    return seen


def sees(s: WizWarState, a: int, b: int) -> bool:
    return row(s, a)[b] == 1


def sees_edge(s: WizWarState, a: int, edge: int) -> bool:
    """Whether the centre of a sees the midpoint of a line (where Create Wall aims)."""
    sight = s.sight
    seen = sight.edge_rows.get(a)
    if seen is None:
        seen = sight.edge_rows[a] = bytearray(b"\x02") * s.map.asm.n_edges
    known = seen[edge]
    if known == 2:
        known = seen[edge] = 1 if clear(edge_routes(s.map.asm, a, edge), sight.blocked) else 0
    return known == 1


def changed(s: WizWarState) -> None:
    """The labyrinth changed: look its sight up again (copies of the state that keep the
    old map keep the old sight)."""
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
