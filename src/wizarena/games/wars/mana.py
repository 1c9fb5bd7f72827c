"""Mana dice: nine dice, three common and three allied per player (Wars Mana).

Spawning sets a die the player may use to a face; expending rerolls a die showing the
face, and counts even when it lands on the same face again. Both are the player's choice
of die: when an allied and a common die both show the face to expend, the player says
which kind is rerolled (a common die is shared with the opponent). Dice stay as they are
from round to round.
"""

from __future__ import annotations

from wizarena.core import Action, say

from .actions import EXPEND_A, SET_A
from .cards import FACES
from .state import EXPEND, R_MANA, WarsState, kw, usable


def can_expend(s: WarsState, p: int, face: int) -> bool:
    d = s.dice
    for i in usable(p):
        if d[i] == face:
            return True
    return False


def expend_kinds(s: WarsState, p: int, face: int) -> int:
    """Which kinds of die p may use show `face`: bit 1 a common die, bit 2 an allied die."""
    d = s.dice
    a = 3 + 3 * p
    kinds = 1 if d[0] == face or d[1] == face or d[2] == face else 0
    if d[a] == face or d[a + 1] == face or d[a + 2] == face:
        kinds |= 2
    return kinds


def expend(s: WarsState, p: int, face: int, src: int, c: int) -> None:
    """Expend `face` for p, the cost of card c (instance src). When an allied and a common
    die both show it, which one is rerolled is p's choice (Wars Keywords/Expend): an EXPEND
    task goes to the front of the queue and asks (phase CHOOSE). Otherwise the die of the
    one kind is rerolled at once."""
    kinds = expend_kinds(s, p, face)
    if kinds == 3:
        s.queue.insert(0, (src, p, c, EXPEND, face))
    elif kinds:
        reroll(s, p, face, kinds == 2)


def expend_options(s: WarsState, p: int, face: int) -> list[Action]:
    """The dice an expend of `face` may reroll: an allied die, a common die, one each at
    most, since two dice of one kind showing the same face are alike."""
    kinds = expend_kinds(s, p, face)
    out: list[Action] = []
    if kinds & 2:
        out.append(EXPEND_A[face][1])
    if kinds & 1:
        out.append(EXPEND_A[face][0])
    return out


def reroll(s: WarsState, p: int, face: int, allied: bool) -> None:
    """Expend: reroll p's first die of the kind (allied or common) that shows `face`. It
    counts even when it lands on the same face again."""
    base = 3 + 3 * p if allied else 0
    for j in range(3):
        i = base + j
        if s.dice[i] == face:
            s.dice[i] = s.rng.below(6)
            if s.log is not None:
                what = f"allied die {j + 1}" if allied else f"common die {j + 1}"
                say(s, "mana", kw("Expend"), f"P{p} expends {FACES[face]} from {what}: it is rerolled and "
                    f"shows {FACES[s.dice[i]]}")
            return


def spawn_options(s: WarsState, p: int, face: int) -> list[Action]:
    """The dice p may turn to `face` (face -1: to any face, as a Bounty grants), one per
    kind (common or allied) and current face, since two such dice are alike. "A common or
    allied mana die of your choice" (Wars Keywords/Spawn): a die already showing the face
    is a choice too (it leaves every die as it is), unless no die would change at all,
    when there is nothing to choose."""
    out: list[Action] = []
    seen: set[int] = set()
    dice = s.dice
    changes = False
    for rel in range(6):
        cur = dice[rel if rel < 3 else 3 + 3 * p + rel - 3]
        key = cur + (6 if rel >= 3 else 0)
        if key in seen:
            continue
        seen.add(key)
        for f in range(6):
            if face < 0 or f == face:
                out.append(SET_A[rel][f])
                changes = changes or f != cur
    return out if changes else []


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
