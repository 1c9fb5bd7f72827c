"""Real servers for the tests that need a network between client and server: an app under
uvicorn in a thread, or `wizarena serve` as a child process."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

HOST = "127.0.0.1"
START_S = 30.0  # a deadline for a server to come up, not a timing assertion


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextmanager
def in_thread(app: Any) -> Iterator[str]:
    """Serve an ASGI app on a free loopback port; yields 'host:port'."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host=HOST, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"{HOST}:{port}"
    finally:
        server.should_exit = True
        thread.join(START_S)


class ServeProcess:
    """`wizarena serve` in a child process on a free port, its output in a log file."""

    def __init__(self, db_url: str, log_path: Path, args: tuple[str, ...] = ()) -> None:
        self.db_url = db_url
        self.args = args  # more options of `serve`
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServeProcess:
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "wizarena.cli", "serve", "--host", HOST, "--port", str(self.port),
                 "--db", self.db_url, *self.args], stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"wizarena serve exited with {self.proc.returncode}: {self.log()[-3000:]}")
            try:
                if httpx.get(self.base + "/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"wizarena serve did not answer: {self.log()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(START_S)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(START_S)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
