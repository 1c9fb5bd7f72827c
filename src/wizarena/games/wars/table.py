"""Every action of Wizard Wars, built once with a stable integer id.

Targets are parameters of the actions: a card played "at left end", a target "P1 slot 3",
a die "set common die 2 to Fire", the die an expend rerolls "expend Water from a common
die". Ids follow the card ids, so adding a card at the end of the collection appends
actions and never renumbers earlier ones of the same layout; actions added to the game
later (the expend choices) go after the card actions, so no earlier id moves.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action

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

_acts: list[Action] = []


def _add(text: str, kind: int, a: int = 0, b: int = 0) -> Action:
    act = Action(len(_acts), text, (kind, a, b))
    _acts.append(act)
    return act


def die_name(rel: int) -> str:
    return f"common die {rel + 1}" if rel < 3 else f"your die {rel - 2}"


PASS: Final = _add("pass", K_PASS)
END: Final = _add("end turn", K_END)
KEEP: Final = _add("keep", K_KEEP)
SET_A: Final = tuple(tuple(_add(f"set {die_name(r)} to {FACES[f]}", K_SET, r, f) for f in range(6)) for r in range(6))
TARGET_A: Final = tuple(tuple(_add(f"target P{p} slot {k + 1}", K_TARGET, p, k) for k in range(ROW_SLOTS))
                        for p in (0, 1))
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
    LEFT_A.append(_add(f"play {NAMES[_c]} at left end", K_LEFT, _c) if _t in (UNIT, EMPLACEMENT) else PASS)
    RIGHT_A.append(_add(f"play {NAMES[_c]} at right end", K_RIGHT, _c) if _t in (UNIT, EMPLACEMENT) else PASS)
    PLAY_A.append(_add(f"play {NAMES[_c]}", K_PLAY, _c) if _t == TACTIC else PASS)
    EQUIP_A.append(tuple(_add(f"play {NAMES[_c]} on slot {k + 1}", K_EQUIP, _c, k) for k in range(ROW_SLOTS))
                   if _t == EQUIPMENT else _NONE)
    MULL_A.append(_add(f"mulligan {NAMES[_c]}", K_MULL, _c))
    DISCARD_A.append(_add(f"discard {NAMES[_c]}", K_DISCARD, _c))
    if TAP[_c] >= 0:
        where = "on" if _t == EQUIPMENT else "at"
        TAP_A.append(tuple(_add(f"tap {NAMES[_c]} {where} slot {k + 1}", K_TAP, _c, k) for k in range(ROW_SLOTS)))
    else:
        TAP_A.append(_NONE)
# Which die pays an expend when an allied and a common die both show the face (Wars
# Keywords/Expend): EXPEND_A[face][1] an allied die, EXPEND_A[face][0] a common die.
EXPEND_A: Final = tuple((_add(f"expend {FACES[f]} from a common die", K_EXPEND, f, 0),
                         _add(f"expend {FACES[f]} from an allied die", K_EXPEND, f, 1)) for f in range(6))
ACTIONS: Final = tuple(_acts)
assert all(a.id == i for i, a in enumerate(ACTIONS))
# The cards an action names (for hints), -1 when it names none.
CARD_OF: Final = tuple(a.data[1] if K_LEFT <= a.data[0] <= K_TAP else -1 for a in ACTIONS)
