"""One live table: the game state of a table in memory, kept honest by the database.

The database is the truth; a `LiveTable` is its replay. All changes to one table are
serialized by the table's own lock, and each runs as a shielded task, so a client going
away mid-request never leaves a half-applied move behind. Accepting a move: validate it
against the live state, insert row `seq = len(moves)` and apply the move inside one
transaction, then push the new state to every follower, each seeing only its own seat.

A step of a simultaneous decision is its mover's secret until the decision closes
(`Game.simultaneous`): nothing is pushed to the others for it, and each seat's move
counter (`seq`) counts only the steps that seat may know of (`core.together.Steps`), so
neither a message, nor its timing, nor a counter tells a seat how another chose.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeVar

from wizarena.core import Action, Game, IllegalAction, RecordError, WizarenaError, replay
from wizarena.core.events import EventLog
from wizarena.core.together import Steps

from . import messages
from .computer import ComputerSeats, build_agent
from .db import utcnow
from .errors import TableError
from .identity import hash_token
from .limits import Limits, RateLimits
from .notify import Notifier, SeatCount
from .store import ACTIVE, FINISHED, SeqTaken, Store, TableInfo
from .thinking import Thinkers

log = logging.getLogger("wizarena.server")

T = TypeVar("T")
_MOVES: dict[tuple[int, int], tuple[int, int]] = {}


def _move(mover: int, action_id: int) -> tuple[int, int]:
    """The one shared `(mover, action id)` tuple of that move. A server holds the move list
    of every table in play, and a new tuple per move was an object for the garbage
    collector's next young collection to walk; the distinct pairs are a game's seats
    times its actions, few."""
    key = (mover, action_id)
    return _MOVES.setdefault(key, key)
_TRIES = 4  # how often a move is judged again when other workers stored moves first
Move = tuple[int, int]  # (seat, action id)
Loaded = tuple[TableInfo, Game, Any, list[Move], dict[int, str]]


@dataclass
class Services:
    """What the live tables of one worker share."""

    store: Store
    notifier: Notifier
    clock: Callable[[], float]  # monotonic seconds: seat absence and the rate limits
    thinkers: Thinkers  # computer players think in these processes, each move under a budget
    limits: Limits
    rates: RateLimits
    closing: bool = False  # the worker is shutting down: computer seats start no new moves
    # table id -> seat -> presence, kept apart from the live tables so that the counts other
    # workers report for a table this worker has not loaded (yet) are not lost
    presence: dict[str, dict[int, Presence]] = field(default_factory=dict)


class Listener(Protocol):
    """A client following a table (a WebSocket connection): its seat, how many of that
    seat's events it has been sent, and a non-blocking way to send it a message."""

    seat: int | None
    cursor: int
    shown: str | None  # the last state message sent, without its events (`messages.ws_state`)

    def push(self, message: dict[str, Any] | str) -> None: ...


@dataclass
class Presence:
    """How many connections a seat has over all workers, and since when it has been seen
    (monotonic): each worker's latest count, its own included, since with PostgreSQL a
    person may be connected to any worker (see notify.py)."""

    since: float
    counts: dict[str, int] = field(default_factory=dict)  # worker id -> its connections

    @property
    def connections(self) -> int:
        return sum(self.counts.values())

    def report(self, worker: str, count: int, now: float) -> None:
        """Record a worker's count; the seat's absence starts when the total drops to 0."""
        was = self.connections
        if count:
            self.counts[worker] = count
        else:
            self.counts.pop(worker, None)
        if was and not self.connections:
            self.since = now


async def store_call(store: Store, fn: Callable[..., T], *args: Any) -> T:
    """Run a blocking Store call from the event loop: on the loop itself for a local SQLite
    file, in a thread for a database across a connection.

    A SQLite statement or commit (WAL, no fsync) takes less than the hand-over to a thread
    and back, and a thread busy in SQLAlchemy holds the interpreter lock for up to 5 ms at
    a time while the loop waits for it: under load those waits were most of a move's round
    trip (p50 5 ms and p99 330 ms at 840 moves/s through threads, against 1.5 ms and
    56-100 ms on the loop: docs/benchmarks-web.md)."""
    if store.local:
        return fn(*args)
    return await asyncio.to_thread(fn, *args)


