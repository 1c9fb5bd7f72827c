"""Who vouches for a record: Ed25519 signatures over a record's canonical bytes.

The step digests show that a record is consistent and follows from its seed, but whoever
edits a record can recompute them. A web table's server signs each finished table's
record with its current key (`sign`), and publishes every public key it has signed with,
current and retired, at `GET /api/keys`, so that a record signed before a rotation still
verifies. `check_signature` tells which of a given set of keys signed a record, or why it
does not verify.

The cryptography comes from the `cryptography` package (in the `web` extra), imported only
when a signature is made or checked: reading, replaying and verifying unsigned records
needs nothing beyond the core. Key ids are the first 16 hex digits of the SHA-256 of the
32-byte public key, so an id cannot be given to another key unnoticed.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import http.client
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from .errors import RecordError, WizarenaError
from .inputs import load_json, read_capped
from .record import KEY_ID, Record

ALGORITHM = "ed25519"
INSTALL = "pip install cryptography (it comes with 'wizarena[web]')"
MAX_KEYS_BYTES = 1 << 20  # a key list this long holds thousands of rotations
MAX_KEYS = 10_000
FETCH_TIMEOUT_S = 10.0
KEYS_PATH = "/api/keys"


def key_id(public: bytes) -> str:
    """The id of a public key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(public).hexdigest()[:16]


@dataclass(frozen=True)
class PublicKey:
    """A public key as `GET /api/keys` lists it."""

    id: str
    public: bytes  # the 32 raw bytes
    created: str  # ISO 8601, UTC
    current: bool
    algorithm: str = ALGORITHM

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "algorithm": self.algorithm, "public_key": base64.b64encode(self.public).decode(),
                "created": self.created, "current": self.current}


def _ed25519() -> Any:
    """The cryptography module for Ed25519, or a one-line error saying what to install."""
    try:
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError:
        raise WizarenaError(f"signatures need the cryptography package: {INSTALL}") from None
    return ed25519


def private_key(raw: bytes) -> Any:
    """An Ed25519 private key from its 32 raw bytes."""
    return _ed25519().Ed25519PrivateKey.from_private_bytes(raw)


def new_private_key() -> bytes:
    """32 raw bytes of a fresh Ed25519 private key."""
    from cryptography.hazmat.primitives import serialization

    key = _ed25519().Ed25519PrivateKey.generate()
    return key.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                             serialization.NoEncryption())


def public_of(raw_private: bytes) -> bytes:
    """The 32 raw bytes of the public key of a raw private key."""
    from cryptography.hazmat.primitives import serialization

    return private_key(raw_private).public_key().public_bytes(serialization.Encoding.Raw,
                                                              serialization.PublicFormat.Raw)


def sign(record: Record, raw_private: bytes) -> Record:
    """The record with a signature by the key `raw_private` over its `signed_bytes()`
    (any signature it had is replaced, and not covered)."""
    unsigned = dataclasses.replace(record, signature=None)
    value = private_key(raw_private).sign(unsigned.signed_bytes())
    return dataclasses.replace(record, signature={"key": key_id(public_of(raw_private)), "algorithm": ALGORITHM,
                                                  "value": base64.b64encode(value).decode()})


def check_signature(record: Record, keys: dict[str, PublicKey], source: str) -> str:
    """The id of the key among `keys` whose signature the record carries; RecordError if it
    carries none, names a key not among them, or its signature does not match its bytes
    (the record was changed after it was signed). `source` names where the keys came from."""
    signature = record.signature
    if signature is None:
        raise RecordError(f"the record carries no signature, and --key {source} asks that it be signed")
    kid = signature["key"]
    key = keys.get(kid)
    if key is None:
        raise RecordError(f"the record is signed by key {kid}, which is not among the keys of {source}")
    ed25519 = _ed25519()
    from cryptography.exceptions import InvalidSignature

    try:
        ed25519.Ed25519PublicKey.from_public_bytes(key.public).verify(
            base64.b64decode(signature["value"], validate=True), record.signed_bytes())
    except (InvalidSignature, binascii.Error, ValueError):
        raise RecordError(f"the signature of key {kid} does not match the record: it was changed after "
                          "the server signed it") from None
    return kid


