"""Forced moves (forced.py): Go Away, Ugly, Fear, Waterbolt, Swap, Drag, Drop Object and
Stone Dead, on a labyrinth of open sectors (tests/games/wizwar/helpers.py) where every wall
is known: the outer sides of each sector are walled but for their middle openings."""

from __future__ import annotations

import pytest

from wizarena.core import Action, IllegalAction
from wizarena.games.wizwar import cards, combat, effects, forced, stones, vision
from wizarena.games.wizwar.actions import (
    ACTIONS,
    AIM_SQUARES,
    AT_THINGS,
    BLINKS,
    CASTABLE,
    CASTS,
    COUNTERS,
    FORCED_DROP_OBJECT,
    FORCED_DROP_TREASURE,
    LET_BE,
    MOVES,
    NEUTRAL_CARDS,
    NEUTRALS,
    NUMBERED_SELF,
    NUMBERS,
    STAY,
    TAKE_IT,
    TELEPORTS,
)
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import FIREWALL
from wizarena.games.wizwar.state import AIM, DISCARD, FORCED, NEUTRAL, TURN, WINDOW, WizWarState

from .helpers import open_map

G2 = WizWarGame(None, 2)
G3 = WizWarGame(None, 3)
N, E, S, W = 0, 1, 2, 3


def number(value: int) -> int:
    return next(c for c in NUMBERS if cards.NUMBER[c] == value)


def cast_of(card: int, target: int, value: int = 0) -> Action:
    n = NUMBERS.index(number(value)) + 1 if value else 0
    return CASTS[CASTABLE.index(card)][target][n]


def texts(game: WizWarGame, s: WizWarState, seat: int) -> list[str]:
    return [a.text for a in game.legal_actions(s, seat)]


def act(game: WizWarGame, s: WizWarState, seat: int, action: Action | int) -> None:
    """Play an action (or the action of an id taken from a legal list)."""
    game.apply(s, seat, action if isinstance(action, Action) else ACTIONS[action])


