"""Load and crash test of the web table (`wizarena serve`), on loopback only.

Starts the real server in a child process, opens many tables whose seats are all human,
and plays them with this script's own clients: one WebSocket per seat, which, whenever
its seat is to act (its seat in `to_act`, `legal` non-empty), sends
`{"type": "act", "action": <a random legal id>, "seq": <seq>}` and times the round trip
until the state that answers it. A seat's `seq` counts the moves that seat may know of
(the other seat's secret steps of a simultaneous choice are not among them), so it is
always sent, as the browser client sends it. When a game ends its slot opens a new table,
so the number of tables in play stays constant. After the measured window the server is
killed with SIGKILL while the clients are still playing; every seat's highest `seq` that
its client had received (moves acknowledged to it) is kept, the server is started again
on the same database, and `GET /api/tables/{id}/state` must show each seat at least that
many. A few tables must then accept a further action.

    python benchmarks/load_server.py                          # 500 tables, 30 s, SQLite
    python benchmarks/load_server.py --tables 100 --duration 10 --json
    python benchmarks/load_server.py --db postgresql://wizarena:wizarena@127.0.0.1:5432/bench --workers 2
    python benchmarks/load_server.py --think-ms 1000          # people-like pace instead of flat out

Every client comes from 127.0.0.1, so the server is started with the limits that count by
address opened up through `serve`'s own options (`SERVER_LIMITS`: new tables, open
tables, connections per address, and a connection cap that fits every seat's socket);
the output's first line shows the command. The per-seat and per-connection limits stay
at their defaults, as people meet them. Tables are opened without a seed (a table where
two people sit is dealt from a secret one), as the lobby opens them.

By default the clients act as soon as they may (a closed loop: the server is saturated
and the round trip measures its queue); --think-ms makes each seat wait about that long
(0.5x to 1.5x, at random) before acting. The clients run on the same machine as the
server: their CPU share is reported beside the server's. Exit status 1 when an
acknowledged action was lost or the run failed; the targets are reported, not enforced.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import re
import resource
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

HOST = "127.0.0.1"  # loopback only, never anything else
TARGET_TABLES = 500
TARGET_P99_MS = 50.0
MIN_SEND_INTERVAL_S = 0.04  # stays under the server's limit of 30 messages a second per connection
PENDING_TIMEOUT_S = 10.0  # an act unanswered this long is given up (and counted)
RECONNECTS = 3  # a seat whose connection drops (server alive) reconnects at most this often
STOP_GRACE_S = 15.0


@dataclass
class Table:
    id: str
    tokens: list[str]
    acked: list[int] = field(default_factory=lambda: [0, 0])  # per seat, the highest seq its client received
    finished: bool = False


@dataclass
class Stats:
    window_open: float | None = None
    window_close: float | None = None
    latencies_ms: list[float] = field(default_factory=list)
    sent: int = 0
    answered: int = 0
    rejected: int = 0  # error messages: acts refused (a stale seq, mostly)
    pending_timeouts: int = 0
    errors: Counter = field(default_factory=Counter)
    tables_created: int = 0
    create_failures: int = 0
    games_finished: int = 0
    connected_seats: int = 0
    connect_failures: int = 0
    reconnects: int = 0
    dropped_connections: int = 0

    def in_window(self, t0: float, t1: float) -> bool:
        return self.window_open is not None and t0 >= self.window_open and (
            self.window_close is None or t1 <= self.window_close
        )


def server_limits(args: argparse.Namespace) -> list[str]:
    """`serve` options for a load that comes from one address: its tables and sockets would
    otherwise be refused as one person's (a new table every 3 s, 30 open, 50 connections)."""
    sockets = args.tables * args.seats + 256  # every seat's WebSocket, the HTTP pool, the restart check
    return ["--limit", "address_creates=100000/1000", "--limit", "open_tables_per_address=100000",
            "--max-connections-per-address", "0", "--max-connections", str(sockets)]


