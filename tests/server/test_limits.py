"""The web table's rate limits and caps (limits.py): each one, with small limits, refuses
with a one-line reason (HTTP 429 and Retry-After, or the WebSocket's error message on a
connection that stays open), changes nothing, and lets the client go on once it waits;
and several workers on one PostgreSQL database enforce each limit together, not each alone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from wizarena.cli import main
from wizarena.core import WizarenaError
from wizarena.server import create_app
from wizarena.server.app import ENV_DB, ENV_LIMITS, app_from_env
from wizarena.server.db import TableRow
from wizarena.server.limits import Buckets, Limits, Rate, address_key, parse_limits

from .conftest import Clock
from .helpers import HUMANS, act, new_table, receive_until, state
from .live import in_thread


def limited(open_app: Callable[..., Any], sqlite_url: str, **limits: Any) -> Iterator[TestClient]:
    with open_app(sqlite_url, limits=Limits(**limits)) as c:
        yield c


@pytest.fixture
def seat_limited(open_app: Callable[..., Any], sqlite_url: str) -> Iterator[TestClient]:
    yield from limited(open_app, sqlite_url, seat_moves=Rate(3, 1.0))


def test_a_seats_moves_share_one_bucket_over_all_its_connections(seat_limited: TestClient, clock: Clock) -> None:
    t = new_table(seat_limited)
    tid, token = t["id"], t["tokens"][0]
    url = f"/ws/tables/{tid}?seat=0&token={token}"
    with seat_limited.websocket_connect(url) as one, seat_limited.websocket_connect(url) as two:
        one.receive_json()
        two.receive_json()  # (the first is sent nothing for it: seat 0 was connected already)
        for ws in (one, two, one):  # three refused moves still spend the seat's three tokens
            ws.send_json({"type": "act", "action": "no such move"})
            error, _ = receive_until(ws, "error")
            assert "too many" not in error["message"]
        two.send_json({"type": "act", "action": "no such move"})
        error, _ = receive_until(two, "error")
        assert error["message"].startswith("too many moves from seat 0: at most 3 at once")
        # The connection stays, and nothing changed.
        two.send_json({"type": "ping"})
        receive_until(two, "pong")
        assert state(seat_limited, tid)["seq"] == 0
        # HTTP moves of the seat draw from the same bucket.
        r = act(seat_limited, tid, token, "no such move")
        assert r.status_code == 429 and r.headers["retry-after"] == "1"
        assert r.json()["detail"].startswith("too many moves from seat 0")
        # Another seat has its own bucket; and a second later this one may move again.
        assert act(seat_limited, tid, t["tokens"][1], "no such move").status_code == 400
        clock.advance(1.0)
        one.send_json({"type": "act", "action": "no such move"})
        error, _ = receive_until(one, "error")
        assert "too many" not in error["message"]


def test_http_moves_are_limited_per_client_address(open_app: Callable[..., Any], sqlite_url: str,
                                                   clock: Clock) -> None:
    for client in limited(open_app, sqlite_url, address_moves=Rate(2, 0.5)):
        first, second = new_table(client), new_table(client, seed=8)
        legal = state(client, first["id"], first["tokens"][0])["legal"]
        assert act(client, first["id"], first["tokens"][0], legal[0]["id"]).status_code == 200
        assert act(client, second["id"], second["tokens"][1], "no such move").status_code == 400
        r = act(client, second["id"], second["tokens"][0], "no such move")
        assert r.status_code == 429 and r.headers["retry-after"] == "2"
        assert r.json() == {"detail": "too many moves from this address: at most 2 at once and 0.5 a second; "
                                      "try again in 2.0 s"}
        r = client.post(f"/api/tables/{first['id']}/seats/1/computer", headers={"X-Seat-Token": first["tokens"][0]})
        assert r.status_code == 429
        assert state(client, second["id"])["seq"] == 0
        clock.advance(2.0)
        assert act(client, second["id"], second["tokens"][0], "no such move").status_code == 400


def test_new_tables_are_limited_per_client_address(open_app: Callable[..., Any], sqlite_url: str,
                                                   clock: Clock) -> None:
    for client in limited(open_app, sqlite_url, address_creates=Rate(2, 0.1)):
        new_table(client)
        new_table(client)
        r = client.post("/api/tables", json={"game": "cup", "seats": HUMANS})
        assert r.status_code == 429 and r.headers["retry-after"] == "10"
        assert r.json()["detail"].startswith("too many new tables from this address")
        assert len(client.get("/api/tables").json()["tables"]) == 2
        clock.advance(10.0)
        new_table(client)


def test_open_tables_are_capped_per_client_address(open_app: Callable[..., Any], sqlite_url: str) -> None:
    for client in limited(open_app, sqlite_url, open_tables_per_address=2, abandon_after_s=60.0):
        first = new_table(client)
        new_table(client)
        r = client.post("/api/tables", json={"game": "cup", "seats": HUMANS})
        assert r.status_code == 429
        assert r.json()["detail"] == ("this address has 2 open tables, the most it may have: finish one, "
                                      "or leave one to be abandoned, first")
        assert len(client.get("/api/tables").json()["tables"]) == 2
        # A table left alone long enough no longer counts (its last change two minutes ago,
        # in the database, which counts every worker's tables, and in this worker's memory).
        live = client.app.state.manager.tables[first["id"]]
        live.info.updated_at -= timedelta(minutes=2)
        with client.app.state.store.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == first["id"]).values(updated_at=live.info.updated_at))
        new_table(client)


def test_ipv6_clients_are_counted_by_their_network() -> None:
    assert address_key("2001:db8:1:2:3:4:5:6") == address_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key(None) == "?"


def test_a_bucket_refills_at_its_rate_and_never_beyond_its_burst(clock: Clock) -> None:
    bucket = Buckets(Rate(2, 4.0), clock)
    assert [bucket.take("k") for _ in range(2)] == [0.0, 0.0]
    assert bucket.take("k") == pytest.approx(0.25)
    clock.advance(0.25)
    assert bucket.take("k") == 0.0
    clock.advance(60.0)
    assert [bucket.take("k") for _ in range(3)][2] > 0  # an hour of rest still gives only two
    assert bucket.take("other") == 0.0



def test_limits_are_read_from_name_value_text() -> None:
    limits = parse_limits("move_seconds=2.5, seat_moves=5/0.5,open_tables_per_address=3")
    assert limits.move_seconds == 2.5 and limits.seat_moves == Rate(5, 0.5) and limits.open_tables_per_address == 3
    assert parse_limits("") == Limits()


@pytest.mark.parametrize("text, problem", [
    ("bogus=1", "unknown limit 'bogus=1'"),
    ("move_seconds", "unknown limit 'move_seconds'"),
    ("move_seconds=inf", "limit move_seconds='inf' must be a finite float"),
    ("move_seconds=0", "limit move_seconds must be above 0 and at most 600, not 0.0"),
    ("seat_moves=30", "limit seat_moves='30' must be burst/per_s, e.g. 30/10"),
    ("agent_processes=0", "limit agent_processes must be from 1 to 64, not 0"),
])
def test_a_bad_limit_is_a_one_line_error(text: str, problem: str) -> None:
    with pytest.raises(WizarenaError) as exc:
        parse_limits(text)
    assert str(exc.value).startswith(problem) and "\n" not in str(exc.value)


def test_serve_refuses_a_bad_limit_before_it_starts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--limit", "seat_moves=lots"]) == 1
    err = capsys.readouterr().err
    assert err == "error: limit seat_moves='lots' must be burst/per_s, e.g. 30/10\n"


def test_the_served_app_takes_its_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch, sqlite_url: str) -> None:
    monkeypatch.setenv(ENV_DB, sqlite_url)
    monkeypatch.setenv(ENV_LIMITS, "move_seconds=3,address_creates=1/0.01")
    app = app_from_env()
    assert app.state.limits.move_seconds == 3.0
    with TestClient(app) as client:
        new_table(client)
        assert client.post("/api/tables", json={"game": "cup", "seats": HUMANS}).status_code == 429


def test_the_open_tables_of_an_address_are_counted_across_a_restart(open_app: Callable[..., Any],
                                                                    sqlite_url: str) -> None:
    for client in limited(open_app, sqlite_url, open_tables_per_address=2):
        new_table(client)
        new_table(client)
    for client in limited(open_app, sqlite_url, open_tables_per_address=2):
        r = client.post("/api/tables", json={"game": "cup", "seats": HUMANS})
        assert r.status_code == 429 and r.json()["detail"].startswith("this address has 2 open tables")


def test_two_workers_enforce_one_limit_together(pg_url: str) -> None:
    """Workers on one PostgreSQL database share every bucket and the open-tables count:
    what one worker allowed, the other no longer allows."""
    limits = Limits(address_creates=Rate(3, 0.001), seat_moves=Rate(3, 0.001), open_tables_per_address=30)
    with in_thread(create_app(pg_url, limits=limits)) as a, in_thread(create_app(pg_url, limits=limits)) as b:
        created = [httpx.post(f"http://{w}/api/tables", json={"game": "cup", "seats": HUMANS}) for w in (a, b, a, b)]
        assert [r.status_code for r in created] == [201, 201, 201, 429]
        assert created[3].json()["detail"].startswith("too many new tables from this address: at most 3 at once")
        table = created[0].json()
        tid, token = table["id"], table["seats"][0]["token"]
        moves = [httpx.post(f"http://{w}/api/tables/{tid}/actions", headers={"X-Seat-Token": token},
                            json={"action": "no such move"}) for w in (b, a, b, a)]
        assert [r.status_code for r in moves] == [400, 400, 400, 429]
        assert moves[3].json()["detail"].startswith("too many moves from seat 0")
        assert int(moves[3].headers["retry-after"]) > 1


def test_two_workers_share_the_cap_on_open_tables(pg_url: str) -> None:
    limits = Limits(address_creates=Rate(100, 100.0), open_tables_per_address=2)
    with in_thread(create_app(pg_url, limits=limits)) as a, in_thread(create_app(pg_url, limits=limits)) as b:
        created = [httpx.post(f"http://{w}/api/tables", json={"game": "cup", "seats": HUMANS}) for w in (a, b, a)]
        assert [r.status_code for r in created] == [201, 201, 429]
        assert created[2].json()["detail"].startswith("this address has 2 open tables")


def test_a_shared_bucket_gives_its_burst_then_says_how_long_to_wait(pg_url: str) -> None:
    from wizarena.server.db import make_engine
    from wizarena.server.limits import SharedBuckets
    from wizarena.server.migrate import upgrade

    engine = make_engine(pg_url)
    try:
        upgrade(engine)
        bucket = SharedBuckets("test", Rate(2, 0.01), engine)
        assert [bucket.take(("t", 0)), bucket.take(("t", 0))] == [0.0, 0.0]
        assert 0 < bucket.take(("t", 0)) <= 100.0
        assert bucket.take(("t", 1)) == 0.0  # another key, another bucket
    finally:
        engine.dispose()
