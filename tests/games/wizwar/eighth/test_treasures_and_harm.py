"""Treasures, damage and death in the 8th edition (brief rules 3, 18 and 19; rulings R8-1
and R8-6), each from the rule's sentence."""

from __future__ import annotations

from wizarena.games.wizwar.eighth import harm, moving, treasures
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import DISCARD_AND_DRAW, MOVE_AND_CAST, OVER, PERMANENT, R_SCORED


def test_ww8_rule_18_a_treasure_costs_nothing_and_ends_move_and_cast_one_at_most() -> None:
    """Rule 18: "picking up a treasure costs nothing and ends Move & Cast; one treasure at
    most"."""
    s = deal(1, 2)
    me = s.turn
    enemy = 2 * (1 - me)
    s.pos[me] = s.treasure_at[enemy] = s.treasure_at[enemy + 1]
    assert treasures.takeable(s, me) == [enemy, enemy + 1] and s.phase == MOVE_AND_CAST
    moves = s.moves
    treasures.pick_up(s, me, enemy)
    assert s.carried[me] == enemy and s.treasure_at[enemy] == -1 and s.moves == moves
    assert s.phase == DISCARD_AND_DRAW and treasures.takeable(s, me) == []


def test_ww8_r8_1_an_enemy_treasure_brought_home_scores_once() -> None:
    """Rule 19: "+1 for each enemy treasure brought to your home base"; ruling R8-1: "The
    point is scored the moment the carrier stands on his own home base with it ... then
    the treasure is spent ... nobody may pick it up"."""
    s = deal(2, 2)
    me = s.turn
    home = s.map.home_base(me)
    t = 2 * (1 - me)
    s.carried[me], s.treasure_at[t] = t, -1
    heading = next(h for h in range(4) if moving.step_to(s, me, h) >= 0)
    moving.walk(s, me, heading)  # a step away from home
    assert s.points[me] == 0
    back = (heading + 2) % 4
    assert moving.step_to(s, me, back) == home
    moving.walk(s, me, back)
    assert s.points[me] == 1 and s.carried[me] == -1 and s.treasure_at[t] == home and t in s.spent
    assert s.log and any(e.rule == R_SCORED for e in s.log)
    assert t not in treasures.takeable(s, me)


def test_ww8_one_s_own_treasure_brought_home_scores_nothing() -> None:
    s = deal(3, 2)
    me = s.turn
    s.carried[me], s.treasure_at[2 * me] = 2 * me, -1
    treasures.arrive(s, me)  # on his home base, from the start
    assert s.points[me] == 0 and s.carried[me] == 2 * me


def test_ww8_rule_3_life_never_above_20_and_death_at_0() -> None:
    """Rule 3: "Life starts at 15, never above 20; at 0 or less the wizard dies and his
    player is out"."""
    s = deal(4, 3)
    harm.heal(s, 0, 9)
    assert s.life[0] == 20
    harm.damage(s, 1, 15)
    assert s.dying == [(1, -1)] and 1 not in s.out  # decided when the event is over
    harm.settle(s)
    assert s.out == [1] and s.result is None and s.hands[1] == []


def test_ww8_r8_6_the_killer_takes_the_hand_and_a_point_the_rest_falls() -> None:
    """"If a wizard's attack directly kills another wizard, the attacker gains 1 victory
    point and adds the dead wizard's hand to his own (but not his carried items or
    maintained spells)"; R8-6: those drop as markers or end."""
    s = deal(5, 3)
    hand = s.hands[2][:]
    item = hand.pop()
    s.items[2] = [item]
    s.hands[2] = hand
    s.maintained[2] = [(0, PERMANENT, -1)]
    s.carried[2], s.treasure_at[0] = 0, -1
    before = len(s.hands[1])
    harm.damage(s, 2, 20, by=1)
    harm.settle(s)
    assert s.points[1] == 1 and len(s.hands[1]) == before + len(hand) and s.hands[2] == []
    assert s.floor == [(s.pos[2], item)] and s.items[2] == []
    assert s.treasure_at[0] == s.pos[2] and s.carried[2] == -1 and s.maintained[2] == [] and 0 in s.discards[0]
    assert s.out == [2]


def test_ww8_r8_6_a_kill_no_attack_of_his_earns_nothing_and_all_dead_at_once_nobody_wins() -> None:
    """R8-6: "a trap or a falling wall earn nothing ... if every wizard left dies of one
    event nobody wins"."""
    s = deal(6, 2)
    cards_before = len(s.discards[0])
    harm.damage(s, 0, 30)
    harm.settle(s)
    assert s.points == [0, 0] and len(s.discards[0]) == cards_before + 5 and s.result is not None
    assert s.result.winners == (1,)  # the last wizard alive
    both = deal(7, 2)
    harm.damage(both, 0, 30, by=1)
    harm.damage(both, 1, 30, by=0)
    harm.settle(both)
    assert both.phase == OVER and both.result is not None and both.result.winners == () and both.points == [0, 0]
