"""The attack cards of Wiz-War 8e that travel a path (eighth/combat.py), one scenario per
card from its text in data/cards-8e.json: Lightning Bolt, Globe of Pain and Mental Force."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.eighth import attacking, cards
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import ANSWERING, POWERING, STEPPING, STOP, EighthState
from wizarena.games.wizwar.mapstate import WALL

from ..helpers import open_map, side, sq

BOLT = cards.INDEX["lightning_bolt"]
GLOBE = cards.INDEX["globe_of_pain"]
FORCE = cards.INDEX["mental_force"]
ENERGY_4 = cards.INDEX["energy_4"]
N, E, S, W = 0, 1, 2, 3


def _scene(n: int = 3) -> EighthState:
    """An open board past the first round, wizards at their slots' centres, hands emptied."""
    s = deal(1, n)
    s.map = open_map(n)
    s.sight = vision.rows_for(s.map)
    s.turn, s.round = 0, 2
    s.pos = [sq(s.map.asm, q, 2, 2) for q in range(n)]
    for q in range(n):
        s.discard += s.hands[q]
        s.hands[q] = []
    return s


def _cast(s: EighthState, card: int, *aims: int, power: int = -1) -> None:
    me = s.turn
    s.hands[me].append(card)
    if power >= 0:
        s.hands[me].append(power)
    attacking.begin(s, me, card)
    if s.phase == POWERING:
        attacking.power(s, me, power)
    for aim in aims:
        assert aim in attacking.picks(s), (aim, attacking.picks(s))
        attacking.aim(s, aim)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)


def test_lightning_bolt() -> None:
    """Lightning Bolt: "A bolt runs from you straight along a row or column for as many
    squares as this spell's energy, turning back when it meets anything that blocks
    movement. Every time it passes through a wizard or creature, that figure takes 3 magical
    damage and is stunned for 1 turn." A wall on the far side of the second square east
    sends a 4-energy bolt back through a wizard standing 1 square east: he is hit on the
    way out and on the way back, and the caster is not hit."""
    s = _scene()
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
    s = _scene()
    me, foe, other = 0, 1, 2
    s.pos[foe] = s.map.step_to(s.map.step_to(s.map.step_to(s.pos[me], E), E), S)
    s.pos[other] = s.map.step_to(s.pos[me], E)  # passed over, not hit
    _cast(s, GLOBE, STEPPING + E, STEPPING + E, STEPPING + S, STOP)
    assert s.life[foe] == 15 - 1 and s.life[other] == 15  # cast unpowered: energy 1
    assert GLOBE in s.discard


def test_globe_of_pain_goes_at_most_six_squares() -> None:
    """Globe of Pain: "a path of up to 6 squares": after six steps nothing more is offered."""
    s = _scene()
    s.hands[0].append(GLOBE)
    attacking.begin(s, 0, GLOBE)
    if s.phase == POWERING:
        attacking.power(s, 0, -1)
    for _ in range(6):
        attacking.aim(s, next(a for a in attacking.picks(s) if a != STOP))
    assert s.phase == ANSWERING


def test_mental_force() -> None:
    """Mental Force: "Move a wizard or creature in your line of sight up to this spell's
    energy plus 3 squares, along a path you pick that keeps to the normal movement rules."
    With energy 1 the path holds 4 squares; a wall stops a step."""
    s = _scene()
    me, foe = 0, 1
    s.pos[foe] = s.map.step_to(s.pos[me], E)
    start = s.pos[foe]
    s.hands[me].append(FORCE)
    attacking.begin(s, me, FORCE)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    attacking.aim(s, foe)
    for _ in range(4):
        attacking.aim(s, STEPPING + N)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    expected = start
    for _ in range(4):
        expected = s.map.step_to(expected, N)
    assert s.pos[foe] == expected
