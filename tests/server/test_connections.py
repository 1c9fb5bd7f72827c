"""The connection limits (connections.py) against a real `wizarena serve` on loopback: idle
and half-sent connections beyond the caps cannot lock other clients out, the server
closes what never finishes a request, and an oversized request head is refused.

Clients from different addresses come from different loopback addresses (127.0.0.x, all
of which reach a server on 127.0.0.1). Waits have generous deadlines, never timing
assertions: a server that does not close a stalled connection fails the test by the
deadline, whatever the machine's speed.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from wizarena.cli import main
from wizarena.server.connections import ConnectionLimits, head_size

from .live import HOST, ServeProcess

WAIT_S = 30.0  # a deadline for the server to answer or close, not a timing assertion
HALF_SENT = b"GET /api/games HTTP/1.1\r\nHost: x\r\nUser-Agent: sl"  # a request head that never ends


@contextmanager
def serving(tmp_path: Path, *args: str) -> Iterator[ServeProcess]:
    server = ServeProcess(f"sqlite:///{tmp_path / 'wizarena.db'}", tmp_path / "serve.log", args).start()
    try:
        yield server
    finally:
        server.stop()


def raw(server: ServeProcess, source: str = HOST, send: bytes = b"") -> socket.socket:
    """A raw connection from `source` (a loopback address) that sends `send` and no more."""
    sock = socket.create_connection((HOST, server.port), timeout=WAIT_S, source_address=(source, 0))
    if send:
        sock.sendall(send)
    return sock


def answer(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (a reset counts as a close)."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def get(server: ServeProcess, source: str) -> httpx.Response:
    with httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=WAIT_S) as client:
        return client.get(f"{server.base}/api/games")


def test_connections_beyond_the_cap_of_an_address_are_refused_and_others_are_served(tmp_path: Path) -> None:
    with serving(tmp_path, "--max-connections-per-address", "4", "--request-timeout", "600") as server:
        held = [raw(server, "127.0.0.2") for _ in range(2)]
        held += [raw(server, "127.0.0.2", HALF_SENT) for _ in range(2)]
        try:
            one_more = answer(raw(server, "127.0.0.2", HALF_SENT))
            assert one_more.startswith(b"HTTP/1.1 503 ")
            assert one_more.endswith(b"this address has 4 connections open, the most it may have: close one first")
            # Everyone else is served while those four are held.
            assert get(server, "127.0.0.3").status_code == 200
        finally:
            for sock in held:
                sock.close()


def test_connections_beyond_the_servers_cap_are_refused_until_some_close(tmp_path: Path) -> None:
    with serving(tmp_path, "--max-connections", "6", "--max-connections-per-address", "0",
                 "--request-timeout", "600") as server:
        held = [raw(server, "127.0.0.2", HALF_SENT if i % 2 else b"") for i in range(6)]
        try:
            refused = answer(raw(server, "127.0.0.3"))
            assert refused.startswith(b"HTTP/1.1 503 ") and b"the server has 6 connections" in refused
        finally:
            for sock in held:
                sock.close()
        deadline = time.monotonic() + WAIT_S
        while (status := _status_or_none(server, "127.0.0.3")) != 200:
            assert time.monotonic() < deadline, f"still refused after the held connections closed: {status}"
            time.sleep(0.1)


def _status_or_none(server: ServeProcess, source: str) -> int | None:
    try:
        return get(server, source).status_code
    except httpx.HTTPError:
        return None


def test_connections_that_never_finish_a_request_are_closed(tmp_path: Path) -> None:
    with serving(tmp_path, "--max-connections", "8", "--max-connections-per-address", "0",
                 "--request-timeout", "1", "--keep-alive", "1") as server:
        idle = [raw(server, "127.0.0.2") for _ in range(3)]
        half = [raw(server, "127.0.0.2", HALF_SENT) for _ in range(3)]
        body = [raw(server, "127.0.0.2", b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")]
        try:
            for sock in idle:  # nothing was sent: the server just closes
                assert answer(sock) == b""
            for sock in half + body:  # part of a request: 408, then the close
                assert answer(sock).startswith(b"HTTP/1.1 408 Request Timeout")
        finally:
            for sock in idle + half + body:
                sock.close()
        # The server's cap was full; now it serves again. A connection that finished its
        # request is answered, and closed once idle for the keep-alive.
        sock = raw(server, "127.0.0.3", b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answer(sock).startswith(b"HTTP/1.1 200 OK")
        sock.close()


def test_an_oversized_request_head_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        for size in (1 << 20, 20_000):  # arriving in pieces (h11's bound) and at once (ours)
            sock = raw(server)
            try:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size + b"\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server may refuse and close before the client finishes sending
            reply = answer(sock)
            sock.close()
            assert reply.startswith(b"HTTP/1.1 431 ") and reply.endswith(b"request head over 16384 bytes")
        sock = raw(server, send=b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Fine: " + b"a" * 8000 + b"\r\n\r\n")
        assert sock.recv(64).startswith(b"HTTP/1.1 200 OK")
        sock.close()


def test_the_head_size_counts_the_request_line_and_every_header() -> None:
    import h11

    request = h11.Request(method="GET", target="/x", headers=[("Host", "a"), ("X-Y", "bb")])
    assert head_size(request) == len(b"GET /x HTTP/1.1\r\nHost: a\r\nX-Y: bb\r\n\r\n")


@pytest.mark.parametrize("args, problem", [
    (["--keep-alive", "20"], "--keep-alive must be above 0 and at most the request timeout, not 20"),
    (["--max-header-bytes", "100"], "--max-header-bytes must be from 1024 to 1048576, not 100"),
    (["--max-connections", "-1"], "--max-connections must be at least 0 (0: no cap), not -1"),
])
def test_a_bad_connection_limit_is_a_one_line_error(args: list[str], problem: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 1
    assert capsys.readouterr().err == f"error: {problem}\n"


def test_connection_limits_travel_to_the_workers_as_text() -> None:
    limits = ConnectionLimits(max_connections=5, request_timeout_s=2.5, keep_alive_s=1)
    assert ConnectionLimits.from_text(limits.to_text()) == limits
    assert ConnectionLimits.from_text("") == ConnectionLimits()
