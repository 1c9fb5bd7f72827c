"""Line of sight as the engine asks it (6e 8): the exact walk of sight.py, remembered.

Which edges and squares a sight line passes depends on the assembly alone; only whether
they block depends on the map. A sight line is clear when nothing it passes blocks on the
map's table of what blocks sight now (`sight.blocking`; edge e is item e, square q is
item n_edges + q, a corner lists every edge and side square around it). A target (a
square's centre or a line's midpoint) is in sight when one of its sight lines (one per
unfolding, `Assembly.sight_frames`) is clear. `sight.trace` stays the definition, and
the tests hold these answers to it.

What is remembered, per viewing square and per target, is no answer, only where to look
first:

- per unfolding, the three things that last stopped that sight line when it was walked (a
  wall, a door, a square of stone). While one still blocks, so does the line: one read,
  where walking it would cost tens. Only when it has come clear is the line walked again,
  as far as what stops it now. A line with no route at all (it leaves the labyrinth, ends
  beside the target, runs through a fold's corner) is marked so for good.
- one sight line once found clear to its end, as the bits of everything it passes: on a
  later map it is asked first, by one AND with the map's table as one int (`bits_of`), and
  if it is still clear the target is in sight with no other line looked at.

Every mark is something the line passes, so a mark that blocks answers truly on any map,
and a mark that does not only sends the line to be walked: nothing goes stale when walls,
doors, illusions, thornbushes or stone come and go. The marks of one viewing square are
one list of small ints (a line's three latest stoppers packed in one), so a whole row of
targets is asked in one pass over one list.

Sight through one barrier (a Visionstone) counts: those routes are kept as `crossings`
lists them, group by group, each walked as far as its second barrier (below).
"""

from __future__ import annotations

from typing import Final, final

from mypy_extensions import i64

from .board import Assembly, apply_motion
from .sight import crossings

NO_ROUTE: Final = -1      # a line's marks: this unfolding gives the target no sight line at all
MARKS: Final = 3          # stoppers remembered per sight line, the latest lowest
_BITS: Final = 10         # per mark: 1 + the item (so 0 is no mark)
_FIELD: Final = (1 << _BITS) - 1
_ALL: Final = (1 << _BITS * MARKS) - 1
_FRAME_BITS: Final = 7    # an open line: its items' bits above its unfolding
_FRAME_MASK: Final = (1 << _FRAME_BITS) - 1
_FRAME_ORDER: dict[str, tuple[int, ...]] = {}


@final
class Marks:
    """What stopped the sight lines of one viewing square to the targets of one kind."""

    __slots__ = ("a", "x0", "y0", "order", "stops", "open")

    def __init__(self, asm: Assembly, a: int, targets: int) -> None:
        frames = len(asm.sight_frames)
        self.a = a
        self.x0 = 2 * asm.sq_x[a] + 1  # its centre
        self.y0 = 2 * asm.sq_y[a] + 1
        self.order = _frame_order(asm)
        # per target and unfolding (target * frames + unfolding): the line's marks, MARKS
        # fields of _BITS bits, the latest lowest, each 1 + an item that stopped the line
        # when it was walked (0: none yet), or NO_ROUTE. One small int: one read a line.
        self.stops: list[int] = [0] * (targets * frames)
        # per target: a line once clear to its end, as the bits of the items it passes
        # above _FRAME_BITS bits of its unfolding; -1 none
        self.open: list[int] = [-1] * targets


_SQUARES: dict[str, list[Marks | None]] = {}
_EDGES: dict[str, list[Marks | None]] = {}


def _frame_order(asm: Assembly) -> tuple[int, ...]:
    """The unfoldings to walk, the board as drawn first."""
    order = _FRAME_ORDER.get(asm.name)
    if order is None:
        drawn = asm.sight_frames.index((0, 0, 0))
        order = _FRAME_ORDER[asm.name] = (drawn,) + tuple(f for f in range(len(asm.sight_frames)) if f != drawn)
    return order


