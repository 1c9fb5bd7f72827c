"""Actions: small immutable values shared by every state of a game.

A game builds each of its actions once, so `legal_actions` hands out existing objects
instead of allocating new ones in the hot loop, and membership tests are identity tests
done in C. An action's `id` is stable across versions of a game and doubles as its index
in action masks; `game.action(id)` returns the one object for an id.
"""

from __future__ import annotations

from typing import Any, final


@final
class Action:
    """One move a seat can make: a stable integer id and a readable text that round-trips."""

    __slots__ = ("id", "text", "data")

    id: int
    text: str
    data: Any

    def __init__(self, id: int, text: str, data: Any = None) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "data", data)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text}
