"""The opponents a learner meets in self-play: earlier snapshots of itself, random play,
and a wizarena agent, mixed per episode (the environments that draw them: envs.py).

Plain self-play against only the newest weights tends to chase its own tail: the learner
learns to beat its latest self and forgets how to beat what it used to be. Drawing each
episode's opponent from a pool of past snapshots (half the time the newest) keeps the
old lessons; random play keeps it from exploiting a single style; a search agent
(greedy by default) adds play no network would produce. The pool and the draws are
numpy only; the snapshots play with the same code as the shipped agent
(`wizarena.agents.policy.choose`), sampled at temperature 1 so that a snapshot is a
varied opponent rather than one fixed line of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from wizarena.agents.policy import PolicyNet, choose

SNAPSHOT_TEMPERATURE: Final = 1.0


@dataclass
class LeagueMix:
    """How an episode's opponent is drawn: `random` of the time random play, else a
    snapshot, the newest with probability `newest`, otherwise any of the pool."""

    random: float = 0.15
    newest: float = 0.5


class Pool:
    """The learner's snapshots, oldest first, at most `size` (the oldest leave first, but
    the very first stays: it is the one that still plays like a beginner)."""

    def __init__(self, size: int = 30) -> None:
        self.size = size
        self.nets: list[PolicyNet] = []

    def add(self, net: PolicyNet) -> None:
        self.nets.append(net)
        if len(self.nets) > self.size:
            del self.nets[1]

    def draw(self, rng: np.random.Generator, mix: LeagueMix) -> PolicyNet | None:
        """An opponent for one episode; None means random play."""
        if not self.nets or rng.random() < mix.random:
            return None
        if rng.random() < mix.newest:
            return self.nets[-1]
        return self.nets[int(rng.integers(len(self.nets)))]


class Slot:
    """A policy (`observation, mask -> action id`) whose network is swapped between episodes;
    with no network it plays a uniformly random legal action."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.net: PolicyNet | None = None

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        if self.net is None:
            return int(self.rng.choice(np.flatnonzero(mask)))
        return choose(self.net, observation, mask, SNAPSHOT_TEMPERATURE, self.rng)


def tally(results: Sequence[tuple[str, float]]) -> dict[str, tuple[int, float]]:
    """Per kind of opponent: (episodes, score with a draw as half a win)."""
    out: dict[str, list[float]] = {}
    for label, reward in results:
        entry = out.setdefault(label, [0, 0.0])
        entry[0] += 1
        entry[1] += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return {k: (int(n), s / n) for k, (n, s) in out.items()}