def _marks(tables: dict[str, list[Marks | None]], asm: Assembly, a: int, targets: int) -> Marks:
    table = tables.get(asm.name)
    if table is None:
        if asm.n_edges + asm.n_squares >= _FIELD or len(asm.sight_frames) > _FRAME_MASK:
            raise ValueError(f"assembly {asm.name}: too many lines, squares or unfoldings for the marks")
        table = tables[asm.name] = [None] * asm.n_squares
    found = table[a]
    if found is None:
        found = table[a] = Marks(asm, a, targets)
    return found


def bits_of(blocked: bytes) -> int:
    """The table of what blocks as one int: bit i set where item i blocks."""
    bits = 0
    for i in range(len(blocked)):
        if blocked[i]:
            bits |= 1 << i
    return bits


def _marked(stops: list[int], k: int, item: int) -> None:
    """What stopped line k (`item`) becomes its latest mark, the oldest forgotten."""
    stops[k] = (stops[k] << _BITS | item + 1) & _ALL


def _sees(asm: Assembly, marks: Marks, t: int, px: int, py: int, target: int, target_edge: int,
          blocked: bytes, bits: int) -> bool:
    """Whether the centre of the viewing square of `marks` sees the point (px, py), its
    target `t` (the square `target`, or the midpoint of line `target_edge`), on the map
    `blocked` (`bits`: the same as one int)."""
    stops = marks.stops
    base = t * len(asm.sight_frames)
    route = marks.open[t]
    if route >= 0:
        hit = route >> _FRAME_BITS & bits
        if hit == 0:
            return True
        # blocked now: marked as any line stopped
        _marked(stops, base + (route & _FRAME_MASK), (hit & -hit).bit_length() - 1)
        marks.open[t] = -1
    for f in marks.order:
        k = base + f
        v: i64 = stops[k]
        if v == NO_ROUTE:
            continue
        stopped = False
        while v > 0:
            if blocked[(v & _FIELD) - 1]:
                stopped = True
                break
            v >>= _BITS
        if not stopped:
            ux, uy = apply_motion(asm.sight_frames[f], px, py)
            passed = None if ux == marks.x0 and uy == marks.y0 \
                else crossings(asm, marks.a, ux, uy, target, target_edge, blocked, 0, f)
            if passed is None:
                stops[k] = NO_ROUTE
                continue
            if passed[3]:  # clear to its end
                items = 0
                for j in range(4, len(passed), 2):
                    items |= 1 << (passed[j] | passed[j + 1] << 8)
                marks.open[t] = items << _FRAME_BITS | f
                return True
            i: i64 = len(passed) - 2  # stopped: by one of the last items passed (a corner lists ten)
            while not blocked[passed[i] | passed[i + 1] << 8]:
                i -= 2
            _marked(stops, k, passed[i] | passed[i + 1] << 8)
    return False


def square_marks(asm: Assembly, a: int) -> Marks:
    """The marks of a's sight lines to the centres of squares (for `sees_square_by`)."""
    return _marks(_SQUARES, asm, a, asm.n_squares)


def line_marks(asm: Assembly, a: int) -> Marks:
    """The marks of a's sight lines to the midpoints of lines (for `sees_midpoint_by`)."""
    return _marks(_EDGES, asm, a, asm.n_edges)


def sees_square_by(asm: Assembly, marks: Marks, b: int, blocked: bytes, bits: int) -> bool:
    """Line of sight from the square whose marks these are to the centre of b, on the map
    `blocked` (the same as `bits`)."""
    if marks.a == b:
        return True
    return _sees(asm, marks, b, 2 * asm.sq_x[b] + 1, 2 * asm.sq_y[b] + 1, b, -1, blocked, bits)


def sees_midpoint_by(asm: Assembly, marks: Marks, e: int, blocked: bytes, bits: int) -> bool:
    """Line of sight from the square whose marks these are to the midpoint of line e."""
    if not asm.is_edge(e):
        return False
    mx, my = asm.edge_midpoint(e)
    return _sees(asm, marks, e, mx, my, -1, e, blocked, bits)


