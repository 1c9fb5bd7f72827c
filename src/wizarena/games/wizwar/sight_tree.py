"""Everything one square sees, in one pass: the sight lines from a square kept as a tree.

Whether a sight line is clear depends on the map, but which edges and squares it passes
depends on the assembly alone (sight.py, `crossings`). The sight lines from one square,
to every square centre and every line's midpoint over every unfolding, start alike: all
of them leave the square through one of its four sides or corners, and those that leave
together run together for a while. So they are kept as a tree: a node is one thing
passed (an edge, or a square as `n_edges + square`), its children what the lines through
it pass next, and a node lists the targets whose line ends there. A target is in sight
when some path from the root to a node that lists it passes nothing that blocks: one
walk down the tree, turning back at every blocked node, answers a whole row. In a
labyrinth the walk turns back within a few steps on nearly every branch, so a row of
several hundred targets costs a few dozen nodes, where asking target by target costs
every unfolding of every target.

The tree is grown as it is walked: a node first holds the lines that run through it,
unwalked past it, and they are walked on (a few barriers further each time) only when the
walk reaches that node clear. Branches no map has opened are never walked at all.
A target is numbered as a square (0 to n_squares - 1) or n_squares + an edge; a line is
numbered `unfolding * targets + target`, and the lines waiting at a node are kept packed,
three bytes each (a tree holds thousands of them, nearly all never walked on).
"""

from __future__ import annotations

from typing import Final, final

from .board import Assembly, apply_motion
from .sight import CORNER, JOINED, crossings
from .symmetry import Orbits, Symmetry, orbits

CHUNK: Final = 2  # barriers further a line is walked each time its end of the tree is reached clear
THING_BITS: Final = 12  # things (edges, then squares) are numbered below 1 << THING_BITS
THING_MASK: Final = (1 << THING_BITS) - 1
MARK_BITS: Final = 14  # a child is kept as its node << MARK_BITS | the thing it passes, with its marks
MARK_MASK: Final = (1 << MARK_BITS) - 1


