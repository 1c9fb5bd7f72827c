"""Standing effects (8.2, rulings R4 and R5): keywords a card in play gives others for as
long as it stays, worked out again whenever the table changes; and discarding from play.
"""

from __future__ import annotations

from wizarena.core import say

from . import qualities
from .effects import GAINS, LABEL, MADE_KEYWORDS, PRINTED
from .qualities import REACH
from .state import WOM_8_2, WOM_9_15, WOM_10_7, Mg, MickeyState


def refresh(s: MickeyState, tell: bool = True) -> None:
    """8.2: "the effects of Magics are valid only while that Magic is in play". Work out
    again what the cards in play do to each other: which Magics are Plain (a Cancel holds
    while its card is in play with effect), which keywords each Magic has gained (a gain
    reaches every Magic it covers, including those cast later, while its card is in play
    with effect), which Wizards are Blocked, and whether the Castle is Plain. A Wizard is
    always in play, so what its ability does holds for the challenge. Being Plain ends a
    gained keyword and can end another card's effect, so this repeats until nothing
    changes (a few rounds: each change is lifted or made by a card in play)."""
    play = s.play
    log = tell and s.log is not None
    for _ in range(len(play) + 2):
        changed = False
        for x in play:
            if x.plain_by:
                plain = False
                for seq in x.plain_by:
                    if seq < 0 or live(s, seq):
                        plain = True
                        break
                if plain and "untouchable" in MADE_KEYWORDS and qualities.made(s, x, "untouchable"):
                    plain = False  # made Untouchable since: Cancel no longer reaches it (9.8)
                if plain != x.plain:
                    x.plain = plain
                    changed = True
                    if log and not plain:
                        say(s, "effect", WOM_8_2, f"P{x.owner}'s {LABEL[x.card]} is no longer Plain: what "
                            "cancelled it is no longer in play with effect")
        for x in play:
            got: list[tuple[str, str]] = []
            if not (x.plain or x.down or x.noeffect):
                gains_now(s, x, got)
            now = tuple(k for k, _who in got)
            if now != x.gained:
                if log:
                    for k, who in got:
                        if k not in x.gained:
                            say(s, "effect", WOM_10_7, f"{who} gives {LABEL[x.card]} the Special Action "
                                f"{k.capitalize()}")
                    for k in x.gained:
                        if k not in now:
                            say(s, "effect", WOM_8_2, f"{LABEL[x.card]} no longer has the gained "
                                f"{k.capitalize()}" + (": it is Plain" if x.plain else
                                                       ": what gave it is no longer in play with effect"))
                x.gained = now
                changed = True
        if not changed:
            break
    for q in (0, 1):
        mask = s.held[q]
        for x in play:
            if x.blocks >> 3 * q & 7 and qualities.effective(s, x):
                mask |= x.blocks >> 3 * q & 7
        if mask != s.blocked[q]:
            if log:
                for v in range(3):
                    if s.blocked[q] >> v & 1 and not mask >> v & 1:
                        say(s, "effect", WOM_8_2, f"P{q}'s {LABEL[s.team[q][v]]} is no longer Blocked: the "
                            "Block's Magic is no longer in play with effect")
            s.blocked[q] = mask
    if s.castles:
        top = len(s.castles) - 1
        plain = s.held[2] == top
        for x in play:
            if x.castle_cancel == top and qualities.effective(s, x):
                plain = True
        if plain != s.castle_plain:
            if log and not plain:
                say(s, "effect", WOM_8_2, f"the Castle {LABEL[s.castles[-1][0]]} is no longer Plain: what "
                    "cancelled it is no longer in play with effect")
            s.castle_plain = plain


def live(s: MickeyState, seq: int) -> bool:
    """Is the Magic that came into play as `seq` still in play, with effect?"""
    for m in s.play:
        if m.seq == seq:
            return qualities.effective(s, m)
    return False


def gains_now(s: MickeyState, x: Mg, got: list[tuple[str, str]]) -> None:
    """The keywords x gains from the cards in play now (10.7), each once (8.5), with who
    gives it: the Magics with effect whose gain reaches it, then the Wizards' abilities,
    which reach the Magics their Wizard casts face-up in this challenge (8.6, R25)."""
    printed = PRINTED[x.card]
    for src in s.play:
        gains = GAINS[src.card]
        if gains and src is not x and not src.down and qualities.effective(s, src):
            for k, to, filt, cond in gains:
                if k in printed or any(k == g for g, _w in got):
                    continue
                if REACH[to][x.owner == src.owner][src.pos] >> x.pos & 1 or (to == "all") \
                        or (to == "self" and x is src):
                    if (cond is None or qualities.condition_holds(s, cond, src.owner, src.pos, x.owner)) \
                            and qualities.filter_ok(s, x, filt) \
                            and not qualities.magic_immune(s, x, src, src.owner, False):
                        got.append((k, LABEL[src.card]))
    if x.kept:
        return
    for q in (0, 1):
        for v, c in enumerate(s.team[q]):
            if c >= 0 and GAINS[c]:
                for k, to, filt, cond in GAINS[c]:
                    if k in printed or any(k == g for g, _w in got):
                        continue
                    if REACH[to][x.owner == q][v] >> x.pos & 1 \
                            and (cond is None or qualities.condition_holds(s, cond, q, v, x.owner)) \
                            and qualities.filter_ok(s, x, filt):
                        got.append((k, LABEL[c]))


def static_purge(s: MickeyState, src: Mg) -> None:
    """9.15: when a Teletrasporto Magic is cast, every Static Magic leaves play, immune or not."""
    for x in [x for x in s.play if x is not src and qualities.possesses(s, x, "static")]:
        discard_from_play(s, x, WOM_9_15, f"Static: {LABEL[x.card]} leaves play as a Teletrasporto "
                                "Magic is cast")


def discard_from_play(s: MickeyState, x: Mg, rule: str, text: str) -> None:
    """A Magic leaves play for its owner's discards; it still counts as cast (8.10)."""
    s.play.remove(x)
    q, v = x.owner, x.pos
    if s.up[q][v] is x:
        s.up[q][v] = None
    if s.down[q][v] is x:
        s.down[q][v] = None
    s.disc[q].append(x.card)
    if s.log is not None:
        say(s, "discard", rule, text)
    refresh(s)  # 8.2: its effects end with it
