"""Nothing the server sends to seat 1 or to a spectator shows seat 0's hidden cards:
not the first state on connecting, not the state after reconnecting, not the HTTP state,
not the replay frames, not the error messages.

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

from .helpers import act, auth, new_table, state

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
    assert state(client, t["id"])["to_act"] == [0]
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
