"""Mana dice: nine dice, three common and three allied per player (Wars Mana).

Spawning sets a die the player may use to a face; expending rerolls a die showing the
face, and counts even when it lands on the same face again. Dice stay as they are from
round to round.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action, say

from .cards import FACES
from .state import R_MANA, WarsState, kw, usable
from .table import SET_A

ALLIED_FIRST: Final = ((3, 4, 5, 0, 1, 2), (6, 7, 8, 0, 1, 2))  # ruling R4: expend takes an allied die first


def can_expend(s: WarsState, p: int, face: int) -> bool:
    d = s.dice
    for i in usable(p):
        if d[i] == face:
            return True
    return False


def expend(s: WarsState, p: int, face: int) -> bool:
    """Reroll a die of `face` that p may use; False when none shows it."""
    for i in ALLIED_FIRST[p]:
        if s.dice[i] == face:
            s.dice[i] = s.rng.below(6)
            if s.log is not None:
                say(s, "mana", kw("Expend"), f"P{p} expends {FACES[face]}: the die is rerolled and shows "
                    f"{FACES[s.dice[i]]}")
            return True
    return False


def spawn_options(s: WarsState, p: int, face: int) -> list[Action]:
    """The dice p may turn to `face` (face -1: to any face, as a Bounty grants), one per
    kind (common or allied) and current face, since two such dice are alike."""
    out: list[Action] = []
    seen: set[int] = set()
    dice = s.dice
    for rel in range(6):
        cur = dice[rel if rel < 3 else 3 + 3 * p + rel - 3]
        key = cur + (6 if rel >= 3 else 0)
        if key in seen:
            continue
        seen.add(key)
        for f in range(6):
            if f != cur and (face < 0 or f == face):
                out.append(SET_A[rel][f])
    return out


def die_index(p: int, rel: int) -> int:
    return rel if rel < 3 else 3 + 3 * p + rel - 3


def set_die(s: WarsState, p: int, rel: int, face: int, rule: str) -> None:
    s.dice[die_index(p, rel)] = face
    if s.log is not None:
        what = f"common die {rel + 1}" if rel < 3 else f"allied die {rel - 2}"
        say(s, "mana", rule, f"P{p} sets {what} to {FACES[face]}")


def chaos(s: WarsState, p: int) -> int:
    """How many unique faces show among the dice p may use (Chaos X)."""
    mask = 0
    for i in usable(p):
        mask |= 1 << s.dice[i]
    return bin(mask).count("1")


def roll_common(s: WarsState) -> None:
    for i in range(3):
        s.dice[i] = s.rng.below(6)
    if s.log is not None:
        say(s, "mana", R_MANA, "the common dice are rolled: " + ", ".join(FACES[s.dice[i]] for i in range(3)))
