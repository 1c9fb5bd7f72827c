"""Special Actions (section 9): what happens the moment a Magic comes into play, and
casting a Magic (7.4), which brings it there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from wizarena.core import only, others, say

from . import choices, qualities, standing, state, turn
from .cards import POSITIONS, SPECIAL_ACTIONS
from .effects import ENTRY, ENTRY_KINDS, LABEL, POWER, PRINTED, Eff
from .state import (
    WOM_7_3,
    WOM_8_3,
    WOM_8_5,
    WOM_8_10,
    WOM_8_13,
    WOM_9_2,
    WOM_9_3,
    WOM_9_4,
    WOM_9_8,
    WOM_9_9,
    WOM_9_10,
    WOM_9_13,
    WOM_10_8,
    WOM_10_10,
    WOM_10_18,
    Mg,
    MickeyState,
    Task,
)

ACTIONABLE: Final = frozenset({"cancel", "block", "confuse", "corrode", "corrupt", "recover", "reveal", "swap",
                               "break", "teletrasporto"})
KEYWORD_EFF: Final = {k: Eff(k, "opposite", 1, None, "opponent", 99, None, None) for k in SPECIAL_ACTIONS}


def enter(s: MickeyState, magic: Mg) -> None:
    c, p, w = magic.card, magic.owner, magic.pos
    standing.refresh(s)  # what the cards in play give it (gain), before its own effects act
    if ENTRY[c] or "trickery" in PRINTED[c]:
        if "trickery" in PRINTED[c] and qualities.trickery_plain(s, magic):
            if s.log is not None:
                say(s, "effect", WOM_9_13, f"{LABEL[c]} is a second Trickery Magic in play: every Trickery "
                    "Magic in play becomes Plain")
        elif qualities.effective(s, magic):
            if "teletrasporto" in PRINTED[c]:
                standing.static_purge(s, magic)
            for e in ENTRY[c]:
                if e.cond is None or qualities.condition_holds(s, e.cond, p, w, p):
                    act(s, magic, e, wizard=False)
    wiz = s.team[p][w]
    if ENTRY[wiz] and magic in s.play:
        for e in ENTRY[wiz]:  # 8.6: the Wizard's ability acts after the Magic's own effects
            if e.cond is None or qualities.condition_holds(s, e.cond, p, w, p):
                act(s, magic, e, wizard=True)


def act(s: MickeyState, magic: Mg, effect: Eff, wizard: bool) -> None:
    """Carry out one entry effect of the Magic, or of its Wizard's ability (`wizard`): the
    function of its kind in `EFFECTS`."""
    who = f"P{magic.owner}'s " + (LABEL[s.team[magic.owner][magic.pos]] if wizard else LABEL[magic.card])
    EFFECTS[effect.kind](s, magic, effect, wizard, who)


# Each Special Action (section 9) and entry effect (10.x): (state, the Magic, the effect,
# whether it is its Wizard's ability, the name the log gives its source: "P0's Acid Rain").
Effect = Callable[[MickeyState, Mg, Eff, bool, str], None]


def cancel(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.2 Cancel: the Castle in play, or the Magics reached, become Plain (while m stays, R4)."""
    log = s.log is not None
    if effect.to == "castle":
        if s.castles:
            if wizard:
                s.held[2] = len(s.castles) - 1
            else:
                magic.castle_cancel = len(s.castles) - 1
            if not s.castle_plain:
                s.castle_plain = True
                if log:
                    say(s, "effect", WOM_9_2, f"{who} cancels the Castle {LABEL[s.castles[-1][0]]}: it is "
                        "Plain")
        return
    for x in qualities.magics_of(s, magic, effect.to, effect.filt):
        if x is magic:
            continue
        if qualities.possesses(s, x, "untouchable"):
            if log:
                say(s, "effect", WOM_9_8, f"{LABEL[x.card]} is Untouchable: the Cancel of {who} does nothing")
            continue
        # 8.2, ruling R4: Plain while the cancelling card is in play with effect
        x.plain_by = x.plain_by + (-1 if wizard else magic.seq,)
        if not x.plain:
            x.plain = True
            if log:
                say(s, "effect", WOM_9_2, f"{who} cancels P{x.owner}'s {LABEL[x.card]}: it is Plain")
    standing.refresh(s)


