"""Record files of a simulation: Parquet round-trips every record, and a run stopped part
way (Ctrl-C, SIGTERM, or killed outright) resumes to the totals of one never stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wizarena.core import RecordError, replay
from wizarena.core import read_records as read_jsonl
from wizarena.sim import simulate
from wizarena.sim.records import read_record, read_records, trim_partial_line

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

SPECS = ["random", "greedy:samples=1"]


def _totals(r) -> tuple:
    return r.wins, r.seat_wins, r.draws, r.steps, r.eliminated, r.lengths


@pytest.mark.parametrize("game, specs", [("cup/swap", SPECS), ("wizwar", ["random"] * 3), ("mickey/mini", SPECS)])
def test_parquet_round_trips_every_record(tmp_path: Path, game: str, specs: list[str]) -> None:
    jsonl, parquet = tmp_path / "games.jsonl", tmp_path / "games.parquet"
    a = simulate(game, specs, 12, seed=21, out=jsonl, chunk=5)
    b = simulate(game, specs, 12, seed=21, out=parquet, chunk=5)
    assert _totals(a) == _totals(b)
    rows = pq.read_table(parquet).to_pylist()
    assert [row["index"] for row in rows] == list(range(12))
    for line, record in zip(read_jsonl(jsonl), read_records(parquet), strict=True):
        assert record.to_json() == line.to_json()  # every field, moves and digests included
        game_, state = replay(record, log=True)  # replaying the row verifies its step digests
        assert game_.outcome(state).to_json() == record.outcome
    row = rows[7]
    assert row["length"] == len(row["actions"]) == len(row["actors"]) and row["seed"] == 28
    assert row["agents"] == [specs[(s + 7) % len(specs)] for s in range(len(specs))]
    record, _ = read_record(parquet, 7)
    assert record is not None and record.meta == {"agents": row["agents"], "index": 7}


def test_a_tampered_or_foreign_parquet_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.parquet"
    simulate("cup", SPECS, 3, seed=2, out=path)
    table = pq.read_table(path)
    actions = table.column("actions").to_pylist()
    actions[1] = actions[1][:-1]
    pq.write_table(table.set_column(table.schema.get_field_index("actions"), "actions",
                                    pa.array(actions, pa.list_(pa.int32()))), path)
    with pytest.raises(RecordError, match="row 1: its 'actors' and 'actions'"):
        list(read_records(path))
    pq.write_table(pa.table({"x": [1, 2]}), path)
    with pytest.raises(RecordError, match="not a wizarena record file"):
        list(read_records(path))
    path.write_bytes(b"PAR1 but not really")
    with pytest.raises(RecordError, match="not a readable Parquet file"):
        list(read_records(path))


@pytest.mark.parametrize("suffix", ["jsonl", "parquet"])
def test_an_interrupted_run_keeps_what_finished_and_resumes_to_the_same_totals(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"games.{suffix}"
    whole = simulate("cup", SPECS, 60, seed=5, chunk=7)

    def stop_after_20(done: int) -> None:
        if done >= 20:
            raise KeyboardInterrupt

    part = simulate("cup", SPECS, 60, seed=5, chunk=7, out=out, progress=stop_after_20)
    assert part.interrupted and part.games == 21 and part.planned == 60
    assert len(list(read_records(out))) == 21  # written and readable (a Parquet footer too)
    rest = simulate("cup", SPECS, 60, seed=5, chunk=7, out=out, resume=True)
    assert not rest.interrupted and rest.resumed == 21 and rest.games == 60
    assert _totals(rest) == _totals(whole)
    assert [r.meta["index"] for r in read_records(out)] == list(range(60))


def test_resume_refuses_the_records_of_another_run(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    simulate("cup", SPECS, 5, seed=5, out=out)
    with pytest.raises(Exception, match="another run"):
        simulate("cup", SPECS, 5, seed=6, out=out, resume=True)
    with pytest.raises(Exception, match="other agents"):
        simulate("cup", SPECS[::-1], 5, seed=5, out=out, resume=True)
    with pytest.raises(Exception, match="another config"):
        simulate("cup", SPECS, 5, seed=5, out=out, resume=True, config={"swap": True})
    with pytest.raises(Exception, match="not one of this run's 3 games"):
        simulate("cup", SPECS, 3, seed=5, out=out, resume=True)


def test_a_line_cut_short_by_a_kill_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text('{"a": 1}\n{"b": 2}\n{"c": ')
    trim_partial_line(path)
    assert path.read_text() == '{"a": 1}\n{"b": 2}\n'
    trim_partial_line(path)  # a whole file is left alone
    assert path.read_text() == '{"a": 1}\n{"b": 2}\n'


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "wizarena.cli", "simulate", "cup", "--games", "40000", "--seed", "3",
            "--workers", "2", *args]


@pytest.fixture(scope="module")
def uninterrupted() -> dict:
    whole = subprocess.run(_cli("--json"), capture_output=True, text=True, timeout=600)
    assert whole.returncode == 0, whole.stderr
    return json.loads(whole.stdout)


@pytest.mark.parametrize("suffix, how", [("jsonl", signal.SIGKILL), ("parquet", signal.SIGTERM),
                                         ("jsonl", signal.SIGINT)])
def test_a_killed_command_resumed_gives_the_totals_of_an_uninterrupted_one(tmp_path: Path, suffix: str,
                                                                           how: int, uninterrupted: dict) -> None:
    out = tmp_path / f"games.{suffix}"
    proc = subprocess.Popen(_cli("--out", str(out), "--json"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    # Wait until records are being written, then stop the run part way.
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.stat().st_size > 4096:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be stopped"
    (os.killpg if how == signal.SIGINT else os.kill)(proc.pid, how)
    _, err = proc.communicate(timeout=120)
    if how == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
    else:
        assert proc.returncode == 130, err
        assert "add --resume" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err
    resumed = subprocess.run(_cli("--out", str(out), "--json", "--resume"), capture_output=True, text=True,
                             timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    a, b = uninterrupted, json.loads(resumed.stdout)
    assert 0 < b["resumed"] < 40000
    for key in ("games", "wins", "seat_wins", "draws", "mean_steps"):
        assert a[key] == b[key], key
    assert [r.meta["index"] for r in read_records(out)] == list(range(40000))
