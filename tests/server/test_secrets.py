"""Nothing the server sends to seat 1 or to a spectator shows seat 0's hidden cards:
not the first state on connecting, not the state after reconnecting, not the HTTP state,
not the replay frames, not the error messages. Three classes of leak get a test each
besides: the initial state on connecting, the shared event log (a seat is pushed only the
events its own view holds, never another seat's private ones), and asking for an undo
(there is none: the refusal must say nothing of what an undo would reveal).

Both players own identical 18-card sets, so a card name may rightly appear in seat 1's
own part of its view (its six, its unused cards, its legal actions). The tests therefore
set the game up so that seat 0's secret cards are not in seat 1's six, and they look at
everything seat 1 receives except its own part (`players[1]` and `legal`). Positive
controls show that the names do appear where they may: in seat 0's own view, and the
public cards in seat 1's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.core import load_game

from .helpers import act, auth, new_table, receive_until, state

GAME = load_game("cup")
CARDS = GAME.cards
NAMES = [c.name for c in CARDS]
KIND = {c.name: c.kind for c in CARDS}
MAY_CARD = "Botanist"  # seat 1 leads with it: its "may" choice stops the battle half-way


def without_own_part(obj: Any, seat: int) -> Any:
    """Everything of a message but `seat`'s own player entry and legal actions."""
    if isinstance(obj, dict):
        out = {}
        for key, value in obj.items():
            if key == "legal":
                continue
            if key == "players" and isinstance(value, list):
                value = [p for p in value if p.get("seat") != seat]
            out[key] = without_own_part(value, seat)
        return out
    if isinstance(obj, list):
        return [without_own_part(x, seat) for x in obj]
    return obj


def received(client: TestClient, table_id: str, token: str | None, bad_moves: list[Any]) -> list[Any]:
    """All a client with this token (None: a spectator) is sent: the state on connecting,
    after reconnecting, over HTTP, the replay frames, and refusals of bad moves (which
    name only cards the client knows: a refusal may quote the move it refuses)."""
    out: list[Any] = []
    query = f"?token={token}" if token else ""
    with client.websocket_connect(f"/ws/tables/{table_id}{query}") as ws:
        out.append(ws.receive_json())
    with client.websocket_connect(f"/ws/tables/{table_id}{query}") as ws:  # reconnect
        out.append(ws.receive_json())
        for bad in [*bad_moves, "select"]:
            ws.send_json({"type": "act", "action": bad})
            out.append(ws.receive_json())
            assert out[-1]["type"] == "error"
    out.append(state(client, table_id, token))
    seat = None if token is None else state(client, table_id, token)["seat"]
    path = f"/api/tables/{table_id}/replay" + ("" if seat is None else f"?seat={seat}")
    out.append(client.get(path, headers=auth(token)).json())
    for bad in bad_moves:
        r = act(client, table_id, token, bad)
        assert r.status_code in (400, 403)
        out.append(r.json())
    return out


def assert_hidden(client: TestClient, table: dict[str, Any], secrets: set[str], public: set[str],
                  known_card: str) -> None:
    assert secrets, "the scenario must hide something"
    select_id = next(a.id for a in GAME.actions if a.text == f"select {known_card}")
    bad = [f"place {known_card}", select_id]
    seat1 = json.dumps(without_own_part(received(client, table["id"], table["tokens"][1], bad), 1))
    spectator = json.dumps(received(client, table["id"], None, bad))
    for name in secrets:
        assert name not in seat1, f"seat 1 was shown seat 0's hidden {name}"
        assert name not in spectator, f"a spectator was shown seat 0's hidden {name}"
    for name in public:  # the check looks where names do appear
        assert name in seat1 and name in spectator
    own = json.dumps(state(client, table["id"], table["tokens"][0])["view"]["players"][0])
    assert all(name in own for name in secrets)


def plan(client: TestClient, table: dict[str, Any]) -> tuple[str, str, list[str], list[str]]:
    """Seat 0's five picks and seat 1's five, disjoint, seat 1's including the may-card."""
    players = state(client, table["id"])["view"]["players"]
    pick0, pick1 = players[0]["drawn_at_random"], players[1]["drawn_at_random"]
    assert MAY_CARD != pick0
    pool = [n for n in NAMES if n not in {pick0, pick1, MAY_CARD}]
    picks0 = pool[:5]
    picks1 = ([] if pick1 == MAY_CARD else [MAY_CARD]) + pool[5:]
    return pick0, pick1, picks0, picks1[:5]


def choose(client: TestClient, table: dict[str, Any], seat: int, texts: list[str]) -> None:
    for text in texts:
        r = act(client, table["id"], table["tokens"][seat], text)
        assert r.status_code == 200, r.text


