"""The HTTP API of docs/web-protocol.md: games, agents, tables, state, moves, seats, replay."""

from __future__ import annotations

import hashlib
import tomllib
from importlib import resources

import pytest
from fastapi.testclient import TestClient

from wizarena.agents import agent_names
from wizarena.agents.policy import has_policy
from wizarena.core import load_game
from wizarena.core.registry import game_class, game_ids
from wizarena.server.store import Store

from .conftest import Clock
from .helpers import HUMANS, act, auth, new_table, play_first_legal, state, vs


def test_games_lists_every_registered_game_and_variant(client: TestClient) -> None:
    games = client.get("/api/games").json()
    expected = {(gid, v) for gid in game_ids() for v in game_class(gid).variants}
    assert {(g["id"], g["variant"]) for g in games} == expected
    for g in games:
        game = load_game(g["id"], g["variant"])
        assert g["full_id"] == game.full_id
        assert g["num_players"] == game.num_players
        assert g["name"] and isinstance(g["description"], str)
        assert g["title"] == game.title and g["title"].startswith(g["name"])
        if g["same_as"] is not None:  # the bare id names a variant's rules, listed once
            assert g["variant"] is None and load_game(g["same_as"]).title == g["title"]
    # (other tests may register a game again under an alias id: those share its titles)
    titles = [g["title"] for g in games if g["same_as"] is None and game_class(g["id"]).id == g["id"]]
    assert len(titles) == len(set(titles)) and "Wizards of Mickey: Grande Sfida" in titles


def test_games_list_each_game_s_options_with_the_player_counts_they_fit(client: TestClient) -> None:
    games = {g["full_id"]: g for g in client.get("/api/games").json()}
    for full_id, g in games.items():
        assert g["options"] == [o.to_json() for o in load_game(full_id).options], full_id  # each variant's own
    wizwar = {o["key"]: o for o in games["wizwar"]["options"]}
    assert wizwar["crossed"]["players"] == [2] and wizwar["own_doors"]["players"] == []


def test_a_table_is_made_and_recorded_with_the_options_chosen(client: TestClient) -> None:
    body = {"game": "wizwar", "players": 2, "seats": HUMANS, "config": {"crossed": True}}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    live = client.app.state.manager.tables[r.json()["id"]]  # type: ignore[attr-defined]
    assert live.info.record(live.moves).config == {"crossed": True}
    assert live.state.map.asm.name == "2-crossed"
    refused = client.post("/api/tables", json={**body, "players": 4, "seats": HUMANS * 2})
    assert refused.status_code == 400 and "'crossed' is for 2 players, not 4" in refused.json()["detail"]


def test_agents(client: TestClient) -> None:
    assert client.get("/api/agents").json() == agent_names()


def test_each_game_lists_the_agents_that_play_it(client: TestClient) -> None:
    """`policy` is offered only for a game that ships trained weights, and a table refuses it
    for one that does not (the lobby hides it there; a hand-made request is told why)."""
    games = client.get("/api/games").json()
    for g in games:
        names = g["agents"]
        assert set(names) <= set(agent_names()) and {"random", "greedy", "ismcts"} <= set(names)
        assert ("policy" in names) == has_policy(load_game(g["id"], g["variant"])), g["full_id"]
    bare = [g for g in games if "policy" not in g["agents"]]
    assert bare  # not every game ships weights
    g = bare[0]
    r = client.post("/api/tables", json={"game": g["id"], "variant": g["variant"], "players": g["num_players"],
                                         "seats": [{"kind": "human"}] + [{"kind": "agent", "agent": "policy"}]
                                         * (g["num_players"] - 1)})
    assert r.status_code == 400 and "no trained policy ships" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "cup", "seats": [{"kind": "human"}, {"kind": "agent",
                                                                      "agent": "policy:file=/etc/hostname"}]})
    assert r.status_code == 400 and "not policy files named by a client" in r.json()["detail"]


