"""End-to-end fixtures: a real `wizarena serve` in a child process and Debian's Chromium
driven by Playwright's sync API.

The browser is never downloaded: Playwright launches the system Chromium at
WIZARENA_CHROMIUM (default /usr/bin/chromium, from Debian's `chromium` package). The
tests skip, saying why, when that browser is missing. WIZARENA_E2E_URL runs the tests
against a server that is already up instead of starting one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("WIZARENA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HOST = "127.0.0.1"  # loopback only
SERVER_START_S = 30.0
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _skip_reason() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set WIZARENA_CHROMIUM)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install playwright; no browser download needed)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _skip_reason()
    if reason is None:
        return
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.skip(reason=reason))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def serve_command(db_url: str, port: int, extra: tuple[str, ...] = ()) -> list[str]:
    exe = shutil.which("wizarena", path=str(Path(sys.executable).parent))
    base = [exe] if exe else [sys.executable, "-c", "from wizarena.cli import main; main()"]
    return [*base, "serve", "--host", HOST, "--port", str(port), "--db", db_url, *extra]


class Server:
    """One `wizarena serve` child process on a free loopback port; `extra` are more options
    of `serve` (e.g. ("--reports", FOLDER))."""

    def __init__(self, db_url: str, log_path: Path, port: int | None = None, extra: tuple[str, ...] = ()) -> None:
        self.db_url = db_url
        self.extra = extra
        self.port = port or free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        log = open(self.log_path, "ab")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            serve_command(self.db_url, self.port, self.extra), stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        log.close()
        deadline = time.monotonic() + SERVER_START_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"wizarena serve exited with {self.proc.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"wizarena serve did not answer within {SERVER_START_S:.0f}s:\n{self.log()}")

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-4000:]
        return ""


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a web table shared by the tests of a session."""
    given = os.environ.get("WIZARENA_E2E_URL")
    if given:
        yield given.rstrip("/")
        return
    tmp = tmp_path_factory.mktemp("e2e-server")
    srv = Server(f"sqlite:///{tmp / 'e2e.db'}", tmp / "server.log").start()
    try:
        yield srv.url
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser, server):
    """A factory of pages, each in its own browser context (its own cookies and storage):
    new_page() is one person, a second call another person."""
    contexts = []
    errors: list[str] = []

    def make(viewport: dict[str, int] | None = None, base_url: str | None = None):
        context = browser.new_context(viewport=viewport or DESKTOP, base_url=base_url or server)
        context.set_default_timeout(15000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
