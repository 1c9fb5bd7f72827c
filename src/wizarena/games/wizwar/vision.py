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

from .sight import sees_midpoint, sees_square
from .sight import sees_through_one as through_one
from .sight_memo import UNKNOWN, Sight, rows_for
from .state import WizWarState

__all__ = ["Sight", "rows_for"]  # the memo itself lives in sight_memo.py


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
