"""What cards are and have, and where they stand: keywords possessed, printed or made
(8.5, 10.18), immunity (9.8, 9.13, 10.5, 10.7, 10.14), conditions and filters, which Wizards
a Magic's reach names, and the Magics a Special Action may touch. The view and the count
ask these too.
"""

from __future__ import annotations

from typing import Final

from .effects import COLOUR_BITS, IMMUNE, MADE_KEYWORDS, MAKES, NAME_WORDS, POWER, PRINTED, Cond, Filter, words_in
from .state import Mg, MickeyState

POSITIONS_OF: Final = tuple(tuple(v for v in range(3) if mask >> v & 1) for mask in range(8))
APP_STEP: Final = 16    # bits of a modifier's index in an application's key
APP_TARGET: Final = 20  # and above the step of 8.4 (eight steps: three bits)
APP_MOD: Final = (1 << APP_STEP) - 1


def possesses(s: MickeyState, magic: Mg, k: str) -> bool:
    """The Magic has Special Action k: printed or gained while not Plain, or made by a card in play
    that has effect (R5). Face-down cards and revealed face-down ones have none (10.5, 8.3)."""
    if magic.down or magic.noeffect:
        return False
    if not magic.plain and (k in PRINTED[magic.card] or k in magic.gained):
        return True
    return k in MADE_KEYWORDS and made(s, magic, k)


def made(s: MickeyState, magic: Mg, k: str) -> bool:
    """Some card in play makes m possess k (10.18): a standing effect of that card."""
    for src in s.play:
        mk = MAKES[src.card]
        if mk and src is not magic and not src.down and not src.noeffect and not src.plain:
            for kw, to, filt, cond in mk:
                if kw == k and REACH[to][magic.owner == src.owner][src.pos] >> magic.pos & 1 \
                        and (cond is None or condition_holds(s, cond, src.owner, src.pos, magic.owner)) \
                        and filter_ok(s, magic, filt) and not immune_to_magic(magic, src.owner):
                    return True
    for q in range(2):
        for v, c in enumerate(s.team[q]):
            if c >= 0 and MAKES[c]:
                for kw, to, filt, cond in MAKES[c]:
                    if kw == k and REACH[to][magic.owner == q][v] >> magic.pos & 1 \
                            and (cond is None or condition_holds(s, cond, q, v, magic.owner)) \
                            and filter_ok(s, magic, filt):
                        return True
    return False


def immune_to_magic(magic: Mg, src_owner: int) -> bool:
    """10.8 for a Magic reached by another Magic's "make", read without asking whether
    Trickery made m Plain: that question asks what m is made to have (Untouchable), and
    9.13 makes an immune Trickery Magic Plain all the same, so its immunity is read as
    printed here. Asking through effective would go round in a circle."""
    imm = IMMUNE[magic.card]
    if not imm or magic.down or magic.noeffect or magic.plain:
        return False
    return "magics" in imm or ("opposing_magics" in imm and src_owner != magic.owner)


def printed(magic: Mg, k: str) -> bool:
    return not magic.down and not magic.noeffect and not magic.plain and (k in PRINTED[magic.card] or k in magic.gained)


def trickery_plain(s: MickeyState, magic: Mg) -> bool:
    """9.13: two or more Trickery Magics in play make each other Plain; Untouchable ones
    keep their effect (R6)."""
    if not possesses(s, magic, "trickery") or possesses(s, magic, "untouchable"):
        return False
    return sum(1 for x in s.play if possesses(s, x, "trickery")) >= 2


def effective(s: MickeyState, magic: Mg) -> bool:
    if magic.down or magic.noeffect or magic.plain:
        return False
    if "trickery" in PRINTED[magic.card] or magic.gained or "trickery" in MADE_KEYWORDS:
        return not trickery_plain(s, magic)
    return True


def condition_holds(s: MickeyState, cond: Cond, sp: int, sw: int, seat: int) -> bool:
    """A source's "if": its own Wizard's Diamagic or position, or its player taking the turn.
    For a Castle (sp -1) the condition is read for the player q it would reach."""
    if sp < 0:
        if cond.turn_player:
            return seat == s.tp
        return True
    if cond.turn_player and sp != s.tp:
        return False
    if cond.position >= 0 and sw != cond.position:
        return False
    owned = s.owned[sp][sw]
    if cond.owns >= 0 and cond.owns not in owned:
        return False
    return len(owned) >= cond.owns_count


