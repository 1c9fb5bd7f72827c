"""The sight memo: what each square sees on one labyrinth as it now is, row by row as
asked, shared by every state whose labyrinth is the same (games dealt the same sectors, a
search's copies of one position). vision.py asks the questions and fills the rows; the
state holds the memo of its map. A changed labyrinth starts a new memo: a whole row costs
a few dozen steps of its route tree (sight_tree.py), less than carrying answers over.
"""

from __future__ import annotations

from typing import Final, final

from .mapstate import ILLUSION, KIND_MASK, MapState
from .sight import blocking

_MAX_MAPS: Final = 512  # labyrinths remembered at once; past it the table starts again
UNKNOWN: Final = 2      # in a row of Visionstone answers: not asked yet


@final
class Sight:
    """What one labyrinth, as it now is, lets each square see."""

    __slots__ = ("blocked", "illusions", "rows", "edge_rows", "through_rows")

    def __init__(self, blocked: bytes, illusions: list[int], n_squares: int) -> None:
        self.blocked = blocked                      # sight.blocking of the map
        self.illusions = illusions                  # the lines holding an illusion wall
        # Per viewing square, None until asked (lists, not dicts: a plain index):
        self.rows: list[bytes | None] = [None] * n_squares       # per square: 1 seen, 0 not
        self.edge_rows: list[bytes | None] = [None] * n_squares  # per edge (its midpoint), the same
        self.through_rows: list[bytearray | None] = [None] * n_squares  # at most one barrier, or UNKNOWN


_SHARED: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Sight] = {}


def rows_for(m: MapState) -> Sight:
    """The shared sight of a labyrinth as it now is, keyed by what stands on its lines and
    fills its squares (all that sight and the illusion walls depend on)."""
    key = (m.asm.name, tuple(m.edges), tuple(m.cells))
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _MAX_MAPS:
            _SHARED.clear()
        edges = m.edges
        blocked = blocking(m)
        illusions = [e for e in range(len(edges)) if blocked[e] and edges[e] & KIND_MASK == ILLUSION]
        found = _SHARED[key] = Sight(blocked, illusions, m.asm.n_squares)
    return found
