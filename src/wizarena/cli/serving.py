"""`wizarena serve` and `keys`: the web table, and the keys that sign its records."""

from __future__ import annotations

import errno
import json
import socket
from typing import Annotated, Any

import typer

from wizarena.core import WizarenaError
from wizarena.core.inputs import printable

from .base import Group, app, out

# -- serve -----------------------------------------------------------------------------------------
DbOpt = Annotated[str | None, typer.Option("--db", help="Database URL: sqlite:///FILE (default "
                                           "sqlite:///wizarena.db here) or postgresql://user:pass@host/db.")]
KeysOpt = Annotated[str | None, typer.Option("--keys", metavar="DIR", help="Folder of the key file that signs "
                                             "finished tables' records (default: the SQLite file's folder; "
                                             "the working directory for PostgreSQL).")]


def check_port(host: str, port: int) -> None:
    """Refuse, in one line, a port the server could not listen on (another server has it,
    or it needs privileges), before anything is opened or printed: the server itself would
    say so only after announcing its address, in several lines of its log."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise WizarenaError(f"--host {printable(host)} is no address to listen on ({exc.strerror})") from None
    family, kind, proto, _, address = addresses[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise WizarenaError(f"port {port} on {host} is taken (another wizarena serve, or another "
                                    f"program): stop it, or choose another port, e.g. --port {port + 1}") from None
            raise WizarenaError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    db: DbOpt = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Worker processes (more than 1 needs "
                                         "PostgreSQL).")] = 1,
    limit: Annotated[list[str] | None, typer.Option("--limit", help="Change a limit, NAME=VALUE (repeatable), "
                                                    "e.g. move_seconds=3 or seat_moves=30/10: see docs/web.md, "
                                                    "Limits.")] = None,
    reports: Annotated[str | None, typer.Option("--reports", help="A folder of balance studies (each "
                                                "subfolder written by `wizarena study --out`): the lobby "
                                                "lists them and serves their reports, read-only.")] = None,
    keys: KeysOpt = None,
    max_connections: Annotated[int, typer.Option("--max-connections", help="Open connections (WebSockets "
                                                 "included) per worker; 0: no cap.")] = 1000,
    max_connections_per_address: Annotated[int, typer.Option("--max-connections-per-address", help="Open "
                                                             "connections from one client address per worker; "
                                                             "0: no cap.")] = 50,
    request_timeout: Annotated[float, typer.Option("--request-timeout", help="Seconds a client has to send "
                                                   "a whole request (head and body).")] = 10.0,
    keep_alive: Annotated[float, typer.Option("--keep-alive", help="Seconds an idle connection is kept "
                                              "between requests.")] = 5.0,
    max_header_bytes: Annotated[int, typer.Option("--max-header-bytes", help="Size of a request's line and "
                                                  "headers.")] = 16 * 1024,
    ws_compression: Annotated[bool, typer.Option("--ws-compression/--no-ws-compression", help="Compress "
                                                 "WebSocket messages (permessage-deflate) for clients that "
                                                 "offer it; off by default, since it costs more CPU than "
                                                 "the few kilobytes of a state save.")] = False,
) -> None:
    """Run the web table: play in a browser, over HTTP or a WebSocket (docs/web-protocol.md)."""
    try:
        from wizarena.server.connections import ConnectionLimits
        from wizarena.server.run import serve as run_server
    except ImportError as exc:
        raise WizarenaError(f"the web table needs the web extra: pip install 'wizarena[web]' ({exc})") from None
    check_port(host, port)
    connections = ConnectionLimits(max_connections=max_connections,
                                   max_connections_per_address=max_connections_per_address,
                                   request_timeout_s=request_timeout, keep_alive_s=keep_alive,
                                   max_header_bytes=max_header_bytes)
    run_server(host=host, port=port, db=db, workers=workers, limits=limit, reports=reports, keys=keys,
               connections=connections, ws_compression=ws_compression)


# -- keys -------------------------------------------------------------------------------------------
keys_app = typer.Typer(cls=Group, help="The web table's signing keys: list them, or make a new one current.",
                       no_args_is_help=True)
app.add_typer(keys_app, name="keys")


def _key_ring(db: str | None, keys: str | None) -> Any:
    try:
        from wizarena.server.db import DEFAULT_URL
        from wizarena.server.keys import KeyRing, keys_folder
    except ImportError as exc:
        raise WizarenaError(f"the server's keys need the web extra: pip install 'wizarena[web]' ({exc})") from None
    folder = keys_folder(db or DEFAULT_URL, keys)
    if folder is None:
        raise WizarenaError("an in-memory database keeps its key in memory: there is no key file to use")
    return KeyRing(folder)


@keys_app.command(name="list")
def keys_list(
    db: DbOpt = None,
    keys: KeysOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print what GET /api/keys answers (a file for "
                                          "`replay --verify --key`).")] = False,
) -> None:
    """List the signing keys, oldest first; the current one signs new records."""
    ring = _key_ring(db, keys)
    if not ring.path.exists():  # listing makes nothing
        raise WizarenaError(f"no key file {ring.path}: `wizarena serve` makes one when it first starts")
    public = ring.public()
    if as_json:
        print(json.dumps({"keys": [k.to_json() for k in public]}))
        return
    for k in public:
        out.print(f"{k.id}  {k.algorithm}  created {k.created or '?'}{'  current' if k.current else ''}",
                  markup=False)


@keys_app.command(name="rotate")
def keys_rotate(db: DbOpt = None, keys: KeysOpt = None) -> None:
    """Make a new signing key current; the old ones stay listed, so their records still verify.

    The old key's private half is deleted. A running server signs with the new key from its
    next record on."""
    ring = _key_ring(db, keys)
    before = ring.public()[-1].id if ring.path is not None and ring.path.exists() else None
    new = ring.rotate()
    retired = f"; {before} is retired and still listed" if before is not None else ""
    out.print(f"key {new.id} is now current{retired} ({ring.path})", markup=False)


