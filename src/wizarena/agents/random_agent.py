"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import final

from wizarena.core import Action, Turn


@final
class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        return self.rng.choice(turn.legal_actions())
