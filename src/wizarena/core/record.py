"""Records: everything needed to replay a game exactly, saved as JSON lines.

A record is the game id, variant, config, seed, the ordered (seat, action id) list and the
outcome. Chance lives in the seed, so re-applying the actions rebuilds the game bit for
bit; a replay that stops matching says at which step and why.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, RecordError, ReplayDivergence, UnknownGame
from .game import Outcome
from .registry import load_game

FORMAT = 1


@dataclass
class Record:
    game: str
    variant: str | None
    seed: int
    config: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int, int]] = field(default_factory=list)  # (seat, action id)
    outcome: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)  # agents, timestamps: not replayed

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "variant": self.variant, "seed": self.seed,
                "config": self.config, "moves": [list(m) for m in self.moves],
                "outcome": self.outcome, "meta": self.meta}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        version = data.get("format", FORMAT)
        if version != FORMAT or isinstance(version, bool):
            shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:20] + "..."
            raise RecordError(f"record format {shown} is not one this version of wizarena reads (format {FORMAT})")
        try:
            game, seed = data["game"], data["seed"]
            variant = data.get("variant")
            config = data.get("config") or {}
            moves = [_move(m) for m in data.get("moves", [])]
        except KeyError as exc:
            raise RecordError(f"record has no {exc.args[0]!r} field") from None
        except (TypeError, ValueError):
            raise RecordError("record moves must be [seat, action id] pairs of integers") from None
        outcome = data.get("outcome")
        if outcome is not None and not _outcome_ok(outcome):
            raise RecordError("record 'outcome' must be null or {'winners': [seats], 'scores': ..., 'reason': ...}")
        if not isinstance(game, str) or not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record 'game' must be a string and 'seed' an integer")
        if variant is not None and not isinstance(variant, str):
            raise RecordError("record 'variant' must be a string or null")
        if not isinstance(config, dict):
            raise RecordError("record 'config' must be an object")
        return cls(game, variant, seed, config, moves, outcome, data.get("meta") or {})


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _move(m: Any) -> tuple[int, int]:
    if not isinstance(m, list | tuple) or len(m) != 2 or not all(_is_int(x) for x in m):
        raise ValueError(m)
    return m[0], m[1]


def _outcome_ok(o: Any) -> bool:
    if not isinstance(o, dict) or not isinstance(o.get("winners"), list):
        return False
    scores = o.get("scores")
    return (all(_is_int(w) for w in o["winners"]) and isinstance(o.get("reason", ""), str)
            and (scores is None or (isinstance(scores, list)
                                    and all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores))))


def write_records(path: str | Path, records: Iterable[Record], append: bool = False) -> int:
    n = 0
    with open(path, "a" if append else "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(rec.dumps())
            fh.write("\n")
            n += 1
    return n


def read_records(path: str | Path) -> Iterator[Record]:
    """Records from a JSON-lines file, naming the file and line of anything unreadable."""
    try:
        fh = open(path, encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no such record file: {path}") from None
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    with fh:
        try:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise RecordError(f"{path}:{lineno}: not valid JSON ({exc.msg})") from None
                try:
                    yield Record.from_json(data)
                except RecordError as exc:
                    raise RecordError(f"{path}:{lineno}: {exc}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path}: not a text file") from None


def replay(record: Record, log: bool = True) -> tuple[Any, Any]:
    """Re-execute a record; returns (game, final state). Raises ReplayDivergence at the
    first step the rules refuse, or if the game ends differently than recorded."""
    try:
        game = load_game(record.game, record.variant)
    except UnknownGame as exc:
        raise RecordError(str(exc)) from None
    try:
        state = game.new_state(record.seed, record.config, log=log)
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"record config is not valid for {game.full_id}: {exc}") from None
    for step, (seat, action_id) in enumerate(record.moves):
        seats = game.to_act(state)
        if seat not in seats:
            who = ", ".join(map(str, seats)) or "nobody (the game is over)"
            raise ReplayDivergence(step, f"seat {seat} moved but the rules wait for {who}")
        if not 0 <= action_id < game.num_distinct_actions:
            raise ReplayDivergence(step, f"action id {action_id} does not exist in {game.full_id}")
        try:
            game.apply(state, seat, game.actions[action_id])
        except IllegalAction as exc:
            raise ReplayDivergence(step, f"seat {seat} {game.actions[action_id]}: {exc}") from None
    outcome = game.outcome(state)
    if record.outcome is not None:
        if outcome is None:
            raise ReplayDivergence(len(record.moves), "the record ends but the game is not over")
        if not _outcome_ok(record.outcome):
            raise RecordError("record 'outcome' is malformed")
        if outcome.to_json() != Outcome.from_json(record.outcome, game.num_players).to_json():
            raise ReplayDivergence(len(record.moves), f"outcome differs: recorded {record.outcome}, "
                                   f"replayed {outcome.to_json()}")
    return game, state
