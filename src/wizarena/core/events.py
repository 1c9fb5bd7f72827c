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
