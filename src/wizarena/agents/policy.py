"""A trained policy network played with numpy alone: the agent `policy`.

`wizarena train` (wizarena.learn) trains a small multi-layer perceptron by self-play and
writes it as a `.npz` file: the layers' weights and biases in float32 and a JSON header
(game, variant, player count, observation size, action count, how it was trained). This
module reads such a file and plays it. It needs no PyTorch: the forward pass of a few
dense layers is a handful of numpy products, well under a millisecond a move, so a
trained agent runs wherever wizarena runs (the web table, a simulation on a cluster).

What the network sees is the seat's observation tensor (`game.observation_tensor`), the
vector every learner in wizarena.interop sees. The agent computes it on a determinization
of its turn (`turn.determinize`): that state differs from the true one only in what the
seat cannot know, and the tensor is built from what the seat knows alone (checked for
every game by tests/interop/test_observation.py), so the agent sees exactly what it
trained on and never touches the true state. Illegal actions get no probability: the
logits of every action id not legal now are dropped before the choice.

Specs:
    policy                      the weights shipped for the game being played
    policy:name=cup             shipped weights by name (`shipped_policies()` lists them)
    policy:file=my.npz          a file written by `wizarena train`
    policy:temperature=0.5      sample from softmax(logits / T) instead of the best logit
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final, final

import numpy as np

from wizarena.core import Action, Game, Turn, WizarenaError
from wizarena.core.inputs import shown

from .options import number

FORMAT: Final = "wizarena-policy/1"
ACTIVATIONS: Final = ("tanh", "relu")
MAX_FILE_BYTES: Final = 64 << 20  # a policy file; the shipped ones are a few hundred KB
MAX_LAYERS: Final = 16
_NAME = re.compile(r"[a-z0-9_]{1,40}")


@dataclass
class PolicyNet:
    """Dense layers `x -> act(W x + b)`, the last one without activation, giving one logit
    per action id. `header` says what the network is for and how it was made."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    activation: str = "tanh"
    header: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.activation not in ACTIVATIONS:
            raise WizarenaError(f"policy activation must be one of {', '.join(ACTIVATIONS)}, "
                                f"not {shown(self.activation)}")
        if not 1 <= len(self.weights) <= MAX_LAYERS or len(self.biases) != len(self.weights):
            raise WizarenaError(f"a policy has 1 to {MAX_LAYERS} layers, each with weights and biases")
        width = self.weights[0].shape[1] if self.weights[0].ndim == 2 else -1
        for w, b in zip(self.weights, self.biases, strict=True):
            if w.ndim != 2 or b.shape != (w.shape[0],) or w.shape[1] != width:
                raise WizarenaError("a policy's layers do not fit together (weights out x in, bias out)")
            width = w.shape[0]
        self.weights = [np.ascontiguousarray(w, np.float32) for w in self.weights]
        self.biases = [np.ascontiguousarray(b, np.float32) for b in self.biases]
        if not all(np.isfinite(a).all() for a in (*self.weights, *self.biases)):
            raise WizarenaError("a policy's weights must be finite numbers")

    @property
    def inputs(self) -> int:
        return int(self.weights[0].shape[1])

    @property
    def outputs(self) -> int:
        return int(self.weights[-1].shape[0])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """One logit per action id for one observation (or a row per observation)."""
        x = np.asarray(observation, np.float32)
        act = np.tanh if self.activation == "tanh" else _relu
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w.T + b
            if i < last:
                x = act(x)
        return x

    def save(self, path: str | Path, half: bool = False) -> None:
        """Write the network as an uncompressed `.npz` (numpy's own format; no pickle).
        `half` stores the weight matrices in float16, half the size (the shipped weights:
        the forward pass is float32 whatever the file holds, see `load`)."""
        header = {**self.header, "format": FORMAT, "activation": self.activation, "layers": len(self.weights)}
        arrays: dict[str, Any] = {"header": np.frombuffer(json.dumps(header, sort_keys=True).encode(),
                                                                 np.uint8)}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = w.astype(np.float16) if half else w
            arrays[f"b{i}"] = b
        target = Path(path)
        with target.open("wb") as f:
            np.savez(f, **arrays)

    @classmethod
    def load(cls, path: str | Path | Any) -> PolicyNet:
        """Read a file written by `save` (a path or an importlib resource); anything else is
        a one-line error naming it. Pickled objects are refused, never run."""
        name = str(path)
        try:
            if hasattr(path, "stat") and path.stat().st_size > MAX_FILE_BYTES:
                raise WizarenaError(f"{shown(name)} is over {MAX_FILE_BYTES >> 20} MB: not a policy file")
            with path.open("rb") if hasattr(path, "open") else open(path, "rb") as f:
                data = np.load(f, allow_pickle=False)
                arrays = {k: data[k] for k in data.files}
        except FileNotFoundError:
            raise WizarenaError(f"no policy file {shown(name)}") from None
        except (ValueError, OSError, EOFError) as exc:  # not an npz, truncated, pickled
            raise WizarenaError(f"{shown(name)} is not a policy file ({exc})") from None
        try:
            header = json.loads(arrays.pop("header").tobytes().decode())
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise ValueError("no wizarena policy header")
            layers = int(header["layers"])
            if not 1 <= layers <= MAX_LAYERS:
                raise ValueError(f"{layers} layers")
            weights = [arrays[f"w{i}"] for i in range(layers)]
            biases = [arrays[f"b{i}"] for i in range(layers)]
            return cls(weights, biases, str(header.get("activation")), header)
        except (KeyError, ValueError, TypeError, UnicodeDecodeError) as exc:
            raise WizarenaError(f"{shown(name)} is not a policy file ({exc})") from None


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


