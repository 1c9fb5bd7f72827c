"""Fixtures shared by the whole test suite.

PostgreSQL: `.ci/run` starts the machine's PostgreSQL cluster and exports
WIZARENA_TEST_PG (e.g. postgresql://wizarena:wizarena@127.0.0.1:5432/wizarena_test).
Without it the tests that ask for `pg_url` are skipped, so the suite still runs on a
machine with no database server.
"""

from __future__ import annotations

import io
import os
import secrets
import sys
import warnings
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

PG_ENV = "WIZARENA_TEST_PG"


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def _libpq_url(url: str) -> str:
    """psycopg speaks libpq URLs: drop a SQLAlchemy driver suffix such as '+psycopg'."""
    scheme, sep, rest = url.partition("://")
    return scheme.split("+", 1)[0] + sep + rest


@pytest.fixture(scope="session")
def pg_base_url() -> str:
    """The URL of WIZARENA_TEST_PG as given; skips the test when it is not set."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(f"{PG_ENV} is not set (bash .ci/run sets it up as root)")
    return url


@pytest.fixture
def pg_url(pg_base_url: str) -> Iterator[str]:
    """A PostgreSQL URL for one test: a fresh, empty database on the WIZARENA_TEST_PG
    server, dropped after the test. Where the role may not create databases, the
    WIZARENA_TEST_PG database itself is given (with a warning), shared by the tests.
    """
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[web]')")
    admin_url = _libpq_url(pg_base_url)
    name = "wz_test_" + secrets.token_hex(6)
    try:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.errors.InsufficientPrivilege:
        warnings.warn(f"{PG_ENV}: the role may not create databases; tests share one database", stacklevel=1)
        yield pg_base_url
        return
    try:
        yield _with_database(pg_base_url, name)
    finally:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[int, str, str]]:
    """Call the CLI with arguments and optional piped input; (exit code, stdout, stderr)."""
    from wizarena.cli import main

    def call(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin or ""))
        code = main(list(args))
        cap = capsys.readouterr()
        return code, cap.out, cap.err

    return call


@pytest.fixture(scope="module")
def stand_registered() -> Iterator[None]:
    """The Last Stand test game (tests/core/stand.py), registered for a module's tests:
    `pytestmark = pytest.mark.usefixtures("stand_registered")`."""
    from wizarena.core import register, registry

    from .core.stand import StandGame

    register("stand", StandGame)
    yield
    registry.unregister("stand")