@pytest.mark.parametrize("body", [
    {"game": "nope", "seats": HUMANS},
    {"game": "cup", "variant": "nope", "seats": HUMANS},
    {"game": "cup", "seats": [{"kind": "human"}]},
    {"game": "cup", "seats": HUMANS * 2},
    {"game": "cup", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "nobody"}]},
    {"game": "cup", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "ismcts:bogus=1"}]},
    {"game": "cup", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "ismcts:iterations=1000000000"}]},
    {"game": "cup", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "ismcts:seconds=600"}]},
    {"game": "cup", "seats": [{"kind": "robot"}, {"kind": "human"}]},
    {"game": "cup", "seats": HUMANS, "config": {"nonsense": True}},
    {"game": "cup", "seats": HUMANS, "config": {"swap": "yes"}},
    {"game": "cup", "seats": HUMANS, "seed": -1},
    {"game": "cup", "seats": HUMANS, "seed": "7"},
    {"game": "cup", "seats": HUMANS, "timeout_s": -5},
    {"seats": HUMANS},
])
def test_create_table_refuses_bad_requests_in_one_line(client: TestClient, body: dict) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail


@pytest.mark.parametrize("deck", ["../../../../etc/passwd", "../decks/mini-ember", "/etc/os-release", "SERVER_FILE"])
def test_a_table_config_never_reads_a_file_on_the_server(client: TestClient, tmp_path, deck: str) -> None:
    """A deck in a table's config is a ready deck's name or the deck's contents: a path, even
    of a real deck file the server can read, is refused, and nothing of a file is shown."""
    secret = tmp_path / "secret.toml"
    secret.write_text('name = "x"\nteam = ["Aldo"]\nsecret_key = "hunter2"\n', encoding="utf-8")
    deck = str(secret) if deck == "SERVER_FILE" else deck
    body = {"game": "mickey", "variant": "mini", "seats": HUMANS, "config": {"decks": [deck, "mini-tide"]}}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert "no ready-made deck" in detail and "hunter2" not in detail and "secret_key" not in detail


def test_a_table_config_takes_a_deck_by_its_contents(client: TestClient) -> None:
    text = resources.files("wizarena.games.mickey").joinpath("data/decks/mini-ember.toml").read_text(encoding="utf-8")
    deck = tomllib.loads(text)  # a deck file's contents, sent as JSON
    body = {"game": "mickey", "variant": "mini", "seats": HUMANS, "config": {"decks": [deck, "mini-tide"]}}
    assert client.post("/api/tables", json=body).status_code == 201


def test_a_computer_player_within_the_server_budget_is_accepted(client: TestClient) -> None:
    body = {"game": "cup", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "ismcts:iterations=20000"}]}
    assert client.post("/api/tables", json=body).status_code == 201
    r = client.post("/api/tables", json={**body, "seats": [{"kind": "human"},
                                                          {"kind": "agent", "agent": "ismcts:iterations=20001"}]})
    assert r.status_code == 400 and "limit of 20000" in r.json()["detail"]