def policy_name(game: Game) -> str:
    """The name a game's shipped weights go by: the game id, `_variant` added."""
    return game.full_id.replace("/", "_")


def _weights_dir() -> Any:
    return resources.files("wizarena.agents").joinpath("weights")


def shipped_policies() -> list[str]:
    """The names of the policies that ship with wizarena (`policy:name=...`)."""
    folder = _weights_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name.removesuffix(".npz") for p in folder.iterdir() if p.name.endswith(".npz"))


def has_policy(game: Game) -> bool:
    """Whether wizarena ships trained weights for this game and variant."""
    return policy_name(game) in shipped_policies()


@functools.lru_cache(maxsize=16)
def load_shipped(name: str) -> PolicyNet:
    """A shipped network, read once per process (the agents only read its arrays)."""
    if not _NAME.fullmatch(name) or name not in shipped_policies():
        known = ", ".join(shipped_policies()) or "none"
        raise WizarenaError(f"no shipped policy {shown(name)} (shipped: {known})")
    return PolicyNet.load(_weights_dir().joinpath(f"{name}.npz"))


def check_fits(net: PolicyNet, game: Game) -> None:
    """Refuse a network made for another game, variant or player count: its inputs and
    outputs would be read against the wrong layout, and it would play nonsense quietly."""
    h = net.header
    if h.get("head", "policy") != "policy":
        raise WizarenaError(f"this file holds a {h.get('head')} estimate, not a policy (use the run's policy.npz)")
    made_for = (h.get("game"), h.get("variant"), h.get("players"))
    if made_for != (game.id, game.variant, game.num_players):
        variant = f"/{h.get('variant')}" if h.get("variant") else ""
        raise WizarenaError(f"this policy was trained for {h.get('game')}{variant} with {h.get('players')} "
                            f"players, not {game.full_id} with {game.num_players}")
    if net.inputs != game.observation_shape[0] or net.outputs != game.num_distinct_actions:
        raise WizarenaError(f"this policy reads {net.inputs} inputs and scores {net.outputs} actions; "
                            f"{game.full_id} has {game.observation_shape[0]} and {game.num_distinct_actions}")


