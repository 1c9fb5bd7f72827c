"""Limits on connections, enforced where uvicorn accepts and parses them.

uvicorn's defaults let a client hold a connection forever without finishing a request
(a few hundred idle or half-sent sockets locked every other client out), and its default
parser (httptools) took a request head of a megabyte. `wizarena serve` therefore runs
uvicorn's h11 parser, whose incomplete-event bound (`h11_max_incomplete_event_size`) caps
a head that arrives in pieces, with the two protocol classes below, which add what
uvicorn lacks:

- a deadline for the whole request (head and body), counted from the connection's
  opening or from the end of the previous response: a client that has not finished by
  then gets `408` (or, if it sent nothing at all, a plain close);
- the head's size once complete (h11 checks only heads that arrive in pieces): `431`;
- at most `max_connections` connections per worker process and `max_connections_per_address`
  per client address (IPv6 by /64, as the rate limits count), WebSockets included: a
  connection beyond either is answered `503` and closed at once, before anything is read.

A connection counts from its acceptance to its closing, also after it became a WebSocket
(uvicorn then hands the socket to a WebSocket protocol object, so that class releases it).
The limits reach every worker process through the environment (`ENV_CONNECTIONS`), as
the other settings of `serve` do. See docs/web.md, "Limits".
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import os
import weakref
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from wizarena.core import WizarenaError

from .limits import address_key

log = logging.getLogger("wizarena.server")

ENV_CONNECTIONS = "WIZARENA_CONNECTIONS"  # name=value,... of ConnectionLimits, set by `serve`
OPTIONS = {"max_connections": "--max-connections", "max_connections_per_address": "--max-connections-per-address",
           "request_timeout_s": "--request-timeout", "keep_alive_s": "--keep-alive",
           "max_header_bytes": "--max-header-bytes"}  # the `serve` option of each limit
FD_RESERVE = 256  # open files beside the connections: database, thinking processes, static files


@dataclass(frozen=True)
class ConnectionLimits:
    """The connection limits of one server (each worker process enforces them alone)."""

    max_connections: int = 1000  # per worker process; 0: no cap
    max_connections_per_address: int = 50  # per client address and worker process; 0: no cap
    request_timeout_s: float = 10.0  # to send a whole request (head and body)
    keep_alive_s: float = 5.0  # idle between requests on one connection (uvicorn's timeout_keep_alive)
    max_header_bytes: int = 16 * 1024  # the request line and headers

    def __post_init__(self) -> None:
        checks = [("max_connections", self.max_connections >= 0, "at least 0 (0: no cap)"),
                  ("max_connections_per_address", self.max_connections_per_address >= 0, "at least 0 (0: no cap)"),
                  ("request_timeout_s", 0 < self.request_timeout_s <= 3600, "above 0 and at most 3600"),
                  ("keep_alive_s", 0 < self.keep_alive_s <= self.request_timeout_s,
                   "above 0 and at most the request timeout"),
                  ("max_header_bytes", 1024 <= self.max_header_bytes <= 1024 * 1024, "from 1024 to 1048576")]
        for name, ok, wanted in checks:
            if not ok:
                raise WizarenaError(f"{OPTIONS[name]} must be {wanted}, not {getattr(self, name):g}")

    def to_text(self) -> str:
        return ",".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))

    @classmethod
    def from_text(cls, text: str) -> ConnectionLimits:
        """The limits `to_text` wrote (unknown names are an error, missing ones default)."""
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, raw = part.partition("=")
            if name not in types:
                raise WizarenaError(f"unknown connection limit {part!r}")
            value = int(raw) if types[name] == "int" else float(raw)
            if not math.isfinite(value):
                raise WizarenaError(f"connection limit {name} must be finite")
            values[name] = value
        return cls(**values)


_from_env: tuple[str, ConnectionLimits] = ("", ConnectionLimits())


def connection_limits() -> ConnectionLimits:
    """This process's limits, from the environment (read again only when it changes)."""
    global _from_env
    text = os.environ.get(ENV_CONNECTIONS, "")
    if text != _from_env[0]:
        _from_env = (text, ConnectionLimits.from_text(text))
    return _from_env[1]


def uvicorn_settings(limits: ConnectionLimits) -> dict[str, Any]:
    """uvicorn's own settings for these limits (the rest is done by the protocol classes)."""
    return {"http": GuardedH11Protocol, "ws": GuardedWebSocketProtocol,
            "timeout_keep_alive": limits.keep_alive_s, "h11_max_incomplete_event_size": limits.max_header_bytes}