# -- sight through one barrier (a Visionstone) --------------------------------------------------
# Its routes are kept per pair, each walked as far as its second barrier, as `crossings`
# lists them, group by group (the barriers a group counts for, how many items, the items),
# so that a corner counts two. The routes of one pair are one bytes object, each route a
# header (how many numbers its groups hold, in two bytes, its unfolding, 1 if it is known
# to its end) and then its groups' numbers in two bytes each, low byte first. On a later map a
# route known to meet two barriers is kept while it still does, and walked again (from
# the start, as far as its second barrier now) when it does not.
Routes = bytes
BLOCKED: Final = 0  # what `_through` says: every route meets two barriers,
CLEAR: Final = 1    # one route, known to its end, meets one at most,
FURTHER: Final = 2  # or a route's known part meets one at most: it must be walked further
_THROUGH: dict[str, list[Routes | None]] = {}


def _table(tables: dict[str, list[Routes | None]], asm: Assembly, size: int) -> list[Routes | None]:
    table = tables.get(asm.name)
    if table is None:
        table = tables[asm.name] = [None] * (asm.n_squares * size)
    return table


def _counted_walk(asm: Assembly, a: int, f: int, b: int, blocked: bytes) -> bytes:
    ux, uy = apply_motion(asm.sight_frames[f], 2 * asm.sq_x[b] + 1, 2 * asm.sq_y[b] + 1)
    if ux == 2 * asm.sq_x[a] + 1 and uy == 2 * asm.sq_y[a] + 1:
        return b""
    passed = crossings(asm, a, ux, uy, b, -1, blocked, 1)
    if passed is None:
        return b""
    out = [len(passed) & 255, len(passed) >> 8, f, 0]
    for item in passed:
        out.append(item & 255)
        out.append(item >> 8)
    groups = bytes(out)
    if _barriers(groups, 4, len(groups), blocked) <= 1:
        groups = groups[:3] + b"\x01" + groups[4:]
    return groups


def _barriers(groups: bytes, start: int, end: int, blocked: bytes) -> int:
    """The barriers the groups between byte offsets `start` and `end` meet on the map."""
    met = 0
    i: i64 = start
    while i < end:
        group_end: i64 = i + 4 + 2 * (i64(groups[i + 2]) | i64(groups[i + 3]) << 8)
        j: i64 = i + 4
        while j < group_end:
            if blocked[i64(groups[j]) | i64(groups[j + 1]) << 8]:
                met += groups[i] | groups[i + 1] << 8
                break
            j += 2
        i = group_end
    return met


def _through(routes: Routes, blocked: bytes) -> int:
    """What counted routes say on the map: CLEAR if one known to its end meets one barrier at
    most, FURTHER if a known part does, else BLOCKED."""
    i = 0
    said = BLOCKED
    while i < len(routes):
        end = i + 4 + 2 * (routes[i] | routes[i + 1] << 8)
        if _barriers(routes, i + 4, end, blocked) <= 1:
            if routes[i + 3]:
                return CLEAR
            said = FURTHER
        i = end
    return said


def _counted_walked(asm: Assembly, a: int, b: int, blocked: bytes, known: Routes | None) -> Routes:
    """`_walked` for counted routes."""
    parts: list[bytes] = []
    if known is None:
        for f in _frame_order(asm):
            parts.append(_counted_walk(asm, a, f, b, blocked))
        return b"".join(parts)
    i = 0
    while i < len(known):
        end = i + 4 + 2 * (known[i] | known[i + 1] << 8)
        if _barriers(known, i + 4, end, blocked) > 1:
            parts.append(known[i:end])
        else:
            parts.append(_counted_walk(asm, a, known[i + 2], b, blocked))
        i = end
    return b"".join(parts)


def sees_through_one(asm: Assembly, a: int, b: int, blocked: bytes) -> bool:
    """Whether some route from the centre of a to the centre of b meets at most one
    barrier on the map `blocked`: `sight_barriers(...) <= 1` (symmetric, kept once as
    `sees_square` keeps a pair)."""
    if a == b:
        return True
    if a > b:
        a, b = b, a
    table = _table(_THROUGH, asm, asm.n_squares)
    k = a * asm.n_squares + b
    routes = table[k]
    said = FURTHER if routes is None else _through(routes, blocked)
    if said == FURTHER:
        routes = table[k] = _counted_walked(asm, a, b, blocked, routes)
        said = _through(routes, blocked)
    return said == CLEAR
