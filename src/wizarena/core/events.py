"""Events: what happened, which rule made it happen, and who may know it.

An event is a plain tuple (cheap to create in the hot loop). `to` is None for a public
event, or a bit mask of who may read it: seat s reads the event when `to >> s & 1`, and
spectators when the SPECTATORS bit is set. A rule that produces a secret emits a private
event with the detail to its owner and, where the table would see something happen, an
event without it to everyone else (`others(seat)`), so nobody reads the same thing twice.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple


class Event(NamedTuple):
    kind: str
    rule: str
    text: str
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        if self.to is None:
            return True
        return (self.to >> (SPECTATOR_BIT if seat is None else seat)) & 1 == 1

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, "text": self.text}


SPECTATOR_BIT: Final = 62  # above any seat number a game will have
SPECTATORS: Final = 1 << SPECTATOR_BIT


def only(seat: int) -> int:
    """The `to` mask of an event meant for one seat."""
    return 1 << seat


def others(seat: int) -> int:
    """The `to` mask of an event for everyone but `seat`, spectators included."""
    return ((1 << SPECTATOR_BIT + 1) - 1) & ~(1 << seat)


def say(state: Any, kind: str, rule: str, text: str, to: int | None = None) -> None:
    """Log an event when the state records events (`state.log`; simulations switch it off).

    Callers test `state.log is not None` first, so that an f-string message is not even
    built when events are off: formatting was a tenth of a random playout's time."""
    if state.log is not None:
        state.log.append(Event(kind, rule, text, to))


def visible(events: list[Event], seat: int | None) -> list[Event]:
    """The events `seat` may read; `None` is a spectator."""
    bit = SPECTATOR_BIT if seat is None else seat
    return [e for e in events if e.to is None or (e.to >> bit) & 1]


class EventLog:
    """A game's events kept as four columns of strings and ints, for a server.

    A server holds the whole log of every table in play, and each `Event` is a tuple the
    garbage collector walks until the table closes: at 500 tables they were half of what
    every young collection had to walk, and those pauses set the round trip's tail
    (docs/benchmarks-web.md). Strings, ints and None are never tracked, so a log kept as
    columns costs the collector four lists however long the game runs. The state's own
    `log` is emptied into it after each move (`take`)."""

    __slots__ = ("kinds", "rules", "texts", "tos")

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.rules: list[str] = []
        self.texts: list[str] = []
        self.tos: list[int | None] = []

    def __len__(self) -> int:
        return len(self.kinds)

    def take(self, events: list[Event] | None) -> None:
        """Append `events` (a state's `log`) and empty that list."""
        if not events:
            return
        for e in events:
            self.kinds.append(e.kind)
            self.rules.append(e.rule)
            self.texts.append(e.text)
            self.tos.append(e.to)
        events.clear()

    def visible(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events `seat` (None: a spectator) may read, from its `since`-th on, as
        `visible(events, seat)[since:]` would give them."""
        bit = SPECTATOR_BIT if seat is None else seat
        found: list[Event] = []
        skip = since
        for i, to in enumerate(self.tos):
            if to is None or (to >> bit) & 1:
                if skip:
                    skip -= 1
                else:
                    found.append(Event(self.kinds[i], self.rules[i], self.texts[i], to))
        return found
