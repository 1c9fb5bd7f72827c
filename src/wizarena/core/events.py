"""Events: what happened, which rule made it happen, and who may know it.

An event is a plain tuple (cheap to create in the hot loop). `to` is None for a public
event, or a bit mask of the seats allowed to read it: seat s reads the event when
`to >> s & 1`. A rule that produces a secret emits a private event with the detail and,
where the table would see something happen, a public one without it.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    rule: str
    text: str
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        if self.to is None:
            return True
        return seat is not None and (self.to >> seat) & 1 == 1

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, "text": self.text}


def only(seat: int) -> int:
    """The `to` mask of an event meant for one seat."""
    return 1 << seat


def visible(events: list[Event], seat: int | None) -> list[Event]:
    """The events `seat` may read; `None` is a spectator, who reads only public ones."""
    return [e for e in events if e.to is None or (seat is not None and (e.to >> seat) & 1)]
