"""A Wiz-War table on the web: the lobby lists it for 2 to 4 players, a table of n seats
shows each seat its own view of the whole board, a spectator the public one, and moves
made over HTTP (each seat's first legal action) go through."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from .helpers import act, new_table, state


def test_the_lobby_lists_wizwar_for_two_to_four(client: TestClient) -> None:
    games = {g["full_id"]: g for g in client.get("/api/games").json()}
    assert games["wizwar"]["player_counts"] == [2, 3, 4]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_wizwar_table_of_n_seats(client: TestClient, n: int) -> None:
    t = new_table(client, [{"kind": "human"}] * n, game="wizwar", players=n)
    assert [s["seat"] for s in t["seats"]] == list(range(n))
    public = state(client, t["id"])
    assert public["view"]["seat"] is None and public["view"]["hand"] == [] and public["legal"] == []
    assert len(public["view"]["wizards"]) == n and len(public["view"]["board"]["squares"]) == 25 * n
    for _ in range(6):
        seat = state(client, t["id"])["to_act"][0]
        mine = state(client, t["id"], t["tokens"][seat])
        assert len(mine["view"]["hand"]) == mine["view"]["wizards"][seat]["hand"]
        assert {str(a["id"]) for a in mine["legal"]} >= set(mine["view"]["targets"])
        r = act(client, t["id"], t["tokens"][seat], mine["legal"][0]["id"], mine["seq"])
        assert r.status_code == 200, r.text
