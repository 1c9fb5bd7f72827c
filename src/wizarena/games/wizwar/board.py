"""The Wiz-War labyrinth's fixed layout: sector faces, squares, edges and assemblies.

Everything here is static: the printed faces of the eight sector boards (`data/boards-
thackeray.json`) and the geometry of each assembly (`data/assemblies.json`): where the
squares are, which line segment lies between two squares, and where an opening on the
outer edge leads (a wrap to the opposite edge, or an AUTO WARP). What changes during a
game (which sector lies where and how it is turned, walls made and broken, doors) is
`mapstate.py`; line of sight is `sight.py`.

Numbering, chosen so the engine only ever handles small ints:
- a square is `slot * 25 + row * 5 + col`, row 0 at the north of its slot;
- a direction is 0 N, 1 E, 2 S, 3 W (clockwise, so a quarter turn adds 1);
- an edge is one unit line segment of the assembly's bounding grid: horizontal edges
  first (`line_y * width + x`), then vertical ones (`h_count + y * (width + 1) + line_x`).
  An edge between two sectors (a junction) is one edge, not two.
- geometry for sight is in *doubled* coordinates: a square's centre is (2x+1, 2y+1), the
  grid lines are the even values, so every point the rules name is an integer.

Rules: Wiz-War 6e section 1 (one sector per player, assembled for the player count) and 4
(orthogonal movement, openings wrap, AUTO WARP = adjacency for movement, LOS and spells).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final, final

N: Final = 0
E: Final = 1
S: Final = 2
W: Final = 3
DIR_NAMES: Final = ("N", "E", "S", "W")
DX: Final = (0, 1, 0, -1)
DY: Final = (-1, 0, 1, 0)
SIDE: Final = 5          # squares along a sector's side
CELLS: Final = 25        # squares in a sector
MIDDLE: Final = 2        # the opening in the middle of every side of every face

CORRIDOR: Final = 0
HOME: Final = 1
TREASURE: Final = 2
KIND_NAMES: Final = ("corridor", "home", "treasure")

COLOURS: Final = ("blue", "red", "yellow", "green")
SIDES: Final = ("front", "back")
# The licence note of the data file names side A "new" and side B "classic", in the order
# front/back; the 6th edition plays the classic faces (docs/games/wizwar.md, The board).
EDITION_SIDE: Final = {"classic": 1, "new": 0}

# How many link crossings (wraps and warps) a sight line is followed through.
SIGHT_DEPTH: Final = 3


class BoardDataError(ValueError):
    """The board or assembly data is malformed; the message names the place."""


@final
class Face:
    """One printed side of a sector board, in its own orientation (row 0 north).

    `walls` and `doors` hold, per cell, a bit per direction (1 << N ...). Doors are
    recorded on both cells they separate."""

    __slots__ = ("index", "colour", "side", "kinds", "walls", "doors")

    def __init__(self, index: int, colour: str, side: str, kinds: tuple[int, ...], walls: tuple[int, ...],
                 doors: tuple[int, ...]) -> None:
        self.index = index
        self.colour = colour
        self.side = side
        self.kinds = kinds
        self.walls = walls
        self.doors = doors

    @property
    def name(self) -> str:
        return f"{self.colour}-{self.side}"


def rotate_cell(cell: int, quarter_turns: int) -> int:
    """Where cell `row*5+col` of a sector lies after turning the sector clockwise."""
    r = cell // SIDE
    c = cell % SIDE
    for _ in range(quarter_turns % 4):
        r, c = c, SIDE - 1 - r
    return r * SIDE + c


def _cell_at_side(side: int, k: int) -> int:
    """The k-th cell along a sector's side: columns west to east on N and S, rows north
    to south on E and W."""
    if side == N:
        return k
    if side == S:
        return (SIDE - 1) * SIDE + k
    if side == E:
        return k * SIDE + SIDE - 1
    return k * SIDE


def parse_faces(data: Any) -> tuple[tuple[Face, ...], tuple[str, ...]]:
    """The eight faces from the data file, and what was corrected while reading it.

    Checked: shape, kinds, one home base, walls the same on both sides of every shared
    line. Doors are recorded on one cell only in the data: they are mirrored. A door on
    a sector's outer side (all four are marked `locked: false`, all sit on a middle
    opening) is not a door of the labyrinth but the colour mark of an opening: dropped."""
    if not isinstance(data, dict) or not isinstance(data.get("faces"), dict):
        raise BoardDataError("board data: no 'faces' table")
    faces: list[Face] = []
    notes: list[str] = []
    for ci, colour in enumerate(COLOURS):
        sides = data["faces"].get(colour)
        if not isinstance(sides, dict):
            raise BoardDataError(f"board data: no faces for {colour}")
        for si, side in enumerate(SIDES):
            faces.append(_parse_face(ci * 2 + si, colour, side, sides.get(side), notes))
    return tuple(faces), tuple(notes)


def _parse_face(index: int, colour: str, side: str, grid: Any, notes: list[str]) -> Face:
    where = f"{colour}-{side}"
    if not isinstance(grid, list) or len(grid) != SIDE or any(not isinstance(r, list) or len(r) != SIDE
                                                              for r in grid):
        raise BoardDataError(f"{where}: not 5 rows of 5 squares")
    kinds: list[int] = []
    walls: list[int] = [0] * CELLS
    doors: list[int] = [0] * CELLS
    for r in range(SIDE):
        for c in range(SIDE):
            cell = grid[r][c]
            if not isinstance(cell, dict) or cell.get("kind") not in KIND_NAMES:
                raise BoardDataError(f"{where} row {r} col {c}: unknown kind")
            kinds.append(KIND_NAMES.index(cell["kind"]))
            for d in range(4):
                name = DIR_NAMES[d]
                wall = cell.get("walls", {}).get(name)
                if not isinstance(wall, bool):
                    raise BoardDataError(f"{where} row {r} col {c}: wall {name} is not true/false")
                if wall:
                    walls[r * SIDE + c] |= 1 << d
                door = cell.get("doors", {}).get(name)
                if door is None:
                    continue
                rr, cc = r + DY[d], c + DX[d]
                if not (0 <= rr < SIDE and 0 <= cc < SIDE):
                    notes.append(f"{where} row {r} col {c} {name}: door mark on the outer opening dropped")
                    continue
                if wall:
                    raise BoardDataError(f"{where} row {r} col {c}: a door and a wall on side {name}")
                doors[r * SIDE + c] |= 1 << d
                doors[rr * SIDE + cc] |= 1 << ((d + 2) % 4)
    for i in range(CELLS):
        r, c = i // SIDE, i % SIDE
        for d in (E, S):
            rr, cc = r + DY[d], c + DX[d]
            if rr < SIDE and cc < SIDE:
                j = rr * SIDE + cc
                if (walls[i] >> d & 1) != (walls[j] >> ((d + 2) % 4) & 1):
                    raise BoardDataError(f"{where} row {r} col {c}: wall {DIR_NAMES[d]} differs from its neighbour's")
    if kinds.count(HOME) != 1:
        raise BoardDataError(f"{where}: {kinds.count(HOME)} home bases, not 1")
    for d in range(4):
        cell = _cell_at_side(d, MIDDLE)
        if walls[cell] >> d & 1:
            raise BoardDataError(f"{where}: no opening in the middle of side {DIR_NAMES[d]}")
    return Face(index, colour, side, tuple(kinds), tuple(walls), tuple(doors))


_FACES: list[tuple[tuple[Face, ...], tuple[str, ...]]] = []


def faces() -> tuple[Face, ...]:
    """The eight printed faces, index colour * 2 + side (0 front "new", 1 back "classic")."""
    if not _FACES:
        text = resources.files(__package__).joinpath("data/boards-thackeray.json").read_text(encoding="utf-8")
        _FACES.append(parse_faces(json.loads(text)))
    return _FACES[0][0]


def data_notes() -> tuple[str, ...]:
    """What was corrected while reading the board data (see parse_faces)."""
    faces()
    return _FACES[0][1]


def edition_faces(edition: str) -> tuple[int, ...]:
    """The face index of each colour's sector in an edition ("classic" for 6e)."""
    if edition not in EDITION_SIDE:
        raise BoardDataError(f"unknown board edition {edition!r}: choose classic or new")
    side = EDITION_SIDE[edition]
    return tuple(ci * 2 + side for ci in range(len(COLOURS)))


