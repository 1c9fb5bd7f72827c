"""What changes on the Wiz-War labyrinth: sectors turned and moved, walls, doors, stone.

A `MapState` is lists of ints over the fixed `Assembly` (board.py), cheap to copy for
search. Per edge: what stands on the line (kind and flags, below) and its hit points; per
square: solid stone or a thornbush and the bush's hit points; per slot: which player's
sector lies there and how far it is turned. Wizards, monsters and objects are the game
engine's: where it matters (nothing may be created on an occupied square) it says so.

Every operation that can be refused has a `check_*` twin that returns the reason (a
sentence naming the problem) or "" when it is allowed; the operation itself returns the
same string and changes nothing when refused. Dice are the caller's: an operation that
needs one takes `roll`, a callable giving a d4 face minus one (0..3, as `Rng.below(4)`).

Rules: Wiz-War 6e sections 4 (movement, doors), 6 (walls 20, doors 15 hit points), 8 (map
changes, the 50/50 rule at a junction) and 10 (the die).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, final

from .board import CELLS, CORRIDOR, DIR_NAMES, HOME, TREASURE, Assembly, Face, rotate_cell

# What stands on an edge: the low three bits.
OPEN: Final = 0
WALL: Final = 1
DOOR: Final = 2
FIREWALL: Final = 3
ILLUSION: Final = 4
KIND_MASK: Final = 7
EDGE_KIND_NAMES: Final = ("open", "wall", "door", "firewall", "illusion wall")
# Flags.
CREATED: Final = 8        # made by a card, not printed
DESTROYED: Final = 16     # a printed wall or door that was destroyed (the line is open)
OPENED: Final = 32        # a door opened by a card, until someone passes (6e 8: re-locks)
HELD: Final = 64          # a door held open by the wizard who opened it
UNLOCKED: Final = 128     # Remove Lock: open for good
JAMMED: Final = 256       # Jam Lock: no key opens it
LET_GO: Final = 512       # its holder let go of it this turn: nothing opens it until the turn is over
PASSABLE_DOOR: Final = OPENED | HELD | UNLOCKED
TRANSIENT: Final = OPENED | HELD | LET_GO  # what a door's state holds for a turn or a hold, not for good

WALL_HP: Final = 20       # 6e 6: a wall has 20 hit points
DOOR_HP: Final = 15       # a door 15

# What fills a square.
STONE: Final = 1          # solid stone: blocks movement and sight
BUSH: Final = 2           # a thornbush: blocks sight; entering it ends the move
DUST: Final = 4           # a dust cloud (8e): blocks sight, not movement; cannot be attacked

Roll = Callable[[], int]

REBUILT: Final = -1      # in `touched`: sectors moved, every line and square may have changed

FIELDS: Final = ("asm", "faces", "slot_sector", "sector_face", "rot", "printed", "edges", "hp", "cells",
                 "cell_hp", "kinds", "own_doors", "doors_opened")


def fifty_fifty(roll: Roll) -> bool:
    """6e 10: a 50/50 check on the d4 — 1-2 low, 3-4 high. True for low, the outcome
    named first by whoever calls it (declared before the roll)."""
    face = roll()
    if not 0 <= face < 4:
        raise ValueError(f"a d4 roll is 0..3 (face minus one), not {face}")
    return face < 2


def random_direction(intended: int, roll: Roll) -> int:
    """6e 10: number the directions clockwise from the intended one (it is 1), then
    roll the d4: the face is the direction taken."""
    face = roll()
    if not 0 <= face < 4:
        raise ValueError(f"a d4 roll is 0..3 (face minus one), not {face}")
    return (intended + face) % 4


def full_hp(state: int) -> int:
    kind = state & KIND_MASK
    if kind == WALL:
        return WALL_HP
    if kind == DOOR:
        return DOOR_HP
    return 0


@final
class Memo:
    """The content `MapState.content_key` last hashed, as copies of its lists that nobody
    changes, and that hash."""

    __slots__ = ("edges", "hp", "cells", "cell_hp", "kinds", "extra", "slots", "rot", "faces", "key", "hashed")

    def __init__(self, edges: list[int], hp: list[int], cells: list[int], cell_hp: list[int], kinds: list[int],
                 extra: list[int], slots: list[int], rot: list[int], faces: list[int]) -> None:
        self.edges, self.hp, self.cells, self.cell_hp, self.kinds = edges, hp, cells, cell_hp, kinds
        self.extra, self.slots, self.rot, self.faces = extra, slots, rot, faces
        self.key = 0
        self.hashed = False   # `key` is worked out when first asked (content_key)


@final
class MapState:
    __slots__ = FIELDS + ("touched", "memo", "picture")  # the map's content, its log of changes for
                                                         # sight, the content as last hashed
                                                         # (content_key), the tensor's picture

    asm: Assembly
    faces: tuple[Face, ...]
    slot_sector: list[int]     # the sector (its owner's seat) lying in each slot
    sector_face: list[int]     # the printed face of each sector
    rot: list[int]             # quarter turns clockwise of the sector in each slot
    printed: list[int]         # per edge: what the boards as placed print there
    edges: list[int]           # per edge: what stands there now
    hp: list[int]              # per edge: hit points left (walls and doors)
    cells: list[int]           # per square: STONE / BUSH
    cell_hp: list[int]         # per square: a thornbush's hit points
    kinds: list[int]           # per square: corridor, home base or treasure mark as placed
    own_doors: bool            # the doors variant: a wizard opens his own sector's doors
    touched: list[int]         # lines and squares (n_edges + square) changed since the
                               # map's sight was worked out (sight_memo.py), or REBUILT
    doors_opened: bool         # a door was opened or let go of since the last end of a turn (doors.turn_over)
    memo: Memo | None          # what `content_key` last hashed (its own copies) and the hash
    picture: object            # the observation tensor's picture of the labyrinth (view.Picture)

    def __init__(self, asm: Assembly, faces: tuple[Face, ...], sector_face: list[int],
                 slot_sector: list[int] | None = None, own_doors: bool = False,
                 source: MapState | None = None, turns: list[int] | None = None) -> None:
        """The labyrinth as laid out: sector k shows face `sector_face[k]`, lies in the slot
        `slot_sector` names for it (slot k by default) turned `turns[slot]` quarter turns
        clockwise (none by default: 6e lays every sector facing north)."""
        self.asm = asm
        self.faces = faces
        if source is not None:   # copy(): the lists of another map, nothing recomputed
            self.sector_face = source.sector_face[:]
            self.slot_sector = source.slot_sector[:]
            self.rot = source.rot[:]
            self.own_doors = source.own_doors
            self.doors_opened = source.doors_opened
            self.printed = source.printed[:]
            self.kinds = source.kinds[:]
            self.edges = source.edges[:]
            self.hp = source.hp[:]
            self.cells = source.cells[:]
            self.cell_hp = source.cell_hp[:]
            self.touched = source.touched[:]
            self.memo = source.memo  # a snapshot nobody changes: shared, checked before use
            self.picture = source.picture  # the same
            return
        if len(sector_face) != asm.players:
            raise ValueError(f"{asm.players} sectors needed, {len(sector_face)} given")
        self.sector_face = list(sector_face)
        self.slot_sector = list(slot_sector) if slot_sector is not None else list(range(asm.players))
        if sorted(self.slot_sector) != list(range(asm.players)):
            raise ValueError(f"slots must hold each of the {asm.players} sectors once, not {self.slot_sector}")
        self.rot = list(turns) if turns is not None else [0] * asm.players
        if len(self.rot) != asm.players or not all(0 <= q < 4 for q in self.rot):
            raise ValueError(f"one quarter-turn count from 0 to 3 per slot is needed, not {self.rot}")
        self.own_doors = own_doors
        self.doors_opened = False
        self.printed = [OPEN] * asm.n_edges
        self.kinds = [CORRIDOR] * asm.n_squares
        self._print()
        self.edges = self.printed[:]
        self.hp = [full_hp(s) for s in self.edges]
        self.cells = [0] * asm.n_squares
        self.cell_hp = [0] * asm.n_squares
        self.touched = []
        self.memo = None
        self.picture = None

    def copy(self) -> MapState:
        """A copy for search: a few lists of ints."""
        return MapState(self.asm, self.faces, self.sector_face, None, self.own_doors, self)

    def _print(self) -> None:
        """What the boards print as they now lie: a junction shows a wall if either
        board prints one there, a door if either prints one."""
        asm = self.asm
        printed = [OPEN] * asm.n_edges
        for slot in range(asm.players):
            face = self.faces[self.sector_face[self.slot_sector[slot]]]
            q = self.rot[slot]
            for cell in range(CELLS):
                sq = slot * CELLS + rotate_cell(cell, q)
                self.kinds[sq] = face.kinds[cell]
                for d in range(4):
                    e = asm.side_edge[sq * 4 + (d + q) % 4]
                    if face.walls[cell] >> d & 1:
                        printed[e] = WALL
                    elif face.doors[cell] >> d & 1 and printed[e] != WALL:
                        printed[e] = DOOR
        self.printed = printed

    # -- reading the map -------------------------------------------------------------

    def content_key(self, extra: list[int]) -> int:
        """The labyrinth as it now is (where each sector lies and how it is turned, every
        line's state and hit points, every square's mark, fill and a thornbush's hit points), with
        `extra` (an edition's count per line and square: 8e's cracks), as one int, equal for
        equal content: the board's part of `information_key`.

        A search asks for it at every step, and the labyrinth seldom changes between two
        asks, so the last key is kept with copies of the lists it was worked out from.
        Comparing lists costs about a tenth of hashing them, and nothing has to report a
        change to the memo: the lists are compared, never trusted. A copy of the map shares
        the memo, whose lists nobody changes."""
        memo = self.remembered(extra)
        if not memo.hashed:
            memo.key = hash((tuple(memo.slots), tuple(memo.rot), tuple(memo.faces), tuple(memo.edges),
                             tuple(memo.hp), tuple(memo.cells), tuple(memo.cell_hp), tuple(memo.kinds),
                             tuple(memo.extra)))
            memo.hashed = True
        return memo.key

    def remembered(self, extra: list[int]) -> Memo:
        """The memo of the labyrinth as it now is, with `extra` (see `content_key`): the
        last one if nothing has changed since, else a new one."""
        memo = self.memo
        if memo is not None and memo.edges == self.edges and memo.cells == self.cells and memo.hp == self.hp \
                and memo.cell_hp == self.cell_hp and memo.extra == extra and memo.kinds == self.kinds \
                and memo.slots == self.slot_sector and memo.rot == self.rot and memo.faces == self.sector_face:
            return memo
        memo = Memo(self.edges[:], self.hp[:], self.cells[:], self.cell_hp[:], self.kinds[:], extra[:],
                    self.slot_sector[:], self.rot[:], self.sector_face[:])
        self.memo = memo
        return memo


    def kind(self, edge: int) -> int:
        return self.edges[edge] & KIND_MASK

    def kind_beside(self, i: int, kind: int) -> int:
        """The line of `kind` on side `i` (`square * 4 + d`) of a square, on either line of a
        wrap or warp, -1 if none (two plain reads: the compiled engine boxes no tuple)."""
        e = self.asm.side_edge[i]
        if e >= 0 and self.edges[e] & KIND_MASK == kind:
            return e
        e = self.asm.far_edge[i]
        if e >= 0 and self.edges[e] & KIND_MASK == kind:
            return e
        return -1

    def sector_of(self, square: int) -> int:
        return self.slot_sector[square // CELLS]

    def home_base(self, sector: int) -> int:
        slot = self.slot_sector.index(sector)
        for sq in range(slot * CELLS, slot * CELLS + CELLS):
            if self.kinds[sq] == HOME:
                return sq
        raise ValueError(f"sector {sector} has no home base")

    def treasure_marks(self, sector: int) -> list[int]:
        slot = self.slot_sector.index(sector)
        return [sq for sq in range(slot * CELLS, slot * CELLS + CELLS) if self.kinds[sq] == TREASURE]

    def door_open(self, edge: int) -> bool:
        s = self.edges[edge]
        return s & KIND_MASK == DOOR and s & PASSABLE_DOOR != 0

    def blocks_walk(self, edge: int) -> bool:
        """Walls and closed doors stop a walker (6e 4). Firewalls and illusion walls do
        not stop the body: what crossing one does is the engine's (damage, belief)."""
        s = self.edges[edge]
        k = s & KIND_MASK
        return k == WALL or (k == DOOR and s & PASSABLE_DOOR == 0)

    def _set_edge(self, edge: int, state: int) -> None:
        """Every change of a line's state goes through here, so that sight, worked out
        for the map as it was, can be brought up to date by what changed (`touched`)."""
        self.edges[edge] = state
        self.touched.append(edge)

    def _set_cell(self, square: int, fill: int) -> None:
        """Every change of a square's fill, logged as `_set_edge` logs lines."""
        self.cells[square] = fill
        self.touched.append(self.asm.n_edges + square)

    def blocks_sight(self, edge: int) -> bool:
        """6e 8: walls, firewalls, illusion walls and doors block sight; an opened door
        does not."""
        s = self.edges[edge]
        k = s & KIND_MASK
        if k == OPEN:
            return False
        return k != DOOR or s & PASSABLE_DOOR == 0

    def barrier(self, edge: int) -> bool:
        """6e 6: nothing physical passes a wall, firewall or (closed) door; bushes are
        squares (see open_between)."""
        s = self.edges[edge]
        k = s & KIND_MASK
        return k == WALL or k == FIREWALL or (k == DOOR and s & PASSABLE_DOOR == 0)

    def step_to(self, square: int, d: int) -> int:
        """The square one walks into from `square` heading `d`, or -1 when a wall, a
        closed door or solid stone is in the way (through wraps and warps)."""
        asm = self.asm
        i = square * 4 + d
        t = asm.step[i]
        if t < 0 or self.blocks_walk(asm.side_edge[i]) or self.blocks_walk(asm.far_edge[i]):
            return -1
        if self.cells[t] & STONE:
            return -1
        return t

    def neighbours(self, square: int) -> list[int]:
        """The squares a wizard can walk into in one step."""
        out: list[int] = []
        for d in range(4):
            t = self.step_to(square, d)
            if t >= 0:
                out.append(t)
        return out

    def walk_distances(self, square: int, limit: int) -> list[int]:
        """Steps from `square` to every square by walking, -1 beyond `limit` or out of
        reach. Entering a thornbush ends the move, so a path never leaves one."""
        dist = [-1] * self.asm.n_squares
        dist[square] = 0
        frontier = [square]
        steps = 0
        while frontier and steps < limit:
            steps += 1
            nxt: list[int] = []
            for sq in frontier:
                if sq != square and self.cells[sq] & BUSH:
                    continue
                for d in range(4):
                    t = self.step_to(sq, d)
                    if t >= 0 and dist[t] < 0:
                        dist[t] = steps
                        nxt.append(t)
            frontier = nxt
        return dist

    def reachable(self, square: int, steps: int) -> list[int]:
        """The squares within `steps` steps of walking, `square` itself first."""
        dist = self.walk_distances(square, steps)
        return [square] + [sq for sq in range(self.asm.n_squares) if dist[sq] > 0]

    def path_distance(self, a: int, b: int) -> int:
        """Walking distance from a to b, -1 if b cannot be reached."""
        return self.walk_distances(a, self.asm.n_squares)[b]

    def open_between(self, a: int, b: int) -> bool:
        """Neighbouring squares with no wall, firewall or closed door between them: what
        an ADJACENT attack or a punch needs (6e 6)."""
        asm = self.asm
        for d in range(4):
            i = a * 4 + d
            if asm.step[i] == b:
                return not (self.barrier(asm.side_edge[i]) or self.barrier(asm.far_edge[i]))
        return False

    # -- validating what a caller names -------------------------------------------------

    def bad_square(self, square: object) -> str:
        if not isinstance(square, int) or isinstance(square, bool) or not 0 <= square < self.asm.n_squares:
            return f"no square {square!r} on this board (0..{self.asm.n_squares - 1})"
        return ""

    def bad_edge(self, edge: object) -> str:
        if not isinstance(edge, int) or isinstance(edge, bool) or not self.asm.is_edge(edge):
            return f"no line {edge!r} between squares on this board"
        return ""

    def bad_slot(self, slot: object) -> str:
        if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < self.asm.players:
            return f"no sector slot {slot!r} (0..{self.asm.players - 1})"
        return ""

    # -- creations (6e 8) ---------------------------------------------------------------

    def check_create_edge(self, edge: object) -> str:
        """A wall (or firewall, illusion wall, door) goes on an empty line between two
        squares: walls are never diagonal, and walls are exempt from the home base and
        occupied-square limits since they stand between squares (6e 8)."""
        bad = self.bad_edge(edge)
        if bad:
            return bad
        assert isinstance(edge, int)
        if self.may_create_edge(edge):
            return ""
        if self.edges[edge] & KIND_MASK != OPEN:
            return f"line {edge} already holds a {EDGE_KIND_NAMES[self.edges[edge] & KIND_MASK]}"
        return f"line {edge} is the outer edge of the labyrinth"

    def may_create_edge(self, edge: int) -> bool:
        """`check_create_edge` for a line id known to be one, as a yes or no (the legal
        lists ask it of every line)."""
        return self.edges[edge] & KIND_MASK == OPEN and self.asm.passage(edge)

    def create_edge(self, edge: object, kind: int) -> str:
        if kind not in (WALL, DOOR, FIREWALL, ILLUSION):
            raise ValueError(f"cannot create edge kind {kind}")
        why = self.check_create_edge(edge)
        if why:
            return why
        assert isinstance(edge, int)
        self._set_edge(edge, kind | CREATED)
        self.hp[edge] = full_hp(kind)
        return ""

    def create_wall(self, edge: object) -> str:
        return self.create_edge(edge, WALL)

    def may_fit_door(self, edge: int) -> bool:
        """Whether a door may be made on `edge` (8e Create Door): an empty line between two
        squares, or a printed stone wall on one."""
        return self.may_create_edge(edge) or self.edges[edge] == WALL and self.asm.passage(edge)

    def fit_door(self, edge: object) -> str:
        """A door made on an empty line or in a printed wall (8e Create Door)."""
        bad = self.bad_edge(edge)
        if bad:
            return bad
        assert isinstance(edge, int)
        if not self.may_fit_door(edge):
            return f"line {edge} is neither an empty line between two squares nor a printed wall"
        self._set_edge(edge, DOOR | CREATED)
        self.hp[edge] = DOOR_HP
        return ""

    def unfit_door(self, edge: object, wall: bool) -> str:
        """A made door is gone: the line is open again, or the wall it was cut into stands."""
        bad = self.bad_edge(edge)
        if bad:
            return bad
        assert isinstance(edge, int)
        if self.edges[edge] & (KIND_MASK | CREATED) != DOOR | CREATED:
            return f"line {edge} holds no door made by a card"
        self._set_edge(edge, WALL if wall else OPEN)
        self.hp[edge] = WALL_HP if wall else 0
        return ""

    def may_fill(self, square: int) -> bool:
        """`check_create_in_square` for a square known to be one and known to be empty of
        wizards and things, as a yes or no (the legal lists ask it of every square)."""
        return self.kinds[square] != HOME and not self.cells[square]

    def check_create_in_square(self, square: object, occupied: bool) -> str:
        """Solid stone or a thornbush: never on a home base, never on an occupied square
        (6e 8); the engine says whether someone or something is there."""
        bad = self.bad_square(square)
        if bad:
            return bad
        assert isinstance(square, int)
        if self.kinds[square] == HOME:
            return f"square {square} is a home base: nothing may be created there"
        if occupied:
            return f"square {square} is occupied: nothing may be created there"
        if self.cells[square]:
            return f"square {square} is already filled"
        return ""

    def fill_stone(self, square: object, occupied: bool) -> str:
        why = self.check_create_in_square(square, occupied)
        if why:
            return why
        assert isinstance(square, int)
        self._set_cell(square, STONE)
        return ""

    def fill_dust(self, square: object, occupied: bool) -> str:
        """A dust cloud (8e): created as a thornbush is, never on a home base or an occupied
        square."""
        why = self.check_create_in_square(square, occupied)
        if why:
            return why
        assert isinstance(square, int)
        self._set_cell(square, DUST)
        return ""

    def plant_thornbush(self, square: object, occupied: bool, hit_points: int) -> str:
        why = self.check_create_in_square(square, occupied)
        if why:
            return why
        assert isinstance(square, int)
        self._set_cell(square, BUSH)
        self.cell_hp[square] = hit_points
        return ""

    def clear_square(self, square: object) -> str:
        """Remove solid stone or a thornbush (a dispelled or destroyed creation)."""
        bad = self.bad_square(square)
        if bad:
            return bad
        assert isinstance(square, int)
        if not self.cells[square]:
            return f"square {square} holds no stone or thornbush"
        self._set_cell(square, 0)
        self.cell_hp[square] = 0
        return ""

    # -- damage and destruction (6e 6, 8) -------------------------------------------------

    def check_damage_edge(self, edge: object) -> str:
        bad = self.bad_edge(edge)
        if bad:
            return bad
        assert isinstance(edge, int)
        if self.edges[edge] & KIND_MASK not in (WALL, DOOR):
            return f"line {edge} holds no wall or door to attack"
        return ""

    def may_attack_edge(self, edge: int) -> bool:
        """`check_damage_edge` for a line id known to be one, as a yes or no (the legal
        lists ask it): a wall or door, which an attack or Destroy Wall may hit (6e 6)."""
        return self.edges[edge] & KIND_MASK in (WALL, DOOR)

    def damage_edge(self, edge: object, amount: int) -> str:
        """Hit a wall or door; at 0 hit points it is destroyed."""
        why = self.check_damage_edge(edge)
        if why:
            return why
        assert isinstance(edge, int)
        if amount < 0:
            return f"damage cannot be negative ({amount})"
        self.hp[edge] = max(0, self.hp[edge] - amount)
        if self.hp[edge] == 0:
            self._destroy(edge)
        return ""

    def destroy_edge(self, edge: object) -> str:
        """Destroy a wall or door outright (Destroy Wall)."""
        why = self.check_damage_edge(edge)
        if why:
            return why
        assert isinstance(edge, int)
        self._destroy(edge)
        return ""

    def _destroy(self, edge: int) -> None:
        self._set_edge(edge, OPEN if self.edges[edge] & CREATED else OPEN | DESTROYED)
        self.hp[edge] = 0

    def remove_creation(self, edge: object) -> str:
        """Take away a created wall, firewall, illusion wall or door (Dispel Creation)."""
        bad = self.bad_edge(edge)
        if bad:
            return bad
        assert isinstance(edge, int)
        if not self.edges[edge] & CREATED:
            return f"line {edge} holds nothing created by a card"
        self._set_edge(edge, OPEN)
        self.hp[edge] = 0
        return ""

    def damage_square(self, square: object, amount: int) -> str:
        """Hit a thornbush (the only attackable square, 6e 6)."""
        bad = self.bad_square(square)
        if bad:
            return bad
        assert isinstance(square, int)
        if not self.cells[square] & BUSH:
            return f"square {square} holds no thornbush to attack"
        if amount < 0:
            return f"damage cannot be negative ({amount})"
        self.cell_hp[square] = max(0, self.cell_hp[square] - amount)
        if self.cell_hp[square] == 0:
            self._set_cell(square, 0)
        return ""

    # -- doors (6e 8) --------------------------------------------------------------------

    def _door(self, edge: object) -> str:
        bad = self.bad_edge(edge)
        if bad:
            return bad
        assert isinstance(edge, int)
        if self.edges[edge] & KIND_MASK != DOOR:
            return f"line {edge} is not a door"
        return ""

    def check_open_door(self, edge: object) -> str:
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        s = self.edges[edge]
        if s & JAMMED:
            return f"the door on line {edge} is jammed: no key opens it"
        if s & PASSABLE_DOOR:
            return f"the door on line {edge} is already open"
        if s & LET_GO:
            return f"the door on line {edge} was let go of this turn: it stays locked until the turn is over"
        return ""

    def open_door(self, edge: object) -> str:
        """Doors are locked at all times; a card opens one (Pick Lock, Master Key)."""
        why = self.check_open_door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        self._set_edge(edge, self.edges[edge] | OPENED)
        self.doors_opened = True
        return ""

    def may_open_without_key(self, edge: object, sector: int) -> bool:
        """The doors variant: a wizard opens the doors of his own sector without a key."""
        return self.own_doors and self.door_of(edge, sector)

    def door_of(self, edge: object, sector: int) -> bool:
        """Whether `edge` is a door on `sector`'s board (a door on a junction belongs to
        both sectors)."""
        if self._door(edge):
            return False
        assert isinstance(edge, int)
        for sq in self.asm.edge_squares(edge):
            if sq >= 0 and self.sector_of(sq) == sector:
                return True
        return False

    def hold_door(self, edge: object) -> str:
        """The opener states he holds the door: others may follow until he lets go."""
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        if not self.edges[edge] & OPENED:
            return f"the door on line {edge} is not open to be held"
        self._set_edge(edge, self.edges[edge] | HELD)
        return ""

    def release_door(self, edge: object, let_go: bool = False) -> str:
        """A held door locks again. `let_go`: its holder let go of it, so it stays locked
        until the turn is over (`LET_GO`; doors.turn_over clears it)."""
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        if self.edges[edge] & HELD:
            self._set_edge(edge, self.edges[edge] & ~TRANSIENT | (LET_GO if let_go else 0))
            if let_go:
                self.doors_opened = True  # so that the turn's end looks at the doors
        return ""

    def reopenable(self, edge: int) -> None:
        """The turn in which the door was let go of is over: keys open it again."""
        self._set_edge(edge, self.edges[edge] & ~LET_GO)

    def pass_door(self, edge: object) -> str:
        """Someone went through: an opened door re-locks behind him unless it is held or
        its lock is gone."""
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        if not self.edges[edge] & HELD:
            self._set_edge(edge, self.edges[edge] & ~OPENED)
        return ""

    def remove_lock(self, edge: object) -> str:
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        self._set_edge(edge, (self.edges[edge] | UNLOCKED) & ~JAMMED)
        return ""

    def jam_lock(self, edge: object) -> str:
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        if self.edges[edge] & UNLOCKED:
            return f"the door on line {edge} has no lock left to jam"
        self._set_edge(edge, (self.edges[edge] | JAMMED) & ~TRANSIENT)
        return ""

    def unjam_lock(self, edge: object) -> str:
        """A jam or a seal is lifted: the door is an ordinary locked door again."""
        why = self._door(edge)
        if why:
            return why
        assert isinstance(edge, int)
        self._set_edge(edge, self.edges[edge] & ~JAMMED)
        return ""

    # -- moving sectors (6e 8) -------------------------------------------------------------

    def rotate_sector(self, slot: object, quarter_turns: int, roll: Roll, lines: list[int] | None = None) -> list[int]:
        """Turn the sector in `slot` clockwise by quarter turns (negative: anticlockwise).
        Returns where every square went (index old square, value new square) so the
        engine can carry wizards and objects along; `lines`, when given, is filled with
        where what stood on each line went (-1: it did not survive the move), so timers
        kept by line follow. Raises ValueError on a bad slot."""
        bad = self.bad_slot(slot)
        if bad:
            raise ValueError(bad)
        assert isinstance(slot, int)
        q = quarter_turns % 4
        if q == 0:
            raise ValueError(f"a rotation turns a sector by a quarter, a half or three quarters, not {quarter_turns}")
        dest = list(range(self.asm.n_squares))
        for cell in range(CELLS):
            dest[slot * CELLS + cell] = slot * CELLS + rotate_cell(cell, q)
        turns = [0] * self.asm.players
        turns[slot] = q
        moved = 1 << slot
        new_rot = self.rot[:]
        new_rot[slot] = (self.rot[slot] + q) % 4
        self._move(dest, turns, moved, self.slot_sector[:], new_rot, roll, lines)
        return dest

    def relocate_sector(self, slot_a: object, slot_b: object, roll: Roll,
                        lines: list[int] | None = None) -> list[int]:
        """Exchange the sectors in two slots (each keeps its own turn); returns and fills
        as `rotate_sector` does."""
        for s in (slot_a, slot_b):
            bad = self.bad_slot(s)
            if bad:
                raise ValueError(bad)
        assert isinstance(slot_a, int) and isinstance(slot_b, int)
        if slot_a == slot_b:
            raise ValueError("a sector is relocated to another slot")
        dest = list(range(self.asm.n_squares))
        for cell in range(CELLS):
            dest[slot_a * CELLS + cell] = slot_b * CELLS + cell
            dest[slot_b * CELLS + cell] = slot_a * CELLS + cell
        sectors = self.slot_sector[:]
        sectors[slot_a], sectors[slot_b] = sectors[slot_b], sectors[slot_a]
        new_rot = self.rot[:]
        new_rot[slot_a], new_rot[slot_b] = new_rot[slot_b], new_rot[slot_a]
        self._move(dest, [0] * self.asm.players, 1 << slot_a | 1 << slot_b, sectors, new_rot, roll, lines)
        return dest

    def _altered(self, edge: int) -> bool:
        s = self.edges[edge] & ~TRANSIENT
        return s != self.printed[edge] or self.hp[edge] != full_hp(s)

    def _move(self, dest: list[int], turns: list[int], moved: int, sectors: list[int], new_rot: list[int],
              roll: Roll, lines: list[int] | None) -> None:
        """Carry squares and lines along with moving sectors. A line inside a moving
        sector or on its outer edge goes with it. A line on a junction is two boards'
        edges: if something was done to it (a wall made or broken, a door changed), a
        50/50 roll says which sector keeps that change (6e 8), low for the moving one (or
        for the lower slot when both move); a change that stays wins over one that
        arrives on the same line. An untouched junction shows what the boards print."""
        asm = self.asm
        old_edges, old_hp = self.edges, self.hp
        old_cells, old_cell_hp = self.cells, self.cell_hp
        travel: list[tuple[int, int]] = []   # (from edge, to edge)
        stay: list[int] = []
        for e in range(asm.n_edges):
            slots = asm.edge_slots[e]
            if slots == 0:
                continue
            if slots & moved == 0:
                stay.append(e)
                continue
            altered = self._altered(e)
            if not asm.junction(e):
                if altered or not asm.junction(self._carried(e, dest, turns, slots)):
                    travel.append((e, self._carried(e, dest, turns, slots)))
                continue
            if not altered:
                continue
            movers = slots & moved
            keepers = slots & ~moved
            low = fifty_fifty(roll)
            if keepers == 0:
                first = movers & -movers
                travel.append((e, self._carried(e, dest, turns, first if low else movers & ~first)))
            elif low:
                travel.append((e, self._carried(e, dest, turns, movers)))
            else:
                stay.append(e)
        self.slot_sector = sectors
        self.rot = new_rot
        self._print()
        self.edges = self.printed[:]
        self.hp = [full_hp(s) for s in self.edges]
        for src, dst in travel:
            self.edges[dst] = old_edges[src]
            self.hp[dst] = old_hp[src]
        for e in stay:
            self.edges[e] = old_edges[e]
            self.hp[e] = old_hp[e]
        if lines is not None:
            lines[:] = [-1] * asm.n_edges
            landed: dict[int, int] = {}
            for src, dst in travel:
                lines[src] = dst
                landed[dst] = src
            for e in stay:
                if e in landed:  # a change that stays wins over one that arrives
                    lines[landed[e]] = -1
                lines[e] = e
        self.cells = [0] * asm.n_squares
        self.cell_hp = [0] * asm.n_squares
        for sq in range(asm.n_squares):
            self.cells[dest[sq]] = old_cells[sq]
            self.cell_hp[dest[sq]] = old_cell_hp[sq]
        self.touched.append(REBUILT)

    def _carried(self, edge: int, dest: list[int], turns: list[int], slots: int) -> int:
        """Where a line goes when the sector in one of `slots` (the lowest) carries it."""
        asm = self.asm
        for sq in asm.edge_squares(edge):
            if sq >= 0 and slots >> (sq // CELLS) & 1:
                for d in range(4):
                    if asm.side_edge[sq * 4 + d] == edge:
                        q = turns[sq // CELLS]
                        return asm.side_edge[dest[sq] * 4 + (d + q) % 4]
        raise ValueError(f"line {edge} is not on slots {slots:b}")

    def describe_edge(self, edge: int) -> str:
        s = self.edges[edge]
        words = [EDGE_KIND_NAMES[s & KIND_MASK]]
        for flag, word in ((CREATED, "created"), (DESTROYED, "destroyed"), (OPENED, "opened"), (HELD, "held"),
                           (UNLOCKED, "lock removed"), (JAMMED, "jammed"), (LET_GO, "let go of this turn")):
            if s & flag:
                words.append(word)
        return ", ".join(words)


def edge_name(asm: Assembly, edge: int) -> str:
    """A readable name: the square on one side and the side ("square 12 E")."""
    for sq in asm.edge_squares(edge):
        if sq >= 0:
            for d in range(4):
                if asm.side_edge[sq * 4 + d] == edge:
                    return f"square {sq} {DIR_NAMES[d]}"
    return f"line {edge}"


def deal_sectors(players: int, below: Callable[[int], int]) -> list[int]:
    """6e 1: one sector per player, chosen at random (face down) from the four colours:
    the colour index dealt to each seat, in seat order."""
    colours = [0, 1, 2, 3]
    out: list[int] = []
    for _ in range(players):
        i = below(len(colours))
        if not 0 <= i < len(colours):
            raise ValueError(f"a random choice among {len(colours)} is 0..{len(colours) - 1}, not {i}")
        out.append(colours.pop(i))
    return out


def new_map(asm: Assembly, faces: tuple[Face, ...], edition_faces: tuple[int, ...], below: Callable[[int], int],
            own_doors: bool = False) -> MapState:
    """The labyrinth at the start of a game: sectors dealt at random, seat k's sector in
    slot k, all facing north (6e 1)."""
    colours = deal_sectors(asm.players, below)
    return MapState(asm, faces, [edition_faces[c] for c in colours], None, own_doors)
