"""What may be cast, and where (7.3-7.6): the Wizard a Magic goes with, face-up or
face-down, within the colour, power and hiding limits that cards in play set.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action, say

from . import qualities
from .actions import CAST_DOWN_AT, CAST_UP, CAST_UP_AT, PASS
from .effects import CASTFX, EXTRA_HIDE, IMMUNE, LABEL, POWER
from .qualities import REACH
from .state import WOM_8_11, Limits, MickeyState, WizardRules

# Casting effects per card as (0 hide / 1 no_hide / 2 limit, to, max power, condition).
CF: Final = tuple(tuple((("hide", "no_hide", "limit").index(e.kind), e.to, e.max_power, e.cond) for e in fx)
           for fx in CASTFX)


def limit_reveal(s: MickeyState, seat: int) -> None:
    """8.11: a player kept from casting by a limitation shows the hand to prove it (R20)."""
    if s.passed[seat] or s.shown_limit[seat] or not s.hand[seat] or 0 not in s.casts[seat]:
        return
    s.shown_limit[seat] = True
    s.known[seat] = s.hand[seat][:]
    if s.log is not None:
        say(s, "reveal", WOM_8_11, f"P{seat} cannot cast any Magic and reveals the hand: "
            + ", ".join(LABEL[c] for c in sorted(s.hand[seat])))


def cast_rules(s: MickeyState, seat: int) -> tuple[int, int, Limits | None, int]:
    """What the cards in play say about the seat's casting (8.3, 8.7, 8.11, 9.3): a bit mask of the
    positions that may cast face-up, one of those that may cast face-down, the highest
    Magic Power each may cast (None: no limit), and the positions banned from casting
    face-down (which a Wizard's own extra face-down permission cannot overcome, 8.7)."""
    wr = s.wr[seat]
    if wr is None:
        wr = wizard_rules(s, seat)
    hide, nohide, maxp, imm_castle, imm_magic, imm_opp = wr
    if s.castles and not s.castle_plain:
        c = s.castles[-1][0]
        for code, _to, mp, cond in CF[c]:
            if cond is None or qualities.condition_holds(s, cond, -1, -1, seat):
                hide, nohide, maxp = fold(code, 7 & ~imm_castle, mp, hide, nohide, maxp)
    for m in s.play:
        if CF[m.card] and qualities.effective(s, m):
            same = m.owner == seat
            shield = imm_magic if same else imm_magic | imm_opp
            for code, to, mp, cond in CF[m.card]:
                if cond is None or qualities.condition_holds(s, cond, m.owner, m.pos, seat):
                    hide, nohide, maxp = fold(code, REACH[to][same][m.pos] & ~shield, mp, hide, nohide, maxp)
    return 7 & ~s.blocked[seat], hide & ~nohide, maxp, nohide  # 8.7: the prohibition wins


def wizard_rules(s: MickeyState, seat: int) -> WizardRules:
    """The Wizards' part of _cast_rules and the seat's immunity masks; kept for the game when no
    ability depends on a condition (the teams never change once lined up)."""
    team = s.team[seat]
    imm_castle = imm_magic = imm_opp = 0
    for v in range(3):
        imm = IMMUNE[team[v]] if team[v] >= 0 else ()
        if imm:
            imm_castle |= (1 << v) if "castles" in imm else 0
            imm_magic |= (1 << v) if "magics" in imm else 0
            imm_opp |= (1 << v) if "opposing_magics" in imm else 0
    hide = nohide = 0
    maxp: Limits | None = None
    static = True
    for p2 in range(2):
        for v, c in enumerate(s.team[p2]):
            if c < 0:
                continue
            for code, to, mp, cond in CF[c]:
                if cond is not None:
                    static = False
                    if not qualities.condition_holds(s, cond, p2, v, seat):
                        continue
                hide, nohide, maxp = fold(code, REACH[to][p2 == seat][v], mp, hide, nohide, maxp)
    wr: WizardRules = (hide, nohide, maxp, imm_castle, imm_magic, imm_opp)
    if static and all(c >= 0 for c in s.team[0] + s.team[1]):
        s.wr = s.wr[:]
        s.wr[seat] = wr
    return wr


def cast_options(s: MickeyState, seat: int) -> list[Action]:
    """The seat's legal casts, Magic by Magic in id order, and the pass when it is allowed.
    Positions are bit masks (bit w: the Wizard at w), so that a Magic's casts are one
    table lookup: CAST_UP_AT[card][mask] lists them for the positions in the mask."""
    hand = s.hand[seat]
    if s.passed[seat] or not hand:
        return []
    upq, downq, casts = s.up[seat], s.down[seat], s.casts[seat]
    ups, downs, maxp, nohide = cast_rules(s, seat)
    free = 0
    for w in range(3):
        if upq[w] is None and downq[w] is None:
            free |= 1 << w
    forced = s.forced[seat]
    while forced is not None:
        # 9.4: the Confused Wizards cast first, one per move in the order they were
        # Confused (R33): the picked Magic, or else any the Wizard can cast.
        w, c = forced[0], forced[1]
        mp = 99 if maxp is None else maxp[w]
        if (free & ups) >> w & 1:
            if c >= 0 and c in hand and POWER[c] <= mp:
                return [CAST_UP[c][w]]
            some: list[Action] = [CAST_UP[x][w] for x in distinct(hand) if POWER[x] <= mp]
            if some:
                return some
        forced = forced[2:] or None  # this Wizard cannot: its Confuse lapses
        s.forced[seat] = forced
    up_at = free & ups
    down_at = free & downs
    extra = s.extra[seat]
    for w in range(3):
        # 8.3: "abilities of Wizards allow Magics to be put into play face-down ... (or in
        # addition)": the ability is itself the permission, for one Magic besides the
        # Wizard's face-up cast; only a prohibition stops it (8.7).
        if not nohide >> w & 1 and upq[w] is not None and downq[w] is None and not extra[w] \
                and EXTRA_HIDE[s.team[seat][w]]:
            down_at |= 1 << w
    opts: list[Action] = []
    reachable = 0  # the positions where some Magic in hand may be cast face-up
    last = -1
    for x in hand:  # hands are kept sorted: each card once, in id order
        if x == last:
            continue
        last = x
        at = up_at if maxp is None else up_at & within(POWER[x], maxp)
        if at:
            opts.extend(CAST_UP_AT[x][at])
            reachable |= at
    uncast = 0
    for w in range(3):
        if not casts[w]:
            uncast |= 1 << w
    # 8.12, ruling R24: a player may pass once no Wizard that has not cast could cast
    # a Magic face-up; casting face-down is never an obligation (9.3).
    must = reachable & uncast
    if down_at:
        last = -1
        for x in hand:
            if x != last:
                opts.extend(CAST_DOWN_AT[x][down_at])
                last = x
    if opts and not must:
        opts.append(PASS)
    return opts


def distinct(hand: list[int]) -> list[int]:
    """The different cards of a hand; hands are kept sorted, so this is in id order."""
    out: list[int] = []
    last = -1
    for c in hand:
        if c != last:
            out.append(c)
            last = c
    return out


def within(power: int, maxp: Limits) -> int:
    """Bit mask of the positions whose Magic Power limit allows a Magic of this power (8.11)."""
    return (power <= maxp[0]) | (power <= maxp[1]) << 1 | (power <= maxp[2]) << 2


def fold(code: int, reach: int, mp: int, hide: int, nohide: int,
          maxp: Limits | None) -> tuple[int, int, Limits | None]:
    """One casting effect (0 hide, 1 no_hide, 2 limit) reaching the Wizards in `reach`."""
    if code == 0:
        return hide | reach, nohide, maxp
    if code == 1:
        return hide, nohide | reach, maxp
    if not reach:
        return hide, nohide, maxp
    left, centre, right = (99, 99, 99) if maxp is None else maxp
    return hide, nohide, (min(left, mp) if reach & 1 else left, min(centre, mp) if reach & 2 else centre,
                          min(right, mp) if reach & 4 else right)

