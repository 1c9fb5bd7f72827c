"""`wizarena serve`: run the web table under uvicorn.

Several workers are separate processes, each with its own live tables; they stay in step
through the database and PostgreSQL's NOTIFY, which SQLite lacks, so SQLite gets one
worker. Each worker builds its app from the factory with the database URL taken from the
environment, which the worker processes inherit; so do the connection limits
(connections.py), which uvicorn enforces through its h11 parser and our protocol classes.
"""

from __future__ import annotations

import os
import resource

from sqlalchemy.engine import make_url

from wizarena.core import WizarenaError

from .app import ENV_DB, ENV_LIMITS, ENV_REPORTS
from .connections import ENV_CONNECTIONS, FD_RESERVE, ConnectionLimits, uvicorn_settings
from .db import DEFAULT_URL, is_postgres, normalize_url, shown_url
from .keys import ENV_KEYS, KeyRing, keys_folder
from .limits import parse_limits

WS_MAX_BYTES = 64 * 1024  # the protocol refuses messages over 4096 bytes; this bounds memory


def page_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def reports_folder(reports: str | None) -> str:
    """The absolute path of the --reports folder ("" for none); a missing folder is a one-line error."""
    if not reports:
        return ""
    if not os.path.isdir(reports):
        raise WizarenaError(f"--reports {reports} is not a folder")
    return os.path.realpath(reports)


def check_database(url: str) -> None:
    """Open the database at `url` and bring it to the newest schema, as each worker will:
    any failure (no such folder, a refused port, a file that is no database, a revision
    this version does not know) becomes one line naming the database, its password
    masked, and the cause, before the server starts."""
    from .db import make_engine
    from .migrate import upgrade

    engine = make_engine(url)
    try:
        upgrade(engine)
    except Exception as exc:
        raise WizarenaError(f"cannot open the database {shown_url(url)}: {_cause(exc, url)}") from None
    finally:
        engine.dispose()


def _cause(exc: BaseException, url: str) -> str:
    """What went wrong, in one line: the database driver's own message where there is one
    (SQLAlchemy wraps it in paragraphs of its own), never the URL's password."""
    inner = getattr(exc, "orig", None) or exc
    text = " ".join(str(inner).split()) or type(inner).__name__
    password = make_url(url).password if "://" in url else None
    if password:
        text = text.replace(str(password), "***")
    return text[:300]


def open_files_for(connections: ConnectionLimits) -> None:
    """Raise this process's open-files limit (which the workers inherit) so that the
    connection cap, not the operating system, is what refuses a connection; a cap the
    system's hard limit cannot hold is a one-line error."""
    if not connections.max_connections:
        return
    need = connections.max_connections + FD_RESERVE
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < need:
        if hard != resource.RLIM_INFINITY and hard < need:
            raise WizarenaError(f"--max-connections {connections.max_connections} needs {need} open files, and "
                                f"this system allows {hard} (ulimit -Hn): lower it or raise that limit")
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, workers: int = 1,
          limits: list[str] | None = None, reports: str | None = None, keys: str | None = None,
          connections: ConnectionLimits | None = None, ws_compression: bool = False) -> None:
    import uvicorn

    url = db or DEFAULT_URL
    normalize_url(url)  # a bad URL is a one-line error before anything starts
    limits_text = ",".join(limits or [])
    parse_limits(limits_text)  # so is a bad limit
    reports_path = reports_folder(reports)  # and a --reports that is no folder
    if workers > 1 and not is_postgres(url):
        raise WizarenaError("--workers above 1 needs PostgreSQL (--db postgresql://...): SQLite serves one worker")
    check_database(url)
    # The key file is read, or made, here, before any worker starts: a damaged one is a
    # one-line error, and workers never race to make the first key.
    folder = keys_folder(url, keys)
    current = None if folder is None else KeyRing(folder).ensure()
    os.environ[ENV_KEYS] = "" if folder is None else str(folder)
    os.environ[ENV_DB] = url
    os.environ[ENV_LIMITS] = limits_text
    os.environ[ENV_REPORTS] = reports_path
    connections = connections or ConnectionLimits()
    open_files_for(connections)
    os.environ[ENV_CONNECTIONS] = connections.to_text()
    shown_reports = f", balance studies from {reports}" if reports else ""
    print(f"wizarena web table on {shown_url(url)}{shown_reports}: open {page_url(host, port)}", flush=True)
    if current is None:
        print("finished tables' records are signed with a key kept in memory, as the database is", flush=True)
    else:
        print(f"finished tables' records are signed with key {current} (keys kept in {folder})", flush=True)
    uvicorn.run("wizarena.server.app:app_from_env", factory=True, host=host, port=port, workers=workers,
                ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=ws_compression, log_level="info",
                **uvicorn_settings(connections))
