"""Line of sight as the turn asks it, remembered: which squares and which lines each
square sees, a whole row at once (sight_tree.py walks the square's route tree against what
blocks sight on the map now), kept until the labyrinth changes (a wall made or broken, a
door opened or locked again). A legal-move list asks the same question many times a turn.

The rows are shared by every state whose labyrinth is the same, in a table keyed by the
whole map (sight_memo.py).
"""

from __future__ import annotations

from .labyrinth_state import LabyrinthState
from .sight_memo import Sight, rows_after, rows_for
from .sight_tree import tree

__all__ = ["Sight", "rows_for"]  # the memo itself lives in sight_memo.py


def row(s: LabyrinthState, a: int) -> bytes:
    """Per square b: 1 where a sees b (6e 8; symmetric), for the map as it is now."""
    seen = s.sight.rows[a]
    if seen is None:
        seen = _fill(s, a)
    return seen


def edge_row(s: LabyrinthState, a: int) -> bytes:
    """Per line: 1 where the centre of a sees its midpoint (where Create Wall aims)."""
    seen = s.sight.edge_rows[a]
    if seen is None:
        _fill(s, a)
        seen = s.sight.edge_rows[a]
        assert seen is not None
    return seen


def _fill(s: LabyrinthState, a: int) -> bytes:
    """Work out a's rows of squares and lines on the map as it is now; the squares'."""
    asm = s.map.asm
    squares = bytearray(asm.n_squares)
    edges = bytearray(asm.n_edges)
    looked = bytearray(len(s.sight.blocked))
    answers, seen_as = tree(asm, a)
    answers.fill(s.sight.blocked, squares, edges, seen_as, looked)
    seen = s.sight.rows[a] = bytes(squares)
    s.sight.edge_rows[a] = bytes(edges)
    s.sight.looks[a] = bytes(looked)
    return seen


def rows_past(s: LabyrinthState, a: int, filled: list[int]) -> tuple[bytes, bytes]:
    """a's rows of squares and of lines as `row` and `edge_row` give them, but with the
    squares `filled` blocking sight through them, as stone does (8e: a Big Man's square).
    Worked out afresh, not remembered: what stands where changes with every step."""
    asm = s.map.asm
    squares = bytearray(asm.n_squares)
    edges = bytearray(asm.n_edges)
    answers, seen_as = tree(asm, a)
    answers.fill(_filling(s, filled), squares, edges, seen_as)
    return bytes(squares), bytes(edges)


def through_row(s: LabyrinthState, a: int, filled: list[int] | None = None) -> bytes:
    """Per square b: 1 where a sees b past one sight barrier at most (a Visionstone: one
    wall section or closed door, never a corner, which counts two), with the squares
    `filled` blocking as stone does (`rows_past`): worked out afresh with them, and
    remembered for the map as it is without."""
    if not filled:
        seen = s.sight.through_rows[a]
        if seen is not None:
            return seen
    asm = s.map.asm
    squares = bytearray(asm.n_squares)
    answers, seen_as = tree(asm, a)
    answers.fill_past_one(_filling(s, filled) if filled else s.sight.blocked, squares, seen_as)
    if filled:
        return bytes(squares)
    seen = s.sight.through_rows[a] = bytes(squares)
    return seen


def _filling(s: LabyrinthState, filled: list[int]) -> bytes:
    """The map's table of what blocks sight, with the squares `filled` blocking too."""
    blocked = bytearray(s.sight.blocked)
    base = s.map.asm.n_edges
    for square in filled:
        blocked[base + square] = 1
    return bytes(blocked)


def sees(s: LabyrinthState, a: int, b: int) -> bool:
    """Whether a sees b (6e 8; symmetric), for the map as it is now."""
    return row(s, a)[b] == 1


def sees_through_one(s: LabyrinthState, a: int, b: int) -> bool:
    """Whether at most one sight barrier stands between a and b (`through_row`)."""
    return through_row(s, a)[b] == 1


def sees_edge(s: LabyrinthState, a: int, edge: int) -> bool:
    """Whether the centre of a sees the midpoint of a line (where Create Wall aims)."""
    return 0 <= edge < s.map.asm.n_edges and edge_row(s, a)[edge] == 1


def bent(s: LabyrinthState, a: int, b: int) -> bool:
    """Around the Corner: a sees b along two straight legs meeting at the centre of one
    square, each leg a clear line of sight (the corner square must be open: stone and
    thornbushes block sight through them)."""
    cells = s.map.cells
    for m in range(len(cells)):
        if not cells[m] and sees(s, a, m) and sees(s, b, m):
            return True
    return False


def changed(s: LabyrinthState) -> None:
    """The labyrinth changed: bring its sight up to date from the map's log of what changed
    (copies of the state that keep the old map keep the old sight)."""
    s.sight = rows_after(s.sight, s.map)
