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


def test_the_learner_s_seat_is_drawn_per_episode_or_named_at_reset():
    """Issue 28: a learner that plays every seat without one environment per seat. The seat
    comes from the episode's seed (so a seed replays it) or from `options["seat"]`."""
    e = WizarenaEnv("cup", seat="random", opponents="random")
    seats = {e.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1}
    assert e.reset(seed=5)[1]["seat"] == e.reset(seed=5)[1]["seat"]
    _, info = e.reset(seed=5, options={"seat": 1})
    assert info["seat"] == 1 == e.seat and 1 in e.game.to_act(e.game_state)
    reward, _ = play(e, 7, np.random.default_rng(7))
    assert reward in (-1.0, 0.0, 1.0)
    for bad in (2, -1, "first", True):
        with pytest.raises(WizarenaError, match="has seats 0 to 1"):
            e.reset(seed=1, options={"seat": bad})
    with pytest.raises(WizarenaError, match="has seats 0 to 1"):
        WizarenaEnv("cup", seat="left")


def test_a_policy_plays_the_other_seats_from_its_own_view():
    """Self-play without wrapping: an opponent may be any `policy(observation, mask)`; it is
    asked with its own seat's observation and legal actions, never the learner's."""
    asked: list[tuple[np.ndarray, np.ndarray]] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        asked.append((observation, mask))
        return int(np.flatnonzero(mask)[0])

    e = WizarenaEnv("cup", seat=0, opponents=first_legal)
    reward, _ = play(e, 3, np.random.default_rng(3))
    assert asked and reward in (-1.0, 0.0, 1.0)
    game = e.game
    state = game.new_state(3, log=False)
    observation, mask = asked[0]
    seat = next(s for s in game.to_act(state) if s != 0)
    assert np.array_equal(observation, np.asarray(game.observation_tensor(state, seat), np.float32))
    assert mask.sum() == len(game.legal_actions(state, seat))

    e = WizarenaEnv("cup", seat=0, opponents=lambda observation, mask: int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(IllegalAction, match="the policy at seat 1 chose action"):
        play(e, 3, np.random.default_rng(3))
    with pytest.raises(WizarenaError, match="an agent spec, an Agent or a policy"):
        WizarenaEnv("cup", opponents=42)


def test_several_games_step_at_once():
    envs = wgym.vector_env("cup", 3, seat="random", opponents="greedy")
    obs, info = envs.reset(seed=11)
    assert obs.shape == (3, *envs.single_observation_space.shape) and info["action_mask"].shape[0] == 3
    rng = np.random.default_rng(11)
    ended = 0
    for _ in range(200):
        # a game that just ended shows no legal action: its next step resets it, whatever is sent
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        ended += int(terminated.sum())
        if ended >= 3:
            break
    assert ended >= 3
    envs.close()
    with pytest.raises(WizarenaError, match="from 1 to 1,024"):
        wgym.vector_env("cup", 0)