def test_create_table_refuses_a_body_that_is_not_json(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert "\n" not in r.json()["detail"]


def test_create_table_gives_tokens_once_and_stores_only_hashes(client: TestClient) -> None:
    t = new_table(client, vs("random"))
    assert t["game"] == "cup" and t["spectate_url"] == f"/table/{t['id']}"
    human, agent = t["seats"]
    assert human["url"] == f"/table/{t['id']}?token={human['token']}"
    assert agent == {"seat": 1, "kind": "agent", "agent": "random"}
    token = human["token"]
    for path in (f"/api/tables/{t['id']}", "/api/tables", f"/api/tables/{t['id']}/state",
                 f"/api/tables/{t['id']}/replay"):
        assert token not in client.get(path, headers=auth(token)).text
    store: Store = client.app.state.store
    assert store.token_hashes(t["id"]) == {0: hashlib.sha256(token.encode()).hexdigest()}


def test_tables_list_and_summary(client: TestClient) -> None:
    t = new_table(client)
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["id"] == t["id"] and summary["status"] == "active" and summary["moves"] == 0
    assert [s["connected"] for s in summary["seats"]] == [False, False]
    assert t["id"] in [x["id"] for x in client.get("/api/tables").json()["tables"]]
    assert client.get("/api/tables/no-such-table").status_code == 404
    assert client.get("/api/tables/no-such-table/state").status_code == 404


def test_state_for_a_seat_and_for_a_spectator(client: TestClient) -> None:
    t = new_table(client)
    mine = state(client, t["id"], t["tokens"][0])
    public = state(client, t["id"])
    assert mine["seat"] == 0 and public["seat"] is None
    assert mine["seq"] == 0 and mine["to_act"] == [0, 1]
    assert mine["legal"] and all(set(a) == {"id", "text", "kind", "fields"} for a in mine["legal"])
    assert public["legal"] == []
    assert mine["view"]["seat"] == 0 and public["view"]["seat"] is None
    assert all(set(e) == {"kind", "rule", "text"} for e in mine["events"])
    assert mine["outcome"] is None and mine["table"]["id"] == t["id"]
    # A token in the query string works like the header; a wrong one is a spectator's.
    by_query = client.get(f"/api/tables/{t['id']}/state?token={t['tokens'][1]}").json()
    assert by_query["seat"] == 1
    assert state(client, t["id"], "x" * 32)["seat"] is None
    assert client.get(f"/api/tables/{t['id']}/state?seat=1", headers=auth(t["tokens"][0])).status_code == 403


def test_acting_needs_the_seat_token(client: TestClient) -> None:
    t = new_table(client)
    other = new_table(client)
    legal = state(client, t["id"], t["tokens"][0])["legal"][0]["id"]
    assert act(client, t["id"], None, legal).status_code == 403
    assert act(client, t["id"], other["tokens"][0], legal).status_code == 403
    assert state(client, t["id"])["seq"] == 0


@pytest.mark.parametrize("action", [
    "place Golem", 10_000, -1, "", {"id": "x"}, [1, 2], None, True, {"text": "no such move"},
])
def test_an_illegal_or_malformed_action_is_400_and_changes_nothing(client: TestClient, action) -> None:
    t = new_table(client)
    token = t["tokens"][0]
    before = state(client, t["id"], token)
    r = act(client, t["id"], token, action)
    assert r.status_code == 400, r.text
    assert isinstance(r.json()["detail"], str) and "\n" not in r.json()["detail"]
    assert state(client, t["id"], token) == before


def test_actions_by_id_text_and_object(client: TestClient) -> None:
    t = new_table(client)
    token = t["tokens"][0]
    legal = state(client, t["id"], token)["legal"]
    assert act(client, t["id"], token, legal[0]["id"], 0).json()["seq"] == 1
    assert act(client, t["id"], token, legal[1]["text"], 1).json()["seq"] == 2
    r = act(client, t["id"], token, {"id": legal[2]["id"]}, 2)
    assert r.status_code == 200
    body = r.json()
    assert body["seq"] == 3 and body["seat"] == 0
    assert [e["text"] for e in body["events"] if e["text"].startswith("you select")] == [
        f"you {a['text']}" for a in legal[:3]]


def test_a_stale_seq_is_409_and_changes_nothing(client: TestClient) -> None:
    t = new_table(client)
    token = t["tokens"][0]
    play_first_legal(client, t, 2)
    before = state(client, t["id"], token)
    r = act(client, t["id"], token, before["legal"][0]["id"], seq=1)
    assert r.status_code == 409
    assert state(client, t["id"], token) == before


def test_out_of_turn_is_400(client: TestClient) -> None:
    t = new_table(client)
    t1 = t["tokens"][1]
    for _ in range(5):  # seat 1 completes its selection; seat 0 has not begun
        act(client, t["id"], t1, state(client, t["id"], t1)["legal"][0]["id"])
    s = state(client, t["id"], t1)
    assert s["to_act"] == [0] and s["legal"] == []
    r = act(client, t["id"], t1, "select Golem")
    assert r.status_code == 400 and "turn" in r.json()["detail"]


def test_replay_frames_per_seat_and_public(client: TestClient) -> None:
    t = new_table(client)
    play_first_legal(client, t, 14)
    assert client.get(f"/api/tables/{t['id']}/replay?seat=0").status_code == 403
    assert client.get(f"/api/tables/{t['id']}/replay?seat=0", headers=auth(t["tokens"][1])).status_code == 403
    for seat, token in ((0, t["tokens"][0]), (1, t["tokens"][1]), (None, None)):
        path = f"/api/tables/{t['id']}/replay" + ("" if seat is None else f"?seat={seat}")
        frames = client.get(path, headers=auth(token)).json()["frames"]
        assert [f["step"] for f in frames] == list(range(15))
        now = state(client, t["id"], token)
        assert frames[-1]["view"] == now["view"]
        assert [e for f in frames for e in f["events"]] == now["events"]
        assert all(f["view"]["seat"] == seat for f in frames)


def test_hand_an_absent_seat_to_the_computer(client: TestClient, clock: Clock) -> None:
    t = new_table(client, timeout_s=60)
    t0, t1 = t["tokens"][0], t["tokens"][1]
    path = f"/api/tables/{t['id']}/seats/1/computer"
    assert client.post(path, json={"agent": "random"}).status_code == 403
    assert client.post(path, json={"agent": "random"}, headers=auth(t1)).status_code == 403  # its own token
    assert client.post(path, json={"agent": "random"}, headers=auth(t0)).status_code == 409  # not absent long
    clock.advance(61)
    assert client.post(path, json={"agent": "nobody"}, headers=auth(t0)).status_code == 400
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={t1}") as ws:
        ws.receive_json()
        r = client.post(path, json={"agent": "random"}, headers=auth(t0))
        assert r.status_code == 409 and "connected" in r.json()["detail"]
    clock.advance(61)
    r = client.post(path, json={"agent": "random"}, headers=auth(t0))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1] == {"seat": 1, "kind": "agent", "agent": "random", "connected": True}
    assert client.post(path, json={"agent": "random"}, headers=auth(t0)).status_code == 409  # already
    # The computer now plays seat 1, and seat 1's old token can no longer act.
    assert act(client, t["id"], t1, "select Golem").status_code == 409
    # Its five picks are its secret until seat 0 has picked too (the selection is
    # simultaneous): seat 0 sees them only as seat 1 no longer holding up the table.
    for _ in range(5):
        assert act(client, t["id"], t0, state(client, t["id"], t0)["legal"][0]["id"]).status_code == 200
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={t0}") as ws:
        message = ws.receive_json()
        while message["view"]["phase"] != "order":
            message = ws.receive_json()
    assert state(client, t["id"])["table"]["seats"][1]["kind"] == "agent"


