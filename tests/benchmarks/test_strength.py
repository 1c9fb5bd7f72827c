"""The strength script's measuring aid: a search that sees every hidden card, or every card
but the order of the draw piles."""

from __future__ import annotations

import random
from typing import Any

import pytest
from benchmarks.strength import DRAW_PILES, SeesAll, _SeenTurn, draw_piles, run

from wizarena import load_game
from wizarena.agents import make_agent
from wizarena.core import Game, Turn


def mini_with_a_full_hand() -> tuple[Game, Any, int, int]:
    """A MiniSfida position where the player not to act holds three cards or more."""
    game = load_game("mickey/mini")
    state = game.new_state(3, log=False)
    rng = random.Random(0)
    while True:
        seat = game.to_act(state)[0]
        other = 1 - seat
        if len(state.hand[other]) >= 3:
            return game, state, seat, other
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_a_search_seeing_all_samples_the_true_hidden_cards_with_a_fresh_future() -> None:
    game, state, seat, other = mini_with_a_full_hand()
    seen = _SeenTurn(Turn(game, state, seat), ()).determinize(random.Random(1))
    fair = game.determinize(state, seat, random.Random(1))
    assert sorted(seen.hand[other]) == sorted(state.hand[other])
    assert sorted(fair.hand[other]) != sorted(state.hand[other])  # what a fair search would sample
    assert seen.deck == state.deck   # seeing all, it knows what will be drawn
    assert seen.rng.next64() != game.clone(state).rng.next64()  # chance to come is not foretold
    agent = SeesAll(make_agent("ismcts:iterations=20", seed=0))
    assert agent.act(Turn(game, state, seat)) in game.legal_actions(state, seat)


def test_a_search_seeing_the_hands_does_not_know_the_order_of_the_draw_piles() -> None:
    game, state, seat, other = mini_with_a_full_hand()
    seen = _SeenTurn(Turn(game, state, seat), draw_piles("mickey/mini")).determinize(random.Random(1))
    assert seen.hand == state.hand
    for name in DRAW_PILES["mickey"]:
        ours, truth = getattr(seen, name), getattr(state, name)
        assert [sorted(p) for p in ours] == [sorted(p) for p in truth]   # the same cards
    assert seen.deck != state.deck                                     # in another order
    agent = SeesAll(make_agent("ismcts:iterations=20", seed=0), draw_piles("mickey/mini"))
    assert agent.act(Turn(game, state, seat)) in game.legal_actions(state, seat)


@pytest.mark.parametrize("game_id", ["cup", "mickey/grande", "wars", "wizwar", "wizwar/8e"])
def test_every_game_names_its_draw_piles(game_id: str) -> None:
    """Each named pile is a list (or a list of lists) of the game's state, shuffled in place."""
    game = load_game(game_id)
    state = game.new_state(1, log=False)
    for name in draw_piles(game_id):
        pile = getattr(state, name)
        assert isinstance(pile, list) and pile
    seat = game.to_act(state)[0]
    _SeenTurn(Turn(game, state, seat), draw_piles(game_id)).determinize(random.Random(1))


def test_the_strength_report_says_what_a_saw() -> None:
    res = run("cup", "ismcts:iterations=10", "random", 2, 0, 1, sees="all")
    assert res["a_sees_all"] is True and res["wins"] + res["draws"] + res["losses"] == 2
    a, b = res["a_decision_seconds"], res["b_decision_seconds"]
    assert a["decisions"] > 10 and b["decisions"] > 10
    assert 0 < a["median"] <= a["p99"] <= a["longest"]
    res = run("wars", "ismcts:iterations=10", "random", 2, 0, 1, sees="hands")
    assert res["a_sees_hands"] is True and res["a_sees_all"] is False