def load(store: Store, table_id: str) -> Loaded:
    """Read a table and replay its moves (blocking): header, game, state, moves, token hashes."""
    info = store.get_table(table_id)
    if info is None:
        raise TableError(404, f"no table {table_id!r}")
    moves = store.moves(table_id)
    try:
        game, state = replay(info.record(moves), log=True)
    except RecordError as exc:
        raise TableError(500, f"table {table_id} cannot be rebuilt: {exc}") from None
    return info, game, state, moves, store.token_hashes(table_id)


def table_status(game: Game, state: Any) -> tuple[str, dict[str, Any] | None]:
    outcome = messages.outcome_json(game, state)
    return (FINISHED if outcome is not None or not game.to_act(state) else ACTIVE), outcome


class LiveTable:
    """One table in memory: its stored header, game, state, moves, followers and computers."""

    def __init__(self, services: Services, loaded: Loaded) -> None:
        self.services = services
        self.info, self.game, self.state, self.moves, hashes = loaded
        self.log = EventLog()  # the game's events; the state's own log is emptied into it
        self.log.take(self.state.log)
        self.id = self.info.id
        self.seat_of_hash = {h: seat for seat, h in hashes.items()}
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        now = services.clock()
        self.presence = services.presence.setdefault(self.id, {})
        for s in self.info.seats:
            self.presence.setdefault(s["seat"], Presence(now))
        self._catch_up_pending = False
        self._catch_up_seats = False  # the pending catch-up must read the table row too
        self.steps = self._count_steps()
        self.computers = ComputerSeats(self)

    # -- facts ----------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.info.status == FINISHED

    def humans_connected(self) -> bool:
        """Whether a person is connected to one of the table's human seats (any worker)."""
        return any(s["kind"] == "human" and self.presence[s["seat"]].connections > 0 for s in self.info.seats)

    def is_open(self, now: datetime) -> bool:
        """Whether the table is open: not finished and not abandoned, where abandoned means
        no move (nor change of seats) for the limit's `abandon_after_s` and nobody at a
        human seat. An abandoned table comes back the moment someone plays or connects."""
        if self.finished:
            return False
        quiet = (now - self.info.updated_at).total_seconds()
        return quiet < self.services.limits.abandon_after_s or self.humans_connected()

    def seat_kind(self, seat: int) -> str:
        return self.info.seats[seat]["kind"]

    def seats_for(self, tokens: list[str]) -> set[int]:
        """The seats of this table whose tokens are among `tokens`."""
        found = (self.seat_of_hash.get(hash_token(t)) for t in tokens)
        return {s for s in found if s is not None}

    def seats_json(self) -> list[dict[str, Any]]:
        return [{"seat": s["seat"], "kind": s["kind"], "agent": s.get("agent"),
                 "connected": s["kind"] == "agent" or self.presence[s["seat"]].connections > 0}
                for s in self.info.seats]

    def _count_steps(self) -> Steps:
        """How many of the stored moves each seat may know of: the moves walked again, events
        off, since only the walk tells which steps were whose secret."""
        record = self.info.record(self.moves)
        fresh = self.game.new_state(record.seed, record.config, log=False)
        return Steps.replayed(self.game, fresh, self.moves)

    def _apply(self, mover: int, action: Action) -> None:
        """Apply a validated or stored move to the state and count it (lock held)."""
        before = self.steps.before(self.state)
        self.game.apply(self.state, mover, action)
        self.log.take(self.state.log)
        self.moves.append(_move(mover, action.id))
        self.steps.after(self.state, mover, before)

    def summary(self) -> dict[str, Any]:
        """The public description of the table (no tokens, no hidden information; the moves
        a spectator may know of, so no secret step of a simultaneous decision counts)."""
        return messages.summary(self.info, self.steps.seen[None], self.seats_json())

    def state_payload(self, seat: int | None) -> dict[str, Any]:
        """The HTTP state of the table for a seat (None: a spectator). Lock held."""
        return {"table": self.summary(), "seat": seat, "seq": self.steps.seen[seat],
                **messages.seat_state(self.game, self.state, seat, self.log.visible(seat))}

    # -- followers and presence -------------------------------------------------------------
    def broadcast(self) -> None:
        """Push the table as it is now to every follower, each only its own seat's part and
        the events it has not had; a follower for whom nothing changed is sent nothing, so
        a secret step of another seat reaches it neither as a message nor as a moment.
        Synchronous and called by the lock holder, so every follower sees the changes in
        order."""
        seats = self.seats_json()
        states: dict[int | None, str] = {}
        for listener in list(self.listeners):
            seat = listener.seat
            state = states.get(seat)
            if state is None:
                part = messages.seat_state(self.game, self.state, seat, None)
                state = states[seat] = messages.ws_state(part, seat, self.steps.seen[seat], self.info.status, seats)
            # Only the events this connection has not had are made JSON: a long game's log
            # is not encoded again on every move. What is kept to compare is text, which the
            # garbage collector never walks (a dict of the view per connection was a third
            # of what it walked at 500 tables).
            events = messages.events_json(self.log.visible(seat, listener.cursor))
            if not events and state == listener.shown:
                continue
            listener.shown = state
            listener.push(messages.with_events(state, events, listener.cursor))
            listener.cursor += len(events)

    async def attach(self, listener: Listener) -> None:
        """Start following: the listener is sent the whole table, the others learn it came."""
        async def go() -> None:
            listener.cursor = 0
            listener.shown = None
            self.listeners.add(listener)
            if listener.seat is None:
                self.broadcast()
            else:
                await self._count(listener.seat, +1)
        await self.serialized(go)

    async def detach(self, listener: Listener) -> None:
        async def go() -> None:
            if listener not in self.listeners:
                return
            self.listeners.discard(listener)
            if listener.seat is None:
                self.broadcast()
            else:
                await self._count(listener.seat, -1)
        await self.serialized(go)

    async def _count(self, seat: int, delta: int) -> None:
        """Change this worker's number of connections to `seat`, push the table, and tell
        the other workers (lock held, so that they hear the counts in order)."""
        worker = self.services.notifier.worker_id
        p = self.presence[seat]
        p.report(worker, p.counts.get(worker, 0) + delta, self.services.clock())
        self.broadcast()
        await self.announce(seat)

    async def announce(self, seat: int) -> None:
        """Tell the other workers this worker's count for `seat` (lock held). A failure is
        only logged: the connection itself is fine, and the next change tells them again."""
        notifier = self.services.notifier
        if not notifier.shared:
            return
        count = SeatCount(self.id, seat, notifier.worker_id, self.presence[seat].counts.get(notifier.worker_id, 0))
        try:
            await asyncio.to_thread(self.services.store.signal, lambda conn: notifier.on_presence(conn, count))
        except Exception:
            log.exception("table %s: telling the other workers about seat %d failed", self.id, seat)

    def touch(self, seat: int | None) -> None:
        """A seat showed itself by an HTTP request: its absence starts over."""
        if seat is not None and self.presence[seat].connections == 0:
            self.presence[seat].since = self.services.clock()

    # -- serialized work ----------------------------------------------------------------------
    async def serialized(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run `fn` under this table's lock as its own task: cancelling the caller (a client
        that went away) does not stop a change half-way."""
        async def locked() -> T:
            async with self.lock:
                return await fn()
        return await asyncio.shield(asyncio.ensure_future(locked()))

    async def read(self, fn: Callable[[], T]) -> T:
        """Compute something from the live state with the lock held (otherwise the state
        may be half-way through a change in a database thread)."""
        async def go() -> T:
            return fn()
        return await self.serialized(go)

    # -- moves ----------------------------------------------------------------------------------
    async def act(self, seat: int | None, data: Any, seq: int | None, *, reply: bool = False) -> dict[str, Any] | None:
        """A person's move for `seat`. Raises TableError (and nothing changed) when refused;
        returns the seat's new state when `reply`."""
        if seat is None:
            raise TableError(403, "spectators cannot act: this needs the seat's token")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise TableError(400, "'seq' must be an integer")
        await self.services.rates.seat_move(self.id, seat)  # one bucket over all the seat's connections

        async def go() -> dict[str, Any] | None:
            self.touch(seat)
            for attempt in range(_TRIES):
                seen = self.steps.seen[seat]
                if seq is not None and seq != seen:
                    raise TableError(409, f"stale seq {seq}: {seen} moves have been accepted")
                action = self._validate(seat, data)
                try:
                    await self.accept_locked(seat, action)
                    break
                except SeqTaken:
                    # Another worker accepted a move first, and we caught up. Without a seq
                    # the client asked for "this move now", and with one whose table has not
                    # changed for it (the other move was a secret step of a simultaneous
                    # decision) it still means the same: judge it again, a few times, since
                    # a computer seat on another worker may take several such steps at once.
                    if attempt == _TRIES - 1 or (seq is not None and seq != self.steps.seen[seat]):
                        raise TableError(409, "another move was accepted first; look at the table again") from None
            return self.state_payload(seat) if reply else None

        result = await self.serialized(go)
        self.computers.kick()
        return result

    def _validate(self, seat: int, data: Any) -> Action:
        if self.seat_kind(seat) != "human":
            raise TableError(409, f"seat {seat} is played by the computer now")
        if self.finished:
            raise TableError(400, "the game is over")
        if seat not in self.game.to_act(self.state):
            who = ", ".join(f"seat {s}" for s in self.game.to_act_seen(self.state, seat))
            raise TableError(400, f"it is not seat {seat}'s turn: waiting for {who}")
        try:
            return self.game.action_from_json(self.state, seat, data)
        except IllegalAction as exc:
            raise TableError(400, exc.reason, exc.rule) from None

    async def accept_locked(self, seat: int, action: Action) -> None:
        """Store and apply one validated move, then push it (lock held). SeqTaken: another
        worker stored this move number first; we caught up and applied nothing of ours."""
        store, notifier = self.services.store, self.services.notifier
        seq = len(self.moves)

        def apply() -> tuple[str, dict[str, Any] | None]:
            self._apply(seat, action)
            return table_status(self.game, self.state)

        try:
            await store_call(store, store.accept, self.id, seq, seat, action.id, apply, notifier.on_commit)
        except SeqTaken:
            await self.catch_up_locked()
            raise
        except IllegalAction as exc:  # the game refused after all: it changed nothing, nothing stored
            raise TableError(400, exc.reason, exc.rule) from None
        except Exception:
            # The commit may have failed after the move was applied in memory: trust the DB.
            log.exception("table %s: storing move %d failed", self.id, seq)
            await self.reload_locked()
            raise TableError(503, "the move could not be stored; try again") from None
        self.info.status, self.info.outcome = table_status(self.game, self.state)
        self.info.updated_at = utcnow()
        self.broadcast()

    async def hand_to_computer(self, seat: int, spec: str, held: set[int]) -> dict[str, Any]:
        """Give an absent human seat to a computer player, at the request of another seat."""
        if not 0 <= seat < len(self.info.seats):
            raise TableError(404, f"table {self.id} has no seat {seat}")
        if not held - {seat}:
            raise TableError(403, "this needs the token of another seat of the table")
        agent = build_agent(spec, self.info.seed, seat, move_seconds=self.services.limits.move_seconds)

        async def go() -> dict[str, Any]:
            if self.finished:
                raise TableError(409, "the game is over")
            if self.seat_kind(seat) != "human":
                raise TableError(409, f"seat {seat} is already played by the computer")
            p = self.presence[seat]
            if p.connections:
                raise TableError(409, f"seat {seat} is connected")
            absent = self.services.clock() - p.since
            if absent < self.info.timeout_s:
                raise TableError(409, f"seat {seat} has been away {absent:.0f} s; the table waits "
                                      f"{self.info.timeout_s:g} s before a computer may take it")
            seats = [dict(s) for s in self.info.seats]
            seats[seat] = {"seat": seat, "kind": "agent", "agent": spec}
            store = self.services.store
            await store_call(store, store.set_seats, self.id, seats, self.services.notifier.on_commit)
            self.info.seats = seats
            self.info.updated_at = utcnow()
            self.computers.assign(seat, agent)
            self.broadcast()
            return self.summary()

        result = await self.serialized(go)
        self.computers.kick()
        return result

    # -- catching up with the database ----------------------------------------------------------
    async def catch_up(self, *, seats: bool = True) -> None:
        """Read what other workers stored for this table and push it to our followers:
        the moves we lack, and the table row when its seats may have changed (`seats`)."""
        self._catch_up_seats |= seats
        if self._catch_up_pending:  # one already waits for the lock; it will read all
            return
        self._catch_up_pending = True

        async def go() -> None:
            self._catch_up_pending = False
            seats, self._catch_up_seats = self._catch_up_seats, False
            await self.catch_up_locked(seats=seats)
        await self.serialized(go)

    async def hear(self, moves: int, move: Move) -> None:
        """Another worker committed `move` as number `moves - 1` and said so: apply it as
        it is when it is the one move we lack (reading it back cost a query a move), else
        read everything we lack."""
        async def go() -> None:
            if len(self.moves) == moves - 1:
                await self.catch_up_locked(seats=False, heard=move)
            elif len(self.moves) < moves:
                await self.catch_up_locked(seats=False)
        await self.serialized(go)

    async def catch_up_locked(self, *, seats: bool = True, heard: Move | None = None) -> None:
        """Apply the stored moves from number len(self.moves) on (lock held), or only the
        one `heard` from the worker that committed it. A move needs only its own rows; the
        table row is read only for `seats`, since a move changes no seat and the status
        follows from the state."""
        store = self.services.store
        before = (len(self.moves), self.info.seats, self.info.status)

        def read_and_apply() -> TableInfo | None:
            info = store.get_table(self.id) if seats else None
            for mover, action_id in [heard] if heard is not None else store.moves(self.id, since=len(self.moves)):
                if mover not in self.game.to_act(self.state):
                    raise RecordError(f"stored move {len(self.moves)} is by seat {mover}, out of turn")
                self._apply(mover, self.game.action(action_id))
            return info

        try:
            info = read_and_apply() if heard is not None and not seats else await store_call(store, read_and_apply)
        except (WizarenaError, RuntimeError) as exc:
            log.warning("table %s: catching up failed (%s); rebuilding it", self.id, exc)
            await self.reload_locked()
            return
        if info is not None:
            self.info.seats = info.seats
            self.info.updated_at = info.updated_at
        elif len(self.moves) != before[0]:
            self.info.updated_at = utcnow()
        self.info.status, self.info.outcome = table_status(self.game, self.state)
        self.computers.sync()
        if before != (len(self.moves), self.info.seats, self.info.status):
            self.broadcast()

    async def reload_locked(self) -> None:
        """Rebuild the state from scratch by replaying the stored moves."""
        self.info, self.game, self.state, self.moves, hashes = await store_call(
            self.services.store, load, self.services.store, self.id)
        self.log = EventLog()
        self.log.take(self.state.log)
        self.seat_of_hash = {h: seat for seat, h in hashes.items()}
        self.steps = self._count_steps()
        self.computers.sync()
        self.broadcast()