def filter_ok(s: MickeyState, magic: Mg, f: Filter | None) -> bool:
    if f is None:
        return True
    c = magic.card
    if f.colour and not COLOUR_BITS[c] & f.colour:
        return False
    if not f.min_power <= POWER[c] <= f.max_power:
        return False
    if f.name is not None and not words_in(f.name, NAME_WORDS[c]):
        return False
    if f.keyword is not None and not possesses(s, magic, f.keyword):
        return False
    return f.printed is None or printed(magic, f.printed)


def magic_immune(s: MickeyState, magic: Mg, src: Mg | None, src_owner: int, castle: bool) -> bool:
    """10.8: an immune Magic ignores effects of that kind of card, good or bad."""
    imm = IMMUNE[magic.card]
    if not imm or magic is src or not effective(s, magic):
        return False
    if castle:
        return "castles" in imm
    if src is None:  # a Wizard's ability
        return False
    return "magics" in imm or ("opposing_magics" in imm and src_owner != magic.owner)


def magics_of(s: MickeyState, src: Mg, to: str, f: Filter | None) -> list[Mg]:
    """The face-up Magics in play an effect of src reaches (selectors of the effect language)."""
    p, w = src.owner, src.pos
    out = []
    for x in s.play:
        if x.down:
            continue
        if to == "self":
            ok = x is src
        elif to == "own":
            ok = x.owner == p
        elif to == "opposing":
            ok = x.owner != p
        elif to == "adjacent":
            ok = x.owner == p and abs(x.pos - w) == 1
        elif to == "opposite":
            ok = x.owner != p and x.pos == 2 - w
        else:
            ok = to == "all"
        if ok and filter_ok(s, x, f) and not magic_immune(s, x, src, p, False):
            out.append(x)
    return out


def wizards_of(to: str, sp: int, sw: int, seat: int) -> tuple[int, ...]:
    """Positions of the seat's Wizards an effect of a source at (sp, sw) reaches; sp -1 = the Castle."""
    mask = 7 if sp < 0 else REACH[to][seat == sp][sw]
    return POSITIONS_OF[mask]


def wizard_immune(wizard: int, seat: int, sp: int, kind: int) -> bool:
    """10.8 for a Wizard: kind 0 = the source is a Castle, 2 = a Magic (abilities are never blocked)."""
    imm = IMMUNE[wizard] if wizard >= 0 else ()
    if not imm:
        return False
    if kind == 0:
        return "castles" in imm
    if kind == 2:
        return "magics" in imm or ("opposing_magics" in imm and sp != seat)
    return False


def spots(to: str, seat: int, v: int) -> int:
    """The Wizards an effect of a source at (q, v) reaches, as a 6-bit mask: bit 3p + w is
    the player's Wizard at that position (from the REACH masks)."""
    other, own = REACH[to]
    return own[v] << 3 * seat | other[v] << 3 * (1 - seat)


def aim(apps: list[int], spot: list[int], spots: int, step: int, mod: int) -> None:
    """Send modifier `mod` to every counted Magic in front of a Wizard in `spots`."""
    for i in range(len(spot)):
        if spots >> spot[i] & 1:
            apps.append(app_key(i, step, mod))


def app_key(target: int, step: int, mod: int) -> int:
    """The sort key of a modifier's application: the Magic reached, the step of 8.4, the order of R3."""
    return (target << APP_TARGET) | (step << APP_STEP) | mod

def reach_table() -> dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """REACH[to][same side][source position]: bit mask of the target player's Wizards."""
    def adj(position: int) -> int:
        return sum(1 << v for v in (position - 1, position + 1) if 0 <= v <= 2)
    return {
        "all": ((7, 7, 7), (7, 7, 7)),
        "opposing": ((7, 7, 7), (0, 0, 0)),
        "own": ((0, 0, 0), (7, 7, 7)),
        "self": ((0, 0, 0), (1, 2, 4)),
        "opposite": ((4, 2, 1), (0, 0, 0)),
        "adjacent": ((0, 0, 0), (adj(0), adj(1), adj(2))),
        "castle": ((0, 0, 0), (0, 0, 0)),
    }


REACH: Final = reach_table()