def sq(x: int, y: int) -> int:
    """A square of the two-sector open labyrinth: 10 wide, 5 high."""
    return (x // 5) * 25 + y * 5 + x % 5


def arena(game: WizWarGame, where: list[int], hands: list[list[int]], second_round: bool = True) -> WizWarState:
    """The turn's wizard is P0 (seat 0 takes the turn), on open sectors, at the given squares
    with the given hands; treasures in the far corners; round 2 unless told."""
    s = game.new_state(3)
    s.map = open_map(game.num_players)
    s.sight = vision.rows_for(s.map)
    s.turn, s.first, s.round = 0, 0, 2 if second_round else 1
    s.pos = list(where)
    s.deck += [c for h in s.hands for c in h]
    s.hands = [list(h) for h in hands]
    for c in [c for h in s.hands for c in h]:
        s.deck.remove(c)
    s.treasure_at = [sq(0, 4)] * len(s.treasure_at)
    return s


def total(s: WizWarState) -> int:
    return len(s.deck) + len(s.discard) + len(s.flight) + len(s.floor) + sum(len(h) for h in s.hands)


# -- Go Away ---------------------------------------------------------------------------
def test_ww_card_go_away_each_step_farther_by_walking_and_the_target_chooses() -> None:
    s = arena(G2, [sq(0, 2), sq(2, 2)], [[forced.GO_AWAY, number(2)], []])
    act(G2, s, 0, cast_of(forced.GO_AWAY, 1, 2))
    assert s.phase == WINDOW
    act(G2, s, 1, TAKE_IT)
    assert s.phase == FORCED and G2.to_act(s) == (1,)
    legal = texts(G2, s, 1)
    assert "move W" not in legal and {"move N", "move E", "move S"} <= set(legal)
    with pytest.raises(IllegalAction):
        act(G2, s, 1, MOVES[W])
    act(G2, s, 1, MOVES[E])
    assert s.pos[1] == sq(3, 2) and G2.to_act(s) == (1,)
    act(G2, s, 1, MOVES[N])
    assert s.pos[1] == sq(3, 1) and s.phase == TURN and G2.to_act(s) == (0,)
    assert s.map.path_distance(s.pos[0], s.pos[1]) == 4 and total(s) == 125


def test_ww_card_go_away_into_a_thornbush_hurts_and_stops_the_walk_but_not_the_casters_movement() -> None:
    s = arena(G2, [sq(0, 2), sq(2, 2)], [[forced.GO_AWAY, number(3)], []])
    assert not s.map.plant_thornbush(sq(3, 2), False, 5)
    vision.changed(s)
    moves = s.moves
    act(G2, s, 0, cast_of(forced.GO_AWAY, 1, 3))
    act(G2, s, 1, TAKE_IT)
    act(G2, s, 1, MOVES[E])
    assert s.pos[1] == sq(3, 2) and s.life[1] == 14   # 1 physical damage, not an attack
    assert s.phase == TURN and s.moves == moves          # his walk stops there; the caster walks on
    assert s.log is not None and any(e.rule == "WW card Thornbush" and "driven" in e.text for e in s.log)


def test_ww_card_go_away_across_a_wall_of_fire_burns_and_mist_passes() -> None:
    for mist in (False, True):
        s = arena(G2, [sq(0, 2), sq(2, 2)], [[forced.GO_AWAY, number(2)], []])
        assert not s.map.create_edge(s.map.asm.side_edge[sq(2, 2) * 4 + E], FIREWALL)
        vision.changed(s)
        if mist:
            s.status[1][effects.MIST] = 2
        act(G2, s, 0, cast_of(forced.GO_AWAY, 1, 2))
        act(G2, s, 1, TAKE_IT)
        act(G2, s, 1, MOVES[E])
        assert s.pos[1] == sq(3, 2) and s.life[1] == (15 if mist else 11)
        assert G2.to_act(s) == (1,)  # one step more is his


def test_ww_card_go_away_reflected_into_a_wall_of_fire_that_kills_its_caster_ends_his_turn() -> None:
    s = arena(G3, [sq(2, 2), sq(0, 2), sq(9, 4)], [[forced.GO_AWAY, number(2)], [], []])
    assert not s.map.create_edge(s.map.asm.side_edge[sq(2, 2) * 4 + E], FIREWALL)
    vision.changed(s)
    s.life[0] = 3
    s.forced = (-1, -1, forced.GO_AWAY, -1)
    forced.begin(s, forced.GO_AWAY, [forced.entry(0, 1, 2)])  # as a reflected Go Away leaves it
    assert s.phase == FORCED and G3.to_act(s) == (0,)
    act(G3, s, 0, MOVES[E])
    assert 0 in s.out and s.turn == 1 and s.phase == TURN and s.fleeing == []


def test_ww_card_go_away_stops_where_no_step_is_farther() -> None:
    s = arena(G2, [sq(2, 2), sq(0, 2)], [[forced.GO_AWAY, number(3)], []])
    for d in (N, S, W):  # west is the opening that wraps round to the far side
        assert not s.map.create_wall(s.map.asm.side_edge[sq(0, 2) * 4 + d])
    s.sight = vision.rows_for(s.map)
    act(G2, s, 0, cast_of(forced.GO_AWAY, 1, 3))
    act(G2, s, 1, TAKE_IT)
    assert s.phase == TURN and s.pos[1] == sq(0, 2)  # walled in: as far as he can is nowhere


def test_ww_card_fear_beats_go_away() -> None:
    s = arena(G2, [sq(0, 2), sq(4, 2)], [[forced.GO_AWAY], []])
    effects.lay(s, 1, effects.FEAR, 2, 1, "WW card Fear")  # four squares off: the caster is not within its reach
    act(G2, s, 0, cast_of(forced.GO_AWAY, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.phase == TURN and s.pos[1] == sq(4, 2)


def test_ww_card_go_away_is_not_aimed_at_a_statue() -> None:
    """A statue is out of reach of every attack but Swap (docs, timed conditions), so no
    Go Away can move him."""
    s = arena(G2, [sq(0, 2), sq(2, 2)], [[forced.GO_AWAY], []])
    assert cast_of(forced.GO_AWAY, 1) in G2.legal_actions(s, 0)
    effects.lay(s, 1, effects.PETRIFIED, 2, 0, "WW card Medusa")
    s.legal_for = -1
    assert cast_of(forced.GO_AWAY, 1) not in G2.legal_actions(s, 0)


# -- Ugly ------------------------------------------------------------------------------
def ugly_with(game: WizWarGame, s: WizWarState, value: int) -> None:
    k = forced.NUMBERED_SELF.index(forced.UGLY)
    act(game, s, 0, NUMBERED_SELF[k][NUMBERS.index(number(value))])
    assert s.phase == NEUTRAL  # a neutral: the others may negate it
    while s.phase == NEUTRAL:
        act(game, s, game.to_act(s)[0], LET_BE)


def test_ww_card_ugly_viewers_walk_out_of_sight_in_turn_order_and_the_blind_stay() -> None:
    s = arena(G3, [sq(2, 2), sq(4, 2), sq(2, 0)], [[forced.UGLY, number(3)], [], []])
    effects.lay(s, 2, effects.BLIND, 1, 1, "WW card Blind")
    ugly_with(G3, s, 3)
    assert s.phase == FORCED and G3.to_act(s) == (1,)
    assert "move E" in texts(G3, s, 1) and "move W" not in texts(G3, s, 1)  # only paths that can hide
    act(G3, s, 1, MOVES[E])
    assert G3.to_act(s) == (1,) and texts(G3, s, 1) == ["move N", "move S"]
    act(G3, s, 1, MOVES[N])
    act(G3, s, 1, MOVES[N])
    assert s.pos[1] == sq(5, 0) and not vision.sees(s, s.pos[1], s.pos[0])
    assert s.phase == TURN and s.pos[2] == sq(2, 0)  # the blind one is passed by
    assert cards.INDEX["ugly"] in s.discard and number(3) in s.discard and total(s) == 125


def test_ww_card_ugly_one_who_cannot_break_sight_is_not_asked() -> None:
    s = arena(G2, [sq(2, 2), sq(4, 2)], [[forced.UGLY], []], second_round=False)
    act(G2, s, 0, NEUTRALS[NEUTRAL_CARDS.index(forced.UGLY)])
    act(G2, s, 1, LET_BE)
    assert s.phase == TURN and s.pos[1] == sq(4, 2)  # one square hides him nowhere


def test_ww_card_ugly_does_not_move_one_under_his_own_fear() -> None:
    s = arena(G2, [sq(2, 2), sq(6, 2)], [[forced.UGLY, number(3)], []])
    effects.lay(s, 1, effects.FEAR, 1, 1, "WW card Fear")
    ugly_with(G2, s, 3)
    assert s.phase == TURN and s.pos[1] == sq(6, 2)


# -- Fear ------------------------------------------------------------------------------
def test_ww_card_fear_nobody_is_asked_and_those_within_3_walk_clear() -> None:
    s = arena(G2, [sq(2, 2), sq(4, 2)], [[forced.FEAR, number(3)], []], second_round=False)
    k = forced.NUMBERED_SELF.index(forced.FEAR)
    act(G2, s, 0, NUMBERED_SELF[k][NUMBERS.index(number(3))])
    assert s.status[0][effects.FEAR] == 3 + 1 and s.status_by[0][effects.FEAR] == 0  # 3 turns, counted + 1
    assert s.phase == FORCED and G2.to_act(s) == (1,)  # at once, with no Negate Neutral window
    assert "move W" not in texts(G2, s, 1)
    while s.phase == FORCED:
        act(G2, s, 1, MOVES[E] if "move E" in texts(G2, s, 1) else MOVES[N])
    assert s.map.path_distance(s.pos[0], s.pos[1]) == 4 and s.phase == TURN


def test_ww_card_fear_checks_again_when_someone_comes_within_3() -> None:
    s = arena(G2, [sq(4, 2), sq(0, 2)], [[], []], second_round=False)
    effects.lay(s, 1, effects.FEAR, 2, 1, "WW card Fear")
    act(G2, s, 0, MOVES[W])  # from 4 squares to 3: he must get away again at once
    assert s.phase == FORCED and G2.to_act(s) == (0,)
    while s.phase == FORCED:
        act(G2, s, 0, next(a.id for a in G2.legal_actions(s, 0)))
    assert s.map.path_distance(s.pos[0], s.pos[1]) == 4 and s.phase == TURN and s.moves == 2


def test_ww_card_fear_forces_a_teleport_when_walking_cannot_get_clear() -> None:
    s = arena(G2, [sq(2, 0), sq(0, 0)], [[forced.FEAR], [combat.TELEPORT]], second_round=False)
    s.map.create_wall(s.map.asm.side_edge[sq(0, 0) * 4 + S])
    s.sight = vision.rows_for(s.map)
    act(G2, s, 0, NEUTRALS[NEUTRAL_CARDS.index(forced.FEAR)])
    assert s.phase == FORCED and G2.to_act(s) == (1,)
    legal = G2.legal_actions(s, 1)
    assert legal and all(a.text.startswith("Teleport to square") for a in legal)
    to = legal[0].fields["square"]
    assert s.map.path_distance(s.pos[0], to) > 3
    G2.apply(s, 1, legal[0])
    assert s.pos[1] == to and combat.TELEPORT in s.discard and s.phase == TURN and total(s) == 125


def test_ww_card_fear_one_with_no_way_out_is_not_asked_and_not_driven_again() -> None:
    s = arena(G2, [sq(2, 0), sq(0, 0)], [[forced.FEAR], []], second_round=False)
    s.map.create_wall(s.map.asm.side_edge[sq(0, 0) * 4 + S])
    s.sight = vision.rows_for(s.map)
    act(G2, s, 0, NEUTRALS[NEUTRAL_CARDS.index(forced.FEAR)])
    assert s.phase == TURN and s.pos[1] == sq(0, 0)
    act(G2, s, 0, MOVES[S])
    assert s.phase == TURN


# -- Waterbolt -------------------------------------------------------------------------
def test_ww_card_waterbolt_pushes_straight_away_and_walls_hurt() -> None:
    s = arena(G2, [sq(0, 1), sq(2, 1)], [[forced.WATERBOLT, number(4)], []])
    act(G2, s, 0, cast_of(forced.WATERBOLT, 1, 4))
    act(G2, s, 1, TAKE_IT)
    # east along row 1: two squares, then the sector's wall stops the other two
    assert s.pos[1] == sq(4, 1) and s.life[1] == 13 and s.phase == TURN


def test_ww_card_waterbolt_a_wizard_in_the_way_stops_the_push() -> None:
    s = arena(G3, [sq(2, 0), sq(2, 2), sq(2, 3)], [[forced.WATERBOLT], [], []])
    act(G3, s, 0, cast_of(forced.WATERBOLT, 1))
    act(G3, s, 1, TAKE_IT)
    assert s.pos[1] == sq(2, 2) and s.life[1] == 14


def test_ww_card_waterbolt_blunt_halves_the_push() -> None:
    s = arena(G2, [sq(0, 2), sq(1, 2)], [[forced.WATERBOLT, number(4)], [combat.BLUNT]])
    act(G2, s, 0, cast_of(forced.WATERBOLT, 1, 4))
    act(G2, s, 1, COUNTERS[combat.BLUNT])
    act(G2, s, 0, next(a.id for a in G2.legal_actions(s, 0) if a.text == "let it stand"))
    act(G2, s, 1, TAKE_IT)
    assert s.pos[1] == sq(3, 2) and s.life[1] == 15


# -- Swap ------------------------------------------------------------------------------
def test_ww_card_swap_with_a_wizard_replaces_movement() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.SWAP], []])
    act(G2, s, 0, cast_of(forced.SWAP, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.pos == [sq(3, 2), sq(0, 2)] and s.moves == 0
    assert not any(t.startswith("move") or t.startswith("walk farther") for t in texts(G2, s, 0))


def test_ww_card_swap_only_before_walking() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.SWAP], []])
    assert any(t.startswith("cast Swap at P1") for t in texts(G2, s, 0))
    act(G2, s, 0, MOVES[S])
    assert not any(t.startswith("cast Swap") for t in texts(G2, s, 0))


