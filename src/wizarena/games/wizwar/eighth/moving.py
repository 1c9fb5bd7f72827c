"""Moving in the 8th edition (the 8e chapter's "Moving", "Speed Boost", "Changing Base
Speed", "Leaving the Board and Moving Through Portals" and "Doors"; ruling R8-10).

A wizard's Move & Cast begins with movement points equal to his base speed, spent one a
square between anything else he does. Once a turn he may discard a card with an energy
value for that many more. A change of base speed moves the points left by the
difference, down past zero if it comes to that, and he walks only while they are above
zero. A step goes to an orthogonal neighbour, across a wrap or through a portal at the same
cost, never through a wall, a locked door or solid stone; doors are locked to everyone
but their owner (R8-10), and wizards do not block each other.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import doors
from ..board import DIR_NAMES
from ..mapstate import DOOR, DUST, JAMMED, KIND_MASK, STONE
from ..places import square_name
from . import cards, footing, harm, keys, piles, treasures
from .labyrinth import portal_colour
from .state import R_BOOST, R_CARD, R_MOVE, R_OWN_DOOR, R_PORTAL, R_RANDOM, R_SPEED, EighthState

SLIME_FORM: Final[int] = cards.INDEX["slime_form"]
BIG_MAN_FORM: Final[int] = cards.INDEX["big_man_form"]


def begin(s: EighthState) -> None:
    """The turn's Move & Cast begins: movement points equal to his base speed, the boost
    not yet spent, and his creatures' own points (R8-7)."""
    s.moves = s.speed[s.turn]
    s.boosted = False
    s.busy = False
    begin_creatures(s, s.turn)


def step_to(s: EighthState, figure: int, heading: int) -> int:
    """The square `figure` reaches by one step `heading` (0 N .. 3 W), or -1 where a wall,
    a locked door, solid stone or the edge of a link-less side stops it. A closed door of
    its controller's colour is no lock to it (R8-10). No one enters a square a Big Man
    fills; a Big Man enters one only if whoever is there can be shoved on ahead of him."""
    there = _open_step(s, figure, heading)
    if there < 0 or not harm.in_play(s, BIG_MAN_FORM):
        return there
    if any(harm.upon(s, f, BIG_MAN_FORM) for f in _others_at(s, there, figure)):
        return -1
    if harm.upon(s, figure, BIG_MAN_FORM) and any(step_to(s, f, heading) < 0 for f in _others_at(s, there, figure)):
        return -1
    return there


def _others_at(s: EighthState, square: int, figure: int) -> list[int]:
    """The living figures other than `figure` standing in `square`."""
    return [f for f in range(len(s.pos)) if f != figure and s.pos[f] == square and s.life[f] > 0
            and s.controller[f] not in s.out]


def _open_step(s: EighthState, figure: int, heading: int) -> int:
    """The square a step reaches by the labyrinth alone: walls, doors, stone, the edge."""
    m = s.map
    here = s.pos[figure]
    there = m.step_to(here, heading)
    if there >= 0:
        return there
    asm = m.asm
    i = here * 4 + heading
    there = asm.step[i]
    if there < 0 or m.cells[there] & STONE:
        return -1
    for line in (asm.side_edge[i], asm.far_edge[i]):
        if not m.blocks_walk(line):
            continue
        if m.edges[line] & KIND_MASK != DOOR:
            return -1
        # A closed door: Mist Body drifts and Slime Form oozes under any; one's own is no
        # lock, unless Seal Door shut it to its owner too (R8-10).
        if not (oozes(s, figure) or keys.own_door(s, line, s.controller[figure]) and not m.edges[line] & JAMMED):
            return -1
    return there


def oozes(s: EighthState, figure: int) -> bool:
    """Mist Body drifts under any door; Slime Form "oozes past doors" as well (not walls or
    stone blocks)."""
    return harm.upon(s, figure, harm.MIST_BODY) or harm.upon(s, figure, SLIME_FORM)


def headings(s: EighthState, figure: int) -> list[int]:
    """The headings `figure` may step in now: none without a movement point to spend."""
    if points(s, figure) <= 0:
        return []
    return [heading for heading in range(4) if step_to(s, figure, heading) >= 0]


def points(s: EighthState, figure: int) -> int:
    """The movement points `figure` has left: the turn's wizard's, or a creature's own (R8-7)."""
    return s.moves if figure < s.n else s.strides[figure]


def creatures_of(s: EighthState, seat: int) -> list[int]:
    """The living creatures `seat` controls."""
    return [f for f in range(s.n, len(s.pos)) if s.controller[f] == seat and s.life[f] > 0]


def begin_creatures(s: EighthState, seat: int) -> None:
    """R8-7: each creature of `seat`'s gets movement points equal to its speed as his Move
    & Cast starts; what it does not spend in that phase is lost."""
    for f in range(s.n, len(s.pos)):
        s.strides[f] = s.speed[f] if s.controller[f] == seat and s.life[f] > 0 else 0


