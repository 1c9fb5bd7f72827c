"""Line of sight on the Wiz-War labyrinth (6e 8), in exact integer arithmetic.

Sight is the straight segment from the centre of one square to the centre of another
(for Create Wall: to the midpoint of the line where the wall would stand). Points are in
doubled coordinates, so centres are odd, grid lines even and midpoints of lines mixed:

- the segment *crosses* a line where it meets a grid line strictly between two lattice
  points: it passes that edge, blocked if anything on the edge blocks sight (a wall,
  firewall, illusion wall or closed door; an opened door does not);
- it *meets a corner* where it passes exactly through a lattice point. The FAQ says a
  nicked corner is no sight and a corner counts as two walls: the corner blocks (and
  counts 2) if any of the four edges meeting there blocks sight, or a square touching it
  is filled with stone or a thornbush;
- it never runs along a grid line: from a centre (both coordinates odd) a segment to
  another centre or to a line's midpoint always has an odd coordinate where it starts
  and changes it only by crossing, so it leaves every grid line at once;
- a square with solid stone or a thornbush blocks sight through it (not at either end);
  to a line, the square the segment runs through last, on the near side of the line,
  blocks too (the line stands behind what fills it), the viewer's own aside; movable
  things (wizards, monsters, objects) never block.

Across a wrap or an AUTO WARP sight continues from the far mouth as if the labyrinth
were unfolded there ("count to the mouth, continue from the far end"): the segment is
drawn in the unfolded plane, to the point where the target lies after the link's rigid
motion. `Assembly.sight_frames` lists every such unfolding over at most SIGHT_DEPTH
crossings; a target is in sight if any one route is clear. Comparisons are cross
products of integers: no floating point, no ties left to rounding.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from .board import Assembly, E, N, S, W, apply_motion
from .mapstate import BUSH, DUST, STONE, MapState

NO_ROUTE: Final = -1
# Marks on a plain route's items (above the thing's own number, which is below 1 << 12):
CORNER: Final = 1 << 12  # one of the ten things of a corner met, which counts two barriers
JOINED: Final = 2 << 12  # a link's far mouth: one barrier with the mouth just before it


def crossings(asm: Assembly, a: int, ux: int, uy: int, target: int, target_edge: int,
              blocked: bytes | None = None, limit: int = 0, route: int = -1) -> list[int] | None:
    """Follow the segment from the centre of square `a` to the point (ux, uy) of the
    unfolded plane, and list what it passes, one group after another, each as the barriers
    it counts for, how many things follow, and the things any one of which makes it a
    barrier: 1, 2, the edge, its far mouth for a line crossed; 2, 10, the four sides'
    edges and mouths, the two side squares for a corner; 1, 1, the square for a square
    passed through (squares counted as n_edges + square). A flat list: cheap to build,
    as every sight line of a process is walked once. None if it
    leaves the labyrinth, runs through a fold's corner, or does not end on `target` (or,
    for an edge target, beside `target_edge`). The geometry alone: what blocks is the map's.
    Given the map's table of what blocks (`blocking`), the walk stops after the group that
    brings the barriers met past `limit`, and the list ends with it (whether the whole
    segment has a route is then not known).

    With `route` (an unfolding's number), the list is instead a plain route, byte by byte:
    its item count (two bytes, low first), `route`, 1 if it is known to its end, then the
    items, two bytes each, with no groups (a line crossed on the board as drawn is one
    item, at a link both mouths are, the far one marked JOINED; a corner's ten items are
    marked CORNER, so that barriers can still be counted). sight_tree.py grows its trees
    from these, walking a route a few groups at a time (`blocked` all ones, `limit` the
    groups wanted)."""
    base = asm.n_edges
    x0 = 2 * asm.sq_x[a] + 1
    y0 = 2 * asm.sq_y[a] + 1
    dx = ux - x0
    dy = uy - y0
    # The stepping arithmetic in native 64-bit ints (untagged in the compiled engine).
    adx: i64 = dx if dx >= 0 else -dx
    ady: i64 = dy if dy >= 0 else -dy
    hx = E if dx > 0 else W
    hy = S if dy > 0 else N
    ex: i64 = 1   # distance along x from the start to the next vertical grid line
    ey: i64 = 1
    sq = a
    rot = 0  # how far real headings are turned from unfolded ones (warps)
    plain = route >= 0
    passed: list[int] = [0, 0, route, 1] if plain else []
    count = 0  # items of a plain route
    met = 0  # barriers met, counted only when the walk may stop
    while True:
        x_next = adx > 0 and ex < adx
        y_next = ady > 0 and ey < ady
        if not x_next and not y_next:
            break
        if sq != a:
            item = base + sq
            if plain:
                passed.append(item & 255)
                passed.append(item >> 8)
                count += 1
            else:
                passed.append(1)
                passed.append(1)
                passed.append(item)
            if blocked is not None and blocked[item]:
                met += 1
                if met > limit:
                    return _counted(passed, count, plain, False)
        c: i64
        if x_next and y_next:
            c = ex * ady - ey * adx
        else:
            c = -1 if x_next else 1
        if c != 0:
            i = sq * 4 + ((hx if c < 0 else hy) + rot) % 4
            nsq = asm.step[i]
            if nsq < 0:
                return None
            side = asm.side_edge[i]
            far = asm.far_edge[i]
            if plain:
                passed.append(side & 255)
                passed.append(side >> 8)
                count += 1
                if far != side:  # a link's far mouth: the same line, marked as such
                    passed.append(far & 255)
                    passed.append(far >> 8 | JOINED >> 8)
                    count += 1
            else:
                passed.append(1)
                passed.append(2)
                passed.append(side)
                passed.append(far)
            if blocked is not None and (blocked[side] or blocked[far]):
                met += 1
                if met > limit:
                    return _counted(passed, count, plain, False)
            rot += asm.turn[i]
            sq = nsq
            if c < 0:
                ex += 2
            else:
                ey += 2
        else:
            # Exactly through a lattice point: the four edges and the two side squares
            # around it, both ways round; they must agree where they lead.
            i1 = sq * 4 + (hx + rot) % 4
            n1 = asm.step[i1]
            i2 = sq * 4 + (hy + rot) % 4
            n2 = asm.step[i2]
            if n1 < 0 or n2 < 0:
                return None
            r1 = rot + asm.turn[i1]
            r2 = rot + asm.turn[i2]
            j1 = n1 * 4 + (hy + r1) % 4
            j2 = n2 * 4 + (hx + r2) % 4
            d1 = asm.step[j1]
            d2 = asm.step[j2]
            r1 += asm.turn[j1]
            r2 += asm.turn[j2]
            if d1 < 0 or d1 != d2 or (r1 - r2) % 4 != 0:
                return None
            group = [asm.side_edge[i1], asm.far_edge[i1], asm.side_edge[i2], asm.far_edge[i2],
                     asm.side_edge[j1], asm.far_edge[j1], asm.side_edge[j2], asm.far_edge[j2], base + n1, base + n2]
            if plain:
                for item in group:
                    passed.append(item & 255)
                    passed.append(item >> 8 | CORNER >> 8)
                count += 10
            else:
                passed.append(2)
                passed.append(10)
                passed += group
            if blocked is not None and _stops(group, blocked):
                met += 2
                if met > limit:
                    return _counted(passed, count, plain, False)
            sq = d1
            rot = r1
            ex += 2
            ey += 2
    if target >= 0:
        return _counted(passed, count, plain, True) if sq == target else None
    # An edge target: the segment ends on the line beside the square it reached, having run
    # through that square (unless it is the viewer's own): stone or a bush there stands
    # before the line and hides it (docs ruling "sight to a line").
    h = hx if ux % 2 == 0 else hy
    i = sq * 4 + (h + rot) % 4
    if asm.side_edge[i] != target_edge and asm.far_edge[i] != target_edge:
        return None
    if sq != a:
        item = base + sq
        if plain:
            passed.append(item & 255)
            passed.append(item >> 8)
            count += 1
        else:
            passed.append(1)
            passed.append(1)
            passed.append(item)
        if blocked is not None and blocked[item]:
            met += 1
            if met > limit:
                return _counted(passed, count, plain, False)
    return _counted(passed, count, plain, True)


def _counted(passed: list[int], count: int, plain: bool, whole: bool) -> list[int]:
    """`crossings`' list as it ends: a plain route's head says its item count and whether
    it is known to its end."""
    if plain:
        passed[0] = count & 255
        passed[1] = count >> 8
        passed[3] = 1 if whole else 0
    return passed


def _stops(items: list[int], blocked: bytes) -> bool:
    """Whether any of a corner's items blocks."""
    for item in items:
        if blocked[item]:
            return True
    return False


def blocks(m: MapState, item: int) -> bool:
    """Whether one thing blocks sight on the map: an edge (`MapState.blocks_sight`), or a
    square (as n_edges + square) filled with stone, a thornbush or dust (8e)."""
    base = m.asm.n_edges
    if item < base:
        return m.blocks_sight(item)
    return m.cells[item - base] & (STONE | BUSH | DUST) != 0


def trace(m: MapState, a: int, ux: int, uy: int, target: int, target_edge: int, limit: int) -> int:
    """How many sight barriers the segment from the centre of `a` to (ux, uy) of the
    unfolded plane meets on this map (a corner counts two), or NO_ROUTE if it has no
    route (see `crossings`) or meets more than `limit`."""
    passed = crossings(m.asm, a, ux, uy, target, target_edge)
    if passed is None:
        return NO_ROUTE
    count = 0
    g = 0
    while g < len(passed):
        weight, n = passed[g], passed[g + 1]
        for k in range(g + 2, g + 2 + n):
            if blocks(m, passed[k]):
                count += weight
                break
        if count > limit:
            return NO_ROUTE
        g += 2 + n
    return count


def sight_barriers(m: MapState, a: int, b: int, limit: int = 8) -> int:
    """The fewest sight barriers between the centres of squares a and b over every
    straight route (through wraps and warps), or NO_ROUTE if none has `limit` or fewer.
    0 is line of sight; a card that sees through walls asks for more."""
    if a == b:
        return 0
    asm = m.asm
    bx = 2 * asm.sq_x[b] + 1
    by = 2 * asm.sq_y[b] + 1
    x0 = 2 * asm.sq_x[a] + 1
    y0 = 2 * asm.sq_y[a] + 1
    best = NO_ROUTE
    for f in asm.sight_frames:
        ux, uy = apply_motion(f, bx, by)
        if ux == x0 and uy == y0:
            continue
        n = trace(m, a, ux, uy, b, -1, limit if best < 0 else best - 1)
        if n >= 0 and (best < 0 or n < best):
            best = n
            if best == 0:
                return 0
    return best


def line_of_sight(m: MapState, a: int, b: int) -> bool:
    """6e 8: whether b is in a's line of sight (symmetric)."""
    if a == b:
        return True
    asm = m.asm
    bx = 2 * asm.sq_x[b] + 1
    by = 2 * asm.sq_y[b] + 1
    x0 = 2 * asm.sq_x[a] + 1
    y0 = 2 * asm.sq_y[a] + 1
    for f in asm.sight_frames:
        ux, uy = apply_motion(f, bx, by)
        if (ux != x0 or uy != y0) and trace(m, a, ux, uy, b, -1, 0) == 0:
            return True
    return False


def sight_to_edge(m: MapState, a: int, edge: int) -> bool:
    """Line of sight from the centre of square a to the midpoint of a line, the point
    Create Wall names ("the centre of the wall to be created")."""
    asm = m.asm
    mx, my = asm.edge_midpoint(edge)
    for f in asm.sight_frames:
        ux, uy = apply_motion(f, mx, my)
        if trace(m, a, ux, uy, -1, edge, 0) == 0:
            return True
    return False


def visible_squares(m: MapState, a: int) -> list[int]:
    """Every square in a's line of sight, a itself included."""
    return [b for b in range(m.asm.n_squares) if line_of_sight(m, a, b)]




def blocking(m: MapState) -> bytes:
    """What blocks sight on the map as it is, indexed as the routes are: 1 for every edge
    that blocks sight and every square filled with stone or a thornbush (`blocks`)."""
    return bytes([1 if blocks(m, thing) else 0 for thing in range(m.asm.n_edges + m.asm.n_squares)])
