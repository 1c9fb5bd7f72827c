"""Records: saved as JSON lines, read back with clear errors, replayed bit for bit, and a
tampered record is caught at the step where it stops matching the rules."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wizarena.core import (
    Record,
    RecordError,
    ReplayDivergence,
    WizarenaError,
    load_game,
    play,
    read_records,
    replay,
    write_records,
)
from wizarena.core.record import FORMAT, MAX_MOVES, seal
from wizarena.core.rng import commitment, secret_seed

from .support import MANY, QUICK, SEEDS, random_agents, run, seen_events, views

GAME_IDS = ["toy", "toy/quick", "cup", "cup/swap"]
seeds = st.integers(min_value=SEEDS.start, max_value=SEEDS.stop - 1)
game_ids = st.sampled_from(GAME_IDS)


def played(game_id: str, seed: int, *, log: bool = False) -> tuple[Record, Any]:
    game = load_game(game_id)
    return play(game, random_agents(game, seed), seed, log=log)


def to_act_before(record: Record, step: int) -> tuple[Any, Any]:
    """The game and the table just before move `step`, rebuilt without `replay`, so the
    expected divergence point is worked out independently of the code under test."""
    game = load_game(record.game, record.variant)
    return game, run(game, record.seed, record.moves[:step], record.config, log=False)


def diverges_at(record: Record, step: int) -> ReplayDivergence:
    with pytest.raises(ReplayDivergence) as info:
        replay(record)
    assert info.value.step == step, str(info.value)
    assert f"step {step}" in str(info.value) and info.value.reason
    assert isinstance(info.value, RecordError)
    return info.value


# -- JSON form and files -------------------------------------------------------------------------
@QUICK
@given(game_id=game_ids, seed=seeds)
def test_record_json_round_trip(game_id: str, seed: int) -> None:
    record, _ = played(game_id, seed)
    data = json.loads(record.dumps())
    assert data["format"] == FORMAT and data["game"] == game_id.split("/")[0]
    assert Record.from_json(data) == record
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_write_and_read_records(tmp_path: Path) -> None:
    records = [played(g, seed)[0] for g in GAME_IDS for seed in (1, 2)]
    path = tmp_path / "games.jsonl"
    assert write_records(path, records[:5]) == 5
    assert write_records(str(path), records[5:], append=True) == len(records) - 5
    assert list(read_records(path)) == records
    assert write_records(path, records[:1]) == 1  # without append the file starts over
    assert list(read_records(str(path))) == records[:1]


def test_blank_lines_are_skipped(tmp_path: Path) -> None:
    record, _ = played("toy", 3)
    path = tmp_path / "gaps.jsonl"
    path.write_text(f"\n{record.dumps()}\n   \n\n{record.dumps()}\n", encoding="utf-8")
    assert list(read_records(path)) == [record, record]


GOOD = {"game": "toy", "variant": None, "seed": 1, "config": {}, "moves": [[0, 1]]}


def line(**changes: Any) -> str:
    data = {k: v for k, v in {**GOOD, **changes}.items() if v is not ...}
    return json.dumps(data)


@pytest.mark.parametrize(("lines", "bad_line", "words"), [
    ([line(), "{not json"], 2, "not valid JSON"),
    (["[1, 2]"], 1, "JSON object"),
    ([line(game=...)], 1, "'game'"),
    ([line(), line(), line(seed=...)], 3, "'seed'"),
    ([line(moves=[["x", 1]])], 1, "integers"),
    ([line(moves=[[0, "one"]])], 1, "integers"),
    ([line(moves=[[0]])], 1, "pairs"),
    ([line(moves=[[0, 1, 2]])], 1, "pairs"),
    ([line(moves=5)], 1, "pairs"),
    ([line(moves=None)], 1, "pairs"),
    ([line(moves=[None])], 1, "pairs"),
    ([line(seed="1")], 1, "'seed' an integer"),
    ([line(seed=True)], 1, "'seed' an integer"),
    ([line(game=7)], 1, "'game' must be a string"),
    ([line(variant=3)], 1, "'variant'"),
    ([line(config=[1])], 1, "'config'"),
    ([line(), line(format=99)], 2, "record format 99 is not one"),
    ([line(format="1")], 1, "record format '1' is not one"),
    ([line(format=True)], 1, "record format True is not one"),
])
def test_unreadable_lines_are_named(tmp_path: Path, lines: list[str], bad_line: int, words: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        list(read_records(path))
    message = str(info.value)
    assert message.startswith(f"{path}:{bad_line}: ")
    assert words in message
    assert "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("moves", [[[0, 1.9]], [[0.0, 1]], [[True, 1]], [["0", "1"]]])
def test_non_integer_moves_are_refused(tmp_path: Path, moves: list[list[Any]]) -> None:
    path = tmp_path / "lax.jsonl"
    path.write_text(line(moves=moves) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="integers"):
        list(read_records(path))


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.jsonl"
    with pytest.raises(RecordError, match="no such record file") as info:
        list(read_records(path))
    assert str(path) in str(info.value)
    assert isinstance(info.value, WizarenaError)


def test_directory_is_not_a_record_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        list(read_records(tmp_path))


@pytest.mark.parametrize("garbage", [
    bytes(range(128, 256)) * 4,
    b"\xff\xfe\x00\x00garbage",
    b"PK\x03\x04\x14\x00\x00\x00\x08\x00\x9c\x8a",
])
def test_binary_garbage(tmp_path: Path, garbage: bytes) -> None:
    path = tmp_path / "blob.jsonl"
    path.write_bytes(garbage)
    with pytest.raises(RecordError) as info:
        list(read_records(path))
    assert str(path) in str(info.value)


def test_binary_garbage_after_good_lines(tmp_path: Path) -> None:
    record, _ = played("toy", 1)
    path = tmp_path / "tail.jsonl"
    path.write_bytes(record.dumps().encode() + b"\n" + bytes(range(128, 256)))
    with pytest.raises(RecordError, match="not a text file"):
        list(read_records(path))


@QUICK
@given(data=st.binary(min_size=1, max_size=200))
def test_any_bytes_give_records_or_a_record_error(data: bytes) -> None:
    """No input makes the reader crash with anything but a RecordError."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.jsonl"
        path.write_bytes(data)
        try:
            for record in read_records(path):
                assert isinstance(record, Record)
        except RecordError:
            pass


