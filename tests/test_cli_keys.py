"""`wizarena replay --verify --key FILE|URL` and `wizarena keys`: a signed record says which
key signed it, an edited one (digests recomputed) or an unsigned one is refused in one
line, old records verify after a rotation, and a record dealt from a secret seed that lost
its commitment is never a plain ok."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.typed import any_choice
from wizarena.core import Record, load_game, play
from wizarena.core.record import seal
from wizarena.core.rng import commitment
from wizarena.core.signing import MAX_KEYS_BYTES
from wizarena.server.keys import KEYS_FILE, KeyRing

from .test_cli import assert_one_line_error

SECRET = 1 << 255 | 0x5EED_0123_4567_89AB


def a_record(seed: int = SECRET, agents: tuple[int, int] = (1, 2)) -> Record:
    """A finished Wizards Cup game from a secret seed, with its commitment and digests, as a
    table writes it; `agents` seeds the random players' choices."""
    from wizarena.agents import make_agent

    game = load_game("cup")
    record, _ = play(game, [make_agent("random", agents[0]), make_agent("random", agents[1])], seed, log=True)
    return dataclasses.replace(record, commitment=commitment(seed), meta={"table": "t1", "agents": ["person"] * 2})


def write(path: Path, *records: Record) -> Path:
    path.write_text("".join(r.dumps() + "\n" for r in records))
    return path


@pytest.fixture
def ring(tmp_path: Path) -> KeyRing:
    ring = KeyRing(tmp_path / "server")
    ring.ensure()
    return ring


def key_file(ring: KeyRing, path: Path) -> Path:
    path.write_text(json.dumps({"keys": [k.to_json() for k in ring.public()]}))
    return path


def test_a_signed_record_says_the_key_that_signed_it(run, ring: KeyRing, tmp_path: Path) -> None:
    signed = write(tmp_path / "signed.jsonl", ring.sign(a_record()))
    code, out, err = run("replay", str(signed), "--verify", "--key", str(key_file(ring, tmp_path / "keys.json")))
    assert code == 0, err
    assert f"1 signed by {ring.public()[-1].id}" in out and "unsigned" not in out


def test_an_edited_record_with_recomputed_digests_is_refused(run, ring: KeyRing, tmp_path: Path) -> None:
    """The edit the digests cannot catch: other choices from the same deal, every digest and
    the outcome worked out again, under the signature the server gave the real game."""
    record = ring.sign(a_record())
    other = a_record(agents=(3, 4))
    assert other.moves != record.moves and seal(dataclasses.replace(other, digests=None)).digests == other.digests
    path = write(tmp_path / "edited.jsonl", dataclasses.replace(other, signature=record.signature))
    keys = str(key_file(ring, tmp_path / "keys.json"))
    code, out, _ = run("replay", str(path), "--verify")  # the chain alone cannot tell
    assert code == 0 and "not checked" in out
    line = assert_one_line_error(*run("replay", str(path), "--verify", "--key", keys))
    assert "record 0: the signature of key" in line and "does not match" in line
    # A smaller edit: who sat where, in meta, which the digests do not cover at all.
    moved = write(tmp_path / "meta.jsonl", dataclasses.replace(record, meta={"table": "t1",
                                                                              "agents": ["ismcts", "person"]}))
    assert "does not match" in assert_one_line_error(*run("replay", str(moved), "--verify", "--key", keys))


def test_without_a_key_a_signed_record_is_not_called_checked(run, ring: KeyRing, tmp_path: Path) -> None:
    signed = write(tmp_path / "signed.jsonl", ring.sign(a_record()))
    code, out, _ = run("replay", str(signed), "--verify")
    assert code == 0 and "1 signed, not checked" in out


def test_an_unsigned_record_verifies_as_before_and_says_so(run, ring: KeyRing, tmp_path: Path) -> None:
    plain = write(tmp_path / "plain.jsonl", a_record())
    code, out, _ = run("replay", str(plain), "--verify")
    assert code == 0 and "ok: 1 record(s) replay exactly" in out and "1 unsigned" in out
    # With --key a signature is required: stripping it is no way around the check.
    line = assert_one_line_error(*run("replay", str(plain), "--verify", "--key",
                                      str(key_file(ring, tmp_path / "keys.json"))))
    assert "carries no signature" in line


def test_a_rotated_key_still_verifies_old_records(run, ring: KeyRing, tmp_path: Path) -> None:
    old = ring.sign(a_record())
    old_id = ring.public()[-1].id
    code, out, err = run("keys", "rotate", "--keys", str(ring.folder))
    assert code == 0 and "is now current" in out and old_id in out, err
    new = ring.sign(a_record(SECRET ^ 4))
    path = write(tmp_path / "both.jsonl", old, new)
    code, out, err = run("replay", str(path), "--verify", "--key", str(key_file(ring, tmp_path / "keys.json")))
    assert code == 0, err
    assert f"1 signed by {old_id}" in out and f"1 signed by {ring.public()[-1].id}" in out
    code, out, _ = run("keys", "list", "--keys", str(ring.folder))
    assert code == 0 and out.index(old_id) < out.index("current")
    code, listed, _ = run("keys", "list", "--keys", str(ring.folder), "--json")
    assert code == 0 and [k["current"] for k in json.loads(listed)["keys"]] == [False, True]


def test_a_key_nobody_gave_is_refused(run, ring: KeyRing, tmp_path: Path) -> None:
    stranger = KeyRing(tmp_path / "stranger")
    path = write(tmp_path / "signed.jsonl", stranger.sign(a_record()))
    line = assert_one_line_error(*run("replay", str(path), "--verify", "--key",
                                      str(key_file(ring, tmp_path / "keys.json"))))
    assert f"signed by key {stranger.public()[-1].id}, which is not among the keys" in line