@pytest.mark.parametrize("seed", [4, 5, 7])
def test_seat_0s_secrets_stay_hidden_in_selection_and_battle(client: TestClient, seed: int) -> None:
    t = new_table(client, seed=seed)
    pick0, pick1, picks0, picks1 = plan(client, t)

    # Mid-selection: seat 1 has chosen its five, seat 0 three of its five, in secret.
    choose(client, t, 1, [f"select {n}" for n in picks1])
    choose(client, t, 0, [f"select {n}" for n in picks0[:3]])
    # Who is done is secret too: seat 1 knows it is, a spectator sees both still choosing.
    assert state(client, t["id"], t["tokens"][1])["to_act"] == [0]
    assert state(client, t["id"])["to_act"] == [0, 1]
    assert_hidden(client, t, set(picks0[:3]), {pick0, pick1}, pick1)

    # Mid-battle: orders laid; seat 1's Botanist waits on its "may" choice, seat 0's deck
    # and Sub Card are face down.
    choose(client, t, 0, [f"select {n}" for n in picks0[3:]])
    six0 = [pick0, *picks0]
    lead0 = next(n for n in six0 if KIND[n] != "quick")
    order0 = [lead0] + [n for n in six0 if n != lead0][:4]
    six1 = sorted({pick1, *picks1})
    order1 = [MAY_CARD] + [n for n in six1 if n != MAY_CARD][:4]
    choose(client, t, 1, [f"place {n}" for n in order1])
    choose(client, t, 0, [f"place {n}" for n in order0])
    now = state(client, t["id"], t["tokens"][1])
    assert now["to_act"] == [1] and now["view"]["pending"]["card"] == MAY_CARD
    mine = state(client, t["id"], t["tokens"][0])["view"]["players"][0]
    theirs = now["view"]["players"][0]
    known = set(theirs["known"]) | set(theirs["discard"]) | {theirs["field"]["card"]}
    secrets = (set(mine["deck"]) | {mine["sub"]}) - known
    assert mine["sub"] in secrets and lead0 in known
    assert_hidden(client, t, secrets, {pick0, lead0}, pick1)


def _secret_selection(client: TestClient, seed: int = 4) -> tuple[dict[str, Any], list[str], str]:
    """A table where seat 1 has chosen its five and seat 0 three, in secret: the table,
    seat 0's three secret picks, and seat 1's drawn card (which it may name)."""
    t = new_table(client, seed=seed)
    _pick0, pick1, picks0, picks1 = plan(client, t)
    choose(client, t, 1, [f"select {n}" for n in picks1])
    choose(client, t, 0, [f"select {n}" for n in picks0[:3]])
    return t, picks0[:3], pick1


def test_the_initial_state_on_connecting_shows_no_hidden_card(client: TestClient) -> None:
    t, secrets, _ = _secret_selection(client)
    for token, seat in ((t["tokens"][1], 1), (None, None)):
        query = f"?token={token}" if token else ""
        with client.websocket_connect(f"/ws/tables/{t['id']}{query}") as ws:
            first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == seat and first["events_from"] == 0
        # Each counts only the moves it may know of: seat 1 its five picks, a spectator none.
        assert first["seq"] == (5 if seat == 1 else 0) and first["events"], "the first state carries the whole log"
        shown = json.dumps(first if seat is None else without_own_part(first, seat))
        assert not [n for n in secrets if n in shown]


def test_a_seat_is_pushed_only_its_own_events_never_anothers_private_ones(client: TestClient) -> None:
    t = new_table(client, seed=5)
    _pick0, _pick1, picks0, picks1 = plan(client, t)
    pushed: dict[int | None, list[dict[str, Any]]] = {1: [], None: []}
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={t['tokens'][1]}") as ws1, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as watcher:
        choose(client, t, 0, [f"select {n}" for n in picks0[:3]])
        choose(client, t, 1, [f"select {picks1[0]}"])
        for who, ws in ((1, ws1), (None, watcher)):
            ws.send_json({"type": "ping"})  # messages arrive in order: the pong comes after every state
            for message in receive_until(ws, "pong")[1]:
                pushed[who].extend(message["events"])
    own0 = state(client, t["id"], t["tokens"][0])["events"]
    private0 = [e for e in own0 if any(n in e["text"] for n in picks0[:3])]
    assert len(private0) == 3, "seat 0 sees its own secret picks"  # the positive control
    for who, events in pushed.items():
        texts = [e["text"] for e in events]
        assert not [e for e in private0 if e in events], f"{who} was pushed seat 0's private events"
        assert not [n for n in picks0[:3] if any(n in x for x in texts)]
        # The selection is simultaneous: not even that seat 0 chose is told while it lasts.
        assert not [x for x in texts if x.startswith("P0 select")]
        # What a follower is pushed is exactly its own log, in order: no event of another view.
        assert events == state(client, t["id"], None if who is None else t["tokens"][1])["events"]
    # After the log it found on connecting, seat 1 is pushed its own pick and a spectator
    # nothing at all: the table has not changed for it.
    assert pushed[1][-1]["text"] == f"you select {picks1[0]}"
    assert len(pushed[1]) == len(pushed[None]) + 1


def test_asking_for_an_undo_reveals_nothing_and_changes_nothing(client: TestClient) -> None:
    t, secrets, _ = _secret_selection(client)
    before = [state(client, t["id"], t["tokens"].get(seat)) for seat in (0, 1, None)]
    said: list[Any] = []
    for token in (t["tokens"][1], None):
        query = f"?token={token}" if token else ""
        with client.websocket_connect(f"/ws/tables/{t['id']}{query}") as ws:
            ws.receive_json()
            for ask in ({"type": "undo"}, {"type": "undo", "seq": 7}, {"type": "undo", "seat": 0}):
                ws.send_json(ask)
                reply, _ = receive_until(ws, "error")
                said.append(reply)
        r = client.post(f"/api/tables/{t['id']}/undo", headers=auth(token), json={"seq": 7})
        assert r.status_code in (404, 405), r.text
        said.append(r.json())
    text = json.dumps(said)
    assert "undo" in text  # the refusals are about the undo, and nothing else
    assert not [n for n in secrets if n in text]
    assert not [n for n in NAMES if n in text], "an undo refusal names no card at all"
    after = [state(client, t["id"], t["tokens"].get(seat)) for seat in (0, 1, None)]
    assert after == before
