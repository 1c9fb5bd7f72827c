"""The server's signing keys: one file beside the database, created on first start, rotatable.

A finished table's record is signed when it is handed out (`GET /api/tables/{id}/record`)
with the current key, so that a record edited afterwards, digests recomputed and all, no
longer verifies against the server's public keys (`GET /api/keys`, `wizarena replay --verify
--key`). Ed25519 signatures are deterministic, so exporting a record twice gives the same
line; and a record exported after a rotation is signed by the new key, which is what a
rotation after a leak needs.

The keys live in `wizarena-keys.json` (mode 0600, its folder 0700 when the server creates
it) in the folder of `wizarena serve --keys DIR`; by default the SQLite file's folder, or
the working directory for PostgreSQL. An in-memory database gets a key that lives as long
as the app, as its tables do. `rotate` makes a new key current and deletes the private
half of the old one, whose public half stays listed so that records it signed still
verify. The file is written whole to a temporary name and renamed into place, so a reader
(another worker) sees either the old keys or the new; each worker notices a change by the
file's inode, time and size and reads it again.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wizarena.core import Record, WizarenaError
from wizarena.core.record import KEY_ID
from wizarena.core.signing import ALGORITHM, PublicKey, key_id, new_private_key, public_of, sign

from .db import normalize_url

KEYS_FILE = "wizarena-keys.json"
ENV_KEYS = "WIZARENA_KEYS"  # the folder `wizarena serve` passes its worker processes
FILE_FORMAT = 1
MAX_FILE_BYTES = 1 << 20
MAX_KEYS = 10_000


class KeyFileError(WizarenaError):
    """The key file cannot be read or written; the message names it (never sent over HTTP)."""


def keys_folder(db_url: str, keys: str | os.PathLike[str] | None = None) -> Path | None:
    """Where the signing keys of the database at `db_url` are kept: `keys` when given, else
    the SQLite file's folder, else (PostgreSQL) the working directory; None for an
    in-memory SQLite database, whose key lives in memory."""
    if keys:
        return Path(os.path.abspath(keys))
    parsed = normalize_url(db_url)
    if parsed.drivername.startswith("sqlite"):
        if parsed.database in (None, "", ":memory:"):
            return None
        return Path(os.path.abspath(os.path.dirname(parsed.database) or "."))
    return Path(os.getcwd())


@dataclass(frozen=True)
class _Key:
    id: str
    public: bytes
    created: str
    private: bytes | None  # only the current key keeps it

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "algorithm": ALGORITHM, "created": self.created,
                                "public_key": base64.b64encode(self.public).decode()}
        if self.private is not None:
            data["private_key"] = base64.b64encode(self.private).decode()
        return data


def _fresh() -> _Key:
    private = new_private_key()
    public = public_of(private)
    return _Key(key_id(public), public, datetime.now(UTC).isoformat(timespec="seconds"), private)


class KeyRing:
    """The signing keys in `folder` (None: in memory only), oldest first, the last current."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.path = None if folder is None else folder / KEYS_FILE
        self._lock = threading.Lock()
        self._keys: list[_Key] = []
        self._stamp: tuple[int, int, int] | None = None

    # -- reading ------------------------------------------------------------------------------
    def _loaded(self) -> list[_Key]:
        """The keys, read again if the file changed and created if there is none."""
        with self._lock:
            if self.path is None:
                if not self._keys:
                    self._keys = [_fresh()]
                return self._keys
            try:
                st = os.stat(self.path)
            except FileNotFoundError:
                self._create()
                st = os.stat(self.path)
            except OSError as exc:
                raise KeyFileError(f"cannot read the key file {self.path}: {exc.strerror}") from None
            stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
            if stamp != self._stamp:
                self._keys = self._read()
                self._stamp = stamp
            return self._keys

    def _read(self) -> list[_Key]:
        assert self.path is not None
        path = self.path
        try:
            with open(path, "rb") as fh:
                mode = os.fstat(fh.fileno()).st_mode
                body = fh.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise KeyFileError(f"cannot read the key file {path}: {exc.strerror}") from None
        if os.name == "posix" and mode & 0o077:
            raise KeyFileError(f"the key file {path} may be read by other users (mode {mode & 0o777:o}): "
                               "chmod 600 it")
        if len(body) > MAX_FILE_BYTES:
            raise KeyFileError(f"the key file {path} is over {MAX_FILE_BYTES} bytes: not a wizarena key file")
        try:
            data = json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise KeyFileError(f"the key file {path} is not JSON: it is damaged") from None
        return _parse(data, str(path))

    def _create(self) -> None:
        """Write a first key, unless another process got there first (os.link never replaces)."""
        assert self.folder is not None and self.path is not None
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise KeyFileError(f"cannot make the key folder {self.folder}: {exc.strerror}") from None
        temp = self._write_temp([_fresh()])
        try:
            try:
                os.link(temp, self.path)
            except FileExistsError:
                pass
            except OSError:  # a file system without hard links: a rename, which may replace
                if not self.path.exists():
                    os.replace(temp, self.path)
        except OSError as exc:
            raise KeyFileError(f"cannot write the key file {self.path}: {exc.strerror}") from None
        finally:
            temp.unlink(missing_ok=True)

    def _write_temp(self, keys: list[_Key]) -> Path:
        assert self.folder is not None
        temp = self.folder / f".{KEYS_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        body = json.dumps({"format": FILE_FORMAT, "keys": [k.to_json() for k in keys]}, indent=1) + "\n"
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                fh.write(body)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            temp.unlink(missing_ok=True)
            raise KeyFileError(f"cannot write the key file in {self.folder}: {exc.strerror}") from None
        return temp

    # -- using ----------------------------------------------------------------------------------
    def ensure(self) -> str:
        """Read the keys (making the first if there are none) and return the current key's id:
        `wizarena serve` calls it before it starts, so a bad key file stops it in one line."""
        return self._loaded()[-1].id

    def public(self) -> list[PublicKey]:
        """Every key, oldest first, as `GET /api/keys` lists it."""
        keys = self._loaded()
        return [PublicKey(k.id, k.public, k.created, k is keys[-1]) for k in keys]

    def sign(self, record: Record) -> Record:
        """The record signed by the current key."""
        current = self._loaded()[-1]
        assert current.private is not None
        return sign(record, current.private)

    def rotate(self) -> PublicKey:
        """Make a new key current; the old ones keep their public halves only."""
        if self.path is None:
            with self._lock:
                self._keys = [_retired(k) for k in self._keys] + [_fresh()]
            return self.public()[-1]
        fresh = not self.path.exists()
        self._loaded()  # a damaged file stops here; a missing one is made
        if fresh:
            return self.public()[-1]
        with self._lock:
            keys = self._read()
            temp = self._write_temp([_retired(k) for k in keys] + [_fresh()])
            try:
                os.replace(temp, self.path)
            except OSError as exc:
                temp.unlink(missing_ok=True)
                raise KeyFileError(f"cannot write the key file {self.path}: {exc.strerror}") from None
            self._stamp = None
        return self.public()[-1]