@pytest.mark.parametrize("content", ["", "{not json", "[]", '{"keys": []}', '{"keys": [{"id": "x"}]}',
                                     '{"keys": [{"id": "0123456789abcdef", "algorithm": "ed25519", '
                                     '"public_key": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}]}'])
def test_a_damaged_key_file_is_one_line_naming_it(run, tmp_path: Path, content: str) -> None:
    path = write(tmp_path / "r.jsonl", a_record())
    keys = tmp_path / "keys.json"
    keys.write_text(content)
    line = assert_one_line_error(*run("replay", str(path), "--verify", "--key", str(keys)))
    assert str(keys) in line


def test_an_oversized_key_file_is_refused(run, tmp_path: Path) -> None:
    keys = tmp_path / "keys.json"
    keys.write_text(" " * (MAX_KEYS_BYTES + 1))
    line = assert_one_line_error(*run("replay", str(write(tmp_path / "r.jsonl", a_record())), "--verify",
                                      "--key", str(keys)))
    assert "larger than a key file may be" in line


def test_a_damaged_signature_is_one_line_naming_the_file(run, ring: KeyRing, tmp_path: Path) -> None:
    data = ring.sign(a_record()).to_json()
    data["signature"]["value"] = "not base64"
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(data) + "\n")
    line = assert_one_line_error(*run("replay", str(path), "--verify"))
    assert f"{path}:1" in line and "'signature'" in line


def test_key_goes_with_verify(run, ring: KeyRing, tmp_path: Path) -> None:
    path = write(tmp_path / "r.jsonl", a_record())
    assert "add --verify" in assert_one_line_error(*run("replay", str(path), "--key", "keys.json"))


# -- a server's URL -----------------------------------------------------------------------------------
@pytest.fixture
def key_server(ring: KeyRing) -> Iterator[str]:
    """A stand-in server answering GET /api/keys with the ring's keys (and 404 otherwise)."""
    body = json.dumps({"keys": [k.to_json() for k in ring.public()]}).encode()

    class Keys(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
            ok = self.path == "/api/keys"
            self.send_response(200 if ok else 404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body if ok else b"{}")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Keys)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_keys_come_from_a_servers_url(run, ring: KeyRing, key_server: str, tmp_path: Path) -> None:
    path = write(tmp_path / "signed.jsonl", ring.sign(a_record()))
    for url in (key_server, key_server + "/", key_server + "/api/keys"):
        code, out, err = run("replay", str(path), "--verify", "--key", url)
        assert code == 0 and f"signed by {ring.public()[-1].id}" in out, err


def test_an_unreachable_or_wrong_url_is_one_line(run, key_server: str, tmp_path: Path) -> None:
    path = str(write(tmp_path / "r.jsonl", a_record()))
    line = assert_one_line_error(*run("replay", path, "--verify", "--key", key_server + "/elsewhere/"))
    assert "cannot fetch the keys from" in line and "404" in line
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    line = assert_one_line_error(*run("replay", path, "--verify", "--key", f"http://127.0.0.1:{port}"))
    assert f"cannot fetch the keys from http://127.0.0.1:{port}/api/keys" in line
    line = assert_one_line_error(*run("replay", path, "--verify", "--key", "ftp://example.org/keys"))
    assert "http:// or https://" in line


# -- the commitment of a secret seed ---------------------------------------------------------------
def test_a_secret_seed_record_without_its_commitment_is_not_ok(run, tmp_path: Path) -> None:
    data = a_record().to_json()
    del data["commitment"]
    path = tmp_path / "stripped.jsonl"
    path.write_text(json.dumps(data) + "\n")
    line = assert_one_line_error(*run("replay", str(path), "--verify"))
    assert "secret seed" in line and "no commitment" in line


def test_a_signed_record_without_its_commitment_is_refused(run, ring: KeyRing, tmp_path: Path) -> None:
    data = ring.sign(a_record()).to_json()
    del data["commitment"]
    path = tmp_path / "stripped.jsonl"
    path.write_text(json.dumps(data) + "\n")
    line = assert_one_line_error(*run("replay", str(path), "--verify", "--key",
                                      str(key_file(ring, tmp_path / "keys.json"))))
    assert "does not match" in line


def test_a_chosen_seed_of_over_64_bits_is_recorded_with_its_commitment(run, tmp_path: Path) -> None:
    out_file = tmp_path / "mine.jsonl"
    code, _, err = run("play", "cup", "--vs", "random", "--seed", str(SECRET), "--out", str(out_file),
                       stdin=any_choice(400))
    assert code == 0, err
    assert json.loads(out_file.read_text())["commitment"] == commitment(SECRET)
    code, out, _ = run("replay", str(out_file), "--verify")
    assert code == 0 and "ok: 1 record(s)" in out


def test_keys_rotate_on_a_damaged_file_names_it(run, tmp_path: Path) -> None:
    (tmp_path / KEYS_FILE).write_text("{}")
    (tmp_path / KEYS_FILE).chmod(0o600)
    line = assert_one_line_error(*run("keys", "rotate", "--keys", str(tmp_path)))
    assert str(tmp_path / KEYS_FILE) in line


def test_keys_list_makes_no_key_file(run, tmp_path: Path) -> None:
    line = assert_one_line_error(*run("keys", "list", "--keys", str(tmp_path)))
    assert "no key file" in line and not (tmp_path / KEYS_FILE).exists()
