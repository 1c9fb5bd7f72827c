"""Two app instances on one PostgreSQL database, as two workers of `wizarena serve
--workers 2` are: a move accepted by one reaches the WebSocket clients of the other
(NOTIFY), a game against the computer can be played through both at once, and a seat
connected to one is connected for the other too.

Real servers (uvicorn in threads) and a real WebSocket client, so that a missing
notification fails the test after a generous wait instead of hanging it.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from wizarena.core import Record, replay
from wizarena.server import create_app
from wizarena.server.limits import Limits, Rate

from .conftest import Clock
from .live import in_thread

WAIT_S = 20.0  # how long a notification may take before the test fails (not a timing assertion)


def _recv_state(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The first state at or after move `seq` (TimeoutError if none comes)."""
    while True:
        message = json.loads(ws.recv(timeout=WAIT_S))
        if message["type"] == "state" and message["seq"] >= seq:
            return message


def test_a_move_through_one_worker_reaches_the_clients_of_the_other(pg_url: str) -> None:
    with in_thread(create_app(pg_url)) as a, in_thread(create_app(pg_url)) as b:
        table = httpx.post(f"http://{a}/api/tables", json={
            "game": "cup", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        tid = table["id"]
        t0, t1 = (s["token"] for s in table["seats"])
        with connect(f"ws://{b}/ws/tables/{tid}?token={t1}") as on_b, \
                connect(f"ws://{a}/ws/tables/{tid}?token={t0}") as on_a:
            seen = _recv_state(on_b, 0)
            assert seen["seq"] == 0 and _recv_state(on_a, 0)["seq"] == 0
            # Seat 0 selects its five through A's HTTP API: secret steps, B's client hears nothing.
            for seq in range(5):
                legal = httpx.get(f"http://{a}/api/tables/{tid}/state",
                                  headers={"X-Seat-Token": t0}).json()["legal"]
                r = httpx.post(f"http://{a}/api/tables/{tid}/actions", headers={"X-Seat-Token": t0},
                               json={"action": legal[0]["id"], "seq": seq})
                assert r.status_code == 200
            # Seat 1 selects over B's socket, counting only its own moves; its fifth ends the
            # selection, which A's socket client of seat 0 hears of.
            for seq in range(5):
                on_b.send(json.dumps({"type": "act", "action": seen["legal"][0]["id"], "seq": seq}))
                seen = _recv_state(on_b, seq + 1)
            heard = _recv_state(on_a, 6)  # its five picks, then the end of the selection
            assert heard["seat"] == 0 and heard["view"]["phase"] == "order"
            assert "both players have selected five" in " ".join(e["text"] for e in heard["events"])
            assert seen["seq"] == 5 and seen["view"]["phase"] == "order"
            # A stale seq sent to B, where seat 1 has seen 5 moves by now, is refused there.
            on_b.send(json.dumps({"type": "act", "action": seen["legal"][0]["id"], "seq": 4}))
            assert json.loads(on_b.recv(timeout=WAIT_S))["type"] == "error"


def test_a_worker_applies_the_move_it_is_told_of_without_reading_it_back(pg_url: str) -> None:
    # The notification carries the move; reading every move back cost the other worker a
    # query a move. A worker that lacks more than the one move still reads (tested above).
    other = create_app(pg_url)
    with in_thread(create_app(pg_url)) as a, in_thread(other) as b:
        table = httpx.post(f"http://{a}/api/tables", json={
            "game": "cup", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        tid = table["id"]
        t0, t1 = (s["token"] for s in table["seats"])
        with connect(f"ws://{b}/ws/tables/{tid}?token={t1}") as on_b:
            seen = _recv_state(on_b, 0)  # B has loaded the table: its one read of the moves
            store = other.state.store
            reads: list[tuple[Any, ...]] = []
            read_moves = store.moves
            store.moves = lambda *args, **kwargs: reads.append(args) or read_moves(*args, **kwargs)
            live = other.state.manager.tables[tid]
            for seq in range(5):
                legal = httpx.get(f"http://{a}/api/tables/{tid}/state", headers={"X-Seat-Token": t0}).json()["legal"]
                assert httpx.post(f"http://{a}/api/tables/{tid}/actions", headers={"X-Seat-Token": t0},
                                  json={"action": legal[0]["id"], "seq": seq}).status_code == 200
            deadline = time.monotonic() + WAIT_S
            while len(live.moves) < 5 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert len(live.moves) == 5 and reads == []
            for seq in range(5):
                on_b.send(json.dumps({"type": "act", "action": seen["legal"][0]["id"], "seq": seq}))
                seen = _recv_state(on_b, seq + 1)
            assert seen["view"]["phase"] == "order" and reads == []


def test_a_game_against_the_computer_played_through_two_workers(pg_url: str) -> None:
    # A script plays faster than a person; the rate limits are tested elsewhere.
    fast = Limits(rate=10_000, seat_moves=Rate(10_000, 10_000.0))
    with in_thread(create_app(pg_url, limits=fast)) as a, in_thread(create_app(pg_url, limits=fast)) as b:
        table = httpx.post(f"http://{a}/api/tables", json={
            "game": "cup", "seed": 17, "seats": [{"kind": "human"}, {"kind": "agent", "agent": "random"}]}).json()
        tid, token = table["id"], table["seats"][0]["token"]
        with connect(f"ws://{b}/ws/tables/{tid}?token={token}") as ws:
            message = _recv_state(ws, 0)
            sent_for = -1
            while message["status"] != "finished":
                if 0 in message["to_act"] and message["seq"] > sent_for:
                    move = {"type": "act", "action": message["legal"][0]["id"], "seq": message["seq"]}
                    ws.send(json.dumps(move))
                    sent_for = message["seq"]
                message = json.loads(ws.recv(timeout=WAIT_S))
                while message["type"] != "state":  # a stale move: the computer moved first
                    assert "stale" in message["message"] or "another move" in message["message"], message
                    if "another move" in message["message"]:
                        # The computer's secret steps kept winning the race; the table has
                        # not changed for seat 0, so no state comes: the same move again.
                        ws.send(json.dumps(move))
                    message = json.loads(ws.recv(timeout=WAIT_S))
        views = [httpx.get(f"http://{w}/api/tables/{tid}/state").json() for w in (a, b)]
        assert views[0] == views[1] and views[0]["outcome"] is not None
        moves = [(m[0], m[1]) for m in _stored_moves(pg_url, tid)]
        assert len(moves) > views[0]["seq"]  # a spectator never counts the secret steps
        _, final = replay(Record("cup", None, 17, {}, moves))
        assert final.result.to_json() == views[0]["outcome"]


def _connected(worker: str, table_id: str, seat: int, expected: bool) -> None:
    """Wait until `worker` reports the seat's `connected` as expected (it hears by NOTIFY)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        seats = httpx.get(f"http://{worker}/api/tables/{table_id}/state").json()["table"]["seats"]
        if seats[seat]["connected"] is expected:
            return
        assert time.monotonic() < deadline, f"seat {seat} never became connected={expected} on {worker}"
        time.sleep(0.05)


def test_a_seat_connected_through_one_worker_is_not_handed_to_the_computer_through_the_other(
        pg_url: str, clock: Clock) -> None:
    with in_thread(create_app(pg_url, clock=clock)) as a, in_thread(create_app(pg_url, clock=clock)) as b:
        table = httpx.post(f"http://{a}/api/tables", json={
            "game": "cup", "timeout_s": 60, "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        tid = table["id"]
        t0, t1 = (s["token"] for s in table["seats"])
        take = f"http://{b}/api/tables/{tid}/seats/1/computer"
        with connect(f"ws://{a}/ws/tables/{tid}?token={t1}") as on_a:
            _recv_state(on_a, 0)
            _connected(b, tid, 1, True)
            clock.advance(600)
            r = httpx.post(take, headers={"X-Seat-Token": t0}, json={"agent": "random"})
            assert r.status_code == 409 and "connected" in r.json()["detail"]
        _connected(b, tid, 1, False)  # absent from now on, for B as well
        r = httpx.post(take, headers={"X-Seat-Token": t0}, json={"agent": "random"})
        assert r.status_code == 409 and "waits 60 s" in r.json()["detail"]
        clock.advance(61)
        r = httpx.post(take, headers={"X-Seat-Token": t0}, json={"agent": "random"})
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "agent"


def _stored_moves(url: str, table_id: str) -> list[tuple[int, int]]:
    from wizarena.server.db import make_engine
    from wizarena.server.store import Store

    engine = make_engine(url)
    try:
        return Store(engine).moves(table_id)
    finally:
        engine.dispose()