class Server:
    """`wizarena serve` in its own process group, so SIGKILL reaches every worker."""

    def __init__(self, args: argparse.Namespace, workdir: Path, port: int) -> None:
        self.args = args
        self.workdir = workdir
        self.port = port
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.log_path = workdir / "server.log"

    def command(self) -> list[str]:
        exe = Path(sys.executable).with_name("wizarena")
        if self.args.server_cmd:
            base = shlex.split(self.args.server_cmd)
        elif exe.exists():
            base = [str(exe)]
        elif shutil.which("wizarena"):
            base = [shutil.which("wizarena")]
        else:
            base = [sys.executable, "-c", "import sys; from wizarena.cli import main; sys.exit(main())"]
        cmd = [*base, "serve", "--host", HOST, "--port", str(self.port), *server_limits(self.args)]
        if self.args.db:  # default: the server's own default, wizarena.db in its folder (our temp dir)
            cmd += ["--db", self.args.db]
        if self.args.workers:
            cmd += ["--workers", str(self.args.workers)]
        return cmd

    def start(self) -> None:
        self.starts += 1
        log = open(self.log_path, "ab")  # handed to the child, closed here after the fork
        log.write(f"\n--- start {self.starts}: {' '.join(self.command())}\n".encode())
        log.flush()
        self.proc = subprocess.Popen(self.command(), cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        if self.args.verbose:
            print(f"server pid {self.proc.pid} on {self.base_url} (log: {self.log_path})", file=sys.stderr)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    async def wait_ready(self, timeout_s: float) -> float:
        t0 = time.perf_counter()
        async with httpx.AsyncClient(base_url=self.base_url, timeout=5.0) as client:
            while time.perf_counter() - t0 < timeout_s:
                if not self.alive():
                    raise RuntimeError(f"the server exited with status {self.proc.returncode}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get("/api/games")).status_code == 200:
                        return time.perf_counter() - t0
                await asyncio.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout_s:.0f} s")

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def cpu_seconds(self) -> float | None:
        """User + system CPU of every live process in the server's process group (Linux)."""
        if self.proc is None:
            return None
        pgid = self.proc.pid
        return _cpu_seconds(lambda comm, pgrp: pgrp == pgid)

    def kill(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is None or not self.alive():
            self.kill()
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=STOP_GRACE_S)
        except subprocess.TimeoutExpired:
            pass
        self.kill()  # the group: workers that outlived their master

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join("  server| " + line for line in text[-lines:])


class Load:
    def __init__(self, args: argparse.Namespace, server: Server) -> None:
        self.args = args
        self.server = server
        self.rng = random.Random(args.seed)
        self.stats = Stats()
        self.tables: list[Table] = []
        self.stop = asyncio.Event()
        self.server_down = False
        self.all_connected = asyncio.Event()
        self.initial_seats = 0
        self.connect_sem = asyncio.Semaphore(64)
        self.http_sem = asyncio.Semaphore(32)
        self.http: httpx.AsyncClient | None = None
        self.load_before: str | None = None  # /proc/loadavg before the server started

    # --- tables -------------------------------------------------------------------------------
    async def create_table(self) -> Table | None:
        body = {"game": self.args.game, "variant": self.args.variant, "seats": [{"kind": "human"}] * self.args.seats,
                "config": {}, "timeout_s": 3600}
        async with self.http_sem:
            try:
                r = await self.http.post("/api/tables", json=body)
            except httpx.HTTPError as exc:
                if not self.server_down:  # a request the kill cut short is no failure
                    self.stats.create_failures += 1
                    self.stats.errors[f"POST /api/tables: {type(exc).__name__}"] += 1
                return None
        if r.status_code != 201:
            self.stats.create_failures += 1
            self.stats.errors[f"POST /api/tables: {r.status_code} {r.text[:80]}"] += 1
            return None
        data = r.json()
        tokens = [s.get("token", "") for s in sorted(data["seats"], key=lambda s: s["seat"])]
        table = Table(id=data["id"], tokens=tokens)
        self.tables.append(table)
        self.stats.tables_created += 1
        return table

    async def slot(self, first: bool) -> None:
        """One table position: plays a table to its end, then opens another, until stopped.
        With --ramp, the first table opens at a random moment of the ramp, as people arrive."""
        if first and self.args.ramp > 0:
            await asyncio.sleep(self.rng.uniform(0.0, self.args.ramp))
        while not self.stop.is_set():
            table = await self.create_table()
            if table is None:
                if first:
                    self.count_initial(self.args.seats)  # don't hold the window up for a failed slot
                    first = False
                await asyncio.sleep(1.0)
                continue
            await asyncio.gather(*(self.seat(table, s, first) for s in range(self.args.seats)))
            first = False
            if table.finished:
                self.stats.games_finished += 1

    def count_initial(self, n: int = 1) -> None:
        self.initial_seats += n
        if self.initial_seats >= self.args.tables * self.args.seats:
            self.all_connected.set()

    # --- one seat's client --------------------------------------------------------------------
    async def seat(self, table: Table, seat: int, first: bool) -> None:
        url = f"ws://{HOST}:{self.server.port}/ws/tables/{table.id}?seat={seat}&token={quote(table.tokens[seat])}"
        attempts = 0
        while not self.stop.is_set() and not table.finished:
            try:
                async with self.connect_sem:
                    ws = await connect(url, max_size=None, open_timeout=30, ping_interval=None,
                                       compression="deflate" if self.args.ws_compression else None)
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as exc:
                # ConnectionClosed: the server went down in the middle of the handshake (the kill)
                if not self.server_down:
                    self.stats.connect_failures += 1
                    self.stats.errors[f"connect: {type(exc).__name__}: {str(exc)[:60]}"] += 1
                ws = None
            if first:
                self.count_initial()
                first = False
            if ws is None:
                break
            self.stats.connected_seats += 1
            try:
                await self.play(ws, table, seat)
            finally:
                self.stats.connected_seats -= 1
                await ws.close()
            if table.finished or self.stop.is_set() or self.server_down:
                break
            self.stats.dropped_connections += 1
            attempts += 1
            if attempts > RECONNECTS:
                break
            self.stats.reconnects += 1
            await asyncio.sleep(0.5)

    async def play(self, ws: Any, table: Table, seat: int) -> None:
        st = self.stats
        think_s = self.args.think_ms / 1000.0
        state: dict[str, Any] | None = None
        turn_since = 0.0  # when the state that made this seat to act arrived
        think = 0.0
        acted_on: int | None = None  # seq of the state last acted on: one act per state
        pending: tuple[int, float] | None = None  # (seq sent, when)
        last_send = 0.0
        while not self.stop.is_set():
            now = time.perf_counter()
            wake = now + 1.0  # look at the stop flag at least once a second
            if pending is not None:
                wake = min(wake, pending[1] + PENDING_TIMEOUT_S)
            elif state is not None and state["seq"] != acted_on and state["legal"]:
                due = max(turn_since + think, last_send + MIN_SEND_INTERVAL_S)
                if due <= now:
                    seq = state["seq"]
                    action = self.rng.choice(state["legal"])["id"]
                    message: dict[str, Any] = {"type": "act", "action": action, "seq": seq}
                    last_send = time.perf_counter()
                    await ws.send(json.dumps(message))
                    pending = (seq, last_send)
                    acted_on = seq
                    st.sent += 1
                    continue
                wake = min(wake, due)
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.0, wake - now))
            except TimeoutError:
                if pending is not None and time.perf_counter() - pending[1] >= PENDING_TIMEOUT_S:
                    st.pending_timeouts += 1
                    pending = None
                    acted_on = None  # allow one more try on the same state
                continue
            except ConnectionClosed:
                return
            t = time.perf_counter()
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "state":
                seq = msg["seq"]
                if seq > table.acked[seat]:
                    table.acked[seat] = seq
                if pending is not None and seq > pending[0]:
                    # The round trip ends at the first newer state: ours, or a change this seat
                    # sees that came first (then ours is refused as stale and chosen again).
                    t0 = pending[1]
                    pending = None
                    st.answered += 1
                    if st.in_window(t0, t):
                        st.latencies_ms.append((t - t0) * 1000.0)
                if msg["legal"] and (state is None or seq != state["seq"]):
                    turn_since = t
                    think = think_s * self.rng.uniform(0.5, 1.5) if think_s else 0.0
                state = msg
                if msg.get("status") == "finished" or not msg["to_act"]:
                    table.finished = True
                    return
            elif kind == "error":
                st.errors["ws error: " + re.sub(r"\d+", "N", str(msg.get("message", "")))[:70]] += 1
                st.rejected += 1  # an act refused: a stale seq, or a race the server judged against us
                pending = None

    # --- the run ------------------------------------------------------------------------------
    async def run(self) -> dict[str, Any]:
        args, st = self.args, self.stats
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        async with httpx.AsyncClient(base_url=self.server.base_url, timeout=60.0, limits=limits) as http:
            self.http = http
            t_start = time.perf_counter()
            slots = [asyncio.create_task(self.slot(first=True)) for _ in range(args.tables)]
            try:
                await asyncio.wait_for(self.all_connected.wait(), timeout=args.warmup_timeout)
            except TimeoutError:
                print(f"warning: only {self.initial_seats} of {args.tables * args.seats} seats connected after "
                      f"{args.warmup_timeout:.0f} s; measuring anyway", file=sys.stderr)
            setup_s = time.perf_counter() - t_start
            if args.warmup > 0:
                await asyncio.sleep(args.warmup)
            answered0 = st.answered
            load0 = _loadavg()
            cpu_server0, cpu_client0, machine0 = self.server.cpu_seconds(), _own_cpu(), _machine_busy()
            cpu_pg0 = _postgres_cpu()
            st.window_open = time.perf_counter()
            await asyncio.sleep(args.duration)
            st.window_close = time.perf_counter()
            answered1 = st.answered
            cpu_server1, cpu_client1, machine1 = self.server.cpu_seconds(), _own_cpu(), _machine_busy()
            cpu_pg1 = _postgres_cpu()
            load1 = _loadavg()
            seats_at_kill = st.connected_seats
            window = st.window_close - st.window_open

            # SIGKILL in the middle of play: clients are still sending.
            self.server_down = True
            self.server.kill()
            self.stop.set()
            done, still = await asyncio.wait(slots, timeout=STOP_GRACE_S)
            for task in still:
                task.cancel()
            await asyncio.gather(*still, return_exceptions=True)
            for task in done:
                if task.exception() is not None:
                    raise task.exception()
            acked = {t.id: t.acked[:] for t in self.tables}

            # Restart on the same database and check every acknowledged action is there.
            self.server.start()
            restart_s = await self.server.wait_ready(args.startup_timeout)
            lost, short_tables, checked, ahead, missing = 0, [], 0, 0, 0
            states: dict[str, dict[int, dict[str, Any]]] = {}

            async def check(table: Table) -> None:
                """Every seat's count after the restart is at least what its client was sent."""
                nonlocal lost, checked, ahead, missing
                checked += 1
                for seat, token in enumerate(table.tokens):
                    async with self.http_sem:
                        try:
                            r = await http.get(f"/api/tables/{table.id}/state", headers={"X-Seat-Token": token})
                            status: int | str = r.status_code
                        except httpx.HTTPError as exc:
                            status = type(exc).__name__
                    was = acked[table.id][seat]
                    if status != 200:
                        missing += 1
                        lost += was
                        short_tables.append({"id": table.id, "seat": seat, "acked": was, "status": status})
                        return
                    data = r.json()
                    states.setdefault(table.id, {})[seat] = data
                    seq = int(data["seq"])
                    if seq < was:
                        lost += was - seq
                        short_tables.append({"id": table.id, "seat": seat, "acked": was, "seq": seq})
                    elif seq > was:
                        ahead += 1

            await asyncio.gather(*(check(t) for t in self.tables))
            resumed, resume_tried = await self.resume_check(http, states)

        lat = sorted(st.latencies_ms)
        result = {
            "server": {"command": " ".join(self.server.command()), "db": args.db or "sqlite (server default file)",
                       "workers": args.workers or 1},
            "game": args.game if args.variant is None else f"{args.game}/{args.variant}",
            "tables": args.tables,
            "websockets": args.tables * args.seats,
            "think_ms": args.think_ms,
            "ramp_s": args.ramp,
            "ws_compression": args.ws_compression,
            "setup_s": round(setup_s, 2),
            "window_s": round(window, 2),
            "actions": answered1 - answered0,
            "actions_per_s": round((answered1 - answered0) / window, 1) if window > 0 else 0.0,
            "latency_samples": len(lat),
            "latency_ms": {"p50": _pct(lat, 50), "p90": _pct(lat, 90), "p99": _pct(lat, 99),
                           "max": round(lat[-1], 2) if lat else None},
            "acts_sent": st.sent,
            "acts_rejected": st.rejected,
            "pending_timeouts": st.pending_timeouts,
            "errors": dict(st.errors.most_common(10)),
            "tables_created": st.tables_created,
            "create_failures": st.create_failures,
            "games_finished": st.games_finished,
            "connect_failures": st.connect_failures,
            "dropped_connections": st.dropped_connections,
            "server_cpu_pct": _pct_of(cpu_server1, cpu_server0, window),
            "client_cpu_pct": _pct_of(cpu_client1, cpu_client0, window),
            "postgres_cpu_pct": _pct_of(cpu_pg1, cpu_pg0, window),  # every PostgreSQL process on the machine
            "machine_cpu_pct": _machine_pct(machine1, machine0),  # everything, other users included
            "cores": os.cpu_count(),
            "loadavg": {"before_start": self.load_before, "window_open": load0, "window_close": load1},
            "kill": {"signal": "SIGKILL", "connected_seats": seats_at_kill,
                     "acked_actions": sum(sum(a) for a in acked.values()), "tables": len(acked)},
            "restart_s": round(restart_s, 2),
            "checked_tables": checked,
            "tables_ahead": ahead,  # more actions stored than acknowledged: fine (in flight at the kill)
            "tables_missing": missing,
            "actions_lost": lost,
            "short_tables": short_tables[:20],
            "resumed": f"{resumed}/{resume_tried}",
        }
        result["targets"] = {
            "tables>=500": args.tables >= TARGET_TABLES,
            "p99<50ms": lat != [] and result["latency_ms"]["p99"] < TARGET_P99_MS,
            "lost==0": lost == 0 and checked == len(acked),
        }
        return result

    async def resume_check(self, http: httpx.AsyncClient, states: dict[str, dict[int, dict[str, Any]]]
                           ) -> tuple[int, int]:
        """The restarted server must take a further action on a table that was in play: from
        the first seat whose state offers one, with the seq it was shown."""
        open_tables = [t for t in self.tables if any(s.get("legal") for s in states.get(t.id, {}).values())]
        tried = ok = 0
        for table in open_tables[: self.args.resume_checks]:
            seat, data = next((q, s) for q, s in sorted(states[table.id].items()) if s.get("legal"))
            headers = {"X-Seat-Token": table.tokens[seat]}
            tried += 1
            try:
                body = {"action": data["legal"][0]["id"], "seq": data["seq"]}
                r = await http.post(f"/api/tables/{table.id}/actions", json=body, headers=headers)
            except httpx.HTTPError as exc:
                self.stats.errors[f"resume: {type(exc).__name__}"] += 1
                continue
            if r.status_code == 200 and r.json().get("seq") == data["seq"] + 1:
                ok += 1
            else:
                self.stats.errors[f"resume: act {r.status_code} {r.text[:60]}"] += 1
        return ok, tried