# -- exact replay ------------------------------------------------------------------------------------------
@MANY
@given(game_id=game_ids, seed=seeds)
def test_replay_is_exact(game_id: str, seed: int) -> None:
    record, state = played(game_id, seed, log=True)
    game, again = replay(Record.from_json(json.loads(record.dumps())))
    assert game.full_id == game_id
    assert views(game, again) == views(game, state)
    assert again.log == state.log
    assert seen_events(game, again) == seen_events(game, state)
    assert game.outcome(again) == game.outcome(state)


def test_unfinished_record_replays_to_its_position() -> None:
    """A game in progress is saved without an outcome; replaying it rebuilds the table."""
    record, _ = played("cup", 11)
    partial = dataclasses.replace(record, moves=record.moves[:7], outcome=None)
    game, state = replay(partial)
    assert game.to_act(state)
    assert views(game, state) == views(game, run(game, record.seed, record.moves[:7], record.config))


def test_unknown_game_in_record() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(Record("chess", None, 1))
    with pytest.raises(RecordError, match="no variant 'nope'"):
        replay(Record("cup", "nope", 1))


@pytest.mark.parametrize(("game_id", "config"), [("toy", {"bogus": 1}), ("toy", {"rounds": 0}),
                                                  ("cup", {"swap": "yes"}), ("cup", {"colour": "red"})])
def test_bad_config_in_record(game_id: str, config: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="config is not valid"):
        replay(Record(game_id, None, 1, config))


# -- tampered records ------------------------------------------------------------------------------------
@MANY
@given(game_id=game_ids, seed=seeds, data=st.data())
def test_changed_action_id(game_id: str, seed: int, data: st.DataObject) -> None:
    record, _ = played(game_id, seed)
    step = data.draw(st.integers(0, len(record.moves) - 1), label="step")
    game, before = to_act_before(record, step)
    seat = record.moves[step][0]
    legal = {a.id for a in game.legal_actions(before, seat)}
    n = game.num_distinct_actions
    wrong = data.draw(st.sampled_from([i for i in range(n) if i not in legal] + [-1, n, n + 7]), label="id")
    moves = list(record.moves)
    moves[step] = (seat, wrong)
    diverges_at(dataclasses.replace(record, moves=moves), step)