def test_ww_card_swap_with_an_object_is_a_neutral_on_the_first_round() -> None:
    s = arena(G2, [sq(0, 2), sq(4, 4)], [[forced.SWAP], []], second_round=False)
    s.floor.append((sq(3, 2), combat.DAGGER))
    (s.deck if combat.DAGGER in s.deck else s.discard).remove(combat.DAGGER)
    act(G2, s, 0, AT_THINGS[forced.ON_THINGS.index(forced.SWAP)])
    assert s.phase == AIM and f"aim at square {sq(3, 2)}" in texts(G2, s, 0)
    act(G2, s, 0, AIM_SQUARES[sq(3, 2)])
    act(G2, s, 1, LET_BE)
    assert s.pos[0] == sq(3, 2) and s.floor == [(sq(0, 2), combat.DAGGER)] and s.moves == 0 and total(s) == 125


def test_ww_card_a_statue_can_be_swapped() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.SWAP], []])
    effects.lay(s, 1, effects.PETRIFIED, 2, 0, "WW card Medusa")
    act(G2, s, 0, cast_of(forced.SWAP, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.pos == [sq(3, 2), sq(0, 2)]


# -- Drag ------------------------------------------------------------------------------
def test_ww_card_drag_pulls_a_wizard_or_a_treasure_into_one_s_square() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DRAG, forced.DRAG], []])
    s.treasure_at[2] = sq(2, 0)
    act(G2, s, 0, AT_THINGS[forced.ON_THINGS.index(forced.DRAG)])
    act(G2, s, 0, AIM_SQUARES[sq(2, 0)])
    act(G2, s, 1, LET_BE)
    assert s.treasure_at[2] == sq(0, 2) and s.phase == TURN and s.moves == 3  # no movement spent
    act(G2, s, 0, cast_of(forced.DRAG, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.pos[1] == sq(0, 2)


# -- Drop Object -----------------------------------------------------------------------
def test_ww_card_drop_object_the_caster_picks_the_treasure_or_an_object() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DROP_OBJECT], [combat.DAGGER, combat.FIREBALL]])
    s.carried[1], s.treasure_at[0] = 0, -1
    act(G2, s, 0, cast_of(forced.DROP_OBJECT, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.phase == FORCED and G2.to_act(s) == (0,)
    assert texts(G2, s, 0) == ["he drops the treasure", "he drops an object"]
    act(G2, s, 0, FORCED_DROP_TREASURE)
    assert s.carried[1] == -1 and s.treasure_at[0] == sq(3, 2) and s.phase == TURN


def test_ww_card_drop_object_an_object_at_random_and_nothing_of_the_rest_is_told() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DROP_OBJECT], [combat.DAGGER, combat.FIREBALL]])
    act(G2, s, 0, cast_of(forced.DROP_OBJECT, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.floor == [(sq(3, 2), combat.DAGGER)] and s.hands[1] == [combat.FIREBALL]
    assert not any("Fireball" in e.text for e in s.log if e.kind == "forced")


def test_ww_card_drop_object_with_a_treasure_the_choice_of_an_object() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DROP_OBJECT], [combat.LARGE_ROCK]])
    s.carried[1], s.treasure_at[0] = 0, -1
    act(G2, s, 0, cast_of(forced.DROP_OBJECT, 1))
    act(G2, s, 1, TAKE_IT)
    act(G2, s, 0, FORCED_DROP_OBJECT)
    assert s.floor == [(sq(3, 2), combat.LARGE_ROCK)] and s.carried[1] == 0 and total(s) == 125


