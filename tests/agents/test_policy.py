"""The `policy` agent: a trained network read from its .npz and played with numpy alone,
through the kernel protocol only, refusing files and games it was not made for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import wizarena
from wizarena.agents import PolicyAgent, agents_for, check_plays, make_agent
from wizarena.agents.policy import PolicyNet, choose, has_policy, load_shipped, policy_name, shipped_policies
from wizarena.core import WizarenaError, play

from .helpers import play_sealed

SRC = Path(wizarena.__file__).resolve().parents[1]


def _net(game, seed: int = 0, hidden: int = 16) -> PolicyNet:
    """A small network with random weights, made for `game` as training would make it."""
    rng = np.random.default_rng(seed)
    sizes = [game.observation_shape[0], hidden, game.num_distinct_actions]
    weights = [rng.normal(0, 1, (o, i)).astype(np.float32) for i, o in zip(sizes, sizes[1:], strict=False)]
    biases = [rng.normal(0, 0.1, o).astype(np.float32) for o in sizes[1:]]
    header = {"game": game.id, "variant": game.variant, "players": game.num_players}
    return PolicyNet(weights, biases, "tanh", header)


@pytest.fixture
def cup_file(tmp_path):
    game = wizarena.load_game("cup")
    path = tmp_path / "cup.npz"
    _net(game).save(path)
    return game, path


def test_a_saved_network_reads_back_the_same(cup_file):
    game, path = cup_file
    net = PolicyNet.load(path)
    again = _net(game)
    obs = np.random.default_rng(1).integers(0, 2, game.observation_shape[0]).astype(np.float32)
    assert np.array_equal(net.logits(obs), again.logits(obs))
    assert net.header["game"] == "cup" and net.header["format"] == "wizarena-policy/1"
    assert all(w.dtype == np.float32 for w in net.weights)


def test_a_network_saved_in_half_precision_is_half_the_size_and_plays_in_float32(cup_file, tmp_path):
    game, path = cup_file
    half = tmp_path / "half.npz"
    PolicyNet.load(path).save(half, half=True)
    assert half.stat().st_size < 0.6 * path.stat().st_size
    net, full = PolicyNet.load(half), PolicyNet.load(path)
    assert all(w.dtype == np.float32 for w in net.weights)
    obs = np.random.default_rng(2).integers(0, 2, game.observation_shape[0]).astype(np.float32)
    assert np.allclose(net.logits(obs), full.logits(obs), atol=1e-2)
    assert not np.array_equal(net.logits(obs), full.logits(obs))  # the file really was rounded


def test_the_forward_pass_is_the_layers_written_out():
    w0 = np.array([[1.0, -1.0], [0.5, 0.5]], np.float32)
    w1 = np.array([[2.0, 0.0], [0.0, -3.0], [1.0, 1.0]], np.float32)
    b0, b1 = np.array([0.0, -1.0], np.float32), np.array([0.1, 0.2, 0.3], np.float32)
    x = np.array([0.25, 1.0], np.float32)
    for activation, f in (("tanh", np.tanh), ("relu", lambda v: np.maximum(v, 0))):
        net = PolicyNet([w0, w1], [b0, b1], activation)
        assert np.allclose(net.logits(x), w1 @ f(w0 @ x + b0) + b1)


def test_choice_is_always_legal_and_the_best_legal_logit_at_temperature_zero():
    net = PolicyNet([np.eye(4, dtype=np.float32)], [np.zeros(4, np.float32)])
    obs = np.array([0.0, 0.9, 0.1, 0.5], np.float32)
    assert choose(net, obs, np.array([1, 0, 1, 1], np.int8), 0.0, None) == 3  # 1 is best but illegal
    rng = np.random.default_rng(0)
    mask = np.array([1, 0, 1, 0], np.int8)
    drawn = {choose(net, obs, mask, 1.0, rng) for _ in range(200)}
    assert drawn == {0, 2}
    with pytest.raises(WizarenaError):
        choose(net, obs, np.zeros(4, np.int8), 0.0, None)


@pytest.mark.parametrize("temperature", [0, 0.7])
def test_it_plays_whole_games_through_the_sealed_turn(cup_file, temperature):
    """It never reads the true state (its tensor comes from a determinization), chooses only
    legal actions, and a seed repeats its game."""
    game, path = cup_file
    spec = f"policy:file={path},temperature={temperature}"
    runs = [play_sealed(game, [make_agent(spec, seed=5), make_agent("random", seed=6)], 11) for _ in range(2)]
    assert runs[0][0] == runs[1][0]
    assert game.outcome(runs[0][1]) is not None


def test_it_sees_the_tensor_of_its_own_seat(cup_file):
    """The observation it scores is the seat's own tensor, the one the learner was trained on:
    a network whose logits copy part of the tensor picks what that part says."""
    game, path = cup_file
    agent = make_agent(f"policy:file={path}", seed=0)
    assert isinstance(agent, PolicyAgent)
    seen = []
    real = agent.net.logits

    def spy(observation):
        seen.append(np.array(observation))
        return real(observation)

    agent.net.logits = spy  # type: ignore[method-assign]
    state = game.new_state(4)
    for _ in range(3):
        seat = game.to_act(state)[0]
        from wizarena.core import Turn
        action = agent.act(Turn(game, state, seat))
        if len(game.legal_actions(state, seat)) > 1:
            assert np.array_equal(seen[-1], np.asarray(game.observation_tensor(state, seat), np.float32))
        game.apply(state, seat, action)
    assert seen


@pytest.mark.parametrize("spec", ["policy:temperature=-1", "policy:temperature=nan", "policy:temperature=abc",
                                  "policy:name=nothing", "policy:name=../cup", "policy:file=nowhere.npz",
                                  "policy:file=a.npz,name=cup", "policy:depth=3"])
def test_bad_specs_are_one_line_errors(spec):
    with pytest.raises(WizarenaError) as info:
        make_agent(spec)
    assert "\n" not in str(info.value)


def test_files_that_are_no_policy_are_refused(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip at all")
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, header=np.array([{"format": "wizarena-policy/1"}], dtype=object))
    other = tmp_path / "other.npz"
    np.savez(other, w0=np.zeros((2, 2), np.float32))
    for path in (junk, pickled, other):
        with pytest.raises(WizarenaError, match="not a policy file"):
            make_agent(f"policy:file={path}")


def test_a_network_for_another_game_is_refused_at_its_first_turn(cup_file, tmp_path):
    _, path = cup_file
    wars = wizarena.load_game("wars")
    with pytest.raises(WizarenaError, match="trained for cup"):
        play(wars, [make_agent(f"policy:file={path}"), make_agent("random")], 0)
    with pytest.raises(WizarenaError, match="trained for cup"):
        check_plays(f"policy:file={path}", wars)
    swap = wizarena.load_game("cup", "swap")  # same sizes, other rules: refused all the same
    with pytest.raises(WizarenaError, match="trained for cup"):
        check_plays(f"policy:file={path}", swap)
    # sizes that do not fit the header's game
    game = wizarena.load_game("cup")
    bad = _net(game)
    bad.weights[0] = bad.weights[0][:, :100]
    bad.__post_init__()
    bad.save(tmp_path / "small.npz")
    with pytest.raises(WizarenaError, match="505"):
        check_plays(f"policy:file={tmp_path / 'small.npz'}", game)


def test_the_agent_list_of_a_game_offers_policy_only_where_weights_ship():
    for gid in ("cup", "mickey", "wars", "wizwar"):
        game = wizarena.load_game(gid)
        names = agents_for(game)
        assert {"random", "greedy", "ismcts"} <= set(names)
        assert ("policy" in names) == has_policy(game)
        if not has_policy(game):
            with pytest.raises(WizarenaError, match="no trained policy ships"):
                check_plays("policy", game)


@pytest.mark.parametrize("name", shipped_policies())
def test_shipped_weights_fit_their_game_and_are_small(name):
    net = load_shipped(name)
    h = net.header
    game = wizarena.load_game(h["game"], h["variant"], players=h["players"])
    assert policy_name(game) == name
    check_plays(f"policy:name={name}", game)
    assert (SRC / "wizarena" / "agents" / "weights" / f"{name}.npz").stat().st_size < 600_000
    for key in ("seed", "steps", "seconds", "versions", "algorithm"):
        assert key in h, key
    _, state = play(game, [make_agent("policy", seed=1), make_agent("random", seed=2)], 0)
    assert game.outcome(state) is not None


def test_it_plays_without_pytorch(cup_file):
    """A trained policy is numpy alone: a game in a fresh interpreter imports no torch."""
    _, path = cup_file
    code = ("import sys, wizarena\nfrom wizarena.agents import make_agent\nfrom wizarena.core import play\n"
            f"g = wizarena.load_game('cup')\n_, s = play(g, [make_agent({json.dumps('policy:file=' + str(path))}),"
            " make_agent('random')], 3)\n"
            "assert g.outcome(s) is not None\nassert 'torch' not in sys.modules, 'torch was imported'\n")
    done = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(SRC)}, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


# -- the network as ISMCTS's prior (ismcts:prior=policy) -------------------------------------

def test_a_guided_search_of_one_iteration_plays_the_network_s_choice():
    """PUCT with nothing tried yet ranks the actions by the prior alone, so one iteration
    expands, and then plays, the network's favourite: the policy agent's move."""
    game = wizarena.load_game("cup")
    from wizarena.core import Turn
    agrees = 0
    for seed in range(3):
        state = game.new_state(seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            turn = Turn(game, state, seat)
            searched = make_agent("ismcts:iterations=1,prior=policy", seed=seed).act(turn)
            if len(turn.legal_actions()) > 1:
                assert searched == make_agent("policy", seed=seed).act(turn)
                agrees += 1
            game.apply(state, seat, searched)
    assert agrees > 20


def test_a_guided_search_plays_whole_games_sealed_and_repeats_with_its_seed():
    game = wizarena.load_game("cup")
    spec = "ismcts:iterations=60,prior=policy,puct=1.5"
    runs = [play_sealed(game, [make_agent(spec, seed=3), make_agent("greedy", seed=4)], 8) for _ in range(2)]
    assert runs[0][0] == runs[1][0]
    assert game.outcome(runs[0][1]) is not None


def test_a_guided_search_needs_shipped_weights_and_says_so():
    grande = wizarena.load_game("mickey")
    assert not has_policy(grande)
    with pytest.raises(WizarenaError, match=r"prior=policy needs the trained policy of mickey\b"):
        check_plays("ismcts:prior=policy", grande)
    check_plays("ismcts", grande)  # unguided, it plays every game
    for spec in ("ismcts:prior=network", "ismcts:prior=policy,puct=-1", "ismcts:puct=inf"):
        with pytest.raises(WizarenaError):
            make_agent(spec)