@MANY
@given(game_id=game_ids, seed=seeds, data=st.data())
def test_swapped_seat(game_id: str, seed: int, data: st.DataObject) -> None:
    record, _ = played(game_id, seed)
    game = load_game(game_id)
    state = game.new_state(record.seed, record.config, log=False)
    waiting = []  # per step: the seats the rules are *not* waiting for
    for seat, aid in record.moves:
        waiting.append([p for p in range(game.num_players) if p not in game.to_act(state)])
        game.apply(state, seat, game.action(aid))
    steps = [i for i, idle in enumerate(waiting) if idle]
    assume(steps)
    step = data.draw(st.sampled_from(steps), label="step")
    idle = data.draw(st.sampled_from(waiting[step] + [game.num_players, -1]), label="seat")
    moves = list(record.moves)
    moves[step] = (idle, moves[step][1])
    assert "rules wait for" in str(diverges_at(dataclasses.replace(record, moves=moves), step))


@QUICK
@given(game_id=game_ids, seed=seeds, data=st.data())
def test_truncated_moves(game_id: str, seed: int, data: st.DataObject) -> None:
    record, _ = played(game_id, seed)
    keep = data.draw(st.integers(0, len(record.moves) - 1), label="keep")
    cut = dataclasses.replace(record, moves=record.moves[:keep])
    assert "not over" in str(diverges_at(cut, keep))


@QUICK
@given(game_id=game_ids, seed=seeds)
def test_moves_after_the_end(game_id: str, seed: int) -> None:
    record, _ = played(game_id, seed)
    extra = dataclasses.replace(record, moves=[*record.moves, record.moves[-1]])
    assert "game is over" in str(diverges_at(extra, len(record.moves)))


@QUICK
@given(game_id=game_ids, seed=seeds, field=st.sampled_from(["winners", "scores", "reason"]))
def test_changed_outcome(game_id: str, seed: int, field: str) -> None:
    record, _ = played(game_id, seed)
    outcome = dict(record.outcome)
    if field == "winners":
        outcome["winners"] = [0] if outcome["winners"] != [0] else [1]
    elif field == "scores":
        outcome["scores"] = [s + 1 for s in outcome["scores"]]
    else:
        outcome["reason"] = "the cat knocked the table over"
    message = str(diverges_at(dataclasses.replace(record, outcome=outcome), len(record.moves)))
    assert "outcome differs" in message


@pytest.mark.parametrize("outcome", [{"winner": [0]}, ["P0"], {"winners": 0}])
def test_malformed_outcome_is_a_record_error(outcome: Any) -> None:
    record, _ = played("toy", 1)
    with pytest.raises(RecordError):
        replay(dataclasses.replace(record, outcome=outcome))


# -- step digests, generators and commitments ----------------------------------------------------
def with_digests(game_id: str, seed: int) -> Record:
    record, _ = played(game_id, seed, log=True)
    assert record.digests is not None and len(record.digests) == len(record.moves) + 1
    return record


@MANY
@given(game_id=game_ids, seed=seeds, data=st.data())
def test_another_legal_choice_is_named_at_its_step(game_id: str, seed: int, data: st.DataObject) -> None:
    """The edit the rules cannot see: a recorded choice swapped for another legal one."""
    record = with_digests(game_id, seed)
    game = load_game(game_id)
    steps = []
    for step, (seat, action_id) in enumerate(record.moves):
        _, before = to_act_before(record, step)
        others = [a.id for a in game.legal_actions(before, seat) if a.id != action_id]
        if others:
            steps.append((step, seat, others))
    assume(steps)
    step, seat, others = data.draw(st.sampled_from(steps), label="step")
    moves = list(record.moves)
    moves[step] = (seat, data.draw(st.sampled_from(others), label="choice"))
    assert "other than the recorded one" in str(diverges_at(dataclasses.replace(record, moves=moves), step))


@QUICK
@given(game_id=game_ids, seed=seeds)
def test_records_with_digests_replay_and_seal_to_the_same_chain(game_id: str, seed: int) -> None:
    record = with_digests(game_id, seed)
    replay(Record.from_json(json.loads(record.dumps())), log=False)  # digests force the events on
    assert seal(dataclasses.replace(record, digests=None)).digests == record.digests


def test_a_changed_seed_is_named_before_the_first_move() -> None:
    record = with_digests("cup", 5)
    assert "set-up is not the recorded one" in str(diverges_at(dataclasses.replace(record, seed=6), 0))


def test_a_changed_digest_names_its_step() -> None:
    record = with_digests("cup", 5)
    digests = list(record.digests or [])
    digests[4] = "0" * 16 if digests[4] != "0" * 16 else "1" * 16
    diverges_at(dataclasses.replace(record, digests=digests), 3)


def test_format_1_records_still_replay_without_step_checks() -> None:
    record = with_digests("cup", 9)
    old = record.to_json()
    for key in ("digests", "generator", "commitment"):
        old.pop(key, None)
    old["format"] = 1
    again = Record.from_json(old)
    assert again.digests is None and again.moves == record.moves
    replay(again)


