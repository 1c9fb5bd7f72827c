"""Fingerprints of seeded games, for checking that two builds of the engine play alike.

Run as a script it prints one JSON object: which engine ran it, and for every registered
game and variant a digest of a few hundred seeded random games (every seat's legal list,
every event with its citation, every outcome) and a digest of replaying the records
given on standard input (their logs and every seat's final view). `tests/test_engine.py`
runs it under the interpreted source and compares it with the build under test.

    PYTHONPATH=src python tests/engine_parity.py GAMES < records.jsonl
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import wizarena
from wizarena.core import Record, game_class, replay
from wizarena.engine import engine


def variants() -> list[str]:
    """Every registered game and variant, as load_game spells them (aliases that tests
    register for a game under another id are left out)."""
    out = []
    for game_id in wizarena.game_ids():
        cls = game_class(game_id)
        if cls.id != game_id:
            continue
        for variant in cls.variants:
            out.append(game_id if variant is None else f"{game_id}/{variant}")
    return out


def _feed(digest: Any, value: Any) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=repr).encode())


def random_games(game_id: str, games: int) -> str:
    """One digest over `games` seeded games in which a seeded generator picks every move."""
    game = wizarena.load_game(game_id)
    digest = hashlib.sha256()
    for seed in range(games):
        pick = random.Random(seed)
        state = game.new_state(seed)
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            _feed(digest, [seat, [a.id for a in legal]])
            game.apply(state, seat, legal[pick.randrange(len(legal))])
        _feed(digest, [tuple(e) for e in state.log])
        _feed(digest, game.outcome(state).to_json())
    return digest.hexdigest()


def replays(lines: list[str]) -> str:
    """One digest over replaying each record: its event log and every seat's final view."""
    digest = hashlib.sha256()
    for line in lines:
        game, state = replay(Record.from_json(json.loads(line)))
        _feed(digest, [tuple(e) for e in state.log])
        for seat in [*range(game.num_players), None]:
            _feed(digest, game.view(state, seat))
    return digest.hexdigest()


def fingerprint(games: int, records: list[str]) -> dict[str, Any]:
    return {"engine": engine(), "random": {v: random_games(v, games) for v in variants()},
            "replays": replays(records)}


if __name__ == "__main__":
    print(json.dumps(fingerprint(int(sys.argv[1]), [ln for ln in sys.stdin.read().splitlines() if ln.strip()])))
