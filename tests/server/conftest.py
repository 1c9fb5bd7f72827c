"""Fixtures of the web table tests: an app on a fresh SQLite file (or PostgreSQL when
WIZARENA_TEST_PG is set, through the suite's `pg_url`), a clock the test controls, and a
guard that turns a hung WebSocket wait into a failure with tracebacks instead of a CI
job that never ends.
"""

from __future__ import annotations

import faulthandler
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

# Starlette's test client says it prefers another HTTP package; the tests need no change.
warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

from fastapi.testclient import TestClient  # noqa: E402

from wizarena.server import create_app  # noqa: E402
from wizarena.server.limits import Limits, Rate  # noqa: E402

HANG_GUARD_S = 240
# The test clock stands still, so a script's whole game arrives within one instant: the move
# rates get room for that (test_limits.py tests them with small ones); the rest keep their defaults.
SCRIPTED = Limits(seat_moves=Rate(10_000, 10_000.0), address_moves=Rate(10_000, 10_000.0),
                  address_creates=Rate(10_000, 10_000.0))


class Clock:
    """Monotonic seconds that move only when the test says so: seat absence and the
    message rate limit then never depend on how fast the machine is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True)
def hang_guard() -> Iterator[None]:
    faulthandler.dump_traceback_later(HANG_GUARD_S, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture(autouse=True)
def known_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Friend tables get secret seeds; a test that wants a known deal sets the next one
    (`helpers.choose_secret`), and otherwise the server draws as it always does."""
    import wizarena.server.tables as tables
    from wizarena.core.rng import secret_seed

    from .helpers import next_secret

    monkeypatch.setattr(tables, "secret_seed", lambda: next_secret(secret_seed))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'wizarena.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each persistence test runs on SQLite, and on PostgreSQL when WIZARENA_TEST_PG is set."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'wizarena.db'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture
def open_app(clock: Clock, tmp_path: Path) -> Callable[..., Any]:
    """`with open_app(url) as client:` an app started (lifespan included) and stopped. A
    PostgreSQL app keeps its signing keys in the test's folder, not the working directory."""

    @contextmanager
    def opened(url: str, **kwargs: Any) -> Iterator[TestClient]:
        kwargs.setdefault("clock", clock)
        kwargs.setdefault("limits", SCRIPTED)
        if url.startswith("postgres"):
            kwargs.setdefault("keys", tmp_path / "keys")
        with TestClient(create_app(url, **kwargs)) as client:
            yield client

    return opened


@pytest.fixture
def client(open_app: Callable[..., Any], sqlite_url: str) -> Iterator[TestClient]:
    with open_app(sqlite_url) as c:
        yield c