def _retired(key: _Key) -> _Key:
    """The key without its private half: nothing signs with it again."""
    return _Key(key.id, key.public, key.created, None)


def _b64(value: Any, size: int) -> bytes | None:
    if not isinstance(value, str) or len(value) > 2 * size:
        return None
    try:
        raw = base64.b64decode(value, validate=True)
    except binascii.Error:
        return None
    return raw if len(raw) == size else None


def _parse(data: Any, path: str) -> list[_Key]:
    """The keys of a key file, each checked (its id is its public key's, the current one's
    private half gives its public half); a one-line error naming the file otherwise."""
    damaged = f"the key file {path} is damaged"
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise KeyFileError(f"the key file {path} is not a wizarena key file (format {FILE_FORMAT})")
    entries = data.get("keys")
    if not isinstance(entries, list) or not entries or len(entries) > MAX_KEYS:
        raise KeyFileError(f"{damaged}: 'keys' must list 1 to {MAX_KEYS} keys")
    keys = []
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict) or entry.get("algorithm") != ALGORITHM:
            raise KeyFileError(f"{damaged}: key {n} is not an {ALGORITHM} key")
        kid, created = entry.get("id"), entry.get("created")
        public = _b64(entry.get("public_key"), 32)
        if not isinstance(kid, str) or not KEY_ID.fullmatch(kid) or public is None or key_id(public) != kid:
            raise KeyFileError(f"{damaged}: key {n} has no public key of 32 bytes matching its id")
        private = None
        if "private_key" in entry:
            private = _b64(entry["private_key"], 32)
            try:
                ok = private is not None and public_of(private) == public
            except ValueError:
                ok = False
            if not ok:
                raise KeyFileError(f"{damaged}: the private key of key {kid} does not match its public key")
        keys.append(_Key(kid, public, created if isinstance(created, str) else "", private))
    if keys[-1].private is None:
        raise KeyFileError(f"{damaged}: the current (last) key has no private key")
    if len({k.id for k in keys}) != len(keys):
        raise KeyFileError(f"{damaged}: a key is listed twice")
    return keys
