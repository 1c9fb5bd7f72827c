"""The strength script's measuring aid: a search that sees every hidden card."""

from __future__ import annotations

import random

from benchmarks.strength import SeesAll, _SeenTurn, run

from wizarena import load_game
from wizarena.agents import make_agent


def test_a_search_seeing_all_samples_the_true_hidden_cards_with_a_fresh_future() -> None:
    game = load_game("mickey/mini")
    state = game.new_state(3, log=False)
    rng = random.Random(0)
    while True:  # on to a decision where the other player holds cards
        seat = game.to_act(state)[0]
        other = 1 - seat
        if len(state.hand[other]) >= 3:
            break
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    seen = _SeenTurn(game, state, seat).determinize(random.Random(1))
    fair = game.determinize(state, seat, random.Random(1))
    assert sorted(seen.hand[other]) == sorted(state.hand[other])
    assert sorted(fair.hand[other]) != sorted(state.hand[other])  # what a fair search would sample
    assert seen.rng.next64() != game.clone(state).rng.next64()  # draws to come are not foretold
    agent = SeesAll(make_agent("ismcts:iterations=20", seed=0))
    assert agent.act(_SeenTurn(game, state, seat)) in game.legal_actions(state, seat)


def test_the_strength_report_says_when_a_saw_all() -> None:
    res = run("cup", "ismcts:iterations=10", "random", 2, 0, 1, sees_all=True)
    assert res["a_sees_all"] is True and res["wins"] + res["draws"] + res["losses"] == 2
