"""Toy Claims with an observation tensor: a second game for the adapters.

Wizards Cup has two seats and no out-of-turn answers; the toy of the kernel tests has three
seats, a three-way secret commit and a challenge window answered out of turn. Giving it the
kernel additions (a tensor, a length bound) here proves that the adapters carry any
registered game, not just the one they were written next to. The tensor is built from the
view dict, as a game with no speed concerns would do it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.toy import PHASE_NAMES, SEATS, ToyGame

MAX_ROUNDS = 10
MAX_SCORE = 5


class ToyRLGame(ToyGame):
    max_game_length = MAX_ROUNDS * 5  # per round: three commits and at most two answers

    def observation_tensor(self, state: Any, player: int) -> np.ndarray:
        v = self.view(state, player)
        parts: list[list[float]] = []

        def onehot(i: int | None, n: int) -> None:
            row = [0.0] * n
            if i is not None:
                row[max(0, min(i, n - 1))] = 1.0
            parts.append(row)

        onehot(player, 3)
        onehot(v["round"] - 1, MAX_ROUNDS)
        onehot(PHASE_NAMES.index(v["phase"]), len(PHASE_NAMES))
        for q in SEATS:
            onehot(v["scores"][q], MAX_SCORE + 1)
            onehot(None if v["commits"][q] is None else v["commits"][q] - 1, 3)
            onehot({"pass": 0, "challenge": 1}.get(v["answers"][q]), 2)
        parts.append([float(bool(c)) for c in v["committed"]])  # None: not known to this seat
        parts.append([float(q in v["to_act"]) for q in SEATS])
        onehot(v["claimer"], 3)
        return np.array([x for row in parts for x in row], np.float32)