def test_request_bodies_are_bounded(client: TestClient) -> None:
    t = new_table(client)
    r = client.post(f"/api/tables/{t['id']}/actions", headers=auth(t["tokens"][0]),
                    content=b'{"action": "' + b"x" * 100_000 + b'"}')
    assert r.status_code == 413
    assert state(client, t["id"])["seq"] == 0


def test_a_cookie_does_not_act_for_a_request_from_another_site(client: TestClient) -> None:
    t = new_table(client)
    client.get(f"/table/{t['id']}?token={t['tokens'][0]}")  # the browser now holds seat 0's cookie
    legal = state(client, t["id"], t["tokens"][0])["legal"]
    path = f"/api/tables/{t['id']}/actions"
    forged = client.post(path, json={"action": legal[0]["id"]}, headers={"origin": "http://evil.example"})
    assert forged.status_code == 403
    own = client.post(path, json={"action": legal[0]["id"]}, headers={"origin": "http://testserver"})
    assert own.status_code == 200 and own.json()["seat"] == 0


@pytest.mark.parametrize("action", ["²", "①", "9" * 5000, "x" * 3000, {"text": "²"}, {"id": 10 ** 30},
                                    {"id": "9" * 5000}, {"text": {"text": "1"}}])
def test_an_odd_action_is_a_400_that_quotes_little(client: TestClient, action: object) -> None:
    table = new_table(client)
    r = act(client, table["id"], table["tokens"][0], action)
    assert r.status_code in (400, 422), r.text
    assert len(r.text) < 400


@pytest.mark.parametrize("body", ['{"action": ' + "[" * 5000 + "]" * 5000 + "}",
                                  '{"action": ' + "9" * 5000 + "}",
                                  '{"action": {"id": ' + "9" * 5000 + "}}"])
def test_a_deep_or_huge_json_body_is_refused_not_a_500(client: TestClient, body: str) -> None:
    table = new_table(client)
    r = client.post(f"/api/tables/{table['id']}/actions", content=body,
                    headers={**auth(table["tokens"][0]), "content-type": "application/json"})
    assert 400 <= r.status_code < 500, r.text
