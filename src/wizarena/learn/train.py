"""Training a policy by self-play: MaskablePPO (sb3-contrib) over the Gymnasium environment.

Why this library and this algorithm: every wizarena game offers the learner a varying set
of legal actions out of a fixed list of ids, and MaskablePPO is the maintained PPO that
takes an action mask (it gives illegal ids no probability instead of teaching the network
to avoid them by losses). It runs well on a CPU with small dense networks, which is what a
policy must be to play with numpy alone afterwards (wizarena.agents.policy).

The run lives in one directory (`out`):

    model.zip     the whole learner, optimizer included (stable-baselines3's format)
    state.json    what was asked and how far it got (steps, seconds), for --resume
    pool/*.npz    the snapshots the learner plays against (wizarena.learn.league)
    policy.npz    the newest policy in the format the `policy` agent plays
    value.npz     the newest value estimate (same format, one output), not shipped: for a
                  search's playout cut-off, where that is measured to pay

Each checkpoint (every `checkpoint_every` steps, at the end and at Ctrl-C) rewrites all of
them, each file written aside and renamed into place, so an interrupted run resumes from its
last checkpoint and always leaves a playable policy.npz. A resumed run goes on with the
same settings; it is not bit-identical to an uninterrupted one (the environments restart
their episodes), which is why the header records the steps and seconds actually trained.

PyTorch, stable-baselines3 and sb3-contrib are imported inside the functions that use them:
the package, its agents and its type checks work without them (`wizarena[train]` adds them).
"""

from __future__ import annotations

import json
import os
import platform
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import numpy as np

from wizarena import __version__
from wizarena.agents import make_agent
from wizarena.agents.policy import PolicyNet, check_fits
from wizarena.core import Game, WizarenaError, load_game

from .league import LeagueMix, Pool, tally

STATE_FORMAT: Final = "wizarena-train/1"
MIN_STEPS: Final = 256
MAX_STEPS: Final = 1_000_000_000
MAX_SEED: Final = 2**31 - 1
MAX_ENVS: Final = 64
MAX_MINUTES: Final = 7 * 24 * 60
MAX_WIDTH: Final = 1024
ROLLOUT_PER_ENV: Final = 512  # steps each environment plays before an update
RECENT: Final = 2000  # episodes the progress tally looks back over


class TrainingUnavailable(WizarenaError):
    """The training libraries are not installed."""


@dataclass
class TrainOptions:
    """What `wizarena train` asks for; `check` bounds every value."""

    game: str
    variant: str | None = None
    players: int | None = None
    steps: int = 1_000_000
    seed: int = 0
    out: Path = Path("wizarena-train")
    resume: bool = False
    against: str = "self"  # "self" (a league of snapshots) or an agent spec to train against
    minutes: float | None = None  # wall-clock budget of the whole run, resumes included
    envs: int = 8
    hidden: tuple[int, ...] = (128, 128)
    snapshot_every: int = 100_000
    checkpoint_every: int = 100_000
    learning_rate: float = 3e-4
    ent_coef: float = 0.01

    def check(self) -> None:
        def whole(name: str, value: int, least: int, most: int) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
                raise WizarenaError(f"{name} must be a whole number from {least:,} to {most:,}, not {value!r}")
        whole("--steps", self.steps, MIN_STEPS, MAX_STEPS)
        whole("--seed", self.seed, 0, MAX_SEED)
        whole("--envs", self.envs, 1, MAX_ENVS)
        whole("--snapshot-every", self.snapshot_every, 1_000, MAX_STEPS)
        whole("--checkpoint-every", self.checkpoint_every, 1_000, MAX_STEPS)
        if self.minutes is not None and not (0 < self.minutes <= MAX_MINUTES):
            raise WizarenaError(f"--minutes must be above 0 and at most {MAX_MINUTES:,} (a week), not {self.minutes}")
        if not 1 <= len(self.hidden) <= 4 or not all(8 <= w <= MAX_WIDTH for w in self.hidden):
            raise WizarenaError(f"--hidden must be 1 to 4 layer widths from 8 to {MAX_WIDTH}, e.g. 128,128")
        if not (0 < self.learning_rate <= 0.1) or not (0 <= self.ent_coef <= 1):
            raise WizarenaError("the learning rate must be in (0, 0.1] and the entropy weight in [0, 1]")
        if self.against != "self":
            make_agent(self.against)  # a bad spec is a one-line error now, not in an hour


