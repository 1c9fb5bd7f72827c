"""Standing effects (8.2, rulings R4 and R5): keywords a card in play gives others for as
long as it stays, worked out again whenever the table changes; and discarding from play.
"""

from __future__ import annotations

from typing import Final, final

from wizarena.core import say

from . import qualities
from .effects import GAINS, LABEL, MADE_KEYWORDS, PRINTED, Cond, Filter
from .qualities import REACH
from .state import WOM_8_2, WOM_9_15, WOM_10_7, Mg, MickeyState


@final
class Give:
    """One gain (10.7) of a card, ready for refresh, which runs at every cast: its keyword
    as a bit of KEYWORD_BIT, and its reach as one int, bit 9 * same side + 3 * source
    position + target position (REACH's masks laid end to end), so that finding what a
    Magic gains takes machine-int tests and builds nothing."""

    __slots__ = ("keyword", "bit", "reach", "filt", "cond")

    def __init__(self, keyword: str, bit: int, reach: int, filt: Filter | None, cond: Cond | None) -> None:
        self.keyword = keyword
        self.bit = bit
        self.reach = reach
        self.filt = filt
        self.cond = cond


def _reach_bits(to: str) -> int:
    other, own = REACH[to]
    return sum(masks[v] << 9 * same + 3 * v for same, masks in ((0, other), (1, own)) for v in range(3))


KEYWORD_BIT: Final = {k: 1 << i for i, k in enumerate(sorted({gain[0] for gains in GAINS for gain in gains}))}
PRINTED_BITS: Final[tuple[int, ...]] = tuple(sum(bit for k, bit in KEYWORD_BIT.items() if k in printed)
                                             for printed in PRINTED)
GIVES: Final[tuple[tuple[Give, ...], ...]] = tuple(
    tuple(Give(k, KEYWORD_BIT[k], _reach_bits(to), filt, cond) for k, to, filt, cond in gains) for gains in GAINS)


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
            bits = 0 if x.plain or x.down or x.noeffect else gains_now(s, x, None)
            if bits == _bits(x.gained) and len(x.gained) < 2:
                continue  # the same keywords as before (two or more may have changed order)
            got: list[tuple[str, str]] = []
            if bits:
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
    for q in range(2):
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


def gains_now(s: MickeyState, x: Mg, got: list[tuple[str, str]] | None) -> int:
    """The keywords x gains from the cards in play now (10.7), as bits of KEYWORD_BIT, each
    once (8.5): from the Magics with effect whose gain reaches it, then from the Wizards'
    abilities, which reach the Magics their Wizard casts face-up in this challenge (8.6,
    R25). With `got`, each is also listed there in that order, with who gives it."""
    printed = PRINTED_BITS[x.card]
    have = printed
    for src in s.play:
        gives = GIVES[src.card]
        if not gives or src is x or src.down or not qualities.effective(s, src):
            continue
        at = (9 if x.owner == src.owner else 0) + 3 * src.pos + x.pos
        for give in gives:
            if not have & give.bit and give.reach >> at & 1 \
                    and (give.cond is None or qualities.condition_holds(s, give.cond, src.owner, src.pos, x.owner)) \
                    and qualities.filter_ok(s, x, give.filt) \
                    and not qualities.magic_immune(s, x, src, src.owner, False):
                have |= give.bit
                if got is not None:
                    got.append((give.keyword, LABEL[src.card]))
    if not x.kept:
        for q in range(2):
            team = s.team[q]
            for v in range(len(team)):
                c = team[v]
                if c < 0 or not GIVES[c]:
                    continue
                at = (9 if x.owner == q else 0) + 3 * v + x.pos
                for give in GIVES[c]:
                    if not have & give.bit and give.reach >> at & 1 \
                            and (give.cond is None or qualities.condition_holds(s, give.cond, q, v, x.owner)) \
                            and qualities.filter_ok(s, x, give.filt):
                        have |= give.bit
                        if got is not None:
                            got.append((give.keyword, LABEL[c]))
    return have & ~printed


def _bits(keywords: tuple[str, ...]) -> int:
    bits = 0
    for k in keywords:
        bits |= KEYWORD_BIT[k]
    return bits


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
