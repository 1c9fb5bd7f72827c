"""The estimate computer players judge a Wiz-War position by (standing.py): each term is
built so that throwing a means away never looks like progress, which is what made the old
one-ply player drop treasures and discard useful cards."""

from __future__ import annotations

from wizarena.games.wizwar import cards, standing
from wizarena.games.wizwar.actions import END_TURN
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import DOOR, WALL
from wizarena.games.wizwar.state import TREASURES, TURN, WizWarState

from .helpers import open_map, side, sq

G2 = WizWarGame(None, 2)


def fresh(seed: int = 1) -> WizWarState:
    s = G2.new_state(seed, log=False)
    s.legal_for = -1
    return s


def test_a_carried_treasure_is_worth_more_than_the_same_treasure_at_his_feet() -> None:
    """Even walled in, a wizard is better off holding an enemy treasure than dropping it."""
    s = fresh()
    enemy = TREASURES  # seat 1's first treasure
    at = s.pos[0] = s.map.home_base(1)  # away from his own home, where dropping it would score
    dropped = G2.clone(s)
    dropped.treasure_at[enemy] = at
    held = G2.clone(s)
    held.treasure_at[enemy], held.carried[0] = -1, enemy
    assert standing.standing(held, 0) > standing.standing(dropped, 0)
    for d in range(4):  # now every side of his square is a wall
        for m in (held.map, dropped.map):
            m.edges[m.asm.side_edge[at * 4 + d]] = WALL
    assert standing.standing(held, 0) > standing.standing(dropped, 0)


def test_each_card_is_worth_about_the_same_and_the_strong_ones_a_little_more() -> None:
    worth = standing.WORTH
    six = next(c for c in range(len(cards.ID)) if cards.KIND[c] == "number" and cards.NUMBER[c] == 6)
    two = next(c for c in range(len(cards.ID)) if cards.KIND[c] == "number" and cards.NUMBER[c] == 2)
    neutral = next(c for c in range(len(cards.ID)) if cards.KIND[c] == "neutral")
    assert worth[six] > worth[two] > worth[neutral] > 0.4
    assert max(worth) - min(worth) < standing.STEP  # a draw's luck moves less than a square


def test_ending_the_turn_gains_nothing_but_the_luck_of_the_draw() -> None:
    """The cards each wizard will draw at his turn's end count already, so a full turn's
    draw changes the estimate by less than one square of the way (no early ending)."""
    s = fresh(3)
    assert s.phase == TURN
    seat = s.turn
    while len(s.hands[seat]) > 5:
        s.discard.append(s.hands[seat].pop())
    before = [standing.standing(s, q) for q in range(2)]
    G2.apply(s, seat, END_TURN[0])  # index k draws 2 - k
    after = [standing.standing(s, q) for q in range(2)]
    assert len(s.hands[seat]) == 7
    assert all(abs(b - a) < standing.STEP for a, b in zip(after, before, strict=True))


def test_a_locked_door_and_a_wall_count_as_longer_ways_for_a_wizard_with_the_means() -> None:
    """Effort counts a closed door as `door` squares more and a wall as `wall` (BARRED for a
    wizard without the card to pass it), so a way around, where there is one, is the
    shorter."""
    m = open_map(2)
    asm = m.asm
    a, b = sq(asm, 0, 2, 1), sq(asm, 0, 2, 2)
    east = side(asm, a, 1)
    door, wall = standing.DOOR_EXTRA, standing.WALL_EXTRA
    assert standing.effort(m, a, door, wall)[b] == 1
    m.edges[east] = DOOR
    assert standing.effort(m, a, door, wall)[b] == 3  # north, east, south round the door
    for d in (0, 2, 3):
        m.edges[side(asm, a, d)] = WALL
    assert standing.effort(m, a, door, wall)[b] == 1 + door
    assert standing.effort(m, a, standing.BARRED, wall)[b] == 3 + wall  # through the north wall, then round
    m.edges[east] = WALL
    assert standing.effort(m, a, door, wall)[b] == 1 + wall
    assert standing.effort(m, a, door, standing.BARRED)[b] == -1


def test_a_key_in_the_hand_shortens_the_way_to_a_treasure_behind_a_door() -> None:
    s = fresh()
    for q in range(2):
        s.hands[q] = [c for c in s.hands[q] if c not in standing.KEYS + standing.BREAKERS]
    m = s.map
    # shut seat 0 in behind doors on every side
    home = s.pos[0]
    for d in range(4):
        m.edges[m.asm.side_edge[home * 4 + d]] = DOOR
    without = standing.standing(s, 0)
    s.hands[0].append(standing.KEYS[0])
    assert standing.standing(s, 0) > without + standing._worth(standing.KEYS[0])


def test_his_own_treasure_on_an_enemy_base_is_one_to_take() -> None:
    """6e 9: "You may re-steal your own treasure off an enemy home base." A wizard next to
    his own treasure lying on the enemy's base counts it as the nearest treasure to take."""
    s = fresh()
    m = s.map
    enemy_base = m.home_base(1)
    s.pos[0] = m.neighbours(enemy_base)[0]
    away = standing._treasures(s, 0)
    s.treasure_at[0] = enemy_base  # seat 0's first treasure, brought there by seat 1
    assert standing._treasures(s, 0) == standing.SEEKING - standing.STEP * 1
    assert standing._treasures(s, 0) > away