def test_a_secret_seed_replays_and_must_match_its_commitment() -> None:
    seed = secret_seed()
    game = load_game("cup")
    record, _ = play(game, random_agents(game, 3), seed, log=True)
    record.commitment = commitment(seed)
    data = json.loads(record.dumps())
    assert data["generator"] == "blake2b" and data["commitment"] == commitment(seed)
    replay(Record.from_json(data))
    with pytest.raises(RecordError, match="does not match the commitment"):
        replay(dataclasses.replace(record, seed=secret_seed()))


def test_a_secret_seed_without_its_commitment_is_refused() -> None:
    """Only a hidden seed selects the keyed generator, so such a record without its
    commitment has lost it; replaying it as a plain record would hide that."""
    seed = secret_seed()
    game = load_game("cup")
    record, _ = play(game, random_agents(game, 3), seed, log=True)
    data = record.to_json()
    assert data.pop("commitment") == commitment(seed) and data["generator"] == "blake2b"
    with pytest.raises(RecordError, match="secret seed .* carries no commitment"):
        replay(Record.from_json(data))
    replay(Record.from_json(data | {"commitment": commitment(seed)}))


def test_signed_bytes_cover_every_field_but_the_signature_whatever_the_layout() -> None:
    record = with_digests("toy", 1)
    data = record.to_json()
    spaced = Record.from_json(json.loads(json.dumps(dict(reversed(data.items())), indent=2)) | {"unknown": 1})
    assert spaced.signed_bytes() == record.signed_bytes()
    signed = dataclasses.replace(record, signature={"key": "0" * 16, "algorithm": "ed25519",
                                                    "value": "A" * 86 + "=="})
    assert signed.signed_bytes() == record.signed_bytes() and "signature" in signed.to_json()
    assert Record.from_json(json.loads(signed.dumps())).signature == signed.signature
    for change in ({"meta": {"agents": ["x"]}}, {"commitment": "0" * 64}, {"outcome": None},
                   {"digests": ["0" * 16] * (len(record.moves) + 1)}, {"players": 2}):
        assert dataclasses.replace(record, **change).signed_bytes() != record.signed_bytes(), change


@pytest.mark.parametrize(("change", "words"), [
    ({"generator": "mt19937"}, "names generator 'mt19937'"),
    ({"generator": "blake2b"}, "its seed selects 'splitmix64'"),
    ({"commitment": "abc"}, "'commitment' must be 64"),
    ({"digests": ["00"]}, "'digests' must hold"),
    ({"seed": 2**256}, "'seed' must be from"),
    ({"moves": [[0, 0]] * (MAX_MOVES + 1)}, "at most 1,000,000"),
    ({"signature": "abc"}, "'signature' must be"),
    ({"signature": {"key": "0" * 16, "algorithm": "rsa", "value": "A" * 86 + "=="}}, "'signature' must be"),
    ({"signature": {"key": "0" * 16, "algorithm": "ed25519", "value": "A" * 5000}}, "'signature' must be"),
    ({"signature": {"key": "x" * 999, "algorithm": "ed25519", "value": "A" * 86 + "=="}}, "'signature' must be"),
])
def test_malformed_record_headers_are_refused(change: dict[str, Any], words: str) -> None:
    data = with_digests("toy", 1).to_json() | change
    with pytest.raises(RecordError, match=re.escape(words)):
        Record.from_json(data)


@pytest.mark.parametrize(("line", "words"), [
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"game": "cup", "seed": 1, "config": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}",
     "'config' is nested deeper than 32 levels"),
    ('{"game": "cup", "seed": 1, "meta": ' + "[" * 40 + "]" * 40 + "}", "'meta' is nested deeper than 32 levels"),
    ('{"game": "cup", "seed": 1, "moves": [[0, Infinity]]}', "Infinity"),
    ('{"game": "cup", "seed": ' + "9" * 5000 + "}", "4300"),
])
def test_a_hostile_line_is_a_record_error_naming_the_line(tmp_path: Path, line: str, words: str) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=f"games.jsonl:1: .*{words}"):
        list(read_records(path))


def test_a_line_is_read_no_further_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import wizarena.core.record as record

    monkeypatch.setattr(record, "MAX_RECORD_LINE", 1000)
    with pytest.raises(RecordError, match="/dev/zero:1: a line larger than a record may be \\(1,000 characters\\)"):
        list(read_records("/dev/zero"))
