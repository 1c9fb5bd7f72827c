"""Computer seats: the agents of one table and the background task that lets them play.

After every change the table "kicks" its computer seats; if one of them must decide, a
task takes a copy of the state under the table's lock, lets the agent think on it in the
shared agent thread pool with no lock held (ISMCTS may think for seconds; the people at
the table, and every other table, go on meanwhile), then offers the choice to the table
like any move. A choice the table moved past in the meantime is thought again.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from wizarena.agents import make_agent
from wizarena.core import Action, Agent, Turn, WizarenaError
from wizarena.core.rng import derive

from .errors import TableError
from .store import SeqTaken

if TYPE_CHECKING:
    from .live import LiveTable

log = logging.getLogger("wizarena.server")


# What a web table lets one computer move cost: a shared server must not hand one table's
# agent a search that occupies a thinking thread for minutes.
MAX_BUDGET = {"iterations": 20_000, "samples": 64, "seconds": 10.0}


def _check_budget(agent: Agent) -> None:
    for option, limit in MAX_BUDGET.items():
        value = getattr(agent, option, None)
        if value is not None and value > limit and not (option == "iterations" and getattr(agent, "seconds", None)):
            raise WizarenaError(f"agent option {option}={value} is over this server's limit of {limit}")


def build_agent(spec: str, table_seed: int, seat: int, *, fallback: bool = False) -> Agent:
    """The computer player of a seat; a bad spec is the requester's error (400), unless the
    table is being rebuilt, where a spec that no longer works falls back to random play."""
    try:
        agent = make_agent(spec, derive(table_seed, f"agent {seat}"))
        _check_budget(agent)
        return agent
    except WizarenaError as exc:
        if fallback:
            log.warning("agent %r cannot be built (%s): seat %d plays at random", spec, exc, seat)
            return make_agent("random", derive(table_seed, f"agent {seat}"))
        raise TableError(400, str(exc)) from None


class ComputerSeats:
    """The agents of one table's computer seats, and the task that drives them."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.agents: dict[int, Agent] = {}
        self._rng = random.Random(derive(table.info.seed, "fallback moves"))
        self._driver: asyncio.Task[None] | None = None
        self.sync()

    def sync(self) -> None:
        """Build the agents of seats that became computer seats (or were loaded as such)."""
        for s in self.table.info.seats:
            if s["kind"] == "agent" and s["seat"] not in self.agents:
                self.agents[s["seat"]] = build_agent(s.get("agent") or "random", self.table.info.seed, s["seat"],
                                                     fallback=True)

    def assign(self, seat: int, agent: Agent) -> None:
        """A seat handed to the computer plays with this agent from now on."""
        self.agents[seat] = agent

    def to_act(self) -> int | None:
        """A computer seat that must decide now, if any. Call with the table's lock held."""
        t = self.table
        if t.finished:
            return None
        return next((seat for seat in t.game.to_act(t.state) if t.seat_kind(seat) == "agent"), None)

    def kick(self) -> None:
        """Let the computer seats play if one must decide now. Cheap and idempotent."""
        if self.table.services.closing:
            return
        if (self._driver is None or self._driver.done()) and self.to_act() is not None:
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)

    async def _drive(self) -> None:
        t = self.table
        loop = asyncio.get_running_loop()
        while True:
            # The check and the end of the task happen in one step of the event loop, so a
            # kick() after any change either sees this task running or starts a new one.
            async with t.lock:
                seat = self.to_act()
                if seat is None:
                    return
                agent = self.agents[seat]
                turn = Turn(t.game, t.game.clone(t.state), seat)
            try:
                action: Action | None = await loop.run_in_executor(t.services.agent_pool, agent.act, turn)
            except Exception:
                log.exception("table %s: the agent of seat %d failed; it plays at random", t.id, seat)
                action = None
            if not await self._play(seat, action):
                return

    async def _play(self, seat: int, action: Action | None) -> bool:
        """Offer what a computer seat chose; False when this worker should stop driving."""
        t = self.table

        async def go() -> bool:
            if seat not in t.game.to_act(t.state) or t.seat_kind(seat) != "agent":
                return True  # the table moved on while it thought: think again
            legal = t.game.legal_actions(t.state, seat)
            chosen = next((a for a in legal if action is not None and a.id == action.id), None)
            if chosen is None:
                if action is not None:
                    return True
                chosen = self._rng.choice(legal)
            try:
                await t.accept_locked(seat, chosen)
            except SeqTaken:
                return False  # another worker accepted a move first; it drives the computer now
            except TableError as exc:
                log.warning("table %s: seat %d's computer move refused: %s", t.id, seat, exc.message)
            return True

        return await t.serialized(go)
