"""Where the chunks of a simulation run: this process, a local process pool, or Ray.

Every backend takes the same tasks and yields their results in task order, with at most
two tasks per worker in flight: results wait to be written in order and never pile up
in memory, and the counts cannot depend on which worker played which chunk (each game is
seeded by its index alone). A backend only moves work around; the games are played by
`run` (the simulation's chunk runner), the same function everywhere.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
from collections import deque
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any, TypeVar
from urllib.parse import urlsplit

from wizarena.core import WizarenaError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("pool", "ray")
CONNECT_TIMEOUT_S = 5.0  # how long an explicit Ray address gets to answer before we give up
RAY_INSTALL = "pip install 'wizarena[ray]'"


def in_process(run: Callable[[T], R], tasks: Iterator[T]) -> Iterator[R]:
    """The tasks one after the other, here: no start-up cost, for one worker."""
    return map(run, tasks)


def _quiet_worker() -> None:
    # Ctrl-C reaches the whole process group; only the parent should react and report.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_pool(run: Callable[[T], R], tasks: Iterator[T], workers: int) -> Iterator[R]:
    """The tasks over `workers` local processes."""
    # "spawn" everywhere: workers start clean (no threads or locks inherited from a parent
    # that may be drawing a progress bar) and the behaviour is the same on every platform.
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers, initializer=_quiet_worker) as pool:
        pending = deque(pool.apply_async(run, (t,)) for t in islice(tasks, 2 * workers))
        while pending:
            result = pending.popleft().get()
            nxt = next(tasks, None)
            if nxt is not None:
                pending.append(pool.apply_async(run, (nxt,)))
            yield result


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise WizarenaError(f"--backend ray needs Ray, which is not installed: {RAY_INSTALL}") from None
    return ray


def check_address(address: str) -> None:
    """Fail within seconds, in one line, on an address nothing answers at: Ray itself would
    keep retrying for a minute or more. 'auto' (a cluster started on this machine with
    `ray start --head`) is left to Ray, which answers at once when there is none."""
    if address == "auto":
        return
    parts = urlsplit(address if "://" in address else f"ray://{address}")
    if parts.scheme != "ray":
        raise WizarenaError(f"--address must be auto, ray://HOST:PORT or HOST:PORT, not {address[:80]!r}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if not host or port is None:
        raise WizarenaError(f"--address {address[:80]!r} names no host and port (ray://HOST:PORT)")
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise WizarenaError(f"no Ray cluster answers at {host}:{port} ({exc.strerror or exc})") from None


class RayCluster:
    """Ray for the length of one simulation: joins the cluster at `address`, or starts a
    private local one with `workers` CPUs, and leaves it (shutting down the private one)."""

    def __init__(self, address: str | None, workers: int | None) -> None:
        self.ray = _import_ray()
        self.address = address
        self.workers = workers
        self._started = False

    def __enter__(self) -> RayCluster:
        ray = self.ray
        if ray.is_initialized():  # a program that set Ray up itself (a notebook, a test)
            return self
        options: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR,
                                       configure_logging=True)
        if self.address is None:
            options["num_cpus"] = self.workers or os.cpu_count() or 1
        else:
            check_address(self.address)
            options["address"] = self.address
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = "a local Ray" if self.address is None else f"the Ray cluster at {self.address}"
            raise WizarenaError(f"could not start {where}: {' '.join(str(exc).split())[:300]}") from None
        self._started = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            self.ray.shutdown()

    def cpus(self) -> int:
        """The CPUs the cluster offers: the default number of workers on a cluster."""
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))


def in_ray(run: Callable[[T], R], tasks: Iterator[T], cluster: RayCluster, workers: int) -> Iterator[R]:
    """The tasks as Ray tasks of one CPU each, at most `workers` of them running at once
    however many CPUs the cluster has. A finished task is replaced at once, even when it is
    not the next to be yielded (results wait in Ray's object store, at most a few)."""
    ray = cluster.ray
    remote = ray.remote(num_cpus=1, max_retries=0)(run)
    pending: deque[Any] = deque()  # submitted and not yet yielded, in task order
    running: set[Any] = set()
    more = True
    try:
        while True:
            while more and len(running) < workers and len(pending) < 4 * workers:
                task = next(tasks, None)
                if task is None:
                    more = False
                    break
                ref = remote.remote(task)
                pending.append(ref)
                running.add(ref)
            if not pending:
                return
            if pending[0] in running:
                ready, _ = ray.wait(list(running), num_returns=1)
                running.difference_update(ready)
                continue
            try:
                result = ray.get(pending.popleft())
            except ray.exceptions.RayTaskError as exc:  # the worker's own exception, re-raised here
                raise exc.as_instanceof_cause() from None
            yield result
    finally:
        for ref in running:  # an interrupted run leaves nothing playing on the cluster
            ray.cancel(ref, force=True)
