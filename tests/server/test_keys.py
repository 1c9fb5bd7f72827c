"""The server vouches for its records (docs/web.md, Signed records): a key file made on first
start beside the database (mode 0600), `GET /api/keys`, a finished table's record signed
with the current key, and rotation that keeps old records verifiable."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.core import Record, RecordError
from wizarena.core.record import seal
from wizarena.core.signing import check_signature, key_id, parse_keys
from wizarena.server.keys import KEYS_FILE, KeyFileError, KeyRing, keys_folder

from .helpers import HUMANS, new_table, play_first_legal, state


def finished_record(client: TestClient) -> tuple[str, Record]:
    """A hot-seat Wizards Cup table played to its end; its id and exported record."""
    t = new_table(client, HUMANS, seed=11, hotseat=True)
    while state(client, t["id"])["outcome"] is None:
        play_first_legal(client, t, 1)
    r = client.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 200, r.text
    return t["id"], Record.from_json(json.loads(r.text))


def published(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/keys")
    assert r.status_code == 200, r.text
    return r.json()


def test_the_key_file_is_made_beside_the_sqlite_file_with_mode_0600(client: TestClient, tmp_path: Path) -> None:
    keys = published(client)["keys"]
    assert len(keys) == 1
    key = keys[0]
    assert set(key) == {"id", "algorithm", "public_key", "created", "current"}
    assert key["algorithm"] == "ed25519" and key["current"] is True and key["created"]
    path = tmp_path / KEYS_FILE
    assert path.exists() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "private" not in json.dumps(keys)  # only public halves are published
    assert parse_keys(published(client), "server")[key["id"]].current


def test_a_finished_tables_record_is_signed_and_verifies(client: TestClient) -> None:
    _, record = finished_record(client)
    assert record.signature is not None and record.signature["algorithm"] == "ed25519"
    keys = parse_keys(published(client), "server")
    assert check_signature(record, keys, "server") == published(client)["keys"][0]["id"]


def test_an_edited_record_with_recomputed_digests_keeps_a_stale_signature(client: TestClient) -> None:
    """The digests show consistency, not authorship: the edit seals again, the signature does not."""
    _, record = finished_record(client)
    edited = seal(dataclasses.replace(record, meta={**record.meta, "agents": ["ismcts", "person"]}))
    keys = parse_keys(published(client), "server")
    with pytest.raises(RecordError, match="does not match the record"):
        check_signature(edited, keys, "server")


def test_a_rotated_key_still_verifies_old_records(client: TestClient, tmp_path: Path) -> None:
    _, old = finished_record(client)
    old_id = published(client)["keys"][0]["id"]
    new = KeyRing(tmp_path).rotate()  # what `wizarena keys rotate` does beside the running server
    keys = published(client)["keys"]
    assert [k["id"] for k in keys] == [old_id, new.id] and [k["current"] for k in keys] == [False, True]
    ring = parse_keys(published(client), "server")
    assert check_signature(old, ring, "server") == old_id
    _, fresh = finished_record(client)
    assert check_signature(fresh, ring, "server") == new.id
    saved = json.loads((tmp_path / KEYS_FILE).read_text())
    assert ["private_key" in k for k in saved["keys"]] == [False, True]  # the retired key signs no more


def test_the_key_survives_a_restart(open_app: Any, sqlite_url: str) -> None:
    with open_app(sqlite_url) as first:
        before = published(first)
    with open_app(sqlite_url) as second:
        assert published(second) == before


def test_a_damaged_key_file_is_a_500_without_the_path(client: TestClient, tmp_path: Path) -> None:
    table_id, _ = finished_record(client)
    (tmp_path / KEYS_FILE).write_text('{"format": 1, "keys": [{"id": "x"}]}')
    for url in ("/api/keys", f"/api/tables/{table_id}/record"):
        r = client.get(url)
        assert r.status_code == 500 and r.json() == {"detail": "the server's signing keys cannot be read; "
                                                               "its log says why"}
        assert str(tmp_path) not in r.text


@pytest.mark.parametrize("content", ["", "{not json", '{"format": 1, "keys": []}', "[]",
                                     '{"format": 1, "keys": [{"algorithm": "ed25519", "id": "0123456789abcdef", '
                                     '"public_key": "AAAA"}]}'])
def test_a_damaged_key_file_is_one_line_naming_it(tmp_path: Path, content: str) -> None:
    path = tmp_path / KEYS_FILE
    path.write_text(content)
    path.chmod(0o600)
    with pytest.raises(KeyFileError) as caught:
        KeyRing(tmp_path).ensure()
    message = str(caught.value)
    assert str(path) in message and "\n" not in message


def test_a_key_file_others_may_read_is_refused(tmp_path: Path) -> None:
    KeyRing(tmp_path).ensure()
    (tmp_path / KEYS_FILE).chmod(0o644)
    with pytest.raises(KeyFileError, match="chmod 600"):
        KeyRing(tmp_path).ensure()


def test_a_swapped_private_key_is_refused(tmp_path: Path) -> None:
    ring = KeyRing(tmp_path / "a")
    ring.ensure()
    other = KeyRing(tmp_path / "b")
    other.ensure()
    data = json.loads((tmp_path / "a" / KEYS_FILE).read_text())
    data["keys"][0]["private_key"] = json.loads((tmp_path / "b" / KEYS_FILE).read_text())["keys"][0]["private_key"]
    (tmp_path / "a" / KEYS_FILE).write_text(json.dumps(data))
    with pytest.raises(KeyFileError, match="does not match its public key"):
        KeyRing(tmp_path / "a").ensure()


def test_where_the_keys_are_kept(tmp_path: Path) -> None:
    assert keys_folder(f"sqlite:///{tmp_path / 'games.db'}") == tmp_path
    assert keys_folder("sqlite://") is None  # in memory, like the database
    assert keys_folder("postgresql://u:p@db.example/w") == Path(os.getcwd())
    assert keys_folder("postgresql://u:p@db.example/w", tmp_path / "k") == tmp_path / "k"


def test_an_in_memory_database_signs_with_a_key_in_memory(open_app: Any) -> None:
    with open_app("sqlite://") as client:
        _, record = finished_record(client)
        keys = parse_keys(published(client), "server")
        assert check_signature(record, keys, "server") in keys


def test_key_ids_are_their_public_keys(client: TestClient) -> None:
    import base64

    for key in published(client)["keys"]:
        assert key["id"] == key_id(base64.b64decode(key["public_key"]))


def test_serve_stops_in_one_line_on_a_damaged_key_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from wizarena.cli import main

    (tmp_path / KEYS_FILE).write_text("{}")
    (tmp_path / KEYS_FILE).chmod(0o600)
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'w.db'}"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and str(tmp_path / KEYS_FILE) in err[0]
