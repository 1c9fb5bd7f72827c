"""Web tables of two to four players: the count is a table parameter (or follows from the
seats), seats are 0..n-1 with any mix of people and computers, every other person gets an
invite link, spectators watch, and the table's record and replay keep the count."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.core import Record, registry, replay

from ..core.stand import register_stand
from .helpers import act, auth, new_table, state

WAIT_S = 120.0  # a hang guard for the computers' moves, not a timing


@pytest.fixture(autouse=True)
def stand_registered() -> Iterator[None]:
    register_stand()
    yield
    registry.unregister("stand")


@pytest.fixture
def stand_client(open_app: Callable[..., Any], sqlite_url: str) -> Iterator[TestClient]:
    with open_app(sqlite_url, agent_setup=register_stand) as c:
        yield c


def test_games_list_the_player_counts(stand_client: TestClient) -> None:
    games = {g["full_id"]: g for g in stand_client.get("/api/games").json()}
    assert games["stand"]["player_counts"] == [2, 3, 4] and games["stand"]["num_players"] == 3
    assert games["cup"]["player_counts"] == [2] and games["mickey/mini"]["player_counts"] == [2]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_table_of_n_people_has_seats_0_to_n_minus_1_and_an_invite_for_each(stand_client: TestClient,
                                                                              n: int) -> None:
    t = new_table(stand_client, [{"kind": "human"}] * n, game="stand", players=n)
    assert [s["seat"] for s in t["seats"]] == list(range(n))
    assert all(s["url"].startswith(f"/table/{t['id']}?token=") for s in t["seats"])
    assert len(set(t["tokens"].values())) == n
    s = state(stand_client, t["id"])  # a spectator
    assert len(s["view"]["lives"]) == n and s["view"]["seat"] is None


def test_the_count_follows_from_the_seats(stand_client: TestClient) -> None:
    t = new_table(stand_client, [{"kind": "human"}] * 4, game="stand")
    assert len(state(stand_client, t["id"])["view"]["lives"]) == 4


def test_people_and_computers_mixed_play_a_game_of_four_to_its_end(stand_client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}, {"kind": "human"},
             {"kind": "agent", "agent": "greedy"}]
    t = new_table(stand_client, seats, game="stand")
    assert sorted(t["tokens"]) == [0, 2]
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        s = state(stand_client, t["id"])
        if s["table"]["status"] != "active":
            break
        if not s["to_act"] or s["to_act"][0] not in t["tokens"]:
            time.sleep(0.01)  # a computer's turn: the table plays it in the background
            continue
        seat = s["to_act"][0]
        mine = state(stand_client, t["id"], t["tokens"][seat])
        r = act(stand_client, t["id"], t["tokens"][seat], mine["legal"][0]["id"], mine["seq"])
        assert r.status_code in (200, 409), r.text  # 409: a computer moved in between
    final = state(stand_client, t["id"])
    assert final["table"]["status"] != "active", final
    text = stand_client.get(f"/api/tables/{t['id']}/record").text
    record = Record.from_json(json.loads(text))
    assert record.players == 4
    game, end = replay(record)
    assert game.num_players == 4 and game.outcome(end).to_json() == final["view"]["outcome"]
    frames = stand_client.get(f"/api/tables/{t['id']}/replay").json()["frames"]
    assert len(frames[0]["view"]["lives"]) == 4


def test_a_finished_table_of_three_replays_for_a_seat(stand_client: TestClient) -> None:
    t = new_table(stand_client, [{"kind": "human"}] * 3, game="stand", players=3)
    r = stand_client.get(f"/api/tables/{t['id']}/replay?seat=1", headers=auth(t["tokens"][1]))
    assert r.status_code == 200 and len(r.json()["frames"][0]["view"]["lives"]) == 3


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "stand", "players": 5, "seats": [{"kind": "human"}] * 5}, "stand takes 2, 3 or 4 players, not 5"),
    ({"game": "stand", "seats": [{"kind": "human"}] * 5}, "stand takes 2, 3 or 4 players, not 5"),
    ({"game": "stand", "players": 4, "seats": [{"kind": "human"}] * 3}, "give 4 seats, not 3"),
    ({"game": "cup", "players": 3, "seats": [{"kind": "human"}] * 3}, "cup is played by 2 players, not 3"),
    ({"game": "cup", "seats": [{"kind": "human"}] * 3}, "give 2 seats, not 3"),
])
def test_a_count_the_game_does_not_take_is_400_in_one_line(stand_client: TestClient, body: dict[str, Any],
                                                           words: str) -> None:
    r = stand_client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert words in detail and "\n" not in detail
    assert stand_client.get("/api/tables").json()["tables"] == []  # nothing was opened


@pytest.mark.parametrize("players", [0, 17, True, "3", 2.5])
def test_a_malformed_count_is_refused(stand_client: TestClient, players: Any) -> None:
    r = stand_client.post("/api/tables", json={"game": "stand", "players": players,
                                               "seats": [{"kind": "human"}] * 3})
    assert r.status_code in (400, 422), r.text