def walk(s: EighthState, figure: int, heading: int) -> None:
    """One step for one movement point (legal: `headings` offered it). Out of a Dust Cloud
    the step goes where the d4 sends it, whatever way was chosen ("whoever tries to leave
    it goes in a random direction on each try, and a wall in the way costs him 1 movement
    point"): the point is spent either way."""
    m = s.map
    here = s.pos[figure]
    if m.cells[here] & DUST:
        heading = random_heading(s)
        if step_to(s, figure, heading) < 0:
            _spend(s, figure)
            if s.log is not None:
                say(s, "move", R_CARD, f"the dust sends P{figure} {DIR_NAMES[heading]} into a wall: 1 movement "
                    f"point lost ({points(s, figure)} left)")
            return
        if s.log is not None:
            say(s, "move", R_CARD, f"in the dust, the d4 sends P{figure} {DIR_NAMES[heading]}")
    there = step_to(s, figure, heading)
    i = here * 4 + heading
    side, far = m.asm.side_edge[i], m.asm.far_edge[i]
    _spend(s, figure)
    left = points(s, figure)
    if (m.blocks_walk(side) or m.blocks_walk(far)) and figure < s.n and s.carried[figure] >= 0 \
            and harm.upon(s, figure, SLIME_FORM) and not keys.own_door(s, side, s.controller[figure]):
        if s.log is not None:
            say(s, "move", R_CARD, f"P{figure} oozes under the door and cannot take the treasure with him")
        treasures.drop(s, figure)  # "squeezing under a shut door makes you drop your treasure"
    if harm.in_play(s, BIG_MAN_FORM) and harm.upon(s, figure, BIG_MAN_FORM):
        _shove_ahead(s, figure, there, heading)
    s.pos[figure] = there
    keys.passed(s, (side, far))
    doors.settle(s)
    if s.log is not None:
        where = square_name(m.asm, there)
        colour = portal_colour(m.asm, side) if side != far else ""
        if colour:
            say(s, "move", R_PORTAL, f"P{figure} steps into the {colour} portal and out of its twin on {where} "
                f"(1 movement point, {left} left)")
        elif side != far:
            say(s, "move", R_PORTAL, f"P{figure} leaves the board {DIR_NAMES[heading]} and comes back in on {where} "
                f"(1 movement point, {left} left)")
        elif m.blocks_walk(side) and oozes(s, figure) and not keys.own_door(s, side, s.controller[figure]):
            say(s, "move", R_CARD, f"P{figure} slips under the door to {where} ({left} left)")
        elif m.blocks_walk(side):
            say(s, "move", R_OWN_DOOR, f"P{figure} walks through his own door to {where} ({left} left)")
        else:
            say(s, "move", R_MOVE, f"P{figure} walks {DIR_NAMES[heading]} to {where} ({left} left)")
    if figure < s.n:
        treasures.arrive(s, figure)
    footing.entered(s, figure, there, (side, far))  # what the square and the line crossed do to him


def _shove_ahead(s: EighthState, figure: int, square: int, heading: int) -> None:
    """Big Man Form: "figures in your path are shoved ahead of you": each one in the square
    he comes into goes on one square the same way (step_to has seen that each can)."""
    for other in _others_at(s, square, figure):
        ahead = step_to(s, other, heading)
        i = square * 4 + heading
        s.pos[other] = ahead
        if s.log is not None:
            say(s, "move", R_CARD, f"P{figure}'s bulk shoves P{other} on to {square_name(s.map.asm, ahead)}")
        if other < s.n:
            treasures.arrive(s, other)
        footing.entered(s, other, ahead, (s.map.asm.side_edge[i], s.map.asm.far_edge[i]))


def _spend(s: EighthState, figure: int) -> None:
    if figure < s.n:
        s.moves -= 1
    else:
        s.strides[figure] -= 1


def boosters(s: EighthState, seat: int) -> list[int]:
    """The cards `seat` may discard for a speed boost now: each kind of card with an energy
    value once, in hand order; none once this turn's boost is spent."""
    if s.boosted:
        return []
    out: list[int] = []
    for card in s.hands[seat]:
        if cards.ENERGY_VALUE[card] > 0 and card not in out:
            out.append(card)
    return out


def boost(s: EighthState, seat: int, card: int) -> None:
    """Discard `card` for as many more movement points as its energy value (legal:
    `boosters` offered it)."""
    s.hands[seat].remove(card)
    piles.discard(s, seat, card)
    s.boosted = True
    gained = cards.ENERGY_VALUE[card]
    s.moves += gained
    if s.log is not None:
        say(s, "boost", R_BOOST, f"P{seat} discards {cards.NAME[card]} for {gained} more movement points "
            f"({s.moves} now)")


def change_speed(s: EighthState, figure: int, speed: int) -> None:
    """`figure`'s base speed becomes `speed` (a transformation); on its own turn the
    movement points left move by the difference, below zero if it comes to that."""
    before = s.speed[figure]
    s.speed[figure] = speed
    if figure == s.turn:
        s.moves += speed - before
    if s.log is not None:
        say(s, "speed", R_SPEED, f"P{figure}'s base speed is now {speed} ({s.moves} movement points left)"
            if figure == s.turn else f"P{figure}'s base speed is now {speed}")


def random_heading(s: EighthState) -> int:
    """Roll the d4 against the random-direction overlay (R8-11): 1 north, 2 east, 3 south,
    4 west, in the board's own frame (the headings are numbered so: board.N .. board.W)."""
    return s.rng.below(4)


def wander(s: EighthState, figure: int) -> int:
    """A card moves `figure` one square in a random direction; against a wall, a locked door
    or stone it stays (R8-11). No movement point is spent. Returns the heading rolled."""
    heading = random_heading(s)
    there = step_to(s, figure, heading)
    i = s.pos[figure] * 4 + heading
    if there >= 0:
        s.pos[figure] = there
        doors.settle(s)
    if s.log is not None:
        where = square_name(s.map.asm, s.pos[figure])
        say(s, "move", R_RANDOM, f"the die sends P{figure} {DIR_NAMES[heading]}: "
            + (f"to {where}" if there >= 0 else f"the way is shut, he stays on {where}"))
    if figure < s.n and there >= 0:
        treasures.arrive(s, figure)
    if there >= 0:  # what the square and the line crossed do to him (footing.py)
        footing.entered(s, figure, there, (s.map.asm.side_edge[i], s.map.asm.far_edge[i]))
    return heading
