"""Scenarios per rulebook section: Starting the Game, Playing the Game, Round Transition, Draws."""

from __future__ import annotations

import pytest

from wizarena.core import IllegalAction
from wizarena.games.wars import battlefield as bf
from wizarena.games.wars import turn as tn
from wizarena.games.wars.actions import PASS
from wizarena.games.wars.cards import STALWART
from wizarena.games.wars.state import DICE, MAIN, MULLIGAN, OVER

from .helpers import GAME, act, grave, legal, row, rules, table, unit


def test_starting_the_game_in_the_rulebooks_order():
    s = GAME.new_state(3)
    assert s.phase == MULLIGAN and GAME.to_act(s) == (0, 1)
    assert all(len(s.hand[p]) == 10 for p in (0, 1))
    assert row(s, s.first) == ["Bird of Victory"] and row(s, 1 - s.first) == []
    # Emberhold's drake begins in the sideboard, its grudge in the graveyard (seat 0's deck)
    assert [bf.name(s, i) for i in s.sideboard[0]] == ["Ember Drake"]
    assert [bf.name(s, i) for i in s.grave[0]] == ["Burning Grudge"]
    texts = [e.text for e in s.log]
    assert texts.index("both decks are shuffled") < next(i for i, t in enumerate(texts) if "coin toss" in t)


def test_starting_the_game_mulligans_then_allied_dice():
    s = GAME.new_state(5)
    first_card = bf.name(s, s.hand[0][0])
    act(s, 0, f"mulligan {first_card}")
    assert len(s.hand[0]) == 10 and len(s.mull[0]) == 1
    act(s, 0, legal(s, 0)[0])  # a second mulligan ends them
    # Ruling R10: the pile waits face down until both players are done with their mulligans.
    assert s.mulls[0] == -1 and len(s.mull[0]) == 2 and len(s.deck[0]) == 16
    act(s, 1, "keep")
    assert len(s.mull[0]) == 0 and len(s.deck[0]) == 18
    assert s.phase == DICE and GAME.to_act(s) == (0, 1)
    assert GAME.view(s, 1)["players"][0]["allied_dice"] is None
    for face in ("Fire", "Water", "Dark"):
        act(s, 0, f"set your die {3 - s.dice_left[0] + 1} to {face}")
    for _ in range(3):
        act(s, 1, "set your die 1 to Air" if s.dice_left[1] == 3 else legal(s, 1)[0])
    assert s.phase == MAIN and s.cur == s.first
    assert s.dice[3:6] == [0, 1, 5]


def test_playing_one_card_a_turn_then_end_turn():
    s = table(([], []), (["Mountain Goat", "Scorch"], ["Rally"]))
    act(s, 0, "play Mountain Goat at left end")
    assert legal(s, 0) == ["end turn"]
    with pytest.raises(IllegalAction):
        act(s, 0, "play Scorch")
    act(s, 0, "end turn")
    assert s.cur == 1


def test_playing_a_player_who_taps_has_chosen_not_to_pass():
    """Wars Playing the Game: "a player may choose to pass, or not pass ... If they choose not
    to pass, the player may tap or untap cards before playing a card." Tapping comes after
    the choice not to pass, so it takes the pass away: he plays a card (or discards by hand)."""
    s = table((["Kiln Stoker"], ["Mountain Goat"]), (["Mountain Goat"], ["Scorch"]), dice=["Fire"] * 9)
    assert "pass" in legal(s, 0)
    act(s, 0, "tap Kiln Stoker at slot 1")
    assert "pass" not in legal(s, 0) and "play Mountain Goat at left end" in legal(s, 0)
    with pytest.raises(IllegalAction, match="chose not to pass"):
        GAME.apply(s, 0, PASS)
    act(s, 0, "play Mountain Goat at left end")
    act(s, 0, "end turn")
    assert s.cur == 1 and "pass" in legal(s, 1)  # the next turn is a new choice


def test_playing_an_empty_hand_passes_automatically():
    s = table(([], []), ([], ["Rally", "Scorch"]), cur=1)
    act(s, 1, "pass")  # P0 has no cards: its turn passes at once, the round ends
    assert s.results == [-1] and s.round == 2


def test_playing_manual_discard_only_when_no_card_can_be_played():
    s = table(([], []), (["Smite", "Smite"], ["Rally"]), dice=["Fire"] * 9)
    assert legal(s, 0) == ["discard Smite", "pass"]
    act(s, 0, "discard Smite")
    assert grave(s, 0) == ["Smite"] and legal(s, 0) == ["end turn"]
    s = table(([], []), (["Smite", "Rally"], []), dice=["Fire"] * 9)
    assert "discard Smite" not in legal(s, 0)