@final
class RouteTree:
    """The sight lines from one square of one assembly, as far as they have been walked."""

    __slots__ = ("asm", "viewer", "targets", "kids", "ends", "pending", "depth", "all_blocked")

    def __init__(self, asm: Assembly, viewer: int) -> None:
        self.asm = asm
        self.viewer = viewer
        self.targets = asm.n_squares + asm.n_edges     # targets per unfolding
        if len(asm.sight_frames) * self.targets >= 1 << 24 or self.targets >= 1 << THING_BITS:
            raise ValueError(f"assembly {asm.name}: too many sight lines or targets to number")
        self.all_blocked = bytes([1]) * (asm.n_edges + asm.n_squares)  # makes `crossings` stop by count
        self.kids: list[list[int] | None] = [None]      # per node: its children, with what each passes
        self.ends: list[list[int] | None] = [None]      # per node: the targets whose line ends there
        self.pending: list[bytes | None] = [_packed(self._lines())]  # per node: lines to walk on from it
        self.depth: list[int] = [0]                     # per node: the things passed to reach it

    def _lines(self) -> list[int]:
        """Every sight line from the viewer: to each square's centre but his own, and to
        each line's midpoint, in every unfolding that does not fold the target onto him."""
        asm = self.asm
        a = self.viewer
        x0 = 2 * asm.sq_x[a] + 1
        y0 = 2 * asm.sq_y[a] + 1
        out: list[int] = []
        for f in range(len(asm.sight_frames)):
            frame = asm.sight_frames[f]
            for b in range(asm.n_squares):
                if b != a:
                    ux, uy = apply_motion(frame, 2 * asm.sq_x[b] + 1, 2 * asm.sq_y[b] + 1)
                    if ux != x0 or uy != y0:
                        out.append(f * self.targets + b)
            for e in range(asm.n_edges):
                if asm.is_edge(e):
                    out.append(f * self.targets + asm.n_squares + e)
        return out

    def _grow(self, node: int) -> None:
        """Walk the lines waiting at `node` a few barriers further and hang what they pass
        below it."""
        packed = self.pending[node]
        if packed is None:
            return
        self.pending[node] = None
        asm = self.asm
        a = self.viewer
        start = self.depth[node]
        n_squares = asm.n_squares
        waiting: dict[int, list[int]] = {}  # node -> the lines now waiting there
        for k in range(0, len(packed), 3):
            line = packed[k] | packed[k + 1] << 8 | packed[k + 2] << 16
            f = line // self.targets
            t = line - f * self.targets
            if t < n_squares:
                ux, uy = apply_motion(asm.sight_frames[f], 2 * asm.sq_x[t] + 1, 2 * asm.sq_y[t] + 1)
                passed = crossings(asm, a, ux, uy, t, -1, self.all_blocked, start + CHUNK, f)
            else:
                mx, my = asm.edge_midpoint(t - n_squares)
                ux, uy = apply_motion(asm.sight_frames[f], mx, my)
                passed = crossings(asm, a, ux, uy, -1, t - n_squares, self.all_blocked, start + CHUNK, f)
            if passed is None:  # no such line (it leaves the labyrinth, or ends elsewhere)
                continue
            at = node
            for k in range(4 + 2 * start, len(passed), 2):
                at = self._child(at, passed[k] | passed[k + 1] << 8)
            if passed[3]:  # walked to its end
                ends = self.ends[at]
                if ends is None:
                    self.ends[at] = [t]
                elif t not in ends:
                    ends.append(t)
            else:
                lines = waiting.get(at)
                if lines is None:
                    waiting[at] = [line]
                else:
                    lines.append(line)
        for at, lines in waiting.items():  # (a node deeper down may hold lines already)
            held = self.pending[at]
            self.pending[at] = _packed(lines) if held is None else held + _packed(lines)

    def _child(self, node: int, thing: int) -> int:
        """The child of `node` that passes `thing` (with its marks, sight.py's CORNER and
        JOINED), made if new."""
        kids = self.kids[node]
        if kids is None:
            kids = self.kids[node] = []
        for kid in kids:
            if kid & MARK_MASK == thing:
                return kid >> MARK_BITS
        kid = len(self.kids)
        self.kids.append(None)
        self.ends.append(None)
        self.pending.append(None)
        self.depth.append(self.depth[node] + 1)
        kids.append(kid << MARK_BITS | thing)
        return kid

    def fill(self, blocked: bytes, squares: bytearray, edges: bytearray, seen_as: Symmetry,
             looked: bytearray | None = None) -> None:
        """Mark 1 in `squares` (per square) and `edges` (per line, its midpoint) what the
        viewer seen through `seen_as` (symmetry.py) sees on the map `blocked`
        (sight.blocking): the tree's things and targets are read through its images.
        The viewer's own square is marked too. `looked`, per thing, gets a 1 for every
        thing the walk asked `blocked` about: the answer holds on any map where those are
        as they were (sight_memo.py carries rows over so)."""
        squares[seen_as.targets[self.viewer]] = 1
        if looked is None:
            looked = bytearray(len(blocked))
        self._visit(0, blocked, squares, edges, seen_as.things, seen_as.targets, looked)

    def _visit(self, node: int, blocked: bytes, squares: bytearray, edges: bytearray,
               things: list[int], targets: list[int], looked: bytearray) -> None:
        """`fill` below a node reached clear (recursion: the compiled engine calls itself
        with a plain int, where a stack of nodes would box each one). `_arrive`'s work is
        written out here: this is the hottest walk of the engine, and a call per node costs
        the two-player playouts several percent."""
        if self.pending[node] is not None:
            self._grow(node)
        ends = self.ends[node]
        if ends is not None:
            n_squares = self.asm.n_squares
            for t in ends:
                seen = targets[t]
                if seen < n_squares:
                    squares[seen] = 1
                else:
                    edges[seen - n_squares] = 1
        kids = self.kids[node]
        if kids is not None:
            for kid in kids:
                thing = things[kid & THING_MASK]
                looked[thing] = 1
                if not blocked[thing]:
                    self._visit(kid >> MARK_BITS, blocked, squares, edges, things, targets, looked)

    def _arrive(self, node: int, squares: bytearray, edges: bytearray, targets: list[int]) -> None:
        """A walk reached `node` clear: grow it if lines wait there, and mark the targets
        whose lines end there (squares in `squares`, lines in `edges`)."""
        if self.pending[node] is not None:
            self._grow(node)
        ends = self.ends[node]
        if ends is not None:
            n_squares = self.asm.n_squares
            for t in ends:
                seen = targets[t]
                if seen < n_squares:
                    squares[seen] = 1
                else:
                    edges[seen - n_squares] = 1

    def fill_past_one(self, blocked: bytes, squares: bytearray, seen_as: Symmetry) -> None:
        """Mark 1 in `squares` what the viewer sees past one barrier at most (a
        Visionstone's sight): one line (a link's two mouths are one line) or one filled
        square, never a corner met, which counts two. The viewer's own square is marked too."""
        squares[seen_as.targets[self.viewer]] = 1
        edges = bytearray(self.asm.n_edges)  # lines are not asked past a barrier: marked, not read
        self._visit_past(0, False, False, blocked, squares, edges, seen_as.things, seen_as.targets)

    def _visit_past(self, node: int, spent: bool, counted_here: bool, blocked: bytes, squares: bytearray,
                    edges: bytearray, things: list[int], targets: list[int]) -> None:
        """`fill_past_one` below a node reached with its one barrier `spent` or not;
        `counted_here`: the thing this node passes was that barrier."""
        self._arrive(node, squares, edges, targets)
        kids = self.kids[node]
        if kids is not None:
            for kid in kids:
                if not blocked[things[kid & THING_MASK]]:
                    self._visit_past(kid >> MARK_BITS, spent, False, blocked, squares, edges, things, targets)
                elif kid & CORNER:
                    continue
                elif kid & JOINED and counted_here:  # the far mouth of the line just counted
                    self._visit_past(kid >> MARK_BITS, spent, True, blocked, squares, edges, things, targets)
                elif not spent:
                    self._visit_past(kid >> MARK_BITS, True, True, blocked, squares, edges, things, targets)


def _packed(lines: list[int]) -> bytes:
    """Line numbers three bytes each, low byte first."""
    out = bytearray(3 * len(lines))
    for k in range(len(lines)):
        line = lines[k]
        out[3 * k] = line & 255
        out[3 * k + 1] = line >> 8 & 255
        out[3 * k + 2] = line >> 16
    return bytes(out)


_TREES: dict[str, tuple[Orbits, list[RouteTree | None]]] = {}


def tree(asm: Assembly, viewer: int) -> tuple[RouteTree, Symmetry]:
    """The route tree that answers for `viewer` on `asm` and the symmetry to read it
    through: the tree of the first square of the viewer's family (symmetry.py), kept for
    the process (the assembly's name names its geometry)."""
    known = _TREES.get(asm.name)
    if known is None:
        known = _TREES[asm.name] = (orbits(asm), [None] * asm.n_squares)
    family, trees = known
    source = family.source[viewer]
    found = trees[source]
    if found is None:
        found = trees[source] = RouteTree(asm, source)
    return found, family.symmetry[viewer]
