"""Line of sight as the turn asks it, remembered: which squares (and which lines between
squares) each square sees, worked out as asked and kept until the labyrinth changes (a
wall made or broken, a door opened or locked again). A legal-move list asks the same
question many times a turn.

Each answer looks up the routes of the pair (`sight.sees_square`, learnt from the assembly
as asked) against one table of what blocks sight on the map now. The answers are shared by every
state whose labyrinth is the same (games dealt the same sectors, a search's copies of one
position), in a table keyed by the whole map.

When the labyrinth changes, the answers the change cannot touch are carried over: sight
only ever needs fewer barriers, so where barriers were only added, nothing unseen becomes
seen, and where barriers were only removed, nothing seen becomes unseen. The expensive
answer is "not seen" (every route must be found blocked), and a wall made, the common
change, keeps all of those.
"""

from __future__ import annotations

from typing import Final, final

from .mapstate import ILLUSION, KIND_MASK, MapState
from .sight import blocking, sees_midpoint, sees_square
from .sight import sees_through_one as through_one
from .state import WizWarState

_MAX_MAPS: Final = 512  # labyrinths remembered at once; past it the table starts again
UNKNOWN: Final = 2      # in a row: not asked yet
_ASK_SEEN: Final = bytes.maketrans(b"\x01", b"\x02")    # barriers added: ask "seen" again
_ASK_UNSEEN: Final = bytes.maketrans(b"\x00", b"\x02")  # barriers removed: ask "not seen" again
_SAME: Final = bytes(range(256))                          # nothing sight notices changed


@final
class Sight:
    """What one labyrinth, as it now is, lets each square see."""

    __slots__ = ("name", "blocked", "illusions", "rows", "edge_rows", "through_rows", "whole_rows")

    def __init__(self, name: str, blocked: bytes, illusions: list[int]) -> None:
        self.name = name                            # the assembly's
        self.blocked = blocked                      # sight.blocking of the map
        self.illusions = illusions                  # the lines holding an illusion wall
        self.rows: dict[int, bytearray] = {}        # square -> per square: 1 seen, 0 not, UNKNOWN
        self.edge_rows: dict[int, bytearray] = {}   # square -> per edge (its midpoint), the same
        self.through_rows: dict[int, bytearray] = {}  # square -> per square: at most one barrier
        self.whole_rows: set[int] = set()           # the squares whose row is known throughout


_SHARED: dict[tuple[object, ...], Sight] = {}


def rows_for(m: MapState, before: Sight | None = None, keep: list[int] | None = None) -> Sight:
    """The shared sight of a labyrinth as it now is; `before`, the sight of the labyrinth
    it was just made from, lends the answers the change cannot have touched, for the
    squares in `keep` (where the wizards stand, which is where sight is asked from: the
    rows of squares left long ago would cost more to carry than to ask again)."""
    key = (m.asm.name, tuple(m.slot_sector), tuple(m.sector_face), tuple(m.rot), tuple(m.edges), tuple(m.cells))
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _MAX_MAPS:
            _SHARED.clear()
        illusions = [e for e in range(m.asm.n_edges) if m.edges[e] & KIND_MASK == ILLUSION]
        found = _SHARED[key] = Sight(m.asm.name, blocking(m), illusions)
        if before is not None and keep is not None and before.name == found.name:
            _carry(before, found, keep)
    return found


def _carry(before: Sight, now: Sight, keep: list[int]) -> None:
    old = int.from_bytes(before.blocked, "little")
    new = int.from_bytes(now.blocked, "little")
    added = new & ~old != 0
    removed = old & ~new != 0
    if added and removed:
        return
    table = _ASK_SEEN if added else _ASK_UNSEEN if removed else _SAME
    for rows, into in ((before.rows, now.rows), (before.edge_rows, now.edge_rows),
                       (before.through_rows, now.through_rows)):
        for a in keep:
            row = rows.get(a)
            if row is not None:
                into[a] = row.translate(table)


