"""The sight memo: the answers of one labyrinth as it now is (which squares and lines
each square sees, as asked so far), shared by every state whose labyrinth is the same and
carried over, where a change cannot have touched them, to the labyrinth it becomes.
vision.py asks the questions and fills the rows; the state holds the memo of its map.
"""

from __future__ import annotations

from typing import Final, final

from .mapstate import ILLUSION, KIND_MASK, MapState
from .sight import blocking

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