def _cpu_seconds(select: Callable[[bytes, int], bool]) -> float | None:
    """CPU seconds of the live processes that `select(comm, pgrp)` picks, and of their ended
    children (Linux /proc)."""
    total = 0
    try:
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    head, _, tail = f.read().rpartition(b")")
            except OSError:
                continue
            fields = tail.split()
            if select(head.partition(b"(")[2], int(fields[2])):
                # utime, stime, and cutime, cstime: what its ended children used (PostgreSQL backends)
                total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    except (OSError, ValueError, IndexError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


def _postgres_cpu() -> float | None:
    return _cpu_seconds(lambda comm, pgrp: comm == b"postgres")


def _machine_busy() -> tuple[float, float] | None:
    """(busy, total) jiffies of all cores since boot, from /proc/stat (Linux)."""
    try:
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = values[3] + (values[4] if len(values) > 4 else 0)  # idle + iowait
    return float(sum(values) - idle), float(sum(values))


def _machine_pct(end: tuple[float, float] | None, start: tuple[float, float] | None) -> float | None:
    """Busy share of the whole machine over the window, in percent of one core (2 cores: 200)."""
    if end is None or start is None or end[1] <= start[1]:
        return None
    return round(100.0 * (os.cpu_count() or 1) * (end[0] - start[0]) / (end[1] - start[1]), 1)


def _loadavg() -> str | None:
    """The 1, 5 and 15 minute load averages (Linux): other work on the machine shows here."""
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return None


def _own_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def _pct(sorted_values: list[float], p: float) -> float | None:
    if not sorted_values:
        return None
    k = min(len(sorted_values) - 1, max(0, math.ceil(p / 100.0 * len(sorted_values)) - 1))  # nearest rank
    return round(sorted_values[k], 2)


def _pct_of(end: float | None, start: float | None, window: float) -> float | None:
    if end is None or start is None or window <= 0:
        return None
    return round(100.0 * (end - start) / window, 1)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _raise_fd_limit(need: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, need)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))  # the server inherits it too
    if want < need:
        print(f"warning: open files limited to {want}, {need} wanted", file=sys.stderr)