# A rigid motion of the doubled-coordinate plane: turn `q` quarter turns clockwise about
# the origin, then shift by (tx, ty). With y pointing south, a clockwise quarter turn
# takes (x, y) to (-y, x).
def turn_point(q: int, x: int, y: int) -> tuple[int, int]:
    for _ in range(q % 4):
        x, y = -y, x
    return x, y


def compose(second: tuple[int, int, int], first: tuple[int, int, int]) -> tuple[int, int, int]:
    """The motion `second` after `first`."""
    x, y = turn_point(second[0], first[1], first[2])
    return ((first[0] + second[0]) % 4, x + second[1], y + second[2])


def invert(m: tuple[int, int, int]) -> tuple[int, int, int]:
    q = (4 - m[0]) % 4
    x, y = turn_point(q, -m[1], -m[2])
    return (q, x, y)


def apply_motion(m: tuple[int, int, int], x: int, y: int) -> tuple[int, int]:
    px, py = turn_point(m[0], x, y)
    return px + m[1], py + m[2]


@final
class Assembly:
    """The geometry of one assembly of sectors, computed once and kept as int tuples.

    Per square and direction (index `square * 4 + d`): `side_edge` the edge on that side,
    `step` the square beyond it (through a wrap or warp, -1 if none), `far_edge` the edge
    one arrives through (the same edge except across a link) and `turn` how many quarter
    turns clockwise a walker's heading turns there (non-zero only across some warps)."""

    __slots__ = ("name", "players", "slots", "width", "height", "n_squares", "n_edges", "h_edges", "sq_x",
                 "sq_y", "at", "side_edge", "step", "far_edge", "turn", "edge_a", "edge_b", "edge_slots",
                 "edge_link", "links", "sight_frames", "distances")

    name: str
    players: int
    slots: tuple[tuple[int, int], ...]
    width: int
    height: int
    n_squares: int
    n_edges: int
    h_edges: int
    sq_x: tuple[int, ...]
    sq_y: tuple[int, ...]
    at: tuple[int, ...]            # y * width + x -> square, -1 where no sector lies
    side_edge: tuple[int, ...]
    step: tuple[int, ...]
    far_edge: tuple[int, ...]
    turn: tuple[int, ...]
    edge_a: tuple[int, ...]        # the square north or west of an edge, -1 if none
    edge_b: tuple[int, ...]        # the square south or east of an edge, -1 if none
    edge_slots: tuple[int, ...]    # bit mask of the slots whose squares touch the edge
    edge_link: tuple[int, ...]     # the edge paired with an outer edge by a link, else -1
    links: tuple[tuple[int, int, int, int, str], ...]   # (slot, side, slot, side, kind)
    distances: list[list[int] | None]
    sight_frames: tuple[tuple[int, int, int], ...]      # motions taking a real point to
                                                        # where a sight line meets it

    def __init__(self, name: str, spec: Any) -> None:
        self.name = name
        if not isinstance(spec, dict):
            raise BoardDataError(f"assembly {name}: not a table")
        slots_raw = spec.get("slots")
        if not isinstance(slots_raw, list) or not slots_raw:
            raise BoardDataError(f"assembly {name}: no slots")
        slots: list[tuple[int, int]] = []
        for p in slots_raw:
            if not (isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and 0 <= v < 4 for v in p)):
                raise BoardDataError(f"assembly {name}: bad slot {p!r}")
            if (p[0], p[1]) in slots:
                raise BoardDataError(f"assembly {name}: slot {p!r} twice")
            slots.append((p[0], p[1]))
        self.slots = tuple(slots)
        players = spec.get("players")
        if not isinstance(players, int) or players != len(slots):
            raise BoardDataError(f"assembly {name}: players must equal the number of slots")
        self.players = players
        self.width = w = SIDE * (max(p[0] for p in slots) + 1)
        self.height = h = SIDE * (max(p[1] for p in slots) + 1)
        self.n_squares = n = CELLS * len(slots)
        self.h_edges = hcount = (h + 1) * w
        self.n_edges = hcount + h * (w + 1)
        at = [-1] * (w * h)
        xs: list[int] = []
        ys: list[int] = []
        for sq in range(n):
            slot, cell = divmod(sq, CELLS)
            x = slots[slot][0] * SIDE + cell % SIDE
            y = slots[slot][1] * SIDE + cell // SIDE
            xs.append(x)
            ys.append(y)
            at[y * w + x] = sq
        self.sq_x, self.sq_y, self.at = tuple(xs), tuple(ys), tuple(at)
        side_edge = [0] * (4 * n)
        step = [-1] * (4 * n)
        turn = [0] * (4 * n)
        edge_a = [-1] * self.n_edges
        edge_b = [-1] * self.n_edges
        edge_slots = [0] * self.n_edges
        for sq in range(n):
            x, y = xs[sq], ys[sq]
            ids = (y * w + x, hcount + y * (w + 1) + x + 1, (y + 1) * w + x, hcount + y * (w + 1) + x)
            for d in range(4):
                e = ids[d]
                side_edge[sq * 4 + d] = e
                edge_slots[e] |= 1 << (sq // CELLS)
                if d in (N, W):
                    edge_b[e] = sq
                else:
                    edge_a[e] = sq
                nx, ny = x + DX[d], y + DY[d]
                if 0 <= nx < w and 0 <= ny < h and at[ny * w + nx] >= 0:
                    step[sq * 4 + d] = at[ny * w + nx]
        far_edge = side_edge[:]
        edge_link = [-1] * self.n_edges
        links: list[tuple[int, int, int, int, str]] = []
        motions: list[tuple[int, int, int]] = []
        linked: set[tuple[int, int]] = set()
        for raw in spec.get("links", []):
            link = self._parse_link(raw, linked)
            links.append(link)
            for (sa, da, sb, db) in ((link[0], link[1], link[2], link[3]), (link[2], link[3], link[0], link[1])):
                m = self._link_motion(sa, da, sb, db)
                motions.append(m)
                for k in range(SIDE):
                    near = sa * CELLS + _cell_at_side(da, k)
                    vx, vy = 2 * xs[near] + 1 + 2 * DX[da], 2 * ys[near] + 1 + 2 * DY[da]
                    fx, fy = apply_motion(m, vx, vy)
                    if fx % 2 == 0 or fy % 2 == 0 or not (0 <= fx < 2 * w and 0 <= fy < 2 * h):
                        raise BoardDataError(f"assembly {name}: link {raw!r} does not land on squares")
                    far = at[(fy // 2) * w + fx // 2]
                    if far < 0 or far // CELLS != sb:
                        raise BoardDataError(f"assembly {name}: link {raw!r} does not land on slot {sb}")
                    step[near * 4 + da] = far
                    far_edge[near * 4 + da] = side_edge[far * 4 + db]
                    turn[near * 4 + da] = m[0]
                    edge_link[side_edge[near * 4 + da]] = side_edge[far * 4 + db]
        for slot in range(len(slots)):
            for d in range(4):
                sq = slot * CELLS + _cell_at_side(d, MIDDLE)
                if step[sq * 4 + d] < 0:
                    raise BoardDataError(f"assembly {name}: side {DIR_NAMES[d]} of slot {slot} leads nowhere")
        self.side_edge, self.step, self.far_edge, self.turn = tuple(side_edge), tuple(step), tuple(far_edge), \
            tuple(turn)
        self.edge_a, self.edge_b, self.edge_slots = tuple(edge_a), tuple(edge_b), tuple(edge_slots)
        self.edge_link = tuple(edge_link)
        self.links = tuple(links)
        self.sight_frames = _frames(motions)
        self.distances = [None] * self.n_squares  # grid_distances, worked out once each

    def _parse_link(self, raw: Any, linked: set[tuple[int, int]]) -> tuple[int, int, int, int, str]:
        where = f"assembly {self.name}: link {raw!r}"
        if not isinstance(raw, dict) or raw.get("kind") not in ("wrap", "warp"):
            raise BoardDataError(f"{where}: needs a, b and kind wrap or warp")
        ends: list[tuple[int, int]] = []
        for key in ("a", "b"):
            end = raw.get(key)
            if not (isinstance(end, list) and len(end) == 2 and isinstance(end[0], int)
                    and 0 <= end[0] < len(self.slots) and end[1] in DIR_NAMES):
                raise BoardDataError(f"{where}: bad end {key}")
            slot, d = end[0], DIR_NAMES.index(end[1])
            sq = slot * CELLS + _cell_at_side(d, MIDDLE)
            x, y = self.sq_x[sq] + DX[d], self.sq_y[sq] + DY[d]
            if 0 <= x < self.width and 0 <= y < self.height and self.at[y * self.width + x] >= 0:
                raise BoardDataError(f"{where}: side {end[1]} of slot {slot} is not on the outer edge")
            if (slot, d) in linked:
                raise BoardDataError(f"{where}: side {end[1]} of slot {slot} is linked twice")
            linked.add((slot, d))
            ends.append((slot, d))
        return (ends[0][0], ends[0][1], ends[1][0], ends[1][1], str(raw["kind"]))

    def _link_motion(self, sa: int, da: int, sb: int, db: int) -> tuple[int, int, int]:
        """The rigid motion that carries the square just beyond side `da` of slot `sa`
        (off the board) onto the square inside side `db` of slot `sb`, heading inwards:
        the middle opening onto the middle opening."""
        q = ((db + 2) % 4 - da) % 4
        near = sa * CELLS + _cell_at_side(da, MIDDLE)
        far = sb * CELLS + _cell_at_side(db, MIDDLE)
        vx, vy = 2 * self.sq_x[near] + 1 + 2 * DX[da], 2 * self.sq_y[near] + 1 + 2 * DY[da]
        rx, ry = turn_point(q, vx, vy)
        return (q, 2 * self.sq_x[far] + 1 - rx, 2 * self.sq_y[far] + 1 - ry)

    # -- questions about the fixed geometry --------------------------------------------

    def square(self, slot: int, row: int, col: int) -> int:
        return slot * CELLS + row * SIDE + col

    def centre(self, square: int) -> tuple[int, int]:
        """A square's centre in doubled coordinates."""
        return 2 * self.sq_x[square] + 1, 2 * self.sq_y[square] + 1

    def edge_midpoint(self, edge: int) -> tuple[int, int]:
        if edge < self.h_edges:
            return 2 * (edge % self.width) + 1, 2 * (edge // self.width)
        rest = edge - self.h_edges
        return 2 * (rest % (self.width + 1)), 2 * (rest // (self.width + 1)) + 1

    def is_edge(self, edge: int) -> bool:
        """A real line between squares (or at the outer edge), not one of the bounding
        grid's unused lines where no sector lies."""
        return 0 <= edge < self.n_edges and (self.edge_a[edge] >= 0 or self.edge_b[edge] >= 0)

    def passage(self, edge: int) -> bool:
        """A line one could cross: between two squares, or an outer line a wrap or warp
        pairs with another (nothing is built on an outer line that leads nowhere)."""
        return self.edge_a[edge] >= 0 and self.edge_b[edge] >= 0 or self.edge_link[edge] >= 0

    def edge_between(self, a: int, b: int) -> int:
        """The edge a step from a to b crosses, or -1 if they are not neighbours."""
        for d in range(4):
            if self.step[a * 4 + d] == b:
                return self.side_edge[a * 4 + d]
        return -1

    def adjacent(self, a: int, b: int) -> bool:
        """Orthogonal neighbours by the layout, through wraps and warps, walls or not."""
        for d in range(4):
            if self.step[a * 4 + d] == b:
                return True
        return False

    def grid_distances(self, square: int) -> list[int]:
        """Squares counted from `square` to every square, walls or not, through wraps and
        warps: a range counted to a mouth and on from the far end. Worked out once per
        square (the layout never changes); the caller only reads the list."""
        known = self.distances[square]
        if known is not None:
            return known
        dist = [-1] * self.n_squares
        dist[square] = 0
        frontier = [square]
        while frontier:
            nxt: list[int] = []
            for sq in frontier:
                for d in range(4):
                    t = self.step[sq * 4 + d]
                    if t >= 0 and dist[t] < 0:
                        dist[t] = dist[sq] + 1
                        nxt.append(t)
            frontier = nxt
        self.distances[square] = dist
        return dist

    def junction(self, edge: int) -> bool:
        """Whether an edge lies between two different sectors (slots)."""
        m = self.edge_slots[edge]
        return m & (m - 1) != 0

    def edge_squares(self, edge: int) -> tuple[int, int]:
        return self.edge_a[edge], self.edge_b[edge]


def _frames(motions: list[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Every distinct composition of at most SIGHT_DEPTH link crossings, inverted: a sight
    line that crossed those links reaches a real point p where the inverse puts it."""
    seen = {(0, 0, 0)}
    frontier = [(0, 0, 0)]
    for _ in range(SIGHT_DEPTH):
        nxt: list[tuple[int, int, int]] = []
        for f in frontier:
            for m in motions:
                g = compose(m, f)
                if g not in seen:
                    seen.add(g)
                    nxt.append(g)
        frontier = nxt
    return tuple(sorted(invert(f) for f in seen))


def load_assemblies(data: Any) -> dict[str, Assembly]:
    if not isinstance(data, dict) or not isinstance(data.get("assemblies"), dict):
        raise BoardDataError("assembly data: no 'assemblies' table")
    return {name: Assembly(name, spec) for name, spec in data["assemblies"].items()}


_ASSEMBLIES: dict[str, Assembly] = {}


CROSSED: Final = "2-crossed"  # the assembly of the two-player crossed-exits variant


def assembly(players: int, crossed: bool = False) -> Assembly:
    """The assembly for a player count (and the two-player crossed-exits variant)."""
    if not _ASSEMBLIES:
        text = resources.files(__package__).joinpath("data/assemblies.json").read_text(encoding="utf-8")
        _ASSEMBLIES.update(load_assemblies(json.loads(text)))
    if crossed and players != 2:
        raise BoardDataError("the crossed-exits variant is for two players")
    name = CROSSED if crossed else str(players)
    if name not in _ASSEMBLIES:
        raise BoardDataError(f"no assembly for {players} players: Wiz-War is for 2 to 4")
    return _ASSEMBLIES[name]


def assembly_names() -> tuple[str, ...]:
    assembly(2)
    return tuple(sorted(_ASSEMBLIES))


def named_assembly(name: str) -> Assembly:
    assembly(2)
    if name not in _ASSEMBLIES:
        raise BoardDataError(f"no assembly named {name!r}")
    return _ASSEMBLIES[name]