def _answers(rows: dict[int, bytearray], a: int, size: int) -> bytearray:
    """a's row of answers in `rows`, made (all UNKNOWN) on first use."""
    seen = rows.get(a)
    if seen is None:
        seen = rows[a] = bytearray([UNKNOWN]) * size
    return seen


def _row(s: WizWarState, a: int) -> bytearray:
    return _answers(s.sight.rows, a, s.map.asm.n_squares)


def _square_answer(s: WizWarState, seen: bytearray, a: int, b: int) -> int:
    """1 if a sees b, from a's row `seen`, asked when not known yet; a new answer goes
    into b's row too where b has one (sight is symmetric)."""
    known = seen[b]
    if known == UNKNOWN:
        known = seen[b] = 1 if sees_square(s.map.asm, a, b, s.sight.blocked) else 0
        other = s.sight.rows.get(b)
        if other is not None:
            other[a] = known
    return known


def _edge_answer(s: WizWarState, seen: bytearray, a: int, edge: int) -> int:
    """1 if the centre of a sees the midpoint of `edge`, from a's row of lines `seen`,
    asked when not known yet."""
    known = seen[edge]
    if known == UNKNOWN:
        known = seen[edge] = 1 if sees_midpoint(s.map.asm, a, edge, s.sight.blocked) else 0
    return known


def sees(s: WizWarState, a: int, b: int) -> bool:
    """Whether a sees b (6e 8; symmetric), for the map as it is now."""
    return _square_answer(s, _row(s, a), a, b) == 1


def row(s: WizWarState, a: int) -> bytearray:
    """Per square b: 1 where a sees b, for the map as it is now (the caller only reads it)."""
    seen = _row(s, a)
    sight = s.sight
    if a in sight.whole_rows:
        return seen
    for b in range(s.map.asm.n_squares):
        _square_answer(s, seen, a, b)
    sight.whole_rows.add(a)
    return seen


def sees_through_one(s: WizWarState, a: int, b: int) -> bool:
    """Whether at most one sight barrier stands between a and b (a Visionstone's sight: one
    wall section, never a corner, which counts two)."""
    sight = s.sight
    seen = _answers(sight.through_rows, a, s.map.asm.n_squares)
    known = seen[b]
    if known == UNKNOWN:
        known = seen[b] = 1 if sees(s, a, b) or through_one(s.map.asm, a, b, sight.blocked) else 0
    return known == 1


def sees_edge(s: WizWarState, a: int, edge: int) -> bool:
    """Whether the centre of a sees the midpoint of a line (where Create Wall aims)."""
    return _edge_answer(s, _answers(s.sight.edge_rows, a, s.map.asm.n_edges), a, edge) == 1


def seen_lines(s: WizWarState, a: int, lines: list[int]) -> list[int]:
    """The lines of `lines` whose midpoints the centre of a sees (`sees_edge` for many, the
    row looked up once)."""
    seen = _answers(s.sight.edge_rows, a, s.map.asm.n_edges)
    return [e for e in lines if _edge_answer(s, seen, a, e) == 1]


def seen_squares(s: WizWarState, a: int, squares: list[int]) -> list[int]:
    """The squares of `squares` that a sees (`sees` for many, the row looked up once)."""
    seen = _row(s, a)
    return [b for b in squares if _square_answer(s, seen, a, b) == 1]


def bent(s: WizWarState, a: int, b: int) -> bool:
    """Around the Corner: a sees b along two straight legs meeting at the centre of one
    square, each leg a clear line of sight (the corner square must be open: stone and
    thornbushes block sight through them)."""
    cells = s.map.cells
    for m in range(len(cells)):
        if not cells[m] and sees(s, a, m) and sees(s, b, m):
            return True
    return False


def changed(s: WizWarState) -> None:
    """The labyrinth changed: look its sight up again (copies of the state that keep the
    old map keep the old sight)."""
    s.sight = rows_for(s.map, s.sight, [s.pos[q] for q in range(s.n) if q not in s.out])
