"""Every action of Wizard Wars, built once, each with its meaning and its stable id.

Targets are parameters of the actions: a card played "at left end", a target "P1 slot 3",
a die "set common die 2 to Fire", the die an expend rerolls "expend Water from a common
die". Each action's kind and fields say so for clients (docs/web-protocol.md: cards by
name, slots counted from 1); its `data` is the engine's (kind code, a, b). Ids come from
the ledger (action_ids.py) by that meaning, so a card added anywhere in the collection
takes new ids and renumbers nothing.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action
from wizarena.core.actions import ActionTable, Field

from .action_ids import IDS
from .cards import EMPLACEMENT, EQUIPMENT, FACES, NAMES, TACTIC, TAP, TYPE, UNIT, N
from .state import ROW_SLOTS

K_PASS: Final = 0
K_END: Final = 1
K_KEEP: Final = 2
K_SET: Final = 3      # (relative die 0-5, face)
K_TARGET: Final = 4   # (side, slot)
K_LEFT: Final = 5     # (card, 0)
K_RIGHT: Final = 6
K_PLAY: Final = 7     # a tactic
K_EQUIP: Final = 8    # (card, slot of the unit)
K_MULL: Final = 9
K_DISCARD: Final = 10
K_TAP: Final = 11     # (card, slot: its own, or its host's)
K_EXPEND: Final = 12  # (face, 1 for an allied die / 0 for a common one)

# What each kind code means to a client (Action.kind).
KIND_NAMES: Final = ("pass", "end-turn", "keep", "set-die", "target", "play-left", "play-right", "play",
                     "equip", "mulligan", "discard", "tap", "expend")
TABLE: Final = ActionTable(IDS)


def _add(text: str, kind: int, a: int = 0, b: int = 0, **fields: Field) -> Action:
    return TABLE.add(KIND_NAMES[kind], text, (kind, a, b), **fields)


def die_name(rel: int) -> str:
    return f"common die {rel + 1}" if rel < 3 else f"your die {rel - 2}"


PASS: Final = _add("pass", K_PASS)
END: Final = _add("end turn", K_END)
KEEP: Final = _add("keep", K_KEEP)
SET_A: Final = tuple(tuple(_add(f"set {die_name(r)} to {FACES[f]}", K_SET, r, f,
                                pool="common" if r < 3 else "yours", die=r % 3 + 1, face=FACES[f])
                           for f in range(6)) for r in range(6))
TARGET_A: Final = tuple(tuple(_add(f"target P{p} slot {k + 1}", K_TARGET, p, k, seat=p, slot=k + 1)
                              for k in range(ROW_SLOTS)) for p in (0, 1))
_NONE: Final = (PASS,)
LEFT_A: list[Action] = []
RIGHT_A: list[Action] = []
PLAY_A: list[Action] = []
EQUIP_A: list[tuple[Action, ...]] = []
MULL_A: list[Action] = []
DISCARD_A: list[Action] = []
TAP_A: list[tuple[Action, ...]] = []
for _c in range(N):
    _t = TYPE[_c]
    _name = NAMES[_c]
    LEFT_A.append(_add(f"play {_name} at left end", K_LEFT, _c, card=_name) if _t in (UNIT, EMPLACEMENT) else PASS)
    RIGHT_A.append(_add(f"play {_name} at right end", K_RIGHT, _c, card=_name) if _t in (UNIT, EMPLACEMENT) else PASS)
    PLAY_A.append(_add(f"play {_name}", K_PLAY, _c, card=_name) if _t == TACTIC else PASS)
    EQUIP_A.append(tuple(_add(f"play {_name} on slot {k + 1}", K_EQUIP, _c, k, card=_name, slot=k + 1)
                         for k in range(ROW_SLOTS)) if _t == EQUIPMENT else _NONE)
    MULL_A.append(_add(f"mulligan {_name}", K_MULL, _c, card=_name))
    DISCARD_A.append(_add(f"discard {_name}", K_DISCARD, _c, card=_name))
    if TAP[_c] >= 0:
        where = "on" if _t == EQUIPMENT else "at"
        TAP_A.append(tuple(_add(f"tap {_name} {where} slot {k + 1}", K_TAP, _c, k, card=_name, slot=k + 1,
                                on_equipment=int(_t == EQUIPMENT)) for k in range(ROW_SLOTS)))
    else:
        TAP_A.append(_NONE)
# Which die pays an expend when an allied and a common die both show the face (Wars
# Keywords/Expend): EXPEND_A[face][1] an allied die, EXPEND_A[face][0] a common die.
EXPEND_A: Final = tuple((_add(f"expend {FACES[f]} from a common die", K_EXPEND, f, 0, face=FACES[f], pool="common"),
                         _add(f"expend {FACES[f]} from an allied die", K_EXPEND, f, 1, face=FACES[f], pool="allied"))
                        for f in range(6))
ACTIONS: Final = TABLE.actions()
# The cards an action names (for hints), -1 when it names none.
CARD_OF: Final = tuple(a.data[1] if K_LEFT <= a.data[0] <= K_TAP else -1 for a in ACTIONS)
