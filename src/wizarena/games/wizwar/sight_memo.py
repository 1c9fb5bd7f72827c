"""The sight memo: what each square sees on one labyrinth as it now is, row by row as
asked, shared by every state whose labyrinth looks the same to sight (games dealt the
same sectors, a search's copies of one position). vision.py asks the questions and fills
the rows; the state holds the memo of its map. A labyrinth that changed what blocks sight
starts a new memo, which keeps the old memo's rows whose walk down the route tree
(sight_tree.py) never asked about what changed: a door opened in one corridor changes
nothing that a square out of sight of that door sees.

All that sight and the illusion walls depend on is, per line and square, whether it
blocks sight and whether it is an illusion wall. A change is brought in from the map's log
of what it touched (`MapState.touched`): only those lines and squares are looked at
again, and the table's key (a weighted sum over the map, so a change moves it by its own
terms) moves with them. Maps with the same key are told apart by comparing them whole.
"""

from __future__ import annotations

import random
from typing import Final, final

from .mapstate import ILLUSION, KIND_MASK, REBUILT, MapState
from .sight import blocking, blocks

_MAX_MAPS: Final = 512  # labyrinths remembered at once; past it the table starts again
_KEY_MASK: Final = (1 << 40) - 1  # the key stays a small int: the compiled engine keeps it unboxed
# A fixed random weight per line and square (more than any assembly has); any weights
# would do, these make two maps sharing a key rare.
_WEIGHTS: Final = tuple(random.Random(8).getrandbits(24) for _ in range(4096))


@final
class Sight:
    """What one labyrinth, as it now is, lets each square see."""

    __slots__ = ("assembly", "key", "blocked", "illusions", "rows", "edge_rows", "looks", "through_rows")

    def __init__(self, assembly: str, key: int, blocked: bytes, illusions: list[int], n_squares: int) -> None:
        self.assembly = assembly                    # its name: two assemblies may look alike
        self.key = key                              # the weighted sum of `_look` over the map
        self.blocked = blocked                      # sight.blocking of the map
        self.illusions = illusions                  # the lines holding an illusion wall, in order
        # Per viewing square, None until asked (lists, not dicts: a plain index):
        self.rows: list[bytes | None] = [None] * n_squares       # per square: 1 seen, 0 not
        self.edge_rows: list[bytes | None] = [None] * n_squares  # per edge (its midpoint), the same
        self.looks: list[bytes | None] = [None] * n_squares      # per thing: 1 where those rows asked
        self.through_rows: list[bytes | None] = [None] * n_squares  # past one barrier at most (a Visionstone)


_SHARED: dict[int, Sight] = {}


def rows_for(m: MapState) -> Sight:
    """The shared sight of a labyrinth as it now is, worked out from the whole map."""
    m.touched.clear()
    blocked = blocking(m)
    illusions = [e for e in range(m.asm.n_edges) if blocked[e] and _look(m, e) == ILLUSION_WALL]
    key = 0
    for thing in range(len(blocked)):
        key += _WEIGHTS[thing] * blocked[thing]
    for e in illusions:
        key += _WEIGHTS[e]
    return _shared(m, key & _KEY_MASK, blocked, illusions)


def rows_after(old: Sight, m: MapState) -> Sight:
    """The shared sight of `m`, made from the map `old` was made for by the changes its
    log names (`old` itself when none of them touched sight)."""
    touched = m.touched
    if not touched:
        return old
    if REBUILT in touched:
        return rows_for(m)
    changes: list[int] = []
    for thing in touched:
        if thing not in changes and _look(m, thing) != _looked(old, thing):
            changes.append(thing)
    touched.clear()
    if not changes:
        return old
    key = old.key
    blocked = bytearray(old.blocked)
    illusions = [e for e in old.illusions if e not in changes]
    for thing in changes:
        now = _look(m, thing)
        key += _WEIGHTS[thing] * (now - _looked(old, thing))
        blocked[thing] = 1 if now else 0
        if now == ILLUSION_WALL:
            illusions.append(thing)
    illusions.sort()
    new = _shared(m, key & _KEY_MASK, bytes(blocked), illusions)
    _carry(old, new, [thing for thing in changes if blocked[thing] != old.blocked[thing]])
    return new


def _carry(old: Sight, new: Sight, moved: list[int]) -> None:
    """Give `new` the rows of `old` that it lacks and that hold on it too: those whose walk
    asked about none of the things `moved` (that block sight on one map and not on the
    other). A door opened changes the rows that looked at it, not the rest."""
    if old.assembly != new.assembly:
        return
    for a in range(len(old.rows)):
        looks = old.looks[a]
        if looks is not None and new.rows[a] is None and not any(looks[thing] for thing in moved):
            new.rows[a] = old.rows[a]
            new.edge_rows[a] = old.edge_rows[a]
            new.looks[a] = looks


# How a line or square looks to sight, the terms of the key: 0 clear, 1 blocking, 2 an
# illusion wall (it blocks, and whoever sees it for the first time rolls).
CLEAR: Final = 0
BLOCKING: Final = 1
ILLUSION_WALL: Final = 2


def _look(m: MapState, thing: int) -> int:
    """How a line, or a square as n_edges + square, looks to sight on the map now."""
    if not blocks(m, thing):
        return CLEAR
    return ILLUSION_WALL if thing < m.asm.n_edges and m.edges[thing] & KIND_MASK == ILLUSION else BLOCKING


def _looked(old: Sight, thing: int) -> int:
    """How it looked on the map `old` was made for."""
    if not old.blocked[thing]:
        return CLEAR
    return ILLUSION_WALL if thing in old.illusions else BLOCKING


def _shared(m: MapState, key: int, blocked: bytes, illusions: list[int]) -> Sight:
    """The table's sight for the map `m` looking so, made and kept if new."""
    found = _SHARED.get(key)
    if found is not None and found.blocked == blocked and found.illusions == illusions \
            and found.assembly == m.asm.name:
        return found
    if len(_SHARED) >= _MAX_MAPS:
        _SHARED.clear()
    found = _SHARED[key] = Sight(m.asm.name, key, blocked, illusions, m.asm.n_squares)
    return found
