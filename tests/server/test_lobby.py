"""The lobby's list: pages of open tables, newest first, with a cursor; finished and
abandoned tables leave it, and stay reachable by their own address."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from wizarena.server.db import TableRow, utcnow
from wizarena.server.limits import Limits

from .helpers import act, new_table, state


def ids(page: dict[str, Any]) -> list[str]:
    return [t["id"] for t in page["tables"]]


def lobby(client: TestClient, **params: Any) -> dict[str, Any]:
    r = client.get("/api/tables", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_pages_cover_every_open_table_once_newest_first(client: TestClient) -> None:
    opened = [new_table(client, seed=i)["id"] for i in range(5)]
    seen: list[str] = []
    page = lobby(client, limit=2)
    sizes = []
    while True:
        sizes.append(len(page["tables"]))
        seen += ids(page)
        if page["next"] is None:
            break
        page = lobby(client, limit=2, cursor=page["next"])
    assert sizes == [2, 2, 1]
    assert seen == opened[::-1]
    assert len(lobby(client)["tables"]) == 5 and lobby(client)["next"] is None  # the default page is 20


def test_a_table_opened_meanwhile_does_not_shift_the_pages(client: TestClient) -> None:
    first = [new_table(client, seed=i)["id"] for i in range(3)]
    page = lobby(client, limit=2)
    new_table(client, seed=99)
    rest = lobby(client, limit=2, cursor=page["next"])
    assert ids(page) + ids(rest) == first[::-1]


@pytest.mark.parametrize("params, problem", [
    ({"limit": 0}, "limit must be from 1 to 100"),
    ({"limit": 101}, "limit must be from 1 to 100"),
    ({"cursor": "not a cursor"}, "bad cursor: pass the 'next' of the previous page as it was"),
    ({"cursor": "x" * 201}, "cursor: String should have at most 200 characters"),
])
def test_a_bad_page_request_is_refused(client: TestClient, params: dict[str, Any], problem: str) -> None:
    r = client.get("/api/tables", params=params)
    assert r.status_code == 400
    assert r.json() == {"detail": problem}


def test_a_finished_table_leaves_the_list_and_keeps_its_address(client: TestClient) -> None:
    t = new_table(client, [{"kind": "agent", "agent": "random"}, {"kind": "agent", "agent": "random"}])
    end = time.monotonic() + 60
    while client.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < end, "the computers did not finish their game"
        time.sleep(0.05)
    assert t["id"] not in ids(lobby(client))
    assert client.get(f"/api/tables/{t['id']}/replay").status_code == 200
    assert client.get(f"/table/{t['id']}").status_code == 200


@pytest.fixture
def quick_abandon(open_app: Callable[..., Any], sqlite_url: str) -> Iterator[TestClient]:
    with open_app(sqlite_url, limits=Limits(abandon_after_s=600.0)) as c:
        yield c


def age(client: TestClient, table_id: str, minutes: float) -> None:
    """Make a table look untouched for `minutes`, in the database and in memory."""
    moment = utcnow() - timedelta(minutes=minutes)
    with client.app.state.store.engine.begin() as conn:
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=moment))
    client.app.state.manager.tables[table_id].info.updated_at = moment


def test_an_abandoned_table_leaves_the_list_until_someone_comes_back(quick_abandon: TestClient) -> None:
    client = quick_abandon
    quiet, busy = new_table(client), new_table(client, seed=8)
    age(client, quiet["id"], 9)  # quiet, but under the limit of ten minutes
    assert set(ids(lobby(client))) == {quiet["id"], busy["id"]}
    age(client, quiet["id"], 11)
    assert ids(lobby(client)) == [busy["id"]]
    # A person at a human seat keeps it open; a spectator does not.
    with client.websocket_connect(f"/ws/tables/{quiet['id']}") as ws:
        ws.receive_json()
        assert ids(lobby(client)) == [busy["id"]]
    with client.websocket_connect(f"/ws/tables/{quiet['id']}?token={quiet['tokens'][1]}") as ws:
        ws.receive_json()
        assert set(ids(lobby(client))) == {quiet["id"], busy["id"]}
    assert ids(lobby(client)) == [busy["id"]]
    # A move brings it back too, and it is reachable all along by its own address.
    assert client.get(f"/api/tables/{quiet['id']}").status_code == 200
    legal = state(client, quiet["id"], quiet["tokens"][0])["legal"]
    assert act(client, quiet["id"], quiet["tokens"][0], legal[0]["id"]).status_code == 200
    assert set(ids(lobby(client))) == {quiet["id"], busy["id"]}