@dataclass
class Status:
    """How a run stands, for progress reports."""

    steps: int
    total: int
    seconds: float
    episodes: int
    recent: dict[str, tuple[int, float]] = field(default_factory=dict)  # opponent: (episodes, score)
    snapshots: int = 0
    note: str = ""


@dataclass
class TrainResult:
    out: Path
    policy: Path
    steps: int
    seconds: float
    episodes: int
    recent: dict[str, tuple[int, float]]
    interrupted: bool = False
    stopped_by_time: bool = False


def require_libraries() -> dict[str, str]:
    """The versions of the training libraries, or a one-line error saying how to get them."""
    try:
        import gymnasium
        import sb3_contrib
        import stable_baselines3
        import torch
    except ImportError as exc:
        raise TrainingUnavailable(f"training needs PyTorch, stable-baselines3, sb3-contrib and Gymnasium "
                                  f"({exc.name} is missing): pip install 'wizarena[train]'") from None
    return {"torch": str(torch.__version__), "stable_baselines3": str(stable_baselines3.__version__),
            "sb3_contrib": str(sb3_contrib.__version__), "numpy": np.__version__, "wizarena": __version__,
            "gymnasium": gymnasium.__version__, "python": platform.python_version()}


def _write(path: Path, write: Callable[[Path], None]) -> None:
    """Write a file aside and rename it into place: a crash mid-write never leaves half a file."""
    tmp = path.with_name(path.name + ".part")
    write(tmp)
    os.replace(tmp, path)


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _save_model(model: Any, path: Path) -> None:
    with path.open("wb") as f:  # a file object: stable-baselines3 would rename a path not ending .zip
        model.save(f)


def export_policy(model: Any, header: dict[str, Any], head: str = "policy") -> PolicyNet:
    """The learner's policy head as a numpy network: the dense layers of the policy branch
    and the action layer (the features extractor of a flat observation is the identity).
    With `head="value"`, the value branch instead: one output, the expected reward of the
    seat to move, for a search that wants to stop its playouts early and score the position."""
    import torch
    policy = model.policy
    branch = policy.mlp_extractor.policy_net if head == "policy" else policy.mlp_extractor.value_net
    last = policy.action_net if head == "policy" else policy.value_net
    layers = [m for m in branch if isinstance(m, torch.nn.Linear)] + [last]
    activations = {type(m).__name__ for m in branch if not isinstance(m, torch.nn.Linear)}
    activation = {"Tanh": "tanh", "ReLU": "relu"}[activations.pop()] if activations else "tanh"
    weights = [layer.weight.detach().cpu().numpy().astype(np.float32) for layer in layers]
    biases = [layer.bias.detach().cpu().numpy().astype(np.float32) for layer in layers]
    return PolicyNet(weights, biases, activation, {**header, "head": head})


