"""`wizarena serve` as people run it: a real process, killed with SIGKILL mid-game and
started again on the same SQLite file, loses no move; and its one-line refusals."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from wizarena.cli import main

from .live import ServeProcess


def _state(base: str, table_id: str, token: str | None = None) -> dict:
    headers = {"X-Seat-Token": token} if token else {}
    r = httpx.get(f"{base}/api/tables/{table_id}/state", headers=headers, timeout=10)
    r.raise_for_status()
    return r.json()


def _play(base: str, table: dict, tokens: dict[int, str], moves: int) -> None:
    for _ in range(moves):
        # A seat knows only whether it must act itself: ask each, the first that must moves.
        seat, s = next((q, s) for q in sorted(tokens) if (s := _state(base, table["id"], tokens[q]))["legal"])
        r = httpx.post(f"{base}/api/tables/{table['id']}/actions", headers={"X-Seat-Token": tokens[seat]},
                       json={"action": s["legal"][0]["text"], "seq": s["seq"]}, timeout=10)
        assert r.status_code == 200, r.text


def test_kill_9_and_restart_keeps_every_move(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'served.db'}"
    first = ServeProcess(db, tmp_path / "first.log").start()
    try:
        r = httpx.post(f"{first.base}/api/tables", json={"game": "cup",
                                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201
        table = r.json()
        tokens = {s["seat"]: s["token"] for s in table["seats"]}
        _play(first.base, table, tokens, 12)
        before = [_state(first.base, table["id"], tokens.get(seat)) for seat in (0, 1, None)]
        by_query = httpx.get(f"{first.base}/api/tables/{table['id']}/state?token={tokens[1]}", timeout=10)
        assert by_query.json()["seat"] == 1
    finally:
        first.kill()
    log = first.log()
    assert f"open http://127.0.0.1:{first.port}/" in log
    assert "token=***" in log and tokens[1] not in log  # tokens in URLs stay out of the logs
    second = ServeProcess(db, tmp_path / "second.log").start()
    try:
        after = [_state(second.base, table["id"], tokens.get(seat)) for seat in (0, 1, None)]
        # Each counts only what it may know of: its own secret steps and the selection's end.
        assert [a["seq"] for a in after] == [8, 5, 1]
        for b, a in zip(before, after, strict=True):
            assert a["seq"] == b["seq"] and a["view"] == b["view"] and a["events"] == b["events"]
            assert a["legal"] == b["legal"]
        _play(second.base, table, tokens, 3)
        assert _state(second.base, table["id"], tokens[0])["seq"] == 11
    finally:
        second.stop()


@pytest.mark.parametrize("args, words", [
    (["serve", "--workers", "2", "--db", "sqlite:///x.db"], "PostgreSQL"),
    (["serve", "--db", "mysql://u@h/db"], "unsupported database"),
])
def test_serve_refuses_in_one_line(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert main(args) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and words in err[0]


def _unknown_revision(path: Path) -> None:
    import sqlite3

    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        conn.execute("INSERT INTO alembic_version VALUES ('f00dfeedbeef')")


@pytest.mark.parametrize("kind", ["missing folder", "folder", "random bytes", "unknown revision", "refused port",
                                  "bad port"])
def test_a_database_that_cannot_be_opened_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      kind: str) -> None:
    """Before the server starts, the database is opened and migrated: any failure is one
    line naming the database (its password masked) and the cause, never a traceback."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "random.db").write_bytes(bytes(range(256)) * 16)
    _unknown_revision(tmp_path / "old.db")
    url = {"missing folder": f"sqlite:///{tmp_path / 'no' / 'such' / 'x.db'}",
           "folder": f"sqlite:///{tmp_path / 'folder'}",
           "random bytes": f"sqlite:///{tmp_path / 'random.db'}",
           "unknown revision": f"sqlite:///{tmp_path / 'old.db'}",
           "refused port": "postgresql://wizarena:hunter2secret@127.0.0.1:1/wizarena_test",
           "bad port": "postgresql://wizarena:hunter2secret@127.0.0.1:notaport/wizarena_test"}[kind]
    assert main(["serve", "--port", "1", "--db", url]) == 1
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in out + err and "hunter2secret" not in out + err
    assert ("127.0.0.1" if "port" in kind else tmp_path.name) in lines[0]
