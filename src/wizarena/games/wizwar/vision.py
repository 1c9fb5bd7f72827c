"""Line of sight as the turn asks it, remembered: which squares (and which lines between
squares) each square sees, worked out as asked and kept until the labyrinth changes (a
wall made or broken, a door opened or locked again). A legal-move list asks the same
question many times a turn.

Each answer looks up the routes of the pair (`sight.pair_routes`, from the assembly alone)
against one table of what blocks sight on the map now. The answers are shared by every
state whose labyrinth is the same (games dealt the same sectors, a search's copies of one
position), in a table keyed by the whole map.
"""

from __future__ import annotations

from typing import Final, final

from .mapstate import MapState
from .sight import blocking, clear, clear_route, direct_edge_route, direct_route, edge_routes, pair_routes
from .state import WizWarState

_MAX_MAPS: Final = 512  # labyrinths remembered at once; past it the table starts again
UNKNOWN: Final = 2      # in a row: not asked yet


@final
class Sight:
    """What one labyrinth, as it now is, lets each square see."""

    __slots__ = ("blocked", "rows", "edge_rows")

    def __init__(self, blocked: bytes) -> None:
        self.blocked = blocked                      # sight.blocking of the map
        self.rows: dict[int, bytearray] = {}        # square -> per square: 1 seen, 0 not, UNKNOWN
        self.edge_rows: dict[int, bytearray] = {}   # square -> per edge (its midpoint), the same


_SHARED: dict[tuple[object, ...], Sight] = {}


def rows_for(m: MapState) -> Sight:
    """The shared sight of a labyrinth as it now is."""
    key = (m.asm.name, tuple(m.slot_sector), tuple(m.sector_face), tuple(m.rot), tuple(m.edges), tuple(m.cells))
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _MAX_MAPS:
            _SHARED.clear()
        found = _SHARED[key] = Sight(blocking(m))
    return found


def _row(s: WizWarState, a: int) -> bytearray:
    sight = s.sight
    seen = sight.rows.get(a)
    if seen is None:
        seen = sight.rows[a] = bytearray([UNKNOWN]) * s.map.asm.n_squares
    return seen


def sees(s: WizWarState, a: int, b: int) -> bool:
    """Whether a sees b (6e 8; symmetric), for the map as it is now."""
    seen = _row(s, a)
    known = seen[b]
    if known == UNKNOWN:
        known = seen[b] = 1 if _clear(s, a, b) else 0
    return known == 1


def _clear(s: WizWarState, a: int, b: int) -> bool:
    asm = s.map.asm
    blocked = s.sight.blocked
    return clear_route(direct_route(asm, a, b), blocked) or clear(pair_routes(asm, a, b), blocked)


def row(s: WizWarState, a: int) -> bytearray:
    """Per square b: 1 where a sees b, for the map as it is now (the caller only reads it)."""
    seen = _row(s, a)
    for b in range(s.map.asm.n_squares):
        if seen[b] == UNKNOWN:
            seen[b] = 1 if _clear(s, a, b) else 0
    return seen


def sees_edge(s: WizWarState, a: int, edge: int) -> bool:
    """Whether the centre of a sees the midpoint of a line (where Create Wall aims)."""
    sight = s.sight
    seen = sight.edge_rows.get(a)
    if seen is None:
        seen = sight.edge_rows[a] = bytearray([UNKNOWN]) * s.map.asm.n_edges
    known = seen[edge]
    if known == UNKNOWN:
        asm = s.map.asm
        blocked = sight.blocked
        clear_now = clear_route(direct_edge_route(asm, a, edge), blocked) or clear(edge_routes(asm, a, edge), blocked)
        known = seen[edge] = 1 if clear_now else 0
    return known == 1


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


def changed(s: WizWarState) -> None:
    """The labyrinth changed: look its sight up again (copies of the state that keep the
    old map keep the old sight)."""
    s.sight = rows_for(s.map)
