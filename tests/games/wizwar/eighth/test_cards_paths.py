"""The attack cards of Wiz-War 8e that travel a path (eighth/combat.py), one scenario per
card from its text in data/cards-8e.json: Lightning Bolt, Globe of Pain and Mental Force."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.eighth import attacking, cards
from wizarena.games.wizwar.eighth.state import ANSWERING, STEPPING, STOP, EighthState
from wizarena.games.wizwar.mapstate import WALL

from ..helpers import side
from .scenes import declare, let_be, open_table

BOLT = cards.INDEX["lightning_bolt"]
GLOBE = cards.INDEX["globe_of_pain"]
FORCE = cards.INDEX["mental_force"]
ENERGY_4 = cards.INDEX["energy_4"]
N, E, S, W = 0, 1, 2, 3


def _cast(s: EighthState, card: int, *aims: int, power: int = -1) -> None:
    declare(s, s.turn, card, *aims, power=power)
    let_be(s)


def test_lightning_bolt() -> None:
    """Lightning Bolt: "A bolt runs from you straight along a row or column for as many
    squares as this spell's energy, turning back when it meets anything that blocks
    movement. Every time it passes through a wizard or creature, that figure takes 3 magical
    damage and is stunned for 1 turn." A wall on the far side of the second square east
    sends a 4-energy bolt back through a wizard standing 1 square east: he is hit on the
    way out and on the way back, and the caster is not hit."""
    s = open_table(3)
    me, foe = 0, 1
    s.pos[foe] = s.pos[me] + 1
    assert not s.map.create_edge(side(s.map.asm, s.pos[me] + 2, E), WALL)
    vision.changed(s)
    _cast(s, BOLT, E, power=ENERGY_4)
    assert s.life[foe] == 15 - 6 and s.stun[foe] == 2 and s.life[me] == 15


def test_globe_of_pain() -> None:
    """Globe of Pain: "Send a globe along a path of up to 6 squares, turning corners ...;
    only the figure or object it stops on takes magical damage equal to this spell's
    energy." It turns a corner to a wizard out of a straight line and hits him alone."""
    s = open_table(3)
    me, foe, other = 0, 1, 2
    s.pos[foe] = s.map.step_to(s.map.step_to(s.map.step_to(s.pos[me], E), E), S)
    s.pos[other] = s.map.step_to(s.pos[me], E)  # passed over, not hit
    _cast(s, GLOBE, STEPPING + E, STEPPING + E, STEPPING + S, STOP)
    assert s.life[foe] == 15 - 1 and s.life[other] == 15  # cast unpowered: energy 1
    assert GLOBE in s.discards[0]


def test_globe_of_pain_goes_at_most_six_squares() -> None:
    """Globe of Pain: "a path of up to 6 squares": after six steps nothing more is offered."""
    s = open_table(3)
    declare(s, 0, GLOBE)
    for _ in range(6):
        attacking.aim(s, next(a for a in attacking.picks(s) if a != STOP))
    assert s.phase == ANSWERING


def test_mental_force() -> None:
    """Mental Force: "Move a wizard or creature in your line of sight up to this spell's
    energy plus 3 squares, along a path you pick that keeps to the normal movement rules."
    With energy 1 the path holds 4 squares, turning as it likes; no fifth is offered, and a
    step the outer wall stops is not offered either."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[foe] = s.map.step_to(s.pos[me], E)
    start = s.pos[foe]
    path = [N, N, E, E]
    declare(s, me, FORCE, foe, *[STEPPING + h for h in path[:3]])
    assert STEPPING + N not in attacking.picks(s)  # the top row: the outer wall, no opening there
    attacking.aim(s, STEPPING + path[3])
    assert s.phase == ANSWERING  # four squares: the path is full
    let_be(s)
    expected = start
    for heading in path:
        expected = s.map.step_to(expected, heading)
    assert s.pos[foe] == expected != start
