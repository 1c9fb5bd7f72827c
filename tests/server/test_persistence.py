"""Accepted moves live in the database: a new app on the same database rebuilds every table
exactly and play goes on; two acceptances of one move number never both succeed.

Each test runs on an SQLite file, and on PostgreSQL when WIZARENA_TEST_PG is set.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.server.db import libpq_url, make_engine
from wizarena.server.migrate import upgrade
from wizarena.server.notify import Notice
from wizarena.server.store import ACTIVE, SeqTaken, Store, TableInfo

from .conftest import Clock
from .helpers import act, new_table, play_first_legal, state, vs


def snapshot(client: TestClient, table: dict[str, Any]) -> list[dict[str, Any]]:
    return [state(client, table["id"], table["tokens"].get(seat)) for seat in (0, 1, None)]


def test_a_restarted_app_rebuilds_tables_and_play_goes_on(open_app: Callable[..., Any], db_url: str) -> None:
    with open_app(db_url) as first:
        table = new_table(first, seed=21)
        play_first_legal(first, table, 17)  # both select five, seat 0 orders five, seat 1 two
        before = snapshot(first, table)
        # Each counts the moves it may know of: its own secret picks and places, the other's
        # never, and the selection's end.
        assert [s["seq"] for s in before] == [11, 7, 1]
    with open_app(db_url) as second:
        assert snapshot(second, table) == before
        play_first_legal(second, table, 1)
        assert state(second, table["id"], table["tokens"][1])["seq"] == 8
    with open_app(db_url) as third:
        assert [s["seq"] for s in snapshot(third, table)] == [11, 8, 1]


def test_a_restarted_app_lets_the_computer_go_on(open_app: Callable[..., Any], db_url: str,
                                                 clock: Clock) -> None:
    with open_app(db_url) as first:
        table = new_table(first, vs("random"), seed=5)
        token = table["tokens"][0]
        for _ in range(3):  # three of seat 0's five picks; the computer picks on its own
            act(first, table["id"], token, state(first, table["id"], token)["legal"][0]["id"])
    with open_app(db_url) as second:
        with second.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
            message = ws.receive_json()
            while message.get("status") != "finished":
                if message["type"] == "state" and 0 in message["to_act"]:
                    clock.advance(1)
                    ws.send_json({"type": "act", "action": message["legal"][0]["id"], "seq": message["seq"]})
                message = ws.receive_json()
        assert state(second, table["id"])["outcome"] is not None
    with open_app(db_url) as third:
        final = state(third, table["id"])
        assert final["table"]["status"] == "finished" and final["outcome"] is not None


@pytest.fixture
def store(db_url: str) -> Store:
    engine = make_engine(db_url)
    upgrade(engine)
    yield Store(engine)
    engine.dispose()


def _table(store: Store, table_id: str) -> None:
    store.create_table(TableInfo(table_id, "cup", None, {}, 3, [{"seat": 0, "kind": "human", "agent": None},
                                                               {"seat": 1, "kind": "human", "agent": None}],
                                 60.0), {0: "0" * 64, 1: "1" * 64})


def test_the_same_move_number_is_accepted_once(store: Store) -> None:
    _table(store, "race")
    accepted = []
    store.accept("race", 0, 0, 3, lambda: accepted.append("first") or (ACTIVE, None))
    with pytest.raises(SeqTaken):
        store.accept("race", 0, 1, 4, lambda: accepted.append("second") or (ACTIVE, None))
    assert accepted == ["first"]
    assert store.moves("race") == [(0, 3)]


def test_racing_threads_accept_one_move_each_number(store: Store) -> None:
    _table(store, "threads")
    barrier = threading.Barrier(4)
    results: list[str] = []

    def worker(seat: int) -> None:
        barrier.wait()
        try:
            store.accept("threads", 0, seat % 2, seat, lambda: (ACTIVE, None))
            results.append("accepted")
        except SeqTaken:
            results.append("refused")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(results) == ["accepted", "refused", "refused", "refused"]
    assert len(store.moves("threads")) == 1


def test_a_move_stored_by_another_worker_wins_and_the_table_catches_up(
        open_app: Callable[..., Any], db_url: str) -> None:
    with open_app(db_url) as client:
        table = new_table(client, seed=9)
        t0, t1 = table["tokens"][0], table["tokens"][1]
        mine = state(client, table["id"], t0)
        theirs = state(client, table["id"], t1)["legal"][0]
        # "Another worker" stores seat 1's move 0 behind this app's back: a pick of the
        # simultaneous selection, which seat 0 cannot know of, so the position seat 0 meant
        # (seq 0, as it sees the table) is still the one there: judged again, accepted.
        client.app.state.store.accept(table["id"], 0, 1, theirs["id"], lambda: (ACTIVE, None))
        r = act(client, table["id"], t0, mine["legal"][0]["id"], seq=0)
        assert r.status_code == 200 and r.json()["seq"] == 1
        after = state(client, table["id"], t1)
        assert after["seq"] == 1 and after["events"][-1]["text"] == f"you {theirs['text']}"
        # A seat's seq is stale once the table changed for it: its own move stored elsewhere.
        client.app.state.store.accept(table["id"], 2, 1, after["legal"][0]["id"], lambda: (ACTIVE, None))
        r = act(client, table["id"], t1, after["legal"][1]["id"], seq=1)
        assert r.status_code == 409
        # Without a seq the move is judged again on the table as it now is.
        client.app.state.store.accept(table["id"], 3, 1, state(client, table["id"], t1)["legal"][0]["id"],
                                      lambda: (ACTIVE, None))
        r = act(client, table["id"], t0, state(client, table["id"], t0)["legal"][0]["id"])
        assert r.status_code == 200 and r.json()["seq"] == 2
    with open_app(db_url) as again:
        assert [state(again, table["id"], token)["seq"] for token in (t0, t1, None)] == [2, 3, 0]


def _drop_other_connections(url: str) -> int:
    """End every other session on the test's PostgreSQL database, as a database restart or
    an idle-timeout would; returns how many there were."""
    import psycopg

    with psycopg.connect(libpq_url(url), autocommit=True) as conn:
        rows = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchall()
    return len(rows)


def test_dropped_database_connections_are_replaced_on_the_next_request(pg_url: str) -> None:
    # The engine does not ping connections at checkout; a dead one must not fail a request.
    engine = make_engine(pg_url)
    upgrade(engine)
    store = Store(engine)
    try:
        _table(store, "dropped")
        assert _drop_other_connections(pg_url) >= 1
        assert store.moves("dropped") == []  # a read on a dead pooled connection
        store.accept("dropped", 0, 0, 3, lambda: (ACTIVE, None))
        assert _drop_other_connections(pg_url) >= 1
        store.accept("dropped", 1, 1, 4, lambda: (ACTIVE, None))  # a write on one
        assert store.moves("dropped") == [(0, 3), (1, 4)]
    finally:
        engine.dispose()


def test_an_app_plays_on_after_its_database_connections_were_dropped(open_app: Callable[..., Any],
                                                                      pg_url: str) -> None:
    with open_app(pg_url) as client:
        table = new_table(client, seed=9)
        t0 = table["tokens"][0]
        legal = state(client, table["id"], t0)["legal"]
        assert _drop_other_connections(pg_url) >= 1
        r = act(client, table["id"], t0, legal[0]["id"], seq=0)
        assert r.status_code == 200 and r.json()["seq"] == 1


def test_a_notification_says_table_moves_and_sender() -> None:
    sent = Notice("abc_-9", 12, "w1")
    assert Notice.parse(sent.payload()) == sent
    with_move = Notice("abc_-9", 12, "w1", (1, 407))  # the move that made the 12
    assert Notice.parse(with_move.payload()) == with_move
    # Numbers are plain ASCII digits of a bounded length; anything else is "unknown",
    # never an int() that raises in the listener.
    assert Notice.parse("abc:\u00b2:w1:1:\u2460") == Notice("abc", None, "w1")
    assert Notice.parse("abc:" + "9" * 5000 + ":w1") == Notice("abc", None, "w1")
    assert Notice.parse(Notice("abc", None, "w1").payload()) == Notice("abc", None, "w1")
    assert Notice.parse("abc") == Notice("abc")  # a bare table id: a change of unknown extent


def test_the_server_copies_the_sqlite_log_from_a_thread_not_inside_a_commit(
        open_app: Callable[..., Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # A commit that crosses SQLite's automatic checkpoint copies the write-ahead log into the
    # database with two file syncs; on the server's event loop that stalled every table at
    # once. The serving engine turns it off, and the app checkpoints from a thread instead.
    from sqlalchemy import text

    from wizarena.server import app as app_module
    from wizarena.server.db import checkpoint

    url = f"sqlite:///{tmp_path / 'log.db'}"
    for elsewhere, expected in ((False, 1000), (True, 0)):
        engine = make_engine(url, checkpoint_elsewhere=elsewhere)
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA wal_autocheckpoint")).scalar() == expected
        engine.dispose()
    assert checkpoint(make_engine("sqlite://")) is None  # an in-memory database has no log

    done: list[tuple[int, int, int] | None] = []
    on_loop: list[bool] = []
    ran = threading.Event()

    def watched(engine: Any) -> tuple[int, int, int] | None:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)  # would hold up every table while the file syncs
        except RuntimeError:
            pass
        result = checkpoint(engine)
        done.append(result)
        if result is not None and result[1] > 0:
            ran.set()
        return result

    monkeypatch.setattr(app_module, "checkpoint", watched)
    monkeypatch.setattr(app_module, "SQLITE_CHECKPOINT_S", 0.05)
    with open_app(url) as client:
        table = new_table(client, [{"kind": "human"}, {"kind": "human"}])
        play_first_legal(client, table, 4)
        assert ran.wait(10), done
    busy, pages, copied = next(r for r in done if r is not None and r[1] > 0)
    assert busy == 0 and copied == pages  # every page of the log reached the database
    assert not on_loop
