"""Actions: small immutable values shared by every state of a game.

A game builds each of its actions once, so `legal_actions` hands out existing objects
instead of allocating new ones in the hot loop, and membership tests are identity tests
done in C. An action carries three things:

- `id`: a stable integer, the same in every version of the game, which doubles as its
  index in action masks; `game.action(id)` returns the one object for an id. Ids are
  given by the game's ledger (`ActionTable`), never by an action's place in a list, so a
  card added later takes new ids and every record written before still replays.
- `text`: what a person reads and types; it round-trips through `parse_action`.
- its meaning, `kind` and `fields`: a short word for what the action does ("select",
  "cast", "target") and named facts ({"card": "night-sovereign", "seat": 1, "slot": 2}),
  public and JSON-ready. Clients, agents and views read these, never the English text.

`data` is the engine's own compact payload (a card index, a tuple of ints) for its hot paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final, final

Field = int | str | None
EMPTY_FIELDS: Final[Mapping[str, Field]] = MappingProxyType({})


@final
class Action:
    """One move a seat can make: a stable id, a readable text that round-trips, and its
    meaning (`kind`, `fields`)."""

    __slots__ = ("id", "text", "data", "kind", "fields")

    id: int
    text: str
    data: Any
    kind: str
    fields: Mapping[str, Field]

    def __init__(self, id: int, text: str, data: Any = None, kind: str = "",
                 fields: Mapping[str, Field] | None = None) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "fields", EMPTY_FIELDS if not fields else MappingProxyType(dict(fields)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"

    @property
    def key(self) -> str:
        """The action's stable key: its kind and fields, which its id is recorded under."""
        return action_key(self.kind, self.fields)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "kind": self.kind, "fields": dict(self.fields)}

    def __reduce__(self) -> tuple[Any, ...]:
        # Spelled out so that pickles (worker processes) work in the compiled build too.
        return (Action, (self.id, self.text, self.data, self.kind, dict(self.fields)))


def action_key(kind: str, fields: Mapping[str, Field]) -> str:
    """The stable key of an action's meaning: "cast card=fireball target=1". It names cards
    by their catalogue keys, never by index, so it survives any change to the card table."""
    return kind + "".join(f" {name}={value}" for name, value in sorted(fields.items()))


RETIRED: Final = "retired"


class ActionTable:
    """Builds a game's actions in the order its code declares them, each id taken from the
    game's ledger (`{key: id}`, append-only, kept as a module beside the game) so that ids
    never move. An action the ledger does not know yet (a new card) gets the next free id,
    in declaration order; `missing()` lists those, and a test asks for the ledger to be
    brought up to date (`python -m wizarena.core.ledger GAME`), which records them for good.
    An id whose action no longer exists keeps a "retired" action that is never legal."""

    def __init__(self, ledger: Mapping[str, int]) -> None:
        self.ledger = ledger
        self._next = max(ledger.values(), default=-1) + 1
        self._by_id: dict[int, Action] = {}
        self._new: list[str] = []
        self._keys: set[str] = set()

    def add(self, kind: str, text: str, data: Any = None, **fields: Field) -> Action:
        """Declare the next action: its meaning (`kind`, `fields`), text and engine payload."""
        key = action_key(kind, fields)
        if key in self._keys:
            raise ValueError(f"two actions have the key {key!r}")
        self._keys.add(key)
        action_id = self.ledger.get(key)
        if action_id is None:
            action_id = self._next
            self._next += 1
            self._new.append(key)
        action = Action(action_id, text, data, kind, fields)
        self._by_id[action_id] = action
        return action

    def missing(self) -> list[str]:
        """Keys this build added that the ledger does not record yet."""
        return list(self._new)

    def actions(self) -> tuple[Action, ...]:
        """Every action, indexed by id; a ledger id with no action now holds a retired one."""
        size = max(self._by_id, default=-1) + 1
        size = max(size, max(self.ledger.values(), default=-1) + 1)
        return tuple(self._by_id.get(i) or Action(i, f"(retired action {i})", None, RETIRED) for i in range(size))

    def ledger_after(self) -> dict[str, int]:
        """The ledger with this build's new keys recorded."""
        out = dict(self.ledger)
        for action in self._by_id.values():
            out.setdefault(action.key, action.id)
        return dict(sorted(out.items(), key=lambda item: item[1]))


def ledger_source(game_id: str, ledger: Mapping[str, int], keys_in_order: Iterable[str] | None = None) -> str:
    """The text of a ledger module (`action_ids.py`) for `ledger`."""
    lines = [f'"""The stable ids of {game_id}\'s actions, by key: append only (see core/actions.py).',
             "", "Made and extended by `python -m wizarena.core.ledger`; an id once given never changes.",
             '"""', "", "from typing import Final", "", "IDS: Final[dict[str, int]] = {"]
    order = list(keys_in_order) if keys_in_order is not None else sorted(ledger, key=lambda k: ledger[k])
    lines += [f"    {key!r}: {ledger[key]}," for key in order]
    lines += ["}", ""]
    return "\n".join(lines)
