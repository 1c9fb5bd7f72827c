"""Records: everything needed to replay a game exactly, saved as JSON lines.

A record is the game id, variant, config, seed, the ordered (seat, action id) list and the
outcome. Chance lives in the seed, so re-applying the actions rebuilds the game bit for
bit; a replay that stops matching says at which step and why.

A move swapped for another legal one would still replay, so records also carry a chain of
step digests: digest 0 hashes the events of the set-up, digest i the one before it, move i
and every event that move caused (secret ones included). The events are the game's own
account of what changed, so the first digest that differs names the exact step where a
record was edited or where changed rules start to play differently. A table that hid its
seed also keeps the SHA-256 commitment it showed before the game (see `rng.commitment`).
Format 1 records have neither; they still replay, checked only as a whole.

The chain proves consistency, not authorship: whoever edits a record can recompute it. A
web table's server therefore signs the records it hands out (`signature`, checked by
`wizarena.core.signing`) over `signed_bytes()`, the canonical form of every other field.
A seed of more than 64 bits selects the keyed generator, which only a hidden seed uses, so
such a record without its commitment has lost it: `replay` refuses it rather than let a
record that can no longer be checked against its deal pass as a plain one.

A game made for a chosen number of players (`load_game(id, players=n)`) records that
number in `players`, so that the replay makes the same game; a record without it (every
record of a game with a fixed count, and those written before the field) means the
game's default count.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, RecordError, ReplayDivergence, UnknownGame
from .events import Event
from .game import Outcome
from .inputs import MAX_DEPTH, MAX_RECORD_LINE, depth, load_json
from .registry import load_game
from .rng import KEYED, SECRET_BITS, commitment, generator_of

FORMAT = 2
READABLE = (1, 2)  # format 1: no step digests, no generator, no commitment
MAX_PLAYERS = 16  # more seats than any game has; bounds a record's claim before a game sees it
MAX_MOVES = 1_000_000  # far past any game's length; bounds the work a record file can ask for
MIN_SEED = -(1 << 63)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_DIGEST = re.compile(r"[0-9a-f]{16}")
KEY_ID = re.compile(r"[0-9a-f]{16}")  # a signing key's id: the first 16 hex digits of SHA-256(public key)
SIGNATURE_ALGORITHMS = ("ed25519",)
_SIGNATURE_B64 = re.compile(r"[A-Za-z0-9+/]{86}==")  # 64 bytes of an Ed25519 signature, base64


@dataclass
class Record:
    game: str
    variant: str | None
    seed: int
    config: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int, int]] = field(default_factory=list)  # (seat, action id)
    outcome: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)  # agents, timestamps: not replayed
    digests: list[str] | None = None  # [after the set-up, after move 1, ...]; None: unchecked
    commitment: str | None = None  # SHA-256 of the seed, shown before the game; None: not hidden
    players: int | None = None  # the player count the game was made for; None: the game's default
    signature: dict[str, str] | None = None  # {"key", "algorithm", "value"} of the server that vouches for it

    @property
    def generator(self) -> str:
        return generator_of(self.seed)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "game": self.game, "variant": self.variant,
                                "generator": self.generator, "seed": self.seed, "config": self.config,
                                "moves": [list(m) for m in self.moves], "outcome": self.outcome, "meta": self.meta}
        if self.players is not None:
            data["players"] = self.players
        if self.commitment is not None:
            data["commitment"] = self.commitment
        if self.digests is not None:
            data["digests"] = self.digests
        if self.signature is not None:
            data["signature"] = self.signature
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def signed_bytes(self) -> bytes:
        """What a signature covers: the record as JSON without `signature`, keys sorted, no
        spaces, non-ASCII escaped. Built from the parsed record, so a file's layout (spacing,
        key order, fields this version does not know) never changes it, and every field it
        does know (digests, commitment, outcome, meta) is covered."""
        data = self.to_json()
        data.pop("signature", None)
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        version = data.get("format", 1)
        if version not in READABLE or isinstance(version, bool):
            shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:20] + "..."
            raise RecordError(f"record format {shown} is not one this version of wizarena reads "
                              f"(formats {', '.join(map(str, READABLE))})")
        try:
            game, seed = data["game"], data["seed"]
            variant = data.get("variant")
            config = data.get("config") or {}
            moves_data = data.get("moves", [])
            if isinstance(moves_data, list) and len(moves_data) > MAX_MOVES:
                raise RecordError(f"record has {len(moves_data)} moves; at most {MAX_MOVES:,} are read")
            moves = [_move(m) for m in moves_data]
        except KeyError as exc:
            raise RecordError(f"record has no {exc.args[0]!r} field") from None
        except (TypeError, ValueError):
            raise RecordError("record moves must be [seat, action id] pairs of integers") from None
        outcome = data.get("outcome")
        if outcome is not None and not _outcome_ok(outcome):
            raise RecordError("record 'outcome' must be null or {'winners': [seats], 'scores': ..., 'reason': ...}")
        if not isinstance(game, str) or not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record 'game' must be a string and 'seed' an integer")
        if not MIN_SEED <= seed < 1 << SECRET_BITS:
            raise RecordError(f"record 'seed' must be from -2**63 to 2**{SECRET_BITS}-1")
        named = data.get("generator", generator_of(seed))
        if named != generator_of(seed):
            shown = repr(named) if len(repr(named)) <= 20 else repr(named)[:20] + "..."
            raise RecordError(f"record names generator {shown} but its seed selects {generator_of(seed)!r}")
        pledged = data.get("commitment")
        if pledged is not None and not (isinstance(pledged, str) and _HEX64.fullmatch(pledged)):
            raise RecordError("record 'commitment' must be 64 lowercase hex digits (a SHA-256)")
        digests = data.get("digests")
        if digests is not None and not (isinstance(digests, list) and len(digests) == len(moves) + 1
                                        and all(isinstance(d, str) and _DIGEST.fullmatch(d) for d in digests)):
            raise RecordError("record 'digests' must hold one 16-hex-digit digest for the set-up and one per move")
        if variant is not None and not isinstance(variant, str):
            raise RecordError("record 'variant' must be a string or null")
        if not isinstance(config, dict):
            raise RecordError("record 'config' must be an object")
        for name in ("config", "meta"):  # the free-form parts; the rest has a fixed shape
            if depth(data.get(name)) > MAX_DEPTH:
                raise RecordError(f"record '{name}' is nested deeper than {MAX_DEPTH} levels")
        players = data.get("players")
        if players is not None and not (_is_int(players) and 1 <= players <= MAX_PLAYERS):
            raise RecordError(f"record 'players' must be null or a whole number from 1 to {MAX_PLAYERS}")
        signature = data.get("signature")
        if signature is not None and not _signature_ok(signature):
            raise RecordError("record 'signature' must be {'key': 16 hex digits, 'algorithm': 'ed25519', "
                              "'value': a 64-byte signature in base64}")
        return cls(game, variant, seed, config, moves, outcome, data.get("meta") or {}, digests, pledged, players,
                   signature)


def players_field(game: Any) -> int | None:
    """What a record of `game` says in `players`: its count when the game could have been
    made for another, None (the field left out) for a game with one fixed count."""
    return players_of(type(game).player_counts, game.num_players)


def record_of(game: Any, state: Any, seed: int, moves: list[tuple[int, int]], meta: dict[str, Any],
              digests: list[str] | None = None) -> Record:
    """The record of a game played from `seed` to `state` by `moves`: the one place a
    played game becomes a record (the match runner, the terminal). A seed that selects the
    secret seeds' generator is recorded with its commitment, which such a record must
    carry to replay."""
    outcome = game.outcome(state)
    return Record(game.id, game.variant, seed, game.config_of(state), list(moves),
                  None if outcome is None else outcome.to_json(), meta, digests, players=players_field(game),
                  commitment=commitment(seed) if generator_of(seed) == KEYED else None)


def players_of(counts: tuple[int, ...], players: int) -> int | None:
    """`players_field` for a game class's `player_counts` and a count."""
    return None if len(counts) == 1 and players == counts[0] else players


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _move(m: Any) -> tuple[int, int]:
    if not isinstance(m, list | tuple) or len(m) != 2 or not all(_is_int(x) for x in m):
        raise ValueError(m)
    return m[0], m[1]