def parse_keys(data: Any, source: str) -> dict[str, PublicKey]:
    """The keys of a `GET /api/keys` answer, by id; a one-line error naming `source` for
    anything else. Each id must be the one its public key gives."""
    entries = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise WizarenaError(f"{source}: not a list of signing keys (expected {{\"keys\": [...]}} as "
                            f"{KEYS_PATH} answers)")
    if len(entries) > MAX_KEYS:
        raise WizarenaError(f"{source}: more than {MAX_KEYS} keys")
    keys: dict[str, PublicKey] = {}
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise WizarenaError(f"{source}: key {n} is not an object")
        kid, algorithm, encoded = entry.get("id"), entry.get("algorithm"), entry.get("public_key")
        if algorithm != ALGORITHM:
            shown = repr(algorithm)[:30]
            raise WizarenaError(f"{source}: key {n} has algorithm {shown}; only {ALGORITHM!r} is read")
        if not isinstance(kid, str) or not KEY_ID.fullmatch(kid):
            raise WizarenaError(f"{source}: key {n} has no id of 16 hex digits")
        try:
            public = base64.b64decode(encoded if isinstance(encoded, str) else "", validate=True)
        except binascii.Error:
            public = b""
        if len(public) != 32:
            raise WizarenaError(f"{source}: key {kid} has no 32-byte public key in base64")
        if key_id(public) != kid:
            raise WizarenaError(f"{source}: key {kid} is not the id of its public key ({key_id(public)})")
        created = entry.get("created")
        keys[kid] = PublicKey(kid, public, created if isinstance(created, str) else "",
                              entry.get("current") is True)
    return keys


def read_keys(source: str) -> dict[str, PublicKey]:
    """The public keys at `source`: a file holding a `GET /api/keys` answer, or the URL of a
    server (http or https; its /api/keys is fetched unless the URL already ends in it)."""
    scheme = urlsplit(source).scheme.lower()
    if scheme in ("http", "https"):
        body = fetch_keys(source)
    elif "://" in source:
        raise WizarenaError(f"--key {source}: a URL must be http:// or https://")
    else:
        body = read_capped(source, MAX_KEYS_BYTES, "key file", WizarenaError)
    try:
        text = body.decode()
    except UnicodeDecodeError:
        text = ""
    if not text.lstrip().startswith("{"):
        raise WizarenaError(f"{source}: not JSON (expected {{\"keys\": [...]}} as {KEYS_PATH} answers)")
    return parse_keys(load_json(text, source, WizarenaError), source)


class _HttpOnly(urllib.request.HTTPRedirectHandler):
    """Follow redirects to http and https only (urllib would also follow one to ftp)."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        if urlsplit(newurl).scheme.lower() not in ("http", "https"):
            raise urllib.error.URLError(f"redirected to {urlsplit(newurl).scheme}:, not http or https")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def keys_url(url: str) -> str:
    """The /api/keys address of a server's URL (kept as it is when it already names it)."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if not path.endswith(KEYS_PATH):
        path += KEYS_PATH
    return parts._replace(path=path, query="", fragment="").geturl()


def fetch_keys(url: str, timeout: float = FETCH_TIMEOUT_S) -> bytes:
    """The body of a server's /api/keys, at most MAX_KEYS_BYTES, within `timeout` seconds
    per network operation; a one-line error if the server cannot be reached or refuses."""
    target = keys_url(url)
    opener = urllib.request.build_opener(_HttpOnly())
    request = urllib.request.Request(target, headers={"Accept": "application/json"})
    try:
        with opener.open(request, timeout=timeout) as response:
            body = response.read(MAX_KEYS_BYTES + 1)
    except urllib.error.HTTPError as exc:
        raise WizarenaError(f"cannot fetch the keys from {target}: HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise WizarenaError(f"cannot fetch the keys from {target}: {exc.reason}") from None
    except (OSError, ValueError, http.client.HTTPException) as exc:  # timeouts, resets, bad URLs, cut answers
        raise WizarenaError(f"cannot fetch the keys from {target}: {exc}") from None
    if len(body) > MAX_KEYS_BYTES:
        raise WizarenaError(f"{target}: the answer is over {MAX_KEYS_BYTES} bytes, too long for a list of keys")
    return body

