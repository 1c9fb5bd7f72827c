"""The PettingZoo AEC environment: PettingZoo's own test kit for every game and variant,
then what the kit does not check — seeds that name wizarena games, rewards that match the
outcome, the rendered view, refused actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wizarena
from wizarena.core import IllegalAction, WizarenaError

from .conftest import GAMES, IDS

kit = pytest.importorskip("pettingzoo.test")
env = pytest.importorskip("wizarena.interop.pettingzoo").env


def random_episode(e, seed: int, rewards: dict[str, float] | None = None) -> list[tuple[str, int]]:
    """Play one episode with uniformly drawn legal actions; the (agent, action id) list.
    Rewards handed out along the way are added into `rewards` when given."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    moves = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if rewards is not None:
            rewards[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append((agent, action))
        e.step(action)
    return moves


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_pettingzoo_api_test(game_id, variant):
    with warnings.catch_warnings():
        # The kit warns that dict observations are "not a NumPy array" for every env it does not
        # list by name; the {"observation", "action_mask"} dict is PettingZoo's own convention.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        kit.api_test(env(game_id, variant), num_cycles=200)


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_pettingzoo_seed_test(game_id, variant):
    kit.seed_test(lambda: env(game_id, variant), num_cycles=200)


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_an_episode_is_the_wizarena_game_of_its_seed(game_id, variant):
    """reset(seed=s) plays new_state(s): replaying the moves on the kernel gives the same end,
    and the rewards handed out are the outcome's."""
    e = env(game_id, variant)
    game = wizarena.load_game(game_id, variant)
    for seed in (3, 4):
        rewards = {a: 0.0 for a in e.possible_agents}
        moves = random_episode(e, seed, rewards)
        s = game.new_state(seed, log=False)
        for agent, action in moves:
            seat = e.possible_agents.index(agent)
            assert seat == game.to_act(s)[0]
            game.apply(s, seat, game.action(action))
        outcome = game.outcome(s)
        assert outcome is not None
        assert rewards == {a: outcome.reward(i) for i, a in enumerate(e.possible_agents)}
        assert e.agents == []


def test_seedless_resets_are_reproducible_from_the_first_seed():
    a, b = env("cup"), env("cup")
    a.reset(seed=11)
    b.reset(seed=11)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 11
    assert random_episode(a, 5) == random_episode(b, 5)


def test_score_rewards_are_the_games_scores():
    e = env("cup", reward="score")
    e.reset(seed=2)
    totals = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    chips = sorted(totals.values())
    assert chips[-1] >= 2 and all(c == int(c) for c in chips)  # Victory Chips, not +1/-1


def test_render_prints_the_acting_seats_view(capsys):
    e = env("cup", render_mode="human")
    e.reset(seed=3)
    assert e.render() is None
    out = capsys.readouterr().out
    assert "P0 (you)" in out and "Selection" in out
    text = env("cup", render_mode="ansi")
    text.reset(seed=3)
    assert text.render() == out.rstrip("\n")


def test_illegal_and_out_of_order_calls_are_refused():
    e = env("cup")
    with pytest.raises(WizarenaError):
        e.step(0)
    e.reset(seed=1)
    mask = e.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.observe("player_0")["observation"]
    with pytest.raises(IllegalAction):
        e.step(illegal)
    with pytest.raises(IllegalAction):
        e.step(10_000)
    assert np.array_equal(e.observe("player_0")["observation"], before)
    with pytest.raises(WizarenaError):
        env("cup", reward="chips")


def test_max_steps_truncates():
    e = env("cup", max_steps=4)
    e.reset(seed=0)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 4


def test_game_config_passes_through():
    e = env("cup", swap=True)
    e.reset(seed=0)
    assert e.game_state.swap
    with pytest.raises(ValueError):
        env("cup", colour="blue").reset(seed=0)
