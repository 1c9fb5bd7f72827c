"""The rigid symmetries of an assembly: turns and mirrorings of the labyrinth's outline
that carry its squares, lines, wraps and warps onto themselves.

Sight depends on the printed walls, but which lines a sight line crosses depends on the
geometry alone (sight.py), and the geometry of the four-player labyrinth looks the same
from four corners (eight, mirrored): a square's sight lines, turned a quarter about the
centre, are the sight lines of the square it turns onto. So the route trees of
sight_tree.py are grown for one square of each such family and read through the symmetry
for the others, a quarter to an eighth of the growing.

A symmetry is accepted only when it carries every piece of geometry a sight line reads
onto its image: square centres, line midpoints, each square's sides and where a step
through them leads (across wraps and warps too), and the set of unfoldings a line is
followed through. An assembly with no symmetry (three players, crossed exits) has the
identity alone.
"""

from __future__ import annotations

from typing import Final, final

from .board import DX, DY, Assembly, apply_motion

# The linear parts of the eight symmetries of a square, (a, b, c, d): (x, y) goes to
# (a x + b y, c x + d y). The identity first: a square's own tree comes before any image.
_LINEAR: Final = ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
                  (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0))


@final
class Symmetry:
    """One symmetry of an assembly, as the images of what sight lines pass and reach."""

    __slots__ = ("things", "targets")

    def __init__(self, things: list[int], targets: list[int]) -> None:
        self.things = things      # per thing (an edge, or n_edges + a square): its image
        self.targets = targets    # per target (a square, or n_squares + an edge): its image


@final
class Orbits:
    """Per square: the square whose tree answers for it and the symmetry carrying that
    square onto it."""

    __slots__ = ("source", "symmetry")

    def __init__(self, source: list[int], symmetry: list[Symmetry]) -> None:
        self.source = source
        self.symmetry = symmetry


def symmetries(asm: Assembly) -> list[Symmetry]:
    """Every symmetry of `asm`'s geometry, the identity first."""
    found: list[Symmetry] = []
    for a, b, c, d in _LINEAR:
        sym = _checked(asm, a, b, c, d)
        if sym is not None:
            found.append(sym)
    return found


def orbits(asm: Assembly) -> Orbits:
    """For each square, the smallest square a symmetry carries onto it, and that symmetry."""
    syms = symmetries(asm)
    source: list[int] = []
    chosen: list[Symmetry] = []
    for square in range(asm.n_squares):
        best = square
        best_sym = syms[0]
        for sym in syms:
            for other in range(best):  # the symmetries form a group: some other maps onto square
                if sym.targets[other] == square:
                    best, best_sym = other, sym
                    break
        source.append(best)
        chosen.append(best_sym)
    return Orbits(source, chosen)


def _checked(asm: Assembly, a: int, b: int, c: int, d: int) -> Symmetry | None:
    """The symmetry with linear part (a, b, c, d), shifted to keep the outline in place,
    if it carries the geometry onto itself; else None."""
    w2, h2 = 2 * asm.width, 2 * asm.height
    xs = (0, a * w2, b * h2, a * w2 + b * h2)
    ys = (0, c * w2, d * h2, c * w2 + d * h2)
    tx, ty = -min(xs), -min(ys)
    if max(xs) + tx != w2 or max(ys) + ty != h2:
        return None  # a quarter turn of an oblong outline

    def image(x: int, y: int) -> tuple[int, int]:
        return a * x + b * y + tx, c * x + d * y + ty

    squares: list[int] = []
    for sq in range(asm.n_squares):
        x, y = image(*asm.centre(sq))
        onto = asm.at[(y // 2) * asm.width + x // 2]
        if onto < 0:
            return None
        squares.append(onto)
    midpoints = {asm.edge_midpoint(e): e for e in range(asm.n_edges)}
    edges: list[int] = []
    for e in range(asm.n_edges):
        onto = midpoints[image(*asm.edge_midpoint(e))]
        if asm.is_edge(onto) != asm.is_edge(e):
            return None
        edges.append(onto)
    heading = [(DX[h], DY[h]) for h in range(4)]
    turned = [heading.index((a * DX[h] + b * DY[h], c * DX[h] + d * DY[h])) for h in range(4)]
    mirrored = a * d - b * c < 0
    for sq in range(asm.n_squares):
        for h in range(4):
            i, j = sq * 4 + h, squares[sq] * 4 + turned[h]
            beyond = asm.step[i]
            if asm.side_edge[j] != edges[asm.side_edge[i]] or asm.far_edge[j] != edges[asm.far_edge[i]] \
                    or asm.step[j] != (-1 if beyond < 0 else squares[beyond]) \
                    or asm.turn[j] != (-asm.turn[i] if mirrored else asm.turn[i]) % 4:
                return None
    # The unfoldings: g f g^-1 must be one of them for every one f (a motion is known by
    # where it puts three points not on one line).
    probes = ((0, 0), (2, 0), (0, 2))
    frames = {tuple(apply_motion(f, x, y) for x, y in probes) for f in asm.sight_frames}
    undo = _LINEAR.index((d, -b, -c, a) if not mirrored else (a, b, c, d))  # the inverse's linear part

    def back(x: int, y: int) -> tuple[int, int]:
        ia, ib, ic, id_ = _LINEAR[undo]
        return ia * (x - tx) + ib * (y - ty), ic * (x - tx) + id_ * (y - ty)

    for f in asm.sight_frames:
        if tuple(image(*apply_motion(f, *back(x, y))) for x, y in probes) not in frames:
            return None
    things = edges + [asm.n_edges + onto for onto in squares]
    targets = squares + [asm.n_squares + onto for onto in edges]
    return Symmetry(things, targets)
