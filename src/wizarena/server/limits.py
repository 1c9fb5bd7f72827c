"""The web table's limits, and the token buckets that enforce its rate limits.

Every number a client could otherwise push without bound is here, with its default, so
that `create_app(limits=Limits(...))` changes any of them (docs/web.md, "Limits"). A rate
limit is a token bucket: `burst` moves may come at once, and the bucket refills at
`per_s` a second; a request that finds it empty is refused with how long to wait
(HTTP 429 with Retry-After, or the WebSocket protocol's error message), and changes
nothing.

One worker keeps its buckets in memory, on the app's clock. Workers that share a
PostgreSQL database keep them in it (`SharedBuckets`), or N workers would allow N times
every limit: a seat connected to two workers, or an address whose requests the kernel
spreads over them, would go twice as fast.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from wizarena.core import WizarenaError

from .errors import TableError
from .thinking import DEFAULT_MOVE_SECONDS, DEFAULT_PROCESSES, MAX_MOVE_SECONDS

MAX_BUCKETS = 50_000  # keys remembered per limit; the least recently used is forgotten
SWEEP_EVERY = 1000  # shared buckets: forget the full ones after this many takes of a worker


@dataclass(frozen=True)
class Rate:
    """`burst` at once, then `per_s` a second."""

    burst: int
    per_s: float

    def __post_init__(self) -> None:
        if self.burst < 1 or not self.per_s > 0:
            raise ValueError(f"a rate needs a burst of at least 1 and a refill above 0, not {self}")


@dataclass(frozen=True)
class Limits:
    """Every limit of one app. The defaults leave real play untouched; tests shrink them."""

    # one WebSocket connection: messages of any kind, and their size
    rate: int = 30  # messages ...
    window_s: float = 1.0  # ... within this many seconds, or the connection is closed (1008)
    max_bytes: int = 4096
    # moves of one seat, over all its connections and HTTP together
    seat_moves: Rate = field(default_factory=lambda: Rate(30, 10.0))
    # HTTP requests from one client address
    address_moves: Rate = field(default_factory=lambda: Rate(60, 20.0))  # moves and hand-overs
    address_creates: Rate = field(default_factory=lambda: Rate(20, 1 / 3))  # new tables
    open_tables_per_address: int = 30  # open (not finished, not abandoned) tables it created
    # the lobby's list
    abandon_after_s: float = 30 * 60.0  # no move and no human connected for this long
    page_max: int = 100  # tables per page at most (the default page is 20)
    # computer players
    move_seconds: float = DEFAULT_MOVE_SECONDS  # wall clock for one computer move
    agent_processes: int = DEFAULT_PROCESSES  # computer moves thought at once

    def __post_init__(self) -> None:
        checks = [("rate", self.rate >= 1, "at least 1"), ("window_s", self.window_s > 0, "above 0"),
                  ("max_bytes", self.max_bytes >= 1, "at least 1"),
                  ("open_tables_per_address", self.open_tables_per_address >= 1, "at least 1"),
                  ("abandon_after_s", self.abandon_after_s >= 0, "at least 0"),
                  ("page_max", self.page_max >= 1, "at least 1"),
                  ("move_seconds", 0 < self.move_seconds <= MAX_MOVE_SECONDS,
                   f"above 0 and at most {MAX_MOVE_SECONDS:g}"),
                  ("agent_processes", 1 <= self.agent_processes <= 64, "from 1 to 64")]
        for name, ok, wanted in checks:
            if not ok:
                raise ValueError(f"limit {name} must be {wanted}, not {getattr(self, name)}")


def parse_limits(text: str) -> Limits:
    """Limits from `name=value,...` (a rate as `burst/per_s`, e.g. `seat_moves=30/10`), as
    `wizarena serve --limit` and the WIZARENA_LIMITS variable give them; a bad name or
    value is a one-line error."""
    types = {f.name: f.type for f in dataclasses.fields(Limits)}
    values: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, raw = (x.strip() for x in part.partition("="))
        if not eq or name not in types:
            raise WizarenaError(f"unknown limit {part!r}: use name=value with a name among {', '.join(types)}")
        try:
            if types[name] == "Rate":
                burst, slash, per_s = raw.partition("/")
                if not slash:
                    raise ValueError
                values[name] = Rate(int(burst), float(per_s))
            else:
                values[name] = int(raw) if types[name] == "int" else float(raw)
            if isinstance(values[name], float) and not math.isfinite(values[name]):  # type: ignore[arg-type]
                raise ValueError
        except ValueError:
            shape = "burst/per_s, e.g. 30/10" if types[name] == "Rate" else f"a finite {types[name]}"
            raise WizarenaError(f"limit {name}={raw!r} must be {shape}") from None
    try:
        return Limits(**values)  # type: ignore[arg-type]
    except ValueError as exc:
        raise WizarenaError(str(exc)) from None


class RateLimited(TableError):
    """A refusal for going too fast: HTTP 429 with Retry-After, or a WebSocket error."""

    def __init__(self, message: str, retry_after_s: float) -> None:
        super().__init__(429, message)
        self.retry_after_s = retry_after_s

    @property
    def retry_after_header(self) -> str:
        return str(max(1, math.ceil(self.retry_after_s)))


class Buckets:
    """One token bucket per key (a seat, an address), all with the same rate."""

    def __init__(self, rate: Rate, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: OrderedDict[Hashable, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def take(self, key: Hashable) -> float:
        """Spend one token of `key`'s bucket: 0.0 if there was one, else the seconds until
        there will be (and nothing is spent)."""
        now = self.clock()
        tokens, when = self._buckets.pop(key, (float(self.rate.burst), now))
        tokens = min(float(self.rate.burst), tokens + max(0.0, now - when) * self.rate.per_s)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate.per_s
        self._buckets[key] = (tokens, now)
        if len(self._buckets) > MAX_BUCKETS:
            self._buckets.popitem(last=False)
        return wait

    async def check(self, key: Hashable, what: str) -> None:
        """Spend one token or raise RateLimited naming `what` went too fast."""
        refuse(self.rate, self.take(key), what)


def refuse(rate: Rate, wait: float, what: str) -> None:
    if wait:
        raise RateLimited(f"too many {what}: at most {rate.burst} at once and {rate.per_s:g} "
                          f"a second; try again in {wait:.1f} s", wait)


# The generic cell rate algorithm: a bucket is one number, its theoretical arrival time
# (tat), and a take is one atomic upsert. A take at `now` is allowed when tat - now is at
# most (burst - 1) intervals, and then moves tat one interval on: exactly a token bucket
# of `burst` refilled at `per_s`. The database's clock is the one clock all workers share.
_TAKE = text("""
    WITH clock AS (SELECT extract(epoch FROM clock_timestamp())::float8 AS now)
    INSERT INTO rate_buckets AS b (key, tat) SELECT :key, clock.now + :interval FROM clock
    ON CONFLICT (key) DO UPDATE SET tat = GREATEST(b.tat, excluded.tat - :interval) + :interval
    WHERE GREATEST(b.tat, excluded.tat - :interval) - (excluded.tat - :interval) <= :tolerance
    RETURNING tat""")
_WAIT = text("SELECT tat - extract(epoch FROM clock_timestamp())::float8 FROM rate_buckets WHERE key = :key")
_SWEEP = text("DELETE FROM rate_buckets WHERE tat < extract(epoch FROM clock_timestamp())::float8")


class SharedBuckets:
    """Buckets kept in a PostgreSQL database, so that every worker on it spends from the
    same ones. A take is one statement in autocommit (one round trip), run in a thread."""

    def __init__(self, name: str, rate: Rate, engine: Engine) -> None:
        self.name = name
        self.rate = rate
        self.engine = engine.execution_options(isolation_level="AUTOCOMMIT")
        self.takes = 0

    def take(self, key: Hashable) -> float:
        """Spend one token of `key`'s bucket: 0.0 if there was one, else the seconds until
        there will be (and nothing is spent)."""
        interval = 1.0 / self.rate.per_s
        tolerance = (self.rate.burst - 1) * interval
        name = f"{self.name}:{':'.join(map(str, key)) if isinstance(key, tuple) else key}"[:160]
        self.takes += 1
        for attempt in (0, 1):  # once more on a dead connection, as Store does (no pings)
            try:
                with self.engine.connect() as conn:
                    if self.takes % SWEEP_EVERY == 0:  # a bucket whose tat has passed is full: no row needed
                        conn.execute(_SWEEP)
                    if conn.execute(_TAKE, {"key": name, "interval": interval, "tolerance": tolerance}).first():
                        return 0.0
                    ahead = conn.execute(_WAIT, {"key": name}).scalar()
                return max(1e-3, float(ahead or 0.0) - tolerance)
            except DBAPIError as exc:
                if attempt or not exc.connection_invalidated:
                    raise
        raise AssertionError("unreachable")

    async def check(self, key: Hashable, what: str) -> None:
        refuse(self.rate, await asyncio.to_thread(self.take, key), what)


def address_key(host: str | None) -> str:
    """The key of a client address: IPv6 clients are grouped by their /64 (one network is
    one household or one machine's many addresses); anything else is taken as it is."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped if ip.version == 6 and ip.ipv4_mapped else ip)


class RateLimits:
    """The buckets of one app: in memory over its clock, or in the database `shared` by
    several workers (then on the database's clock)."""

    def __init__(self, limits: Limits, clock: Callable[[], float], shared: Engine | None = None) -> None:
        self.limits = limits

        def buckets(name: str, rate: Rate) -> Buckets | SharedBuckets:
            return SharedBuckets(name, rate, shared) if shared is not None else Buckets(rate, clock)
        self.seat_moves = buckets("seat", limits.seat_moves)
        self.address_moves = buckets("moves", limits.address_moves)
        self.address_creates = buckets("creates", limits.address_creates)

    async def seat_move(self, table_id: str, seat: int) -> None:
        await self.seat_moves.check((table_id, seat), f"moves from seat {seat}")

    async def address_move(self, address: str) -> None:
        await self.address_moves.check(address, "moves from this address")

    async def address_create(self, address: str) -> None:
        await self.address_creates.check(address, "new tables from this address")