def plain_response(status: int, reason: str, text: str, extra: str = "") -> bytes:
    """A whole HTTP/1.1 response that closes the connection, for when no request was parsed."""
    body = text.encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\n{extra}connection: close\r\n\r\n").encode() + body


class Counts:
    """The open connections of one uvicorn server (one per worker), by client address."""

    def __init__(self) -> None:
        self.by_address: dict[str, int] = {}
        self.holders: dict[asyncio.BaseTransport, str] = {}

    def admit(self, transport: asyncio.BaseTransport, address: str, total: int,
              limits: ConnectionLimits) -> str | None:
        """Count the connection in, or say why not (None: admitted). `total` counts it already."""
        if limits.max_connections and total > limits.max_connections:
            return f"the server has {limits.max_connections} connections, the most it takes: try again shortly"
        held = self.by_address.get(address, 0)
        if limits.max_connections_per_address and held >= limits.max_connections_per_address:
            return (f"this address has {limits.max_connections_per_address} connections open, the most it may "
                    "have: close one first")
        self.by_address[address] = held + 1
        self.holders[transport] = address
        return None

    def release(self, transport: asyncio.BaseTransport) -> None:
        """Count the connection out (again: nothing)."""
        address = self.holders.pop(transport, None)
        if address is not None:
            left = self.by_address[address] - 1
            if left:
                self.by_address[address] = left
            else:
                del self.by_address[address]


_counts: weakref.WeakKeyDictionary[object, Counts] = weakref.WeakKeyDictionary()


def counts_of(server_state: object) -> Counts:
    """The counts of the uvicorn server whose shared state this is (tests run several servers
    in one process, so the counts belong to the server, not to the module)."""
    counts = _counts.get(server_state)
    if counts is None:
        counts = _counts[server_state] = Counts()
    return counts


def head_size(request: h11.Request) -> int:
    return (len(request.method) + len(request.target) + 14  # the request line and the last CRLF
            + sum(len(name) + len(value) + 4 for name, value in request.headers.raw_items()))


class HeadLimitedConnection(h11.Connection):
    """h11's connection that also refuses a complete request head over the size."""

    def __init__(self, max_head: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_head)
        self.max_head = max_head
        self.last_error: h11.RemoteProtocolError | None = None

    def next_event(self) -> Any:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as exc:
            self.last_error = exc
            raise
        if isinstance(event, h11.Request) and head_size(event) > self.max_head:
            self.last_error = h11.RemoteProtocolError(f"request head over {self.max_head} bytes",
                                                      error_status_hint=431)
            raise self.last_error
        return event


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a request deadline, a bound on complete heads and the
    connection caps (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = connection_limits()
        self.head = HeadLimitedConnection(self.limits.max_header_bytes)
        self.conn = self.head
        self.counts = counts_of(self.server_state)
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        refusal = self.counts.admit(transport, address_key(host), len(self.connections), self.limits)
        if refusal is not None:
            # Refused before reading anything, so that refusing costs next to nothing.
            transport.write(plain_response(503, "Service Unavailable", refusal, "retry-after: 5\r\n"))
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.counts.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():  # refused, or timed out: read nothing more
            return
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.deadline is not None and self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._disarm()  # the request is all here (or the connection is done with)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()  # a WebSocket has its own pings and timeouts
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self._arm()  # the next request's time starts now (a pipelined one may be here already)
        super().on_response_complete()

    def send_400_response(self, msg: str) -> None:
        error = self.head.last_error
        if error is None or error.error_status_hint == 400:
            super().send_400_response(msg)
            return
        status = error.error_status_hint
        text = f"request head over {self.limits.max_header_bytes} bytes" if status == 431 else str(error)
        self.transport.write(plain_response(status, "Request Header Fields Too Large" if status == 431 else "Error",
                                            text))
        self.transport.close()

    def _arm(self) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(self.limits.request_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        """The request did not arrive whole in time: 408 if any of it came, else just close."""
        self.deadline = None
        if self.transport.is_closing() or self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            return
        started = self.conn.their_state is h11.SEND_BODY or bool(self.conn.trailing_data[0])
        if started and self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):  # none of a response sent
            self.transport.write(plain_response(408, "Request Timeout", "the request took longer than "
                                                f"{self.limits.request_timeout_s:g} s to arrive"))
        self.transport.close()


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, which releases the connection's count when it closes
    (a WebSocket is a connection the HTTP protocol handed over)."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.counts = counts_of(server_state)

    def connection_lost(self, exc: Exception | None) -> None:
        self.counts.release(self.transport)
        super().connection_lost(exc)
