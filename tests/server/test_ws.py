"""The WebSocket protocol: connecting as a seat or a spectator, playing a whole game over
the socket, errors that reach only their sender, and the message limits."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from wizarena.core import Record, replay

from .conftest import Clock
from .helpers import act, fresh_state, new_table, receive_until, state, vs

STATE_KEYS = {"type", "seat", "seq", "status", "view", "events", "events_from", "legal", "to_act", "seats", "outcome"}


def test_connect_as_a_seat_and_as_a_spectator(client: TestClient) -> None:
    t = new_table(client)
    tid = t["id"]
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={t['tokens'][0]}") as seat0:
        first = seat0.receive_json()
        assert set(first) == STATE_KEYS
        assert first["type"] == "state" and first["seat"] == 0 and first["status"] == "active"
        assert first["events_from"] == 0 and first["events"] == state(client, tid, t["tokens"][0])["events"]
        assert first["legal"] and first["to_act"] == [0, 1]
        assert first["seats"][0]["connected"] is True and first["seats"][1]["connected"] is False
        with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
            watch = spectator.receive_json()
            assert watch["seat"] is None and watch["legal"] == [] and watch["view"]["seat"] is None
            assert watch["events"] == state(client, tid)["events"]
            # A spectator coming changes nothing the seat sees: it is sent nothing.
            assert fresh_state(seat0) == {}
            # A pick of the simultaneous selection reaches its seat, with its own new events
            # only; the spectator is sent nothing, since the table has not changed for it.
            act(client, tid, t["tokens"][0], first["legal"][0]["id"], 0)
            mine = seat0.receive_json()
            assert mine["seq"] == 1 and mine["events_from"] == len(first["events"])
            assert [e["text"] for e in mine["events"]][0].startswith("you select")
            assert fresh_state(spectator) == {} and state(client, tid)["seq"] == 0


def test_play_a_whole_game_against_the_computer_over_the_socket(
        client: TestClient, clock: Clock) -> None:
    t = new_table(client, vs("random"), seed=11)
    token = t["tokens"][0]
    seen_events: list[dict] = []
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={token}") as ws:
        message = ws.receive_json()
        sent_for = -1
        while True:
            if message["type"] == "state":
                assert message["events_from"] == len(seen_events)
                seen_events += message["events"]
                if message["status"] == "finished":
                    break
                if 0 in message["to_act"] and message["seq"] > sent_for:
                    clock.advance(1)  # a person's pace: the rate limit is not what is tested here
                    ws.send_json({"type": "act", "action": message["legal"][0]["id"], "seq": message["seq"]})
                    sent_for = message["seq"]
            else:  # a computer move can overtake ours in a simultaneous choice
                assert message["type"] == "error" and "stale" in message["message"], message
            message = ws.receive_json()
    final = state(client, t["id"], token)
    assert final["outcome"] is not None and final["to_act"] == [] and final["table"]["status"] == "finished"
    assert seen_events == final["events"]
    assert message["outcome"] == final["outcome"]
    # What is stored replays to the same end.
    moves = client.app.state.manager.tables[t["id"]].moves
    assert len(moves) > final["seq"]  # seat 0 never counts the computer's secret steps
    _, replayed = replay(Record("cup", None, 11, {}, list(moves)))
    assert replayed.result.to_json() == final["outcome"]


def test_errors_go_only_to_the_client_that_caused_them(client: TestClient) -> None:
    t = new_table(client)
    tid = t["id"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={t['tokens'][0]}") as seat0, \
            client.websocket_connect(f"/ws/tables/{tid}?token={t['tokens'][1]}") as seat1, \
            client.websocket_connect(f"/ws/tables/{tid}") as spectator:
        for ws in (seat0, seat1, spectator):
            fresh_state(ws)
        seat0.send_json({"type": "act", "action": "place Golem"})
        error, _ = receive_until(seat0, "error")
        assert error["rule"] == "" or error["rule"].startswith("Cup")
        seat0.send_text("not json")
        receive_until(seat0, "error")
        for ws in (seat1, spectator):
            ws.send_json({"type": "ping"})
            receive_until(ws, "pong", skip=())  # nothing else was sent to them: no error, no state
    assert state(client, tid)["seq"] == 0


@pytest.mark.parametrize("raw, expected", [
    ("x" * 5000, "too large"),
    (json.dumps({"type": "ping", "pad": "x" * 4100}), "too large"),
    ("{not json", "not JSON"),
    ("[" * 2000 + "]" * 2000, "nested too deeply"),
    ('{"type": "act", "action": ' + "[" * 1900 + "]" * 1900 + "}", "nested too deeply"),
    ("[1, 2]", "object"),
    ("42", "object"),
    (json.dumps({"type": "dance"}), "unknown message type"),
    (json.dumps({"no": "type"}), "unknown message type"),
    (json.dumps({"type": "act"}), "action"),
    (json.dumps({"type": "act", "action": "place Golem"}), "it is time to select, not to place"),
    (json.dumps({"type": "act", "action": 0, "seq": 5}), "stale"),
    (json.dumps({"type": "act", "action": 0, "seq": "0"}), "seq"),
])
def test_bad_messages_get_an_error_and_change_nothing(client: TestClient, raw: str, expected: str) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={t['tokens'][1]}") as ws:
        before = ws.receive_json()
        ws.send_text(raw)
        error = ws.receive_json()
        assert error["type"] == "error" and expected in error["message"], error
        assert "\n" not in error["message"]
        assert fresh_state(ws) == {}  # still open, and nothing was pushed: nothing changed
    after = state(client, t["id"], t["tokens"][1])
    assert after["seq"] == before["seq"] == 0 and after["view"] == before["view"]


def test_binary_frames_are_refused(client: TestClient) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.receive_json()
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["type"] == "error"


def test_spectators_and_out_of_turn_seats_cannot_act(client: TestClient) -> None:
    t = new_table(client)
    t1 = t["tokens"][1]
    for _ in range(5):
        act(client, t["id"], t1, state(client, t["id"], t1)["legal"][0]["id"])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "act", "action": 0})
        assert "spectator" in spectator.receive_json()["message"]
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={t1}") as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "action": 0})
        assert "turn" in ws.receive_json()["message"]
    assert state(client, t["id"], t1)["seq"] == 5 and state(client, t["id"])["seq"] == 0


def test_more_than_30_messages_a_second_closes_the_connection(client: TestClient) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.receive_json()
        for _ in range(31):  # the test clock stands still: all of them arrive within a second
            ws.send_json({"type": "ping"})
        assert [ws.receive_json()["type"] for _ in range(30)] == ["pong"] * 30
        error = ws.receive_json()
        assert error["type"] == "error" and "30" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
    # Another connection, to the same table, is served as before.
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_a_slow_pace_is_never_limited(client: TestClient, clock: Clock) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.receive_json()
        for _ in range(100):
            clock.advance(0.05)  # 20 a second
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"


def test_hot_seat_cookie_serves_the_seat_asked_for(client: TestClient) -> None:
    t = new_table(client)
    tid = t["id"]
    client.get(f"/table/{tid}?token={t['tokens'][0]}")
    client.get(f"/table/{tid}?token={t['tokens'][1]}")
    assert client.cookies.get(f"wz_{tid}") == f"{t['tokens'][0]},{t['tokens'][1]}"
    for seat in (0, 1):
        with client.websocket_connect(f"/ws/tables/{tid}?seat={seat}") as ws:
            assert ws.receive_json()["seat"] == seat
    assert state(client, tid)["seat"] == 0  # several seats held and none asked: the lowest
    client.cookies.clear()
    client.get(f"/table/{tid}?token={t['tokens'][1]}")
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0") as ws:
        note = ws.receive_json()
        assert note["type"] == "error" and "spectator" in note["message"]
        assert ws.receive_json()["seat"] is None


def test_a_cookie_is_not_honoured_from_another_site(client: TestClient) -> None:
    t = new_table(client)
    client.get(f"/table/{t['id']}?token={t['tokens'][0]}")
    with client.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["seat"] is None
    with client.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["seat"] == 0


def test_unknown_table(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nothing-here") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
