"""Small helpers shared by the web table tests: open tables, read states, play moves."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]
_chosen_secrets: list[int] = []


def choose_secret(seed: int) -> None:
    """Make the next table a test opens without a seed deal from a known secret seed (the
    suite's conftest routes the server's secret seeds through `next_secret`)."""
    _chosen_secrets.append(1 << 255 | seed)


def next_secret(draw: Any) -> int:
    return _chosen_secrets.pop(0) if _chosen_secrets else draw()


def vs(agent: str = "random") -> list[dict[str, Any]]:
    return [{"kind": "human"}, {"kind": "agent", "agent": agent}]


def new_table(client: TestClient, seats: list[dict[str, Any]] | None = None, *, seed: int = 7,
              game: str = "cup", **extra: Any) -> dict[str, Any]:
    """Open a table; returns the creation answer plus `tokens` (seat -> token). A table of
    several people may not choose its seed; it gets a secret one that `seed` fixes."""
    seats = seats or HUMANS
    body: dict[str, Any] = {"game": game, "seats": seats, **extra}
    if sum(s.get("kind") == "human" for s in seats) > 1:
        choose_secret(seed)
    else:
        body["seed"] = seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    body = r.json()
    body["tokens"] = {s["seat"]: s["token"] for s in body["seats"] if s["kind"] == "human"}
    return body


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"X-Seat-Token": token}


def state(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}/state", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, table_id: str, token: str | None, action: Any, seq: int | None = None) -> Any:
    body: dict[str, Any] = {"action": action}
    if seq is not None:
        body["seq"] = seq
    return client.post(f"/api/tables/{table_id}/actions", headers=auth(token), json=body)


def play_first_legal(client: TestClient, table: dict[str, Any], moves: int) -> None:
    """Play `moves` moves on a table of humans, each the first legal action of the first
    seat to act, over HTTP with the seq the client saw. A seat learns only whether it has
    to act itself (others in a simultaneous decision always look busy), so each is asked."""
    for _ in range(moves):
        for token in [table["tokens"][seat] for seat in sorted(table["tokens"])]:
            s = state(client, table["id"], token)
            if s["legal"]:
                break
        r = act(client, table["id"], token, s["legal"][0]["id"], s["seq"])
        assert r.status_code == 200, r.text


def receive_until(ws: Any, wanted: str, *, skip: tuple[str, ...] = ("state",)) -> tuple[dict[str, Any], list]:
    """Read messages until one of type `wanted`; returns it and the skipped ones (only
    types in `skip` may be skipped, anything else fails the test)."""
    skipped = []
    while True:
        message = ws.receive_json()
        if message["type"] == wanted:
            return message, skipped
        assert message["type"] in skip, f"unexpected {message}"
        skipped.append(message)


def fresh_state(ws: Any) -> dict[str, Any]:
    """The newest state a connection has been sent: ping, and keep the last state before
    the pong (messages to one connection arrive in order)."""
    ws.send_json({"type": "ping"})
    _, states = receive_until(ws, "pong")
    return states[-1] if states else {}


def write_study(folder: Any, game: str = "cup") -> Any:
    """A real, tiny balance study (`wizarena study` in small) written into `folder`:
    report.html, seats.csv, lengths.csv and study.json. Returns the study dict."""
    from wizarena.sim.report import write_report
    from wizarena.sim.study import run_study

    study = run_study(game, ["seats"], agents=["random"], games=2, workers=1)
    write_report(study, folder)
    return study
