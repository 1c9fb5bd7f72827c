"""Fair chance at the web table (docs/web.md, Fair dealing): a table where people sit is
dealt from a secret 256-bit seed through the keyed generator; every seat is shown a
SHA-256 commitment to it from the start; nothing a seat receives carries the seed or
anything else drawn from it until the game is over; then the seed is revealed and the
record proves the game followed from it."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.core import Record, RecordError, replay
from wizarena.core.rng import commitment

from .helpers import act, auth, choose_secret, new_table, state, vs

MINI = {"game": "mickey", "variant": "mini"}
SECRET_A = 1 << 255 | 0x5EED_A5A5_0123_4567_89AB_CDEF
SECRET_B = 1 << 255 | 0x5EED_B6B6_FEDC_BA98_7654_3210


def live(client: TestClient, table_id: str) -> Any:
    return client.app.state.manager.tables[table_id]


def encodings(seed: int) -> list[str]:
    """Every way the seed, or a 64-bit piece of it, could be written into a message."""
    raw = seed.to_bytes(32, "big")
    pieces = [seed] + [int.from_bytes(raw[i:i + 8], "big") for i in range(0, 32, 8)]
    out = []
    for p in pieces:
        out += [str(p), format(p, "x"), format(p, "X")]
    out += [base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode().rstrip("="), raw.hex()]
    return [e for e in out if len(e) >= 12]


def seat_transcript(client: TestClient, t: dict[str, Any], seat: int = 0) -> list[Any]:
    """Everything seat `seat` can fetch before the game ends: its state, the table, the lobby,
    its replay, the first WebSocket message, and the errors of a bad move and a record asked
    for too early."""
    tid, token = t["id"], t["tokens"][seat]
    got: list[Any] = [state(client, tid, token)]
    got.append(client.get(f"/api/tables/{tid}").json())
    got.append(client.get("/api/tables").json())
    got.append(client.get(f"/api/tables/{tid}/replay?seat={seat}", headers=auth(token)).json())
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        got.append(ws.receive_json())
        ws.send_json({"type": "act", "action": 99_999})
        got.append(ws.receive_json())
    got.append(act(client, tid, token, {"id": 99_999}).json())
    early = client.get(f"/api/tables/{tid}/record")
    assert early.status_code == 409 and "when the game ends" in early.json()["detail"]
    got.append(early.json())
    return got


def test_a_friend_table_refuses_a_chosen_seed(client: TestClient) -> None:
    r = client.post("/api/tables", json={**MINI, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 7})
    assert r.status_code == 400 and "secret seed" in r.json()["detail"]


def test_a_hot_seat_table_may_choose_its_seed(client: TestClient) -> None:
    r = client.post("/api/tables", json={**MINI, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 7,
                                         "hotseat": True})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/tables/{r.json()['id']}").json()["fairness"]["chosen"] is True


def test_a_table_against_the_computer_may_choose_its_seed(client: TestClient) -> None:
    t = new_table(client, vs("random"), seed=5, **MINI)
    fairness = client.get(f"/api/tables/{t['id']}").json()["fairness"]
    assert fairness == {"generator": "splitmix64", "commitment": commitment(5), "chosen": True}
    assert live(client, t["id"]).state.rng.key == b""


def test_a_friend_table_is_dealt_from_a_fresh_secret_seed(client: TestClient) -> None:
    seeds = set()
    for _ in range(3):
        r = client.post("/api/tables", json={**MINI, "seats": [{"kind": "human"}, {"kind": "human"}]})
        t = r.json()
        table = live(client, t["id"])
        seed = table.info.seed
        assert seed >> 255 == 1 and table.state.rng.key == seed.to_bytes(32, "big")
        summary = client.get(f"/api/tables/{t['id']}").json()
        assert summary["fairness"] == {"generator": "blake2b", "commitment": hashlib.sha256(
            seed.to_bytes(32, "big")).hexdigest(), "chosen": False}
        seeds.add(seed)
    assert len(seeds) == 3


def _open(client: TestClient, secret: int) -> dict[str, Any]:
    choose_secret(secret)
    body = client.post("/api/tables", json={**MINI, "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    body["tokens"] = {s["seat"]: s["token"] for s in body["seats"] if s["kind"] == "human"}
    assert live(client, body["id"]).info.seed == secret
    return body


_VOLATILE = re.compile(r'"(id|token|created_at|commitment)": "[^"]*"')
_GAME_CONTENT = ("view", "events", "legal", "frames")


def _skeleton(value: Any) -> Any:
    """A message with the game's own content taken out (what the rules show the seat; the
    game tests prove it holds only what the seat may know) and the table's random names
    masked: what is left is what the server adds, which must not depend on the seed."""
    if isinstance(value, dict):
        return {k: ("<game>" if k in _GAME_CONTENT else _skeleton(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_skeleton(v) for v in value]
    return value


def test_nothing_a_seat_receives_tells_two_secret_seeds_apart(open_app: Any, tmp_path: Path) -> None:
    transcripts = {}
    for secret in (SECRET_A, SECRET_B):
        with open_app(f"sqlite:///{tmp_path / f'{secret:x}.db'}") as client:
            t = _open(client, secret)
            got = seat_transcript(client, t)
        text = json.dumps(got)
        for word in encodings(SECRET_A) + encodings(SECRET_B):
            assert word not in text, f"seat 0 received {word!r}, a form of a secret seed"
        assert text.count(commitment(secret)) >= 3  # state, summary, lobby: the same commitment everywhere
        assert not _keys_named("seed", got)
        transcripts[secret] = _VOLATILE.sub(r'"\1": "<masked>"', json.dumps(_skeleton(got), sort_keys=True))
    assert transcripts[SECRET_A] == transcripts[SECRET_B]


def _keys_named(name: str, value: Any) -> bool:
    if isinstance(value, dict):
        return name in value or any(_keys_named(name, v) for v in value.values())
    return isinstance(value, list) and any(_keys_named(name, v) for v in value)


def _play_out(client: TestClient, t: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    tid = t["id"]
    for _ in range(2000):
        s = state(client, tid, t["tokens"][0])
        if s["outcome"] is not None or not s["to_act"]:
            return s
        seat = s["to_act"][0]
        legal = state(client, tid, t["tokens"][seat])["legal"]
        r = act(client, tid, t["tokens"][seat], rng.choice(legal)["id"])
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_the_seed_is_revealed_at_the_end_and_the_record_proves_the_game(client: TestClient) -> None:
    t = _open(client, SECRET_A)
    _play_out(client, t, random.Random(3))
    fairness = client.get(f"/api/tables/{t['id']}").json()["fairness"]
    assert fairness["seed"] == format(SECRET_A, "x") and fairness["commitment"] == commitment(SECRET_A)
    page = client.get(f"/api/tables/{t['id']}/replay").json()
    assert page["table"]["fairness"]["verified"].startswith("the seed matches the commitment")
    r = client.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = Record.from_json(json.loads(r.text))
    assert record.seed == SECRET_A and record.commitment == commitment(SECRET_A) and record.digests
    assert record.outcome is not None
    replay(record)
    tampered = Record.from_json(json.loads(r.text) | {"seed": SECRET_B})
    with pytest.raises(RecordError, match="does not match the commitment"):
        replay(tampered)


def test_secret_seeds_survive_a_restart(open_app: Any, sqlite_url: str) -> None:
    with open_app(sqlite_url) as first:
        t = _open(first, SECRET_B)
        before = state(first, t["id"], t["tokens"][0])
    with open_app(sqlite_url) as second:
        assert live(second, t["id"]).info.seed == SECRET_B
        assert state(second, t["id"], t["tokens"][0])["view"] == before["view"]
