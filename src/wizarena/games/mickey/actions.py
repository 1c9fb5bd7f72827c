"""Every action of Wizards of Mickey, each with its meaning and its stable id.

An action's `data` is the engine's (kind code, x, y); its `kind` and `fields` say the same
for clients (docs/web-protocol.md): cards by their catalogue label, positions as "left",
"centre" and "right", seats 0 and 1. Ids come from the ledger (action_ids.py) by that
meaning, so a card added anywhere takes new ids and renumbers nothing (the collection grew
once before the ledger, and moved every later id then).
"""

from __future__ import annotations

from typing import Any, Final

from wizarena.core import Action
from wizarena.core.actions import ActionTable, Field

from .action_ids import IDS
from .cards import DIAMAGIC, POSITIONS
from .effects import CARDS, CASTLES, LABEL, MAGICS, WIZARDS

POS: Final = POSITIONS
TABLE: Final = ActionTable(IDS)

K_FIRST: Final = 0
K_UP: Final = 1
K_DOWN: Final = 2
K_PASS: Final = 3
K_DISCARD: Final = 4
K_DECLINE: Final = 5
K_PICK: Final = 6
K_COLOUR: Final = 7
K_CASTLE: Final = 8
K_ASSIGN: Final = 9
K_LINEUP: Final = 10
K_OUT: Final = 11
K_IN: Final = 12
K_DONE: Final = 13
K_BACK: Final = 14
# What each kind code means to a client (Action.kind).
KIND_NAMES: Final = ("first", "cast", "hide", "pass", "discard", "decline", "choose-position", "choose-diamagic",
                     "bring", "assign", "line-up", "take-out", "put-in", "keep-deck", "take-back")


def _meaning(data: tuple[int, Any, Any]) -> dict[str, Field]:
    """An action's fields, from the engine's (kind code, x, y)."""
    kind, x, y = data
    if kind == K_FIRST:
        return {"seat": x}
    if kind in (K_UP, K_DOWN, K_LINEUP):
        return {"card": LABEL[x], "position": POS[y]}
    if kind in (K_DISCARD, K_CASTLE, K_OUT, K_IN, K_BACK):
        return {"card": LABEL[x]}
    if kind == K_PICK:
        return {"seat": x, "position": POS[y]}
    if kind == K_COLOUR:
        return {"colour": DIAMAGIC[x]}
    if kind == K_ASSIGN:
        return {"position": POS[x]}
    return {}


def _add(text: str, data: tuple[int, Any, Any]) -> Action:
    return TABLE.add(KIND_NAMES[data[0]], text, data, **_meaning(data))


FIRST_A: Final = tuple(_add(f"P{p} goes first", (K_FIRST, p, 0)) for p in (0, 1))
_none3 = (None, None, None)
CAST_UP: Final[list] = [_none3] * len(CARDS)
CAST_DOWN: Final[list] = [_none3] * len(CARDS)
for _c in MAGICS:
    CAST_UP[_c] = tuple(_add(f"cast {LABEL[_c]} with {POS[w]}", (K_UP, _c, w)) for w in range(3))
for _c in MAGICS:
    CAST_DOWN[_c] = tuple(_add(f"hide {LABEL[_c]} behind {POS[w]}", (K_DOWN, _c, w)) for w in range(3))
PASS: Final = _add("pass", (K_PASS, 0, 0))


def _at_masks(casts: tuple) -> tuple[tuple[Action, ...], ...]:
    """A Magic's casts for each bit mask of positions: [mask] lists them in position order."""
    if casts[0] is None:
        return ((),) * 8
    return tuple(tuple(casts[w] for w in range(3) if mask >> w & 1) for mask in range(8))


CAST_UP_AT: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(_at_masks(x) for x in CAST_UP)
CAST_DOWN_AT: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(_at_masks(x) for x in CAST_DOWN)
DISCARD_A: Final[list] = [None] * len(CARDS)
for _c in MAGICS:
    DISCARD_A[_c] = _add(f"discard {LABEL[_c]}", (K_DISCARD, _c, 0))
DECLINE: Final = _add("decline", (K_DECLINE, 0, 0))
PICK_A: Final = tuple(tuple(_add(f"choose P{p} {POS[w]}", (K_PICK, p, w)) for w in range(3)) for p in (0, 1))
COLOUR_A: Final = tuple(_add(f"choose {DIAMAGIC[k]} Diamagic", (K_COLOUR, k, 0)) for k in range(4))
CASTLE_A: Final[list] = [None] * len(CARDS)
for _c in CASTLES:
    CASTLE_A[_c] = _add(f"bring {LABEL[_c]}", (K_CASTLE, _c, 0))
ASSIGN_A: Final = tuple(_add(f"assign to {POS[w]}", (K_ASSIGN, w, 0)) for w in range(3))
LINEUP_A: Final[list] = [_none3] * len(CARDS)
for _c in WIZARDS:
    LINEUP_A[_c] = tuple(_add(f"line up {LABEL[_c]} at {POS[w]}", (K_LINEUP, _c, w)) for w in range(3))
SUP_OUT: Final[list] = [None] * len(CARDS)
SUP_IN: Final[list] = [None] * len(CARDS)
for _c in range(len(CARDS)):
    SUP_OUT[_c] = _add(f"take out {LABEL[_c]}", (K_OUT, _c, 0))
for _c in range(len(CARDS)):
    SUP_IN[_c] = _add(f"put in {LABEL[_c]}", (K_IN, _c, 0))
SUP_DONE: Final = _add("keep this deck", (K_DONE, 0, 0))
SUP_BACK: Final[list] = [None] * len(CARDS)
for _c in range(len(CARDS)):
    SUP_BACK[_c] = _add(f"take back {LABEL[_c]}", (K_BACK, _c, 0))
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions()


def action_id(action: Action) -> int:
    """An action's id: the key that puts lists of actions in id order."""
    return action.id
