"""What the state of every edition holds of the labyrinth: the map as it now is and the
sight remembered for it. The 6th and 8th editions keep different states (state.py,
eighth/), and both derive from this one, so that the shared modules that ask sight
(vision.py) take either."""

from __future__ import annotations

from wizarena.core import Event

from .mapstate import MapState
from .profile import Profile
from .sight_memo import Sight


class LabyrinthState:
    """The board part of a game's state, and what the rules shared by the editions read of
    the rest (the doors, doors.py): the rest is the edition's."""

    __slots__ = ("map", "sight", "rules", "pos", "out", "turn", "holding", "log")

    map: MapState                # the labyrinth as it now is
    sight: Sight                 # remembered lines of sight for the map as it is (sight_memo.py)
    rules: Profile               # the edition's numbers and citations (profile.py)
    pos: list[int]               # each figure's square (the wizards first, by seat)
    out: list[int]               # seats out of the game, the first one out first
    turn: int                    # the seat whose turn it is
    holding: list[int]           # per seat: the line of the door he holds open, -1 none (doors.py)
    log: list[Event] | None      # the events, None when a simulation records none
