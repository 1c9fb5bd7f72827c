"""Seat tokens: who may act for a seat.

A token is the only proof of a seat, so it comes from `secrets` and only its SHA-256 is
stored: a leaked database does not let anyone play for someone else. A request may carry
tokens in a header, a query parameter or the table's cookie; a browser playing hot-seat
keeps several tokens of one table in that cookie, comma-separated.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping

TOKEN_BYTES = 24
HEADER = "x-seat-token"
COOKIE_PREFIX = "wz_"
COOKIE_MAX_AGE_S = 30 * 24 * 3600
MAX_TOKENS = 16  # more than any table has seats; bounds the work a crafted cookie causes
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{8,128}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def cookie_name(table_id: str) -> str:
    return f"{COOKIE_PREFIX}{table_id}"


def split_tokens(value: str | None) -> list[str]:
    """Well-formed tokens of a comma-separated value, in order, without repeats."""
    out: list[str] = []
    for part in (value or "").split(","):
        part = part.strip().strip('"')
        if _TOKEN_RE.match(part) and part not in out:
            out.append(part)
    return out[:MAX_TOKENS]


def request_tokens(table_id: str, headers: Mapping[str, str], query: Mapping[str, str],
                   cookies: Mapping[str, str], *, trust_cookie: bool = True) -> list[str]:
    """Every token a request carries for a table: header, then query, then cookie."""
    tokens = split_tokens(headers.get(HEADER)) + split_tokens(query.get("token"))
    if trust_cookie:
        tokens += split_tokens(cookies.get(cookie_name(table_id)))
    seen: list[str] = []
    for t in tokens:
        if t not in seen:
            seen.append(t)
    return seen[:MAX_TOKENS]


def cookie_header(table_id: str, tokens: list[str], *, secure: bool = False) -> str:
    """The Set-Cookie value for a table's tokens. Written by hand because the standard
    library would quote a value containing commas, and the protocol says comma-separated."""
    value = ",".join(tokens[:MAX_TOKENS])
    parts = [f"{cookie_name(table_id)}={value}", "Path=/", f"Max-Age={COOKIE_MAX_AGE_S}", "HttpOnly",
             "SameSite=Lax"]
    if secure:
        parts.append("Secure")
    return "; ".join(parts)
