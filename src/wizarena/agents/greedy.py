"""A one-ply agent: try each legal action, judge the result with the game's heuristic.

The agent cannot see hidden cards, so it judges each action on a few determinizations
(full states sampled from what its seat knows) and averages. Every action is tried on the
same samples, so the comparison between actions is not blurred by which worlds happened
to be drawn for which action.
"""

from __future__ import annotations

import random
from typing import final

from wizarena.core import Action, Turn

from .options import whole

# A finished game outranks any heuristic estimate; finite so that averaging a win in one
# sample with a loss in another stays a number.
_DECIDED = 1e9


@final
class GreedyAgent:
    """Best average one-ply heuristic over `samples` determinizations (default 4)."""

    name = "greedy"

    def __init__(self, seed: int = 0, samples: object = 4) -> None:
        self.rng = random.Random(seed)
        self.samples = whole("samples", samples, 1, 1000)

    def act(self, turn: Turn) -> Action:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game, seat, rng = turn.game, turn.seat, self.rng
        worlds = [turn.determinize(rng) for _ in range(self.samples)]
        clone, apply, outcome, heuristic = game.clone, game.apply, game.outcome, game.heuristic
        best: list[Action] = []
        best_score = -float("inf")
        for action in legal:
            score = 0.0
            for world in worlds:
                state = clone(world)
                apply(state, seat, action)
                out = outcome(state)
                score += _DECIDED * out.reward(seat) if out is not None else heuristic(state, seat)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif score >= best_score - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)
