"""6e parity: seeded random games of every player count and every option, pinned as a
digest of every legal list offered, every choice made and every ending. The digests are
the 6e engine's behaviour as it stood when the 8th edition began to share its modules;
a change that moves one changed how 6e plays, and must say so (a ruling in
docs/games/wizwar.md, then a new digest), never slip in with a refactor or a speed-up."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from wizarena.core import load_game

# (players, options, games): every count, each option once. Digests renewed for ruling R8
# (a card put back stays back until its wizard does something else), 2026-12-06.
CASES: list[tuple[int, dict[str, Any], int, str]] = [
    (2, {}, 4, "3ba42e7ee12fad82"),
    (3, {}, 3, "fe8afea03d03e96c"),
    (4, {}, 3, "3e078c74d7a1a4ca"),
    (2, {"crossed": True}, 3, "e69acde21c9d7292"),
    (2, {"own_doors": True}, 3, "2e228455bdaa6019"),
    (4, {"teams": True}, 2, "c3585b80d45a3907"),
]


def _digest(players: int, options: dict[str, Any], games: int) -> str:
    """The games' legal lists (action ids, in order), choices and endings, hashed."""
    game = load_game("wizwar", players=players)
    pick = random.Random(players).random
    digest = hashlib.sha256()
    for g in range(games):
        state = game.new_state(1000 + g, options, log=False)
        while True:
            seats = game.to_act(state)
            if not seats:
                break
            seat = seats[0]
            offered = game.legal_actions(state, seat)
            digest.update(",".join(str(a.id) for a in offered).encode() + b";")
            game.apply(state, seat, offered[int(pick() * len(offered))])
        ending = game.outcome(state)
        digest.update(repr((ending.winners, ending.reason)).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("players", "options", "games", "pinned"), CASES,
                         ids=[f"{p}p-{'-'.join(o) or 'plain'}" for p, o, _, _ in CASES])
def test_6e_plays_as_pinned(players: int, options: dict[str, Any], games: int, pinned: str) -> None:
    """Every offered list, choice and ending of these seeded games is what it was."""
    assert _digest(players, options, games) == pinned
