"""The research adapters carry the player count: PettingZoo agents player_0..n-1,
Gymnasium one learner against n-1 computer seats, OpenSpiel a `players` parameter, and the
rewards they hand out are the outcome's shared win and loss."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from wizarena.core import UnknownGame

kit = pytest.importorskip("pettingzoo.test")
pz = pytest.importorskip("wizarena.interop.pettingzoo")
wgym = pytest.importorskip("wizarena.interop.gymnasium")
check_env = pytest.importorskip("gymnasium.utils.env_checker").check_env


pytestmark = pytest.mark.usefixtures("stand_registered")


# -- PettingZoo --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_pettingzoo_has_one_agent_per_player(n: int) -> None:
    e = pz.env("stand", players=n)
    assert e.possible_agents == [f"player_{i}" for i in range(n)]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        kit.api_test(e, num_cycles=200)
    kit.seed_test(lambda: pz.env("stand", players=n), num_cycles=200)


def test_pettingzoo_rewards_are_the_outcomes_and_eliminated_seats_are_never_asked() -> None:
    e = pz.env("stand", players=4)
    for seed in range(6):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            out = e.game.view(e.game_state, None)["out"]
            assert e._seat[agent] not in out  # a seat that went out never moves again
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        outcome = e.game.outcome(e.game_state)
        assert [totals[f"player_{s}"] for s in range(4)] == list(outcome.rewards())
        assert abs(sum(totals.values())) < 1e-9


# -- Gymnasium -----------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_gymnasium_one_learner_against_n_minus_one_opponents(n: int) -> None:
    e = wgym.WizarenaEnv("stand", players=n, seat=n - 1, opponents="greedy")
    e.reset(seed=0)
    assert e.game.num_players == n and sorted(e._agents) == list(range(n - 1))  # the seats besides the learner's
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=3)
    assert obs.shape == (3 * n,)
    rewards = set()
    for seed in range(10):
        obs, info = e.reset(seed=seed)
        while True:
            obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
            if terminated or truncated:
                assert reward == e.game.outcome(e.game_state).reward(n - 1)
                rewards.add(reward)
                break
    assert rewards  # episodes ended with the outcome's reward


def test_gymnasium_opponents_per_seat_must_match_the_count() -> None:
    with pytest.raises(Exception, match="needs 3 opponent"):
        wgym.WizarenaEnv("stand", players=4, opponents=["random", "greedy"])


# -- OpenSpiel -------------------------------------------------------------------------------------
def test_openspiel_takes_players_as_a_game_parameter() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    wos = pytest.importorskip("wizarena.interop.openspiel")
    name = wos.register("stand") if "wizarena_stand" not in pyspiel.registered_names() else "wizarena_stand"
    t = pyspiel.load_game(name).get_type()
    assert (t.min_num_players, t.max_num_players) == (2, 4)
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game(name).num_players() == 3  # the game's default
    for n in (2, 3, 4):
        game = pyspiel.load_game(name, {"players": n, "seed": 2})
        assert game.num_players() == n and game.get_parameters()["players"] == n
        assert game.observation_tensor_shape() == [3 * n]
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert len(state.returns()) == n and abs(sum(state.returns())) < 1e-9
    with pytest.raises(UnknownGame, match="stand takes 2, 3 or 4 players, not 5"):
        pyspiel.load_game(name, {"players": 5})
