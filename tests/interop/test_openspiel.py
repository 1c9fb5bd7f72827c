"""The OpenSpiel games: OpenSpiel's random-simulation test for every game and variant, the
seed parameter, and OpenSpiel's own algorithms (MCTS, ISMCTS, CFR) running on our games."""

from __future__ import annotations

import numpy as np
import pytest

import wizarena
from wizarena.agents import make_agent
from wizarena.interop import spiel_name

from .conftest import GAMES, IDS

pyspiel = pytest.importorskip("pyspiel")
wos = pytest.importorskip("wizarena.interop.openspiel")


@pytest.fixture(autouse=True)
def registered() -> None:
    wos.register_all()


def test_every_game_and_variant_is_registered():
    names = wos.register_all()
    assert {"wizarena_cup", "wizarena_cup_swap", "wizarena_toy", "wizarena_toy_quick"} <= set(names)
    assert set(names) <= set(pyspiel.registered_names())
    assert wos.register_all() == names  # again: nothing new, nothing lost


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_openspiel_random_sim_test(game_id, variant):
    for seed in (0, 1, 8, -1):  # 8: a path where two legal actions once read alike (the harness fails such a
        # state, and asks the game for its RNG state to say so, which hid the cause)
        game = pyspiel.load_game(spiel_name(game_id, variant), {"seed": seed})
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_game_facts(game_id, variant):
    ours = wizarena.load_game(game_id, variant)
    game = pyspiel.load_game(spiel_name(game_id, variant))
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_distinct_actions() == ours.num_distinct_actions
    assert game.num_players() == ours.num_players
    assert game.max_game_length() == ours.max_game_length
    assert game.observation_tensor_shape() == list(ours.observation_shape)
    assert game.get_parameters()["seed"] == 0


def test_the_seed_parameter_names_the_deal():
    a = pyspiel.load_game("wizarena_cup", {"seed": 5})
    b = pyspiel.load_game("wizarena_cup", {"seed": 5})
    assert str(a.new_initial_state()) == str(b.new_initial_state()) == str(a.new_initial_state())
    ours = wizarena.load_game("cup")
    s = a.new_initial_state()
    assert s.wizarena_state.pick == ours.new_state(5).pick
    assert a.new_initial_state("8").wizarena_state.pick == ours.new_state(8).pick
    picks = {tuple(pyspiel.load_game("wizarena_cup", {"seed": k}).new_initial_state().wizarena_state.pick)
             for k in range(10)}
    assert len(picks) > 5


def test_config_parameter_and_clone():
    game = pyspiel.load_game("wizarena_cup", {"config": '{"swap": true}'})
    s = game.new_initial_state()
    assert s.wizarena_state.swap
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.history() == [] and len(c.history()) == 1
    assert c.wizarena_state is not s.wizarena_state and len(s.wizarena_state.six[0]) == 1
    with pytest.raises(Exception, match="config"):
        pyspiel.load_game("wizarena_cup", {"config": "swap"})


def test_returns_are_the_outcome():
    game = pyspiel.load_game("wizarena_cup_swap", {"seed": 2})
    rng = np.random.RandomState(0)
    s = game.new_initial_state()
    while not s.is_terminal():
        assert s.returns() == [0.0, 0.0]
        s.apply_action(rng.choice(s.legal_actions()))
    outcome = s.wizarena_game.outcome(s.wizarena_state)
    assert s.returns() == [outcome.reward(0), outcome.reward(1)]


def test_openspiel_mcts_and_ismcts_play_our_games():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("wizarena_cup", {"seed": 3})
    rollout = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 2.0, 20, rollout, random_state=np.random.RandomState(1)),
            ismcts.ISMCTSBot(game, rollout, 2.0, 20, random_state=np.random.RandomState(2))]
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(bots[s.current_player()].step(s))
    assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_ismcts_against_our_ismcts():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("wizarena_cup", {"seed": 4})
    theirs = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 25,
                              random_state=np.random.RandomState(1))
    ours = make_agent("ismcts:iterations=25", seed=1)
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(theirs.step(s) if s.current_player() == 0 else wos.act(ours, s))
    assert s.returns()[0] == -s.returns()[1]


def test_cfr_on_a_small_configuration():
    """One round of the three-seat toy is small enough for OpenSpiel's tabular CFR."""
    from open_spiel.python.algorithms import cfr

    game = pyspiel.load_game("wizarena_toy", {"seed": 1, "config": '{"rounds": 1}'})
    solver = cfr.CFRSolver(game)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    table = policy.action_probability_array
    assert table.shape[1] == game.num_distinct_actions() and len(table) > 10
    assert np.allclose(table.sum(axis=1), 1.0)
