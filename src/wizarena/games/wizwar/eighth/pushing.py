"""Figures moved by force, one square at a time (ruling R8-20): Waterbolt's knock-back
(combat.py) and Featherweight's pushes (striking.strike).

A push is a step the figure could walk (moving.step_to: no wall, locked door or stone;
its own doors open to it), taken without movement points: the square it comes into does
what it does to anyone who enters it (footing.entered, with the lines crossed), a door
opened for one passage locks behind it (keys.passed), a holder pushed off lets go
(doors.settle), and a wizard brought home with an enemy treasure scores (R8-1).

Both pushes go *away* from a square: each step must take the figure farther from it,
counted in squares on the grid (Assembly.grid_distances, through wraps and portals, walls
or not). From that square itself any open way is away.

This module sits above moving.py and footing.py, and below striking.py, which pushes a
figure a Featherweight lies on (striking.land); what lies on a figure and how it is hurt
are harm.py's, which all of them read.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import doors
from ..board import DIR_NAMES
from ..places import square_name
from . import footing, keys, moving, treasures
from .state import R_ANSWER, R_CARD, EighthState

HEADINGS: Final = (0, 1, 2, 3)  # N, E, S, W: the order a push looks for its way (R8-20)


def step_from(s: EighthState, figure: int, square: int, heading: int) -> int:
    """The square `figure` would reach by one step `heading` from `square`, -1 none: the
    walking rules of moving.step_to, which reads where the figure stands, so it is stood
    there for the question and put back (a knock-back's path is picked before it moves)."""
    here = s.pos[figure]
    s.pos[figure] = square
    there = moving.step_to(s, figure, heading)
    s.pos[figure] = here
    return there


def away(s: EighthState, square: int, there: int, source: int) -> bool:
    """Whether a step from `square` to `there` goes away from `source` (R8-20)."""
    far = s.map.asm.grid_distances(source)
    return far[there] > far[square]


def shove(s: EighthState, figure: int, heading: int, rule: str = R_CARD) -> bool:
    """`figure` is pushed one square `heading`, if it could walk that step; no movement
    point is spent. Returns whether it moved."""
    m = s.map
    here = s.pos[figure]
    there = moving.step_to(s, figure, heading)
    if there < 0:
        return False
    i = here * 4 + heading
    crossed = (m.asm.side_edge[i], m.asm.far_edge[i])
    s.pos[figure] = there
    keys.passed(s, crossed)
    doors.settle(s)
    if s.log is not None:
        say(s, "move", rule, f"P{figure} is pushed {DIR_NAMES[heading]} to {square_name(m.asm, there)}")
    if figure < s.n:
        treasures.arrive(s, figure)  # carried home by force still scores (R8-1)
    footing.entered(s, figure, there, crossed)
    return True


def way_away(s: EighthState, figure: int, source: int) -> int:
    """The heading of Featherweight's next push: the first of N, E, S, W that `figure` could
    walk and that takes it farther from `source`; -1 when there is none (R8-20)."""
    here = s.pos[figure]
    for heading in HEADINGS:
        there = moving.step_to(s, figure, heading)
        if there >= 0 and away(s, here, there, source):
            return heading
    return -1


def lighten(s: EighthState, figure: int, source: int, points: int) -> int:
    """Featherweight: "each point of damage you would take pushes you 1 square away from its
    source instead, and any points left over when you cannot be pushed hurt you as usual".
    `points` is the damage that would be dealt (after the answers and armour); each pushes
    `figure` one square from `source`, until it cannot be pushed (or it dies of what a square
    does to it). Returns the points left, which the caller deals."""
    pushed = 0
    while points > 0 and s.life[figure] > 0:
        heading = way_away(s, figure, source)
        if heading < 0 or not shove(s, figure, heading, R_ANSWER):
            break
        points -= 1
        pushed += 1
    if s.log is not None and pushed:
        say(s, "featherweight", R_ANSWER, f"Featherweight: {pushed} point{'' if pushed == 1 else 's'} of damage "
            f"push P{figure} away instead" + (f"; {points} left hurt him" if points else ""))
    return points