def _nine_with_a_brainstone(s: WizWarState) -> list[int]:
    """A Brainstone and eight number cards from the draw pile: a hand at its raised limit."""
    numbers = [c for c in s.deck if cards.KIND[c] == "number"][:8]
    for c in numbers:
        s.deck.remove(c)
    return [stones.BRAINSTONE] + numbers


@pytest.mark.parametrize("carrying", [False, True])
def test_6e_3_a_brainstone_knocked_out_of_a_full_hand_cuts_it_at_once(carrying: bool) -> None:
    """6e 3: "Hand limit 7 (Brainstone: 9 ...). Over-limit: discard immediately": Drop
    Object knocks the target's one object, his Brainstone, out of a hand of nine; he cuts
    it to 7 before the caster's turn goes on (also when the caster chose the object over a
    carried treasure)."""
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DROP_OBJECT], []])
    s.hands[1] = _nine_with_a_brainstone(s)
    if carrying:
        s.carried[1], s.treasure_at[0] = 0, -1
    act(G2, s, 0, cast_of(forced.DROP_OBJECT, 1))
    act(G2, s, 1, TAKE_IT)
    if carrying:
        act(G2, s, 0, FORCED_DROP_OBJECT)
    assert s.floor == [(sq(3, 2), stones.BRAINSTONE)] and len(s.hands[1]) == 8
    assert s.phase == DISCARD and G2.to_act(s) == (1,)
    act(G2, s, 1, G2.legal_actions(s, 1)[0])
    assert len(s.hands[1]) == 7 and s.phase == TURN and G2.to_act(s) == (0,)


