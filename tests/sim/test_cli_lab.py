"""The lab on the command line: Parquet out and back through `replay`, and every bad input
one line with a non-zero exit, nothing written."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

pytest.importorskip("pyarrow")


def test_simulate_to_parquet_and_replay_a_row_by_its_index(run, tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    code, stdout, err = run("simulate", "cup", "--games", "8", "--workers", "1", "--seed", "30", "--out", str(out),
                            "--json")
    assert code == 0, err
    assert json.loads(stdout)["games"] == 8
    code, stdout, err = run("replay", str(out), "--index", "5")
    assert code == 0, err
    assert stdout.startswith("record 5: Wizards Cup (cup), seed 35,")
    assert "game over:" in stdout
    code, stdout, err = run("replay", str(out), "--verify")
    assert code == 0 and "ok: 8 record(s) replay exactly" in stdout, err
    code, _, err = run("replay", str(out), "--index", "8")
    assert code == 1 and err.strip() == f"error: {out} has 8 record(s); there is no record 8"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("args, message", [
    (["--games", "-3"], "--games"),
    (["--games", "0"], "--games"),
    (["--backend", "spark"], "the backend must be one of pool, ray"),
    (["--backend", "ray", "--address", "ray://127.0.0.1:{port}"], "no Ray cluster answers at 127.0.0.1:{port}"),
    (["--address", "auto"], "needs --backend ray"),
    (["--resume"], "give --out"),
    (["--seed", str(2**63 - 2)], "the seed must be from"),
    (["--out", "{tmp}/x.jsonl", "--resume", "--agents", "random,greedy"], "was played by other agents"),
])
def test_bad_simulate_input_is_one_line(run, tmp_path: Path, args: list[str], message: str) -> None:
    port = _closed_port()
    (tmp_path / "x.jsonl").write_text("")
    assert run("simulate", "cup", "--games", "2", "--workers", "1", "--out", str(tmp_path / "x.jsonl"))[0] == 0
    before = (tmp_path / "x.jsonl").read_text()
    args = [a.format(port=port, tmp=tmp_path) for a in args]
    code, _, err = run("simulate", "cup", "--games", "2", "--workers", "1", *args)
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and "Traceback" not in err, err
    assert message.format(port=port) in err, err
    assert (tmp_path / "x.jsonl").read_text() == before  # nothing lost


def test_a_corrupt_record_file_is_one_line(run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"\x00" * 64)
    code, _, err = run("replay", str(bad))
    assert code == 1 and err.startswith(f"error: {bad}: not a readable Parquet file"), err
