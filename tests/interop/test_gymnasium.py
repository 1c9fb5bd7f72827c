"""The single-seat Gymnasium environment: Gymnasium's `check_env` for every game and
variant, then episodes against each kind of wizarena agent, masks, illegal actions, seats."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wizarena
from wizarena.core import IllegalAction, WizarenaError

from .conftest import GAMES, IDS

gymnasium = pytest.importorskip("gymnasium")
check_env = pytest.importorskip("gymnasium.utils.env_checker").check_env
wgym = pytest.importorskip("wizarena.interop.gymnasium")
WizarenaEnv = wgym.WizarenaEnv


def play(e, seed: int, rng: np.random.Generator) -> tuple[float, int]:
    """One episode of uniformly drawn legal actions: (final reward, learner steps)."""
    obs, info = e.reset(seed=seed)
    steps = 0
    while True:
        assert e.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        steps += 1
        if terminated or truncated:
            return reward, steps
        assert reward == 0.0


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_gymnasium_check_env(game_id, variant):
    game = wizarena.load_game(game_id, variant)
    for seat in range(game.num_players):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # check_env's advice about specs and render fps
            check_env(WizarenaEnv(game_id, variant, seat=seat, render_mode="ansi"))


@pytest.mark.parametrize("opponents", ["random", "greedy", "ismcts:iterations=20"])
def test_episodes_against_each_kind_of_agent(opponents):
    e = WizarenaEnv("cup", opponents=opponents)
    rng = np.random.default_rng(0)
    for seed in range(2 if opponents.startswith("ismcts") else 6):
        reward, steps = play(e, seed, rng)
        assert reward in (-1.0, 0.0, 1.0) and steps >= 5
        assert e.game.outcome(e.game_state).reward(0) == reward


def test_the_same_seed_replays_the_same_episode():
    e = WizarenaEnv("cup/swap", seat=1, opponents="greedy")
    runs = []
    for _ in range(2):
        obs, info = e.reset(seed=21)
        trail = [obs.tobytes()]
        rng = np.random.default_rng(1)
        done = False
        while not done:
            obs, reward, done, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            trail.append(obs.tobytes())
        runs.append((trail, reward))
    assert runs[0] == runs[1]


def test_the_mask_is_the_legal_actions_and_the_learner_always_has_the_turn():
    e = WizarenaEnv("cup", seat=1)
    obs, info = e.reset(seed=4)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert e.game.to_act(e.game_state)[0] == 1
        legal = sorted(a.id for a in e.game.legal_actions(e.game_state, 1))
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.array_equal(e.action_masks(), info["action_mask"])
        obs, _, done, _, info = e.step(int(rng.choice(legal)))
    assert not info["action_mask"].any()
    with pytest.raises(WizarenaError):
        e.step(0)


def test_an_illegal_action_is_a_loss_or_an_error():
    e = WizarenaEnv("cup")
    _, info = e.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    e = WizarenaEnv("cup", illegal="raise")
    e.reset(seed=0)
    with pytest.raises(IllegalAction):
        e.step(illegal)


def test_bad_settings_fail_at_construction():
    for kwargs in ({"seat": 2}, {"opponents": "nobody"}, {"opponents": ["random", "random"]},
                   {"illegal": "ignore"}, {"reward": "chips"}):
        with pytest.raises(WizarenaError):
            WizarenaEnv("cup", **kwargs)


def test_two_opponents_for_three_seats():
    e = WizarenaEnv("toy", seat=2, opponents=["greedy", "random"])
    reward, _ = play(e, 3, np.random.default_rng(3))
    assert reward in (-1.0, -0.5, 0.0, 0.5, 1.0)  # three seats: a loss or a win is shared


def test_registered_with_gymnasium_make():
    ids = wgym.register_all()
    assert "wizarena/cup-v0" in ids and "wizarena/cup_swap-v0" in ids
    e = gymnasium.make("wizarena/cup_swap-v0", seat=1, opponents="greedy")
    obs, info = e.reset(seed=0)
    assert obs.shape == e.observation_space.shape and e.unwrapped.game_state.swap
    e.close()