# -- Stone Dead ------------------------------------------------------------------------
def test_ww_card_stone_dead_counts_the_stones_and_shows_them() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.STONE_DEAD, number(3)], [stones.POWERSTONE, stones.BRAINSTONE]])
    act(G2, s, 0, cast_of(forced.STONE_DEAD, 1, 3))
    assert sorted(s.shown[1]) == sorted([stones.POWERSTONE, stones.BRAINSTONE])
    act(G2, s, 1, TAKE_IT)
    assert s.life[1] == 15 - 6


def test_ww_card_stone_dead_without_stones_does_nothing() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.STONE_DEAD], [combat.FIREBALL]])
    act(G2, s, 0, cast_of(forced.STONE_DEAD, 1))
    act(G2, s, 1, TAKE_IT)
    assert s.life[1] == 15


def test_ww_6e_3_no_forced_move_attacks_in_the_first_round() -> None:
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.GO_AWAY, forced.WATERBOLT, forced.SWAP, forced.DRAG], []],
              second_round=False)
    assert not any(t.startswith("cast") and " at P" in t for t in texts(G2, s, 0))


def test_forced_moves_leave_the_action_table_fixed() -> None:
    assert STAY.text == "stay where he is" and FORCED_DROP_TREASURE.text == "he drops the treasure"
    assert AT_THINGS[0].text == "cast Swap at a thing"