def _report(r: dict[str, Any]) -> str:
    lat = r["latency_ms"]
    t = r["targets"]
    lines = [
        f"server: {r['server']['command']}",
        "  (the options after --port open up the limits that count by address: every client here is 127.0.0.1)",
        f"game {r['game']}: {r['tables']} tables in play ({r['websockets']} WebSockets), think {r['think_ms']} ms, "
        f"first tables opened over {r['ramp_s']} s, set up in {r['setup_s']} s",
        f"window {r['window_s']} s: {r['actions']} actions = {r['actions_per_s']} actions/s; round trip "
        f"p50 {lat['p50']} ms, p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms "
        f"({r['latency_samples']} samples)",
        f"cpu (100% = one core): server {r['server_cpu_pct']}%, clients {r['client_cpu_pct']}%, postgres "
        f"{r['postgres_cpu_pct']}%, whole machine "
        f"{r['machine_cpu_pct']}% of {r['cores']} cores' {100 * (r['cores'] or 1)}%; load average (1 5 15 min) "
        f"{r['loadavg']['before_start']} before the server started, {r['loadavg']['window_open']} at the "
        f"window's start, {r['loadavg']['window_close']} at its end",
        f"tables created {r['tables_created']} (failed {r['create_failures']}), games finished "
        f"{r['games_finished']}; acts sent {r['acts_sent']}, rejected {r['acts_rejected']}, unanswered "
        f"{r['pending_timeouts']}; connect failures {r['connect_failures']}, dropped {r['dropped_connections']}",
    ]
    if r["errors"]:
        lines.append("errors: " + "; ".join(f"{k} x{v}" for k, v in r["errors"].items()))
    k = r["kill"]
    lines += [
        f"SIGKILL with {k['connected_seats']} seats connected: {k['acked_actions']} actions acknowledged "
        f"on {k['tables']} tables",
        f"restart: ready in {r['restart_s']} s; checked {r['checked_tables']} tables "
        f"({r['tables_ahead']} had more than acknowledged, {r['tables_missing']} missing)",
        f"actions lost: {r['actions_lost']}"
        + "".join(f"\n  table {t['id']} seat {t['seat']}: acknowledged {t['acked']}, after the restart "
                  f"{t.get('seq', t.get('status'))}" for t in r["short_tables"][:5]),
        f"resume: {r['resumed']} tables took a further action after the restart",
        "targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in t.items()),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=TARGET_TABLES, help="tables in play at once (default 500)")
    ap.add_argument("--duration", type=float, default=30.0, help="measured seconds before the kill (default 30)")
    ap.add_argument("--warmup", type=float, default=2.0, help="seconds of play before the window opens")
    ap.add_argument("--ramp", type=float, default=0.0,
                    help="open the first tables over this many seconds instead of all at once (default 0)")
    ap.add_argument("--db", default=None, help="database URL (default: the server's SQLite file in a temp dir)")
    ap.add_argument("--workers", type=int, default=None, help="server worker processes (PostgreSQL)")
    ap.add_argument("--game", default="cup")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--seats", type=int, default=2, help="seats per table (the game's player count)")
    ap.add_argument("--think-ms", type=float, default=0.0, help="mean wait before each act (default 0)")
    ap.add_argument("--no-ws-compression", dest="ws_compression", action="store_false",
                    help="don't offer permessage-deflate (browsers do)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--port", type=int, default=0, help="server port on 127.0.0.1 (default: a free one)")
    ap.add_argument("--startup-timeout", type=float, default=120.0)
    ap.add_argument("--warmup-timeout", type=float, default=180.0, help="limit for opening every table")
    ap.add_argument("--resume-checks", type=int, default=20)
    ap.add_argument("--server-cmd", default=None,
                    help="command to run instead of `wizarena` (then: serve --host --port, the limits, "
                         "[--db] [--workers])")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (server log, SQLite file)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="say on stderr where the server runs")
    args = ap.parse_args(argv)
    if args.tables < 1 or args.duration <= 0 or args.duration > 3600:
        ap.error("--tables must be >= 1 and --duration in (0, 3600]")

    _raise_fd_limit(args.tables * args.seats + 256)
    # The clients are one process holding a thousand connections: with the collector's
    # default thresholds its own full collections (tens of ms) would be timed as the
    # server's round trip. The server tunes its collector the same way (server/app.py).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    workdir = Path(tempfile.mkdtemp(prefix="wizarena-load-"))
    server = Server(args, workdir, args.port or _free_port())
    limit_s = args.startup_timeout * 2 + args.warmup_timeout + args.warmup + args.duration + 300

    async def go() -> dict[str, Any]:
        load = Load(args, server)
        load.load_before = _loadavg()
        server.start()
        await server.wait_ready(args.startup_timeout)
        return await asyncio.wait_for(load.run(), timeout=limit_s)

    result: dict[str, Any] | None = None
    try:
        try:
            import uvloop
        except ImportError:
            uvloop = None
        with asyncio.Runner(loop_factory=uvloop.new_event_loop if uvloop else None) as runner:
            result = runner.run(go())
    except (RuntimeError, TimeoutError, httpx.HTTPError) as exc:
        print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)
        print(server.log_tail(), file=sys.stderr)
        return 1
    finally:
        server.stop()
        # A lost move: keep the database and the server's log to look into.
        if args.keep or (result is not None and result["actions_lost"]):
            print(f"kept {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    assert result is not None
    print(json.dumps(result, indent=2) if args.json else _report(result))
    return 0 if result["targets"]["lost==0"] else 1


if __name__ == "__main__":
    sys.exit(main())
