"""Where computer players think: a few worker processes, each move under a wall-clock budget.

Python cannot stop a thread, so a computer move that must be bounded from outside the
agent has to run where it can be stopped: a process. A move is sent to an idle worker as
(agent spec, agent seed, the table's record, seat); the worker replays the record (the
same replay that rebuilds a table after a restart, so no live state needs pickling),
builds the agent, lets it choose, and answers with the action id. If no answer comes
within the budget the move is abandoned: the worker is killed, a fresh one takes its
place, and the caller plays a fallback move.

Fairness between tables: every table asks for one move at a time (its driver awaits each
answer), and idle workers are handed out first come, first served (an asyncio queue
wakes its waiters in order), so a table whose agent always uses its whole budget delays
any other table's move by at most one budget per worker ahead of it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any

from wizarena.core import Record

log = logging.getLogger("wizarena.server")

DEFAULT_MOVE_SECONDS = 5.0
MAX_MOVE_SECONDS = 600.0
DEFAULT_PROCESSES = 2
_JOIN_S = 5.0


@dataclass(frozen=True)
class MoveRequest:
    """One computer move to think about: everything a fresh process needs, and no more."""

    spec: str
    seed: int
    record: Record
    seat: int


@dataclass(frozen=True)
class MoveAnswer:
    """What came of a move: the chosen action id, or None with the reason in `problem`."""

    action_id: int | None
    problem: str = ""
    timed_out: bool = False


def think(request: MoveRequest) -> int:
    """Choose a move as the worker process does (also callable in-process, for tests)."""
    from wizarena.agents import make_agent
    from wizarena.core import Turn, replay

    game, state = replay(request.record, log=False)
    agent = make_agent(request.spec, request.seed)
    return agent.act(Turn(game, state, request.seat)).id


def _serve(conn: Connection, setup: Callable[[], None] | None) -> None:
    """The loop of one worker process: a request in, an answer out, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle: it kills us
    if setup is not None:
        setup()
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", think(request))
        except Exception as exc:  # the agent or the replay failed: the server plays a fallback
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


def _context() -> BaseContext:
    """A fork server where there is one: forking the server itself (threads, sockets,
    database connections) is unsafe, and spawning a fresh interpreter per replaced worker
    is slow; the fork server is a clean process that forks workers with the engine loaded."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
        return ctx
    return multiprocessing.get_context("spawn")


class _Worker:
    """One thinking process and the parent's end of its pipe; started on first use."""

    def __init__(self, ctx: BaseContext, setup: Callable[[], None] | None) -> None:
        self._ctx = ctx
        self._setup = setup
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.retired = False  # the server is stopping: start no process any more

    def ensure_started(self) -> None:
        if self.process is not None and self.process.is_alive():
            return
        self.stop()
        if self.retired:
            raise OSError("the server is stopping")
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(target=_serve, args=(child, self._setup), daemon=True,  # type: ignore[attr-defined]
                                    name="wizarena-thinker")
        process.start()
        child.close()
        self.process, self.conn = process, parent

    def stop(self) -> None:
        """Kill the process (it may be deep in a search that will never end) and reap it."""
        process, conn = self.process, self.conn
        self.process = self.conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(_JOIN_S)

    def ask(self, request: MoveRequest, budget_s: float) -> MoveAnswer:
        """Blocking: send the move and wait at most `budget_s` for the answer. Starting the
        process is not counted: only the thinking is the move's."""
        try:
            self.ensure_started()
            if self.retired:  # close() came while this process was starting
                self.stop()
                return MoveAnswer(None, "the server is stopping")
            assert self.conn is not None
            self.conn.send(request)
            if not self.conn.poll(budget_s):
                self.replace()
                return MoveAnswer(None, f"no answer within the move budget of {budget_s:g} s", timed_out=True)
            kind, value = self.conn.recv()
        except Exception as exc:  # the process died, or the request could not be sent
            self.stop()
            return MoveAnswer(None, f"the thinking process failed ({type(exc).__name__}: {exc})")
        if kind == "ok":
            return MoveAnswer(int(value))
        return MoveAnswer(None, str(value))

    def replace(self) -> None:
        """Kill the process that overran its budget and start its successor at once, so the
        next move finds a worker ready."""
        self.stop()
        try:
            self.ensure_started()
        except OSError:  # stopping, or the system refused a process: the next move tries again
            self.stop()


class Thinkers:
    """The worker processes of one server worker, shared fairly by all its tables."""

    def __init__(self, processes: int = DEFAULT_PROCESSES, move_seconds: float = DEFAULT_MOVE_SECONDS,
                 setup: Callable[[], None] | None = None) -> None:
        if not 1 <= processes <= 64:
            raise ValueError(f"agent processes must be from 1 to 64, not {processes}")
        if not 0 < move_seconds <= MAX_MOVE_SECONDS:
            raise ValueError(f"the move budget must be above 0 and at most {MAX_MOVE_SECONDS:g} s")
        self.move_seconds = move_seconds
        ctx = _context()
        self.workers = [_Worker(ctx, setup) for _ in range(processes)]
        # Blocking pipe waits run here, never in the default pool the database calls use.
        self._threads = ThreadPoolExecutor(max_workers=processes, thread_name_prefix="wizarena-think")
        self._idle: asyncio.Queue[_Worker] | None = None
        self.closed = False

    def _queue(self) -> asyncio.Queue[_Worker]:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for w in self.workers:
                self._idle.put_nowait(w)
        return self._idle

    async def move(self, request: MoveRequest) -> MoveAnswer:
        """Think one move in the next idle worker (first come, first served)."""
        if self.closed:
            return MoveAnswer(None, "the server is stopping")
        idle = self._queue()
        worker = await idle.get()
        try:
            future = asyncio.get_running_loop().run_in_executor(self._threads, worker.ask, request,
                                                                self.move_seconds)
        except RuntimeError:  # the pool was shut down: the server is stopping
            return MoveAnswer(None, "the server is stopping")
        # The worker is idle again when its wait is over, not when this caller stops
        # waiting (a table that is closed while its computer thinks).
        future.add_done_callback(lambda _: idle.put_nowait(worker))
        return await asyncio.shield(future)

    def pids(self) -> list[int]:
        """The process ids of the running workers (for tests and diagnostics)."""
        return [w.process.pid for w in self.workers if w.process is not None and w.process.pid is not None]

    def close(self) -> None:
        """Kill every worker; a wait under way returns at once, as its pipe closes."""
        self.closed = True
        for w in self.workers:
            w.retired = True
            process = w.process
            if process is not None and process.is_alive():
                process.kill()
        self._threads.shutdown(wait=True, cancel_futures=True)
        for w in self.workers:
            w.stop()