def block_or_confuse(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.3 Block, 9.5 Confuse: every Wizard reached, on either side."""
    p = magic.owner
    for q in (1 - p, p):
        for v in qualities.wizards_of(effect.to, p, magic.pos, q):
            hit_wizard(s, effect.kind, who, q, v, p, wizard, magic)


def corrode(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.6 Corrode: a decision for its player (choices.py), if he has a card to pay with."""
    if s.hand[magic.owner]:
        keyword = effect.filt.keyword if effect.filt else None
        s.queue.append(Task("corrode", magic.owner, effect.to, keyword, magic.pos, who))


def corrupt(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.7 Corrupt: a decision for its player, if he has the two cards to pay with."""
    if len(s.hand[magic.owner]) >= 2:
        s.queue.append(Task("corrupt", magic.owner, effect.to, None, magic.pos, who))


def recover(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.9 Recover: a card drawn by a player holding fewer than three."""
    p = magic.owner
    if len(s.hand[p]) < 3:
        choices.draw(s, p, 1, WOM_9_9, effect=True)
    elif s.log is not None:
        say(s, "effect", WOM_9_9, f"Recover: P{p} holds {len(s.hand[p])} cards, so draws none")


def reveal_hand(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.10 Reveal."""
    reveal(s, magic.owner, who)


def swap(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.11 Swap: a decision for its player, in four steps."""
    s.queue.append(Task("swap", magic.owner))


def break_continue(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.14 Break: a decision for its player (which Continue Magic goes)."""
    s.queue.append(Task("break", magic.owner))


def teletrasporto(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """9.12 Teletrasporto: a new Castle comes into play, chosen in the Official Challenge."""
    p = magic.owner
    if wizard or "teletrasporto" not in PRINTED[magic.card]:  # printed: purged on entry already
        standing.static_purge(s, magic)
    if s.fmt == 2:
        s.queue.append(Task("tele", p))
    else:
        choices.refill_castles(s, p)
        if s.cdeck[p]:
            turn.bring_castle(s, p, state.take(s, s.cdeck[p]), teleport=True)


def draw(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """10.10: its player draws."""
    choices.draw(s, magic.owner, effect.n, WOM_10_10, effect=True)


def discard_random(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """8.13: a player discards cards at random."""
    q = 1 - magic.owner if effect.who == "opponent" else magic.owner
    n = min(effect.n, len(s.hand[q]))
    if n:
        picked = [s.hand[q].pop(s.rng.below(len(s.hand[q]))) for _ in range(n)]
        for c in picked:
            state.forget(s, q, c)
        s.disc[q].extend(picked)
        if s.log is not None:
            say(s, "discard", WOM_8_13, f"{who}: P{q} discards at random " + ", ".join(LABEL[c] for c in picked))


def gain(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """A standing effect (8.2, ruling R5): standing.refresh gives the keyword to every Magic the
    effect reaches while its card is in play with effect, and tells of it."""
    k = effect.keyword or ""  # the card loader requires a keyword for gain and make
    targets = _reached(s, magic, effect, wizard)
    for x in targets:
        if k in PRINTED[x.card] and s.log is not None:
            say(s, "effect", WOM_8_5, f"{LABEL[x.card]} already has {k.capitalize()}: it does not have it twice")
    standing.refresh(s)
    if wizard and k in ACTIONABLE and k in magic.gained and qualities.effective(s, magic):
        act(s, magic, KEYWORD_EFF[k], wizard=False)  # 8.6: carried out after the Magic's own


def _reached(s: MickeyState, magic: Mg, effect: Eff, wizard: bool) -> list[Mg]:
    """The Magics a gain or make reaches: its own Magic for a Wizard's "self", else those it covers."""
    if wizard:
        return [magic] if effect.to == "self" else []
    return qualities.magics_of(s, magic, effect.to, effect.filt)


def make(s: MickeyState, magic: Mg, effect: Eff, wizard: bool, who: str) -> None:
    """10.18: a "make" stands while its card is in play (qualities.made); here it is only told."""
    k = effect.keyword or ""
    targets = _reached(s, magic, effect, wizard)
    if s.log is not None:
        for x in targets:
            say(s, "effect", WOM_10_18, f"{who} makes {LABEL[x.card]} possess {k.capitalize()}")


EFFECTS: Final[dict[str, Effect]] = {
    "cancel": cancel, "block": block_or_confuse, "confuse": block_or_confuse, "corrode": corrode, "corrupt": corrupt,
    "recover": recover, "reveal": reveal_hand, "swap": swap, "break": break_continue, "teletrasporto": teletrasporto,
    "draw": draw, "discard_random": discard_random, "gain": gain, "make": make,
}
assert set(EFFECTS) == ENTRY_KINDS, "every entry effect the card loader accepts has its function"


def hit_wizard(s: MickeyState, kind: str, who: str, seat: int, v: int, player: int, wizard: bool, src: Mg) -> None:
    log = s.log is not None
    target = s.team[seat][v]
    if not wizard and qualities.wizard_immune(target, seat, player, 2):
        if log:
            say(s, "effect", WOM_10_8, f"{LABEL[target]} is immune: {who} does not reach it")
        return
    if kind == "block":
        # 8.2, ruling R4: a Magic's Block lasts while it is in play with effect; a Wizard's, the challenge
        if wizard:
            s.held[seat] |= 1 << v
        else:
            src.blocks |= 1 << (3 * seat + v)
        s.blocked[seat] |= 1 << v
        if log:
            say(s, "effect", WOM_9_3, f"{who} blocks P{seat}'s {LABEL[target]}: it cannot cast Magics")
        return
    # 9.4 Confuse: only a Wizard that has not cast yet; the picked card is shown (R18).
    if s.casts[seat][v] or not s.hand[seat] or seat == player:
        return
    # Confuse on several Wizards: one card picked at random for each, a different card
    # each time while the hand has one (ruling R33).
    before = s.forced[seat] or ()
    taken = [before[i + 1] for i in range(0, len(before), 2)]
    pool = list(s.hand[seat])
    for c in taken:
        if c in pool and len(pool) > 1:
            pool.remove(c)
    pick = pool[s.rng.below(len(pool))]
    s.forced[seat] = before + (v, pick)
    if pick not in s.known[seat]:
        s.known[seat].append(pick)
    if log:
        say(s, "effect", WOM_9_4, f"{who} confuses P{seat}'s {LABEL[target]}: P{player} picks {LABEL[pick]} at random "
            f"from P{seat}'s hand (8.13), which P{seat} must cast with it if possible")


def reveal(s: MickeyState, player: int, who: str) -> None:
    """9.10: every opposing face-down Magic is revealed and moved in front of its Wizard."""
    q = 1 - player
    for v in range(3):
        x = s.down[q][v]
        if x is None:
            continue
        x.down, x.noeffect = False, True
        s.down[q][v] = None
        if s.up[q][v] is None:
            s.up[q][v] = x
            if s.log is not None:
                say(s, "reveal", WOM_9_10, f"{who} reveals P{q}'s face-down {LABEL[x.card]}; it moves to the "
                    "Area of Cast Magics, without effect")
        else:
            s.down[q][v] = x  # so that _discard_from_play finds it
            standing.discard_from_play(s, x, WOM_9_10, f"{who} reveals P{q}'s face-down {LABEL[x.card]}; "
                                    "its Area of Cast Magics is taken, so it is discarded")


def cast(s: MickeyState, player: int, c: int, position: int, down: bool) -> None:
    s.steps += 1
    state.remove_card(s.hand[player], c)
    if s.known[player] or s.pub[player]:
        state.forget(s, player, c)
    m = Mg(c, player, position, down, s.seq)
    s.seq += 1
    s.play.append(m)
    s.played[player] |= 1 << c
    if down:
        if s.up[player][position] is not None or s.casts[player][position]:
            s.extra[player][position] = s.up[player][position] is not None
        s.down[player][position] = m
    else:
        s.up[player][position] = m
    s.casts[player][position] += 1
    forced = s.forced[player]
    if forced is not None:
        for i in range(0, len(forced), 2):
            if forced[i] == position:
                s.forced[player] = forced[:i] + forced[i + 2:] or None
                break
    if s.log is not None:
        wiz = LABEL[s.team[player][position]]
        if down:
            say(s, "hide", WOM_8_3, f"you cast {LABEL[c]} face-down behind {wiz} ({POSITIONS[position]})", only(player))
            say(s, "hide", WOM_8_3, f"P{player} casts a Magic face-down behind {wiz} ({POSITIONS[position]})",
                others(player))
        else:
            say(s, "cast", WOM_7_3 if s.casts[player][position] == 1 else WOM_8_10,
                f"P{player}'s {wiz} ({POSITIONS[position]}) casts {LABEL[c]} (Magic Power {POWER[c]})")
    if not down:
        enter(s, m)
    s.cur = 1 - player
    turn.go_on(s)
