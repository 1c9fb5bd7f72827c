"""Simultaneous decisions: which steps of a table the other seats must not learn of.

Several seats that decide at the same time (`Game.simultaneous`) choose one after another
in software, so the kernel keeps each seat's steps from the others until the decision
closes. A game keeps its views, events and observations still for them; the places that
could still leak a step — the server's pushes and move counters, a record's narration —
ask `step_is_secret` whether the step they just applied was one of those.
"""

from __future__ import annotations

import random
from typing import Any

from .game import Game


def step_is_secret(mover: int, acting_before: tuple[int, ...], together_before: tuple[int, ...],
                   acting_after: tuple[int, ...], together_after: tuple[int, ...]) -> bool:
    """Whether a step by `mover` belongs to a simultaneous decision that is still open after
    it, so that no seat but the mover may notice it was taken.

    The decision is the same one before and after when its seats are unchanged and nobody
    came back to choosing: a decision that closes and opens the next one at once (Cup's
    selection, then its order) brings every seat back, which is then no secret step.
    """
    if not together_before or mover not in together_before or together_after != together_before:
        return False
    return bool(acting_after) and all(q in acting_before for q in acting_after)


class Steps:
    """Follows a table's steps and counts, per seat, the steps that seat may know of (a
    spectator is seat None): the server's move counter as each seat is allowed to see it.
    A secret step counts for its mover alone, and never later for the others, so no count,
    not even once the decision has closed, tells how many steps another seat took."""

    __slots__ = ("game", "seen")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seen: dict[int | None, int] = dict.fromkeys((*range(game.num_players), None), 0)

    def before(self, state: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What `after` needs to know of the table before a step: who was acting, and together."""
        return self.game.to_act(state), self.game.simultaneous(state)

    def after(self, state: Any, mover: int, before: tuple[tuple[int, ...], tuple[int, ...]]) -> bool:
        """Count the step `mover` just took (`before` is what `before` said of the table
        ahead of it); True when it was a secret one, counted for the mover alone."""
        game = self.game
        secret = step_is_secret(mover, before[0], before[1], game.to_act(state), game.simultaneous(state))
        seen = self.seen
        if secret:
            seen[mover] += 1
        else:
            for q in seen:
                seen[q] += 1
        return secret

    @classmethod
    def replayed(cls, game: Game, fresh: Any, moves: list[tuple[int, int]]) -> Steps:
        """The counts of a table whose `moves` are replayed onto `fresh`, its state before the
        first move (which this consumes; events can be off): a table taken up again after a
        restart counts as it did before."""
        steps = cls(game)
        for mover, action_id in moves:
            before = steps.before(fresh)
            game.apply(fresh, mover, game.action(action_id))
            steps.after(fresh, mover, before)
        return steps


def choose_for_others(game: Game, state: Any, seat: int, rng: random.Random) -> None:
    """Finish, with random choices, the part of every other seat in the simultaneous
    decision `seat` is still choosing in; for a determinization (`Game.determinize`).

    The game first takes the others back to the start of their part, since how far they got
    is secret; this then has them choose, unseen, as they really have or will. A search then
    weighs `seat`'s choices against choices made without knowing them, as the rules have
    it, rather than against others who answer after seeing them. Nothing is chosen once
    `seat` has finished: the others' choices then stay in the sample's future."""
    if seat not in game.to_act(state):
        return
    for other in game.simultaneous(state):
        if other == seat:
            continue
        while other in game.to_act(state):
            legal = game.legal_actions(state, other)
            game.apply(state, other, legal[int(rng.random() * len(legal))])