def choose(net: PolicyNet, observation: np.ndarray, mask: np.ndarray, temperature: float,
           rng: np.random.Generator | None) -> int:
    """The action id the network plays among those `mask` allows: the best logit with
    temperature 0, else a draw from softmax(logits / temperature) over the legal ids."""
    legal = np.flatnonzero(mask)
    if legal.size == 0:
        raise WizarenaError("no legal action to choose from")
    scores = net.logits(observation)[legal].astype(np.float64)
    if temperature <= 0 or rng is None:
        return int(legal[int(np.argmax(scores))])
    z = (scores - scores.max()) / temperature
    p = np.exp(z)
    p /= p.sum()
    return int(legal[int(rng.choice(legal.size, p=p))])


@final
class PolicyAgent:
    """Plays a trained network (see the module's docstring for the specs).

    Without `file` or `name` it takes the weights shipped for the game it is asked to play,
    at its first turn. A network made for another game is refused with a one-line error,
    at the first turn (a spec does not say which game it will be played in)."""

    name = "policy"
    file_options = ("file",)  # options that name a file to read (agents.reads_files)

    def __init__(self, seed: int = 0, file: object = None, name: object = None, temperature: object = 0.0) -> None:
        if file is not None and name is not None:
            raise ValueError("give file or name, not both")
        self.temperature = number("temperature", temperature, 0.0, 100.0)
        self.rng = np.random.default_rng(seed & ((1 << 63) - 1))
        self.world_rng = random.Random(seed)  # draws the determinization the tensor is read on
        self.net: PolicyNet | None = None
        self._fits: str | None = None  # full id of the game the net was checked against
        if file is not None:
            self.net = PolicyNet.load(Path(str(file)))
        elif name is not None:
            self.net = load_shipped(str(name))

    def _net_for(self, game: Game) -> PolicyNet:
        net = self.net
        if net is None:
            if not has_policy(game):
                known = ", ".join(shipped_policies()) or "none"
                raise WizarenaError(f"no trained policy ships for {game.full_id} (shipped: {known}); "
                                    "train one with `wizarena train` and play it with policy:file=PATH")
            net = self.net = load_shipped(policy_name(game))
        if self._fits != game.full_id:
            check_fits(net, game)
            self._fits = game.full_id
        return net

    def check_game(self, game: Game) -> None:
        """A one-line error unless this agent's network plays `game` (see agents.check_plays)."""
        self._net_for(game)

    def act(self, turn: Turn) -> Action:
        legal = turn.legal_actions()
        game = turn.game
        net = self._net_for(game)
        if len(legal) == 1:
            return legal[0]
        world = turn.determinize(self.world_rng)
        observation = np.asarray(game.observation_tensor(world, turn.seat), np.float32)
        mask = np.zeros(game.num_distinct_actions, np.int8)
        by_id = {a.id: a for a in legal}
        mask[list(by_id)] = 1
        return by_id[choose(net, observation, mask, self.temperature, self.rng)]


def prior_of(game: Game) -> Callable[[Any, int, list[Action]], dict[int, float]]:
    """The network shipped for `game` as a search prior (`ismcts:prior=policy`): for the
    seat deciding in a state, the softmax of its logits over the legal actions, by action
    id. The search asks it once per information set, on whichever determinization met the
    set first; the tensor is the same for all of them (tests/interop/test_observation.py),
    so the prior is the set's, not the sample's. A one-line error if none ships."""
    if not has_policy(game):
        known = ", ".join(shipped_policies()) or "none"
        raise WizarenaError(f"ismcts:prior=policy needs the trained policy of {game.full_id}, and none ships "
                            f"(shipped: {known})")
    net = load_shipped(policy_name(game))
    check_fits(net, game)
    observe = game.observation_tensor

    def prior(state: Any, seat: int, legal: list[Action]) -> dict[int, float]:
        ids = [a.id for a in legal]
        scores = net.logits(np.asarray(observe(state, seat), np.float32))[ids].astype(np.float64)
        weights = np.exp(scores - scores.max())
        return dict(zip(ids, (weights / weights.sum()).tolist(), strict=True))

    return prior