def test_playing_pass_triggers_when_you_pass_abilities_left_to_right():
    s = table((["Forge Tavern", "Fen Witch"], ["Hill Ogre"]), (["Rally"], ["Rally"]))
    act(s, 0, "pass")
    texts = [e.text for e in s.log]
    tavern = texts.index("P0 gains 2 points by Forge Tavern")
    witch = next(i for i, t in enumerate(texts) if t.startswith("P0's Fen Witch assaults"))
    assert s.passed[0] and s.points[0] == 2 and tavern < witch
    # the damage lasted until its owner's turn began, right after the pass
    assert s.cur == 1 and s.damage[unit(s, 1, 1)] == 0 and "Hill Ogre (P1 slot 1) is healed" in texts


def test_playing_a_passed_player_takes_no_more_turns():
    s = table(([], []), (["Rally", "Rally"], ["Mountain Goat", "Mountain Goat"]))
    act(s, 0, "pass")
    act(s, 1, "play Mountain Goat at left end")
    act(s, 1, "end turn")
    assert s.cur == 1 and GAME.to_act(s) == (1,)


def test_round_transition_stalwart_purified_equipment_destroyed():
    s = table((["Blackrock Bastion", "Hill Ogre"], []), gear={(0, 1): ["Iron Plate"]})
    u = unit(s, 0, 1)
    s.status[u] |= 2  # poisoned
    s.tapped[u] = True
    bf.clear_row(s, 0)
    assert row(s, 0) == ["Blackrock Bastion"] and s.status[u] == STALWART and not s.tapped[u]
    assert grave(s, 0) == ["Hill Ogre", "Iron Plate"]


def test_round_transition_upside_down_cards_go_to_the_opposite_graveyard():
    s = table(([], []), (["Whispering Envoy"], ["Rally"]))
    act(s, 0, "play Whispering Envoy at left end")
    bf.clear_row(s, 1)
    assert "Whispering Envoy" in grave(s, 1) and s.owner[s.grave[1][-1]] == 1


def test_round_transition_next_round_draws_three_winner_goes_first():
    s = table((["Hill Ogre"], ["Mountain Goat"]), (["Rally"], ["Rally"]), decks=(["Scorch"] * 6, ["Scorch"] * 6),
              cur=1)
    s.passed = [True, False]
    act(s, 1, "pass")
    assert s.results == [0] and s.round == 2 and s.first == 0
    assert len(s.hand[0]) == 4 and s.phase == MULLIGAN
    assert "Hill Ogre" in grave(s, 0) and "Wars Round Transition" in rules(s)


def _finish(results: list[int], scores: tuple[int, int], first_r1: int = 0) -> object:
    rows = (["Wandering Sellsword"] * scores[0], ["Wandering Sellsword"] * scores[1])
    s = table(rows, (["Rally"], ["Rally"]), decks=(["Scorch"] * 6, ["Scorch"] * 6))
    s.results = list(results)
    s.wins = [results.count(0), results.count(1)]
    s.round = len(results) + 1
    s.first_r1 = first_r1
    tn.end_round(s)
    return s


def test_draws_round_1_drawn_who_went_second_goes_first():
    s = _finish([], (1, 1), first_r1=0)
    assert s.round == 2 and s.first == 1 and "Wars Draws" in rules(s)


def test_draws_round_1_drawn_round_2_winner_wins():
    s = _finish([-1], (2, 1))
    assert s.phase == OVER and s.result.winners == (0,)


def test_draws_round_1_and_2_drawn_game_drawn():
    s = _finish([-1], (1, 1))
    assert s.result.winners == () and s.result.draw


def test_draws_round_2_drawn_round_1_winner_wins():
    s = _finish([1], (1, 1))
    assert s.result.winners == (1,) and "Wars Draws" in rules(s)


def test_draws_round_3_drawn_game_drawn():
    s = _finish([0, 1], (1, 1))
    assert s.result.winners == ()


def test_the_game_two_round_wins():
    s = _finish([1], (1, 2))
    assert s.result.winners == (1,) and s.result.scores == (0.0, 2.0)
    s = _finish([0], (1, 2))
    assert s.result is None and s.round == 3 and s.first == 1


def test_mana_dice_persist_between_rounds():
    s = table((["Hill Ogre"], []), (["Rally"], ["Rally"]), decks=(["Scorch"] * 6, ["Scorch"] * 6), cur=1)
    before = s.dice[:]
    s.passed = [True, False]
    act(s, 1, "pass")
    assert s.dice == before and len(s.dice) == 9


def test_illegal_actions_name_their_rule_and_change_nothing():
    s = GAME.new_state(2)
    before = GAME.view(s, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, GAME.actions[0])  # pass, during the mulligans
    with pytest.raises(IllegalAction):
        GAME.apply(s, 7, GAME.actions[0])
    assert GAME.view(s, 0) == before