def _signature_ok(s: Any) -> bool:
    return (isinstance(s, dict) and set(s) == {"key", "algorithm", "value"}
            and isinstance(s["key"], str) and KEY_ID.fullmatch(s["key"]) is not None
            and s["algorithm"] in SIGNATURE_ALGORITHMS
            and isinstance(s["value"], str) and _SIGNATURE_B64.fullmatch(s["value"]) is not None)


def _outcome_ok(o: Any) -> bool:
    if not isinstance(o, dict) or not isinstance(o.get("winners"), list):
        return False
    scores = o.get("scores")
    eliminated = o.get("eliminated")
    if eliminated is not None and not (isinstance(eliminated, list) and all(_is_int(x) for x in eliminated)):
        return False
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
    """Records from a JSON-lines file, naming the file and line of anything unreadable.
    A line is read no further than MAX_RECORD_LINE characters (`/dev/zero` has no end) and
    parsed no deeper than MAX_DEPTH levels (see core/inputs.py)."""
    try:
        fh = open(path, encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no such record file: {path}") from None
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    limit = MAX_RECORD_LINE
    with fh:
        try:
            lineno = 0
            while line := fh.readline(limit + 1):
                lineno += 1
                if len(line) > limit:
                    raise RecordError(f"{path}:{lineno}: a line larger than a record may be ({limit:,} characters)")
                if not line.strip():
                    continue
                data = load_json(line, f"{path}:{lineno}", RecordError, None)  # from_json bounds the depth
                try:
                    yield Record.from_json(data)
                except RecordError as exc:
                    raise RecordError(f"{path}:{lineno}: {exc}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path}: not a text file") from None


class StepChain:
    """The running digest of a game, one step at a time (see the module's docstring)."""

    __slots__ = ("digests", "_last")

    def __init__(self) -> None:
        self.digests: list[str] = []
        self._last = b""

    def add(self, seat: int, action_id: int, events: list[Event]) -> str:
        """Digest the step that `seat` took with `action_id` (-1, -1: the set-up) and the
        events it logged."""
        h = hashlib.blake2b(self._last, digest_size=8)
        h.update(f"{seat} {action_id}\n".encode())
        for e in events:
            h.update(f"{e.kind}\x1f{e.rule}\x1f{e.text}\x1f{'' if e.to is None else e.to}\x1e".encode())
        self._last = h.digest()
        digest = self._last.hex()
        self.digests.append(digest)
        return digest


def seal(record: Record) -> Record:
    """The record with its step digests, worked out by replaying it (for records written
    from a stored move list, as the web table's are)."""
    if record.digests is not None:
        return record
    chain = StepChain()
    replay(record, chain=chain)
    return dataclasses.replace(record, digests=chain.digests)


def replay(record: Record, log: bool = True, *, chain: StepChain | None = None) -> tuple[Any, Any]:
    """Re-execute a record; returns (game, final state). Raises ReplayDivergence at the
    first step the rules refuse or whose digest differs from the recorded one, or if the
    game ends differently than recorded; RecordError if the seed does not match the
    commitment. A record with digests is replayed with events on, which they hash; with
    `log` off the state comes back without them."""
    if record.commitment is not None and commitment(record.seed) != record.commitment:
        raise RecordError("the seed does not match the commitment the table showed before the game: "
                          "this is not the seed the game was dealt from")
    if record.commitment is None and generator_of(record.seed) == KEYED:
        raise RecordError("the record is dealt from a secret seed (generator blake2b) but carries no commitment: "
                          "the commitment shown before the game was removed, so nothing shows that this is "
                          "the seed the game was dealt from")
    try:
        game = load_game(record.game, record.variant, players=record.players)
    except UnknownGame as exc:
        raise RecordError(str(exc)) from None
    expected = record.digests
    if expected is not None and len(expected) != len(record.moves) + 1:
        raise RecordError("record 'digests' must hold one digest for the set-up and one per move")
    if expected is not None and chain is None:
        chain = StepChain()
    try:
        state = game.new_state(record.seed, record.config, log=log or chain is not None)
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"record config is not valid for {game.full_id}: {exc}") from None
    seen = 0
    if chain is not None:
        seen = len(state.log)
        digest = chain.add(-1, -1, state.log)
        if expected is not None and digest != expected[0]:
            raise ReplayDivergence(0, "the set-up is not the recorded one (before any move): the seed, "
                                      "the config or the rules of the deal changed")
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
        if chain is not None:
            digest = chain.add(seat, action_id, state.log[seen:])
            seen = len(state.log)
            if expected is not None and digest != expected[step + 1]:
                raise ReplayDivergence(step, f"seat {seat} {game.actions[action_id]} leaves a table other "
                                             "than the recorded one: this move was changed, or the rules that "
                                             "applied it")
    if not log:
        state.log = None
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
