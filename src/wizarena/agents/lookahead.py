"""A look-ahead agent: each legal action is played on until the position settles, on a few
determinizations, and the settled positions are compared with the game's `evaluate`.

One ply is too short for games in which a move is made of several decisions: an attack is
answered before it does anything, a spell is aimed after it is cast. A one-ply agent judges
the attack before its damage and never sees the counteraction that may stop it. This agent
plays every half-move on (`Game.settled` says when a position stands between whole moves):
each seat's part, its own aim as much as the others' answers, is chosen by that seat
looking ahead the same way, among at most `width` choices and to at most `depth` decisions.
It scores the settled position by how far this seat is ahead of the field (`evaluate`),
so that harming an opponent counts as much as helping oneself.

An action after which this seat is still to move costs a hair (`_STILL`): among actions
that change nothing, ending the turn comes first, so the agent does not walk back and forth
or open and shut a choice. Where staying looks better than ending, because the end of a
turn costs something (a curse that ticks, the last turn of a game it is losing), it may
stay for at most `_LONG` decisions in a row; then it must pass the move on, whatever that
costs, so that no turn goes on for ever.

The agent cannot see hidden cards, so it judges each action on `samples` determinizations
(full states drawn from what its seat knows) and averages; every action is tried on the
same samples, so the comparison between actions is not blurred by which worlds were drawn.
"""

from __future__ import annotations

import random
from typing import Any, final

from wizarena.core import Action, Game, Turn

from .options import whole

# A finished game outranks any estimate; finite so that averaging a win in one sample with
# a loss in another stays a number.
_DECIDED = 1e9
# What being still to move costs: below any difference an estimate means, above the noise of
# the cards a turn's end draws in the sampled worlds.
_STILL = 0.03
_LONG = 40  # decisions in a row after which the agent must pass the move on


@final
class LookaheadAgent:
    """Best mean settled evaluation over `samples` determinizations (default 4); a half-move
    of up to `width` choices (default 40) is played on, at most `depth` decisions deep
    (default 6) and `budget` actions tried (default 150) for each action and world."""

    name = "lookahead"

    def __init__(self, seed: int = 0, samples: object = 4, width: object = 40, depth: object = 6,
                 budget: object = 150) -> None:
        self.rng = random.Random(seed)
        self.samples = whole("samples", samples, 1, 1000)
        self.width = whole("width", width, 1, 10_000)
        self.depth = whole("depth", depth, 0, 100)
        self.budget = whole("budget", budget, 1, 1_000_000)
        self._left = 0  # actions the look-ahead of the current action and world may still try
        self._run = 0  # decisions in a row after which this seat was still to move
        self._stay = _STILL  # what being still to move costs now
        self._still = False  # whether the last position scored left this seat to move

    def act(self, turn: Turn) -> Action:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._stay = _STILL if self._run < _LONG else 4 * _DECIDED
        scores, stays = self._judge(turn, legal)
        best: list[Action] = []
        best_score = -float("inf")
        for action, score in zip(legal, scores, strict=True):
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif score >= best_score - 1e-9:
                best.append(action)
        chosen = best[0] if len(best) == 1 else self.rng.choice(best)
        self._run = self._run + 1 if stays[chosen.id] else 0
        return chosen

    def scores(self, turn: Turn, legal: list[Action]) -> list[float]:
        """Each legal action's mean settled score for the seat, as `act` compares them: a
        finished game counts 1e9 times its reward (`_DECIDED`). What `ismcts:prior=lookahead`
        turns into the prior of its root."""
        self._stay = _STILL
        return self._judge(turn, legal)[0]

    def _judge(self, turn: Turn, legal: list[Action]) -> tuple[list[float], dict[int, bool]]:
        """Each action's mean settled score over the same `samples` worlds, and whether it
        left this seat to move once settled (by action id)."""
        game, seat = turn.game, turn.seat
        worlds = [turn.determinize(self.rng) for _ in range(self.samples)]
        scores: list[float] = []
        stays: dict[int, bool] = {}
        for action in legal:
            score = 0.0
            for world in worlds:
                self._left = self.budget
                score += self._after(game, game.clone(world), seat, action, self.depth)
                stays[action.id] = self._still
            scores.append(score / len(worlds))
        return scores, stays

    def _after(self, game: Game, state: Any, seat: int, action: Action, depth: int) -> float:
        """`seat`'s score once `action` (applied to `state`, which it consumes) has settled."""
        game.apply(state, seat, action)
        self._left -= 1
        while depth > 0 and self._left > 0 and not game.settled(state):
            seats = game.to_act(state)
            if not seats:
                break
            decider = seats[0]
            choices = game.legal_actions(state, decider)
            if len(choices) > self.width or len(choices) > self._left:
                break
            depth -= 1
            game.apply(state, decider, choices[0] if len(choices) == 1 else
                       self._choice(game, state, decider, choices, depth))
        out = game.outcome(state)
        if out is not None:
            self._still = False
            return _DECIDED * out.reward(seat)
        score = game.evaluate(state, seat)
        seats = game.to_act(state)
        self._still = bool(seats) and seats[0] == seat
        return score - self._stay if self._still else score

    def _choice(self, game: Game, state: Any, seat: int, choices: list[Action], depth: int) -> Action:
        """The choice `seat` makes halfway through a move: the best by the same look-ahead
        in this one world (the first of equals, so that the search stays reproducible)."""
        best, best_score = choices[0], -float("inf")
        for choice in choices:
            score = self._after(game, game.clone(state), seat, choice, depth)
            if score > best_score:
                best, best_score = choice, score
        return best