class Run:
    """One training run in its directory: sets up or reloads the learner, trains, keeps checkpoints."""

    def __init__(self, opts: TrainOptions, progress: Callable[[Status], None] | None = None) -> None:
        opts.check()
        self.versions = require_libraries()
        self.opts = opts
        self.progress = progress
        self.game: Game = load_game(opts.game, opts.variant, players=opts.players)
        self.out = Path(opts.out)
        self.state_file = self.out / "state.json"
        self.pool_dir = self.out / "pool"
        self.pool = Pool()
        self.seconds_before = 0.0
        self.episodes_before = 0
        self.results: deque[tuple[str, float]] = deque(maxlen=RECENT)
        self.episodes = 0
        self._check_directory()

    # -- the directory ----------------------------------------------------------------------
    def _check_directory(self) -> None:
        exists = self.state_file.exists()
        if exists and not self.opts.resume:
            raise WizarenaError(f"{self.out} holds a training run already: add --resume to go on with it, "
                                "or give another --out")
        if self.opts.resume and not exists:
            raise WizarenaError(f"--resume: {self.out} holds no training run (no state.json)")
        if self.out.exists() and not self.out.is_dir():
            raise WizarenaError(f"--out {self.out} is a file, not a directory")

    def _read_state(self) -> dict[str, Any]:
        try:
            state = json.loads(self.state_file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise WizarenaError(f"cannot read {self.state_file}: {exc}") from None
        if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
            raise WizarenaError(f"{self.state_file} is not a wizarena training state")
        mine = self._identity()
        theirs = {k: state.get(k) for k in mine}
        if theirs != mine:
            diff = ", ".join(f"{k} {theirs[k]!r} (asked {mine[k]!r})" for k in mine if theirs[k] != mine[k])
            raise WizarenaError(f"--resume: the run in {self.out} was made with {diff}")
        return state

    def _identity(self) -> dict[str, Any]:
        """The settings a resumed run must share with its start (steps and time may grow)."""
        g = self.game
        return {"game": g.id, "variant": g.variant, "players": g.num_players, "against": self.opts.against,
                "hidden": list(self.opts.hidden), "envs": self.opts.envs}

    def header(self, steps: int, seconds: float) -> dict[str, Any]:
        g, o = self.game, self.opts
        return {"game": g.id, "variant": g.variant, "players": g.num_players,
                "observation": int(g.observation_shape[0]), "actions": int(g.num_distinct_actions),
                "hidden": list(o.hidden), "algorithm": "MaskablePPO", "against": o.against, "seed": o.seed,
                "steps": int(steps), "seconds": round(seconds, 1), "envs": o.envs,
                "learning_rate": o.learning_rate, "ent_coef": o.ent_coef, "snapshots": len(self.pool.nets),
                "cpu_threads": 1, "written": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "versions": self.versions}

    def checkpoint(self, model: Any, seconds: float) -> Path:
        steps = int(model.num_timesteps)
        self.out.mkdir(parents=True, exist_ok=True)
        _write(self.out / "model.zip", lambda p: _save_model(model, p))
        net = export_policy(model, self.header(steps, seconds))
        check_fits(net, self.game)
        policy = self.out / "policy.npz"
        _write(policy, net.save)
        value = export_policy(model, self.header(steps, seconds), "value")
        _write(self.out / "value.npz", value.save)
        state = {"format": STATE_FORMAT, **self._identity(), "seed": self.opts.seed, "steps_done": steps,
                 "seconds": round(seconds, 1), "episodes": self.episodes_before + self.episodes,
                 "snapshots": len(self.pool.nets)}
        text = json.dumps(state, indent=1)
        _write(self.state_file, lambda p: _write_text(p, text))
        return policy

    def add_snapshot(self, model: Any, seconds: float) -> None:
        net = export_policy(model, self.header(int(model.num_timesteps), seconds))
        self.pool.add(net)
        self.pool_dir.mkdir(parents=True, exist_ok=True)
        _write(self.pool_dir / f"snap-{int(model.num_timesteps):010d}.npz", net.save)
        files = sorted(self.pool_dir.glob("snap-*.npz"))
        for old in files[1:-self.pool.size + 1] if len(files) > self.pool.size else []:
            old.unlink()  # the pool keeps the first snapshot and the newest ones, as in memory

    # -- training ---------------------------------------------------------------------------
    def run(self) -> TrainResult:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv

        from .envs import league_envs

        # One core: the games are played in this process and dominate the time; threads would
        # only contend with them (and with whoever else shares the machine).
        torch.set_num_threads(1)
        o = self.opts
        state = self._read_state() if o.resume else None
        envs = league_envs(self.game.id, self.game.variant, o.players, o.envs, o.against, self.pool, LeagueMix(),
                           o.seed)
        vec = DummyVecEnv([lambda e=e: e for e in envs])
        if state is not None:
            self.seconds_before = float(state.get("seconds", 0.0))
            self.episodes_before = int(state.get("episodes", 0))
            for snap in sorted(self.pool_dir.glob("snap-*.npz")):
                self.pool.add(PolicyNet.load(snap))
            model = MaskablePPO.load(str(self.out / "model.zip"), env=vec, device="cpu")
        else:
            n_steps = max(16, min(ROLLOUT_PER_ENV, o.steps // o.envs))
            activation = torch.nn.Tanh
            model = MaskablePPO("MlpPolicy", vec, learning_rate=o.learning_rate, n_steps=n_steps,
                                batch_size=n_steps, n_epochs=5, gamma=0.995, gae_lambda=0.95, ent_coef=o.ent_coef,
                                policy_kwargs={"net_arch": {"pi": list(o.hidden), "vf": list(o.hidden)},
                                               "activation_fn": activation},
                                seed=o.seed, device="cpu", verbose=0)
        done = int(model.num_timesteps)
        remaining = o.steps - done
        start = time.monotonic()
        if remaining <= 0 or (o.minutes is not None and self.seconds_before >= o.minutes * 60):
            policy = self.checkpoint(model, self.seconds_before)
            return self._result(policy, model, self.seconds_before)
        if o.against == "self" and not self.pool.nets:
            self.add_snapshot(model, self.seconds_before)  # the untrained net: a first, weak opponent
        watch = _make_watch(self, start, o.steps)
        interrupted = False
        try:
            model.learn(total_timesteps=remaining, callback=watch, reset_num_timesteps=state is None,
                        progress_bar=False)
        except KeyboardInterrupt:
            interrupted = True
        seconds = self.seconds_before + time.monotonic() - start
        policy = self.checkpoint(model, seconds)
        vec.close()
        result = self._result(policy, model, seconds)
        result.interrupted = interrupted
        result.stopped_by_time = watch.out_of_time
        return result

    def _result(self, policy: Path, model: Any, seconds: float) -> TrainResult:
        return TrainResult(self.out, policy, int(model.num_timesteps), seconds,
                           self.episodes_before + self.episodes, tally(list(self.results)))

    def status(self, steps: int, total: int, seconds: float, note: str = "") -> Status:
        return Status(steps, total, seconds, self.episodes_before + self.episodes, tally(list(self.results)),
                      len(self.pool.nets), note)


def _make_watch(run: Run, start: float, total: int) -> Any:
    """The stable-baselines3 callback that counts finished games per opponent, takes the
    snapshots and checkpoints, reports progress and stops at the time budget."""
    from stable_baselines3.common.callbacks import BaseCallback

    opts = run.opts
    budget = None if opts.minutes is None else opts.minutes * 60.0

    class Watch(BaseCallback):
        def __init__(self) -> None:
            super().__init__(verbose=0)
            self.out_of_time = False
            self.last_report = 0.0
            self.next_snapshot = 0
            self.next_checkpoint = 0

        def _on_training_start(self) -> None:
            steps = int(self.model.num_timesteps)
            self.next_snapshot = steps + opts.snapshot_every
            self.next_checkpoint = steps + opts.checkpoint_every

        def seconds(self) -> float:
            return run.seconds_before + time.monotonic() - start

        def _on_step(self) -> bool:
            for reward, finished, info in zip(self.locals["rewards"], self.locals["dones"], self.locals["infos"],
                                              strict=True):
                if finished:
                    run.results.append((str(info.get("opponent", "?")), float(reward)))
                    run.episodes += 1
            steps = int(self.model.num_timesteps)
            now = time.monotonic()
            if opts.against == "self" and steps >= self.next_snapshot:
                run.add_snapshot(self.model, self.seconds())
                self.next_snapshot = steps + opts.snapshot_every
            if steps >= self.next_checkpoint:
                run.checkpoint(self.model, self.seconds())
                self.next_checkpoint = steps + opts.checkpoint_every
                if run.progress is not None:
                    run.progress(run.status(steps, total, self.seconds(), "checkpoint"))
            if run.progress is not None and now - self.last_report >= 1.0:
                self.last_report = now
                run.progress(run.status(steps, total, self.seconds()))
            if budget is not None and self.seconds() >= budget:
                self.out_of_time = True
                return False
            return True

    return Watch()


def train(opts: TrainOptions, progress: Callable[[Status], None] | None = None) -> TrainResult:
    """Train (or go on training, with `opts.resume`) and leave `policy.npz` in `opts.out`."""
    return Run(opts, progress).run()


def options_json(opts: TrainOptions) -> dict[str, Any]:
    d = asdict(opts)
    d["out"] = str(opts.out)
    return d
