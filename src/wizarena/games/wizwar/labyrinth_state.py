"""What the state of every edition holds of the labyrinth: the map as it now is and the
sight remembered for it. The 6th and 8th editions keep different states (state.py,
eighth/), and both derive from this one, so that the shared modules that ask sight
(vision.py) take either."""

from __future__ import annotations

from .mapstate import MapState
from .sight_memo import Sight


class LabyrinthState:
    """The board part of a game's state (the rest is the edition's)."""

    __slots__ = ("map", "sight")

    map: MapState   # the labyrinth as it now is
    sight: Sight    # remembered lines of sight for the map as it is (sight_memo.py)
