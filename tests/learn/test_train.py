"""`wizarena train` end to end: a short self-play run writes a policy the numpy agent plays,
a checkpoint resumes, and the exported network is the one PyTorch trained.

The training libraries are an extra (`wizarena[train]`): without them these tests skip,
except in CI's training step, which sets WIZARENA_EXPECT_TRAIN=1 so that a missing
library fails there instead of passing quietly. No test here times anything.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys

import numpy as np
import pytest

import wizarena
from wizarena.agents import make_agent
from wizarena.agents.policy import PolicyNet
from wizarena.cli import main
from wizarena.core import WizarenaError, play

MISSING = [m for m in ("torch", "stable_baselines3", "sb3_contrib", "gymnasium") if importlib.util.find_spec(m) is None]
if MISSING and os.environ.get("WIZARENA_EXPECT_TRAIN") == "1":
    raise RuntimeError(f"WIZARENA_EXPECT_TRAIN=1 but {', '.join(MISSING)} is not installed")
needs_libraries = pytest.mark.skipif(bool(MISSING), reason=f"needs wizarena[train] ({', '.join(MISSING)} missing)")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One short run shared by the tests: 512 steps of self-play on 4 games side by side."""
    out = tmp_path_factory.mktemp("train") / "cup"
    code = main(["train", "cup", "--steps", "512", "--envs", "4", "--seed", "3", "--out", str(out),
                 "--snapshot-every", "1000", "--checkpoint-every", "1000"])
    assert code == 0
    return out


@needs_libraries
def test_a_short_run_leaves_a_policy_that_plays(run):
    net = PolicyNet.load(run / "policy.npz")
    h = net.header
    assert (h["game"], h["variant"], h["players"], h["observation"], h["actions"]) == ("cup", None, 2, 505, 75)
    assert h["seed"] == 3 and h["steps"] >= 512 and h["algorithm"] == "MaskablePPO"
    assert {"torch", "stable_baselines3", "sb3_contrib", "numpy"} <= set(h["versions"])
    game = wizarena.load_game("cup")
    for seed in range(2):
        _, state = play(game, [make_agent(f"policy:file={run / 'policy.npz'}", seed), make_agent("random")], seed)
        assert game.outcome(state) is not None
    state = json.loads((run / "state.json").read_text())
    assert state["steps_done"] == h["steps"] and state["game"] == "cup"
    assert list((run / "pool").glob("snap-*.npz"))


def _log_softmax(x: np.ndarray) -> np.ndarray:
    m = x.max()
    return x - m - np.log(np.exp(x - m).sum())


@needs_libraries
def test_the_exported_network_is_the_trained_one(run):
    """The numpy forward pass gives the policy's own action distribution and the value head
its own estimate (up to float error)."""
    import torch
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(str(run / "model.zip"), device="cpu")
    net = PolicyNet.load(run / "policy.npz")
    value = PolicyNet.load(run / "value.npz")  # the value head, exported beside it
    assert value.outputs == 1 and value.header["head"] == "value"
    with pytest.raises(WizarenaError, match="not a policy"):
        make_agent(f"policy:file={run / 'value.npz'}").check_game(wizarena.load_game("cup"))  # type: ignore[attr-defined]
    game = wizarena.load_game("cup")
    state = game.new_state(9, log=False)
    rng = np.random.default_rng(0)
    checked = 0
    while seats := game.to_act(state):
        obs = np.asarray(game.observation_tensor(state, seats[0]), np.float32)
        with torch.no_grad():
            theirs = model.policy.get_distribution(torch.as_tensor(obs[None])).distribution.logits.numpy()[0]
        ours = net.logits(obs)
        assert np.allclose(_log_softmax(theirs), _log_softmax(ours), atol=1e-4)
        with torch.no_grad():
            v = float(model.policy.predict_values(torch.as_tensor(obs[None]))[0, 0])
        assert abs(float(value.logits(obs)[0]) - v) < 1e-4
        checked += 1
        legal = game.legal_actions(state, seats[0])
        game.apply(state, seats[0], legal[int(rng.integers(len(legal)))])
    assert checked > 10


@needs_libraries
def test_resume_goes_on_and_a_finished_directory_is_not_overwritten(run, capsys):
    assert main(["train", "cup", "--steps", "512", "--envs", "4", "--out", str(run)]) == 1
    assert "--resume" in capsys.readouterr().err
    assert main(["train", "cup", "--steps", "1024", "--envs", "8", "--out", str(run), "--resume"]) == 1
    assert "envs 4 (asked 8)" in capsys.readouterr().err
    assert main(["train", "cup", "--steps", "1024", "--envs", "4", "--out", str(run), "--resume"]) == 0
    assert PolicyNet.load(run / "policy.npz").header["steps"] >= 1024


@pytest.mark.parametrize(("args", "says"), [
    (["--steps", "10"], "--steps must be"), (["--steps", "2000000000"], "--steps must be"),
    (["--envs", "0"], "--envs must be"), (["--minutes", "0"], "--minutes must be"),
    (["--hidden", "3"], "--hidden must be"), (["--hidden", "a,b"], "--hidden must be"),
    (["--against", "nobody"], "unknown agent"), (["--seed", "-1"], "--seed must be"),
])
def test_bad_arguments_are_one_line_errors(tmp_path, capsys, args, says):
    assert main(["train", "cup", "--out", str(tmp_path / "x"), *args]) == 1
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "x").exists()


def test_without_the_libraries_it_says_what_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now raises ImportError
    assert main(["train", "cup", "--steps", "512", "--out", str(tmp_path / "x")]) == 1
    err = capsys.readouterr().err
    assert "pip install 'wizarena[train]'" in err and err.count("\n") == 1
