"""The live table manager: every table this worker has in memory, opened or loaded on demand.

A table is rebuilt from its stored moves when the server starts (every unfinished one) or
when it is first asked for, and caught up when another worker says it changed. Creating a
table checks everything a person can get wrong (game, variant, seats, agents, seed,
config) before anything is stored, and answers with the seats' tokens, once.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from wizarena.agents import check_plays
from wizarena.core import WizarenaError, game_class, load_game
from wizarena.core.rng import secret_seed

from . import messages
from .computer import build_agent
from .db import utcnow
from .errors import TableError
from .identity import hash_token, new_table_id, new_token
from .limits import Limits, RateLimits
from .live import LiveTable, Presence, Services, load, store_call, table_status
from .notify import Move, Notifier, SeatCount
from .store import FINISHED, Store, TableInfo
from .thinking import Thinkers

log = logging.getLogger("wizarena.server")

MAX_SEED = 1 << 63  # a chosen seed; secret ones have 256 bits (wizarena.core.rng)
MAX_TIMEOUT_S = 7 * 24 * 3600.0
KEEP_LIVE = 500  # finished tables nobody follows are forgotten beyond this many (reloaded on demand)
MAX_CURSOR_CHARS = 200
MAX_KEEP_IDS = 1000  # tables kept in the lobby for a connected person, at most, in one query


def encode_cursor(info: TableInfo) -> str:
    """The lobby's next-page cursor: the last table shown, by creation time and id."""
    return base64.urlsafe_b64encode(f"{info.created_at.isoformat()}|{info.id}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        if len(cursor) > MAX_CURSOR_CHARS:
            raise ValueError
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        moment, table_id = text.split("|", 1)
        return datetime.fromisoformat(moment), table_id
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise TableError(400, "bad cursor: pass the 'next' of the previous page as it was") from None


class TableManager:
    """Every live table of this worker, plus what they share."""

    def __init__(self, store: Store, notifier: Notifier, *, clock: Callable[[], float],
                 limits: Limits | None = None, agent_setup: Callable[[], None] | None = None) -> None:
        self.store = store
        self.notifier = notifier
        self.clock = clock
        self.limits = limits = limits or Limits()
        # Agents think in processes of their own, so that busy computer players never delay
        # a person's move being stored, and a move past its budget can be stopped.
        self.thinkers = Thinkers(limits.agent_processes, limits.move_seconds, agent_setup)
        rates = RateLimits(limits, clock, store.engine if notifier.shared else None)
        self.services = Services(store, notifier, clock, self.thinkers, limits, rates)
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}

    async def start(self) -> None:
        """Rebuild every unfinished table and let its computer seats resume."""
        for table_id in await store_call(self.store, self.store.unfinished_ids):
            try:
                table = await self.get(table_id)
            except TableError as exc:
                log.error("table %s cannot be rebuilt: %s", table_id, exc.message)
                continue
            table.computers.kick()

    async def stop(self) -> None:
        """Stop the computer players and let any change under way finish, so that no move
        is half-stored when the database connections close."""
        self.services.closing = True
        tables = list(self.tables.values())
        await asyncio.gather(*(t.computers.stop() for t in tables), return_exceptions=True)
        for table in tables:
            async with table.lock:
                pass
        await asyncio.to_thread(self.thinkers.close)

    # -- finding tables -------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the database the first time; 404 if there is none.
        Concurrent first requests share one load, and no lock is held while loading."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 64:
            raise TableError(404, "no such table")
        pending = self._loading.get(table_id)
        if pending is None:
            pending = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
        try:
            return await asyncio.shield(pending)
        finally:
            if pending.done():
                self._loading.pop(table_id, None)

    async def _load(self, table_id: str) -> LiveTable:
        loaded = await store_call(self.store, load, self.store, table_id)
        table = self.tables.get(table_id)
        if table is None:
            self._forget_idle()
            table = self.tables[table_id] = LiveTable(self.services, loaded)
        return table

    def _forget_idle(self) -> None:
        """Keep memory bounded: drop finished tables nobody follows (the database has them)."""
        if len(self.tables) < KEEP_LIVE:
            return
        for table_id, table in list(self.tables.items()):
            if table.finished and not table.listeners and not table.lock.locked():
                del self.tables[table_id]
                if not any(p.connections for p in table.presence.values()):
                    self.services.presence.pop(table_id, None)
                if len(self.tables) < KEEP_LIVE // 2:
                    return

    async def on_notify(self, table_id: str, moves: int | None, move: Move | None = None) -> None:
        """Another worker changed a table: catch it up if this worker has it in memory.
        A move this worker already has (it caught up some other way first) needs no read;
        a change of seats (`moves` None) needs the table row as well as any new moves."""
        table = self.tables.get(table_id)
        if table is None:
            return
        if moves is not None and moves <= len(table.moves):
            return
        if moves is not None and move is not None:
            await table.hear(moves, move)
        else:
            await table.catch_up(seats=moves is None)

    async def on_presence(self, count: SeatCount) -> None:
        """Another worker's connections to a seat changed: record them (whether or not this
        worker has the table in memory) and, if the seat's "connected" flipped, push it."""
        seats = self.services.presence.setdefault(count.table_id, {})
        p = seats.setdefault(count.seat, Presence(self.clock()))
        was = p.connections > 0
        p.report(count.worker, count.count, self.clock())
        table = self.tables.get(count.table_id)
        if table is not None and was != (p.connections > 0):
            async def push() -> None:
                table.broadcast()
            await table.serialized(push)

    async def on_hello(self) -> None:
        """A worker started listening and may have missed our counts: tell them again."""
        async def again(table: LiveTable) -> None:
            async def go() -> None:
                for seat, p in table.presence.items():
                    if p.counts.get(self.notifier.worker_id):
                        await table.announce(seat)
            await table.serialized(go)
        await asyncio.gather(*(again(t) for t in list(self.tables.values())), return_exceptions=True)

    async def catch_up_all(self) -> None:
        """After the LISTEN connection was lost, notifications may have been missed."""
        await asyncio.gather(*(t.catch_up() for t in list(self.tables.values())), return_exceptions=True)

    async def lobby(self, cursor: str | None, limit: int) -> dict[str, Any]:
        """One page of the open tables (LiveTable.is_open) and the cursor of the next page."""
        after = decode_cursor(cursor) if cursor else None
        if not 1 <= limit <= self.limits.page_max:
            raise TableError(400, f"limit must be from 1 to {self.limits.page_max}")
        keep = [tid for tid, seats in self.services.presence.items()
                if any(p.connections for p in seats.values())][:MAX_KEEP_IDS]
        quiet_since = utcnow() - timedelta(seconds=self.limits.abandon_after_s)
        rows = await store_call(self.store, self.store.list_open, quiet_since, keep, after, limit + 1)
        page = [self._summary(info, moves) for info, moves in rows[:limit]]
        return {"tables": page, "next": encode_cursor(rows[limit - 1][0]) if len(rows) > limit else None}

    def _summary(self, info: TableInfo, moves: int) -> dict[str, Any]:
        live = self.tables.get(info.id)
        if live is not None:
            return live.summary()
        seats = [{"seat": s["seat"], "kind": s["kind"], "agent": s.get("agent"), "connected": s["kind"] == "agent"}
                 for s in info.seats]
        # The stored count may include secret steps of a simultaneous decision, which only
        # the replay this worker has not made could tell apart: a table in play shows none.
        return messages.summary(info, moves if info.status == FINISHED else None, seats)

    async def open_tables_of(self, address: str) -> int:
        """How many open tables a client address opened, counted in the database so that every
        worker, and a restarted one, sees them all: those changed within the abandon time,
        and of the others those where a person is connected (as any worker reports)."""
        quiet_since = utcnow() - timedelta(seconds=self.limits.abandon_after_s)
        recent, quiet = await store_call(self.store, self.store.opened_by, address, quiet_since)

        def connected(table_id: str) -> bool:
            live = self.tables.get(table_id)
            if live is not None:
                return live.humans_connected()
            return any(p.connections > 0 for p in self.services.presence.get(table_id, {}).values())
        return recent + sum(1 for table_id in quiet if connected(table_id))

    # -- opening tables -------------------------------------------------------------------------
    async def create(self, game_id: str, variant: str | None, seats: list[dict[str, Any]], seed: int | None,
                     config: dict[str, Any] | None, timeout_s: float, *,
                     hotseat: bool = False, address: str | None = None,
                     players: int | None = None) -> tuple[LiveTable, dict[int, str]]:
        """Open a table; returns it and the tokens of its human seats (shown once, never stored).
        `players` is the game's player count (one seat each); without it a game that takes
        several counts is made for as many players as there are seats.
        `hotseat`: the creator keeps every token, so no other person sits. `address`, the
        client's, is held to the open-tables cap and its creation rate."""
        if address is not None:
            cap = self.limits.open_tables_per_address
            if await self.open_tables_of(address) >= cap:
                raise TableError(429, f"this address has {cap} open tables, the most it may have: "
                                      "finish one, or leave one to be abandoned, first")
            await self.services.rates.address_create(address)
        try:
            if players is None and len(game_class(game_id.split("/", 1)[0]).player_counts) > 1:
                players = len(seats)
            game = load_game(game_id, variant, players=players)
        except WizarenaError as exc:
            raise TableError(400, str(exc)) from None
        if len(seats) != game.num_players:
            raise TableError(400, f"{game.full_id} is made for {game.num_players} players here: "
                                  f"give {game.num_players} seats, not {len(seats)}")
        people = sum(1 for s in seats if isinstance(s, dict) and s.get("kind") == "human")
        if seed is None:
            seed = secret_seed()
        elif people > 1 and not hotseat:
            # Whoever picks the seed knows every card to come: only a table where no other
            # person sits (against the computer, or hot-seat) may choose one.
            raise TableError(400, "a table where another person sits is dealt from a secret seed: "
                                  "leave the seed out (or make it a hot-seat table)")
        elif not 0 <= seed < MAX_SEED:
            raise TableError(400, f"seed must be from 0 to {MAX_SEED - 1}")
        if not 0 <= timeout_s <= MAX_TIMEOUT_S:
            raise TableError(400, f"timeout_s must be from 0 to {MAX_TIMEOUT_S:g}")
        config = dict(config or {})
        try:
            state = game.new_state(seed, config, log=True)
        except (WizarenaError, ValueError, TypeError, KeyError) as exc:
            raise TableError(400, f"bad config for {game.full_id}: {exc}") from None
        stored: list[dict[str, Any]] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats):
            if s.get("kind") == "human":
                stored.append({"seat": i, "kind": "human", "agent": None})
                tokens[i] = new_token()
            elif s.get("kind") == "agent":
                spec = s.get("agent") or game.default_agent
                build_agent(spec, seed, i, move_seconds=self.limits.move_seconds)  # refuse a bad spec now
                try:
                    check_plays(spec, game)  # a trained policy made for another game, or none shipped
                except WizarenaError as exc:
                    raise TableError(400, f"seat {i}: {exc}") from None
                stored.append({"seat": i, "kind": "agent", "agent": spec})
            else:
                raise TableError(400, f"seat {i}: kind must be 'human' or 'agent', not {s.get('kind')!r}")
        info = TableInfo(new_table_id(), game.id, game.variant, config, seed, stored, float(timeout_s))
        info.status, info.outcome = table_status(game, state)
        hashes = {i: hash_token(t) for i, t in tokens.items()}
        await store_call(self.store, self.store.create_table, info, hashes, address)
        table = self.tables[info.id] = LiveTable(self.services, (info, game, state, [], hashes))
        table.computers.kick()
        return table, tokens