def test_ww_6e_2_a_treasure_dragged_onto_one_s_home_base_counts() -> None:
    home = open_map(2).home_base(0)
    s = arena(G2, [home, sq(9, 4)], [[forced.DRAG], []])
    s.treasure_at = [sq(0, 4), sq(0, 4), home, sq(2, 0)]  # P1's first treasure already there
    act(G2, s, 0, AT_THINGS[forced.ON_THINGS.index(forced.DRAG)])
    act(G2, s, 0, AIM_SQUARES[sq(2, 0)])
    act(G2, s, 1, LET_BE)
    assert s.result is not None and s.result.winners == (0,)


def test_ww_card_a_negated_ugly_moves_nobody() -> None:
    s = arena(G2, [sq(2, 2), sq(4, 2)], [[forced.UGLY, number(3)], [cards.INDEX["negate_neutral"]]])
    k = forced.NUMBERED_SELF.index(forced.UGLY)
    act(G2, s, 0, NUMBERED_SELF[k][NUMBERS.index(number(3))])
    act(G2, s, 1, COUNTERS[cards.INDEX["negate_neutral"]])
    act(G2, s, 0, next(a.id for a in G2.legal_actions(s, 0) if a.text == "let it stand"))
    assert s.phase == TURN and s.pos[1] == sq(4, 2) and s.forced == forced.NONE and total(s) == 125


def test_ww_6e_12_teleport_and_blink_never_land_in_a_thornbush() -> None:
    """Rules reference 12: for Teleport, "destination must be a vacant space". A thornbush
    fills its square as solid stone does (the same word "vacant" keeps a second bush or
    stone out of it), so it is no landing place for Teleport, nor for Blink, whose card
    asks a vacant square too; a square where only an object lies is."""
    s = arena(G2, [sq(0, 0), sq(9, 4)], [[combat.TELEPORT, combat.BLINK], []])
    bush, beside, dagger_at = sq(3, 1), sq(1, 0), sq(3, 3)
    assert TELEPORTS[bush] in G2.legal_actions(s, 0) and BLINKS[E] in G2.legal_actions(s, 0)
    assert s.map.plant_thornbush(bush, occupied=False, hit_points=5) == ""
    assert s.map.plant_thornbush(beside, occupied=False, hit_points=5) == ""
    s.floor.append((dagger_at, combat.DAGGER))
    (s.deck if combat.DAGGER in s.deck else s.discard).remove(combat.DAGGER)
    vision.changed(s)
    s.legal_for = -1
    legal = G2.legal_actions(s, 0)
    assert vision.sees(s, sq(0, 0), bush), "the bush is in sight: only vacancy keeps it out"
    assert TELEPORTS[bush] not in legal and TELEPORTS[beside] not in legal and BLINKS[E] not in legal
    assert TELEPORTS[dagger_at] in legal and BLINKS[S] in legal
