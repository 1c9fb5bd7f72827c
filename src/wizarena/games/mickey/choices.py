"""The decisions inside Special Actions (section 9) and the draws (7.10): what the effect
queue asks its player (Corrode, Corrupt, Swap, Break, an Official Teletrasporto...), and
refilling the Castles in play.
"""

from __future__ import annotations

from wizarena.core import Action, only, others, say

from . import qualities, state
from .actions import CASTLE_A, COLOUR_A, DECLINE, DISCARD_A, PICK_A
from .effects import DRAW_TAX, LABEL
from .state import HAND_LIMIT, WOM_8_8, WOM_10_10, Mg, MickeyState, Task


def draw(s: MickeyState, player: int, n: int, rule: str, *, effect: bool, limit: bool = True) -> None:
    """Draw n cards as one action (10.10), reshuffling the discards when the deck is short (8.8)."""
    deck = s.deck[player]
    if n == 1 and deck:  # the common Recover
        got = [state.take(s, deck)]
    elif len(deck) < n and s.disc[player]:
        # 8.8: what is left is drawn first, then the shuffled discards become the deck
        got = deck[:]
        deck[:] = s.disc[player]
        s.pub[player] += s.disc[player]  # everyone saw these cards go into the new deck
        s.disc[player] = []
        if s.log is not None:
            say(s, "shuffle", WOM_8_8, f"P{player}'s Magic deck runs short: the discards are shuffled into a new deck")
        got += [state.take(s, deck) for _ in range(min(n - len(got), len(deck)))]
    else:
        got = [state.take(s, deck) for _ in range(min(n, len(deck)))]
    n = len(got)
    if n:
        hand = s.hand[player]
        hand += got
        hand.sort()
        if s.log is not None:
            say(s, "draw", rule, "you draw " + ", ".join(LABEL[c] for c in got), only(player))
            say(s, "draw", rule, f"P{player} draws {n} card{'s' if n > 1 else ''}", others(player))
        if effect and s.castles and not s.castle_plain and DRAW_TAX[s.castles[-1][0]] and s.hand[player]:
            c = s.hand[player].pop(s.rng.below(len(s.hand[player])))
            state.forget(s, player, c)
            s.disc[player].append(c)
            if s.log is not None:
                say(s, "discard", WOM_10_10, f"{LABEL[s.castles[-1][0]]}: P{player} drew by an effect and discards "
                    f"{LABEL[c]} at random (once for the whole draw)")
    if limit and len(s.hand[player]) > HAND_LIMIT:
        s.queue.append(Task("limit", player))


def task_options(s: MickeyState, task: Task) -> list[Action]:
    """What the live decision offers its player ([]: nothing to decide, it lapses)."""
    kind, p = task.kind, task.seat
    hand = s.hand[p]
    if kind == "limit":
        if len(hand) <= HAND_LIMIT:
            return []
        return [DISCARD_A[c] for c in sorted(set(hand))]
    if kind == "corrode":
        if not hand or not corrode_targets(s, task):
            return []
        return [DISCARD_A[c] for c in sorted(set(hand))] + [DECLINE]
    if kind == "corrupt":
        stage = task.stage
        if stage == 0:
            if len(hand) < 2 or not corrupt_wizards(s, task):
                return []
            return [DISCARD_A[c] for c in sorted(set(hand))] + [DECLINE]
        if stage == 1:
            return [DISCARD_A[c] for c in sorted(set(hand))]
        if stage == 2:
            return [PICK_A[1 - p][v] for v in corrupt_wizards(s, task)]
        return [COLOUR_A[k] for k in sorted(set(s.owned[1 - p][task.second_wizard]))]
    if kind == "swap":
        stage = task.stage
        owners = [(q, v) for q in range(2) for v in range(3) if s.owned[q][v]]
        if stage == 0:
            return [PICK_A[q][v] for q, v in owners] if len(owners) >= 2 else []
        if stage == 1:
            return [COLOUR_A[k] for k in sorted(set(s.owned[task.first_seat][task.first_wizard]))]
        if stage == 2:
            return [PICK_A[q][v] for q, v in owners if (q, v) != (task.first_seat, task.first_wizard)]
        return [COLOUR_A[k] for k in sorted(set(s.owned[task.second_seat][task.second_wizard]))]
    if kind == "break":
        return [PICK_A[q][v] for q in range(2) for v in range(3) if continue_at(s, q, v) is not None]
    if kind == "tele":
        refill_castles(s, p)
        return [CASTLE_A[c] for c in sorted(set(s.cdeck[p]))]
    return []


def continue_at(s: MickeyState, seat: int, v: int) -> Mg | None:
    for x in s.play:
        if x.owner == seat and x.pos == v and qualities.possesses(s, x, "continue"):
            return x
    return None


def corrode_targets(s: MickeyState, task: Task) -> list[Mg]:
    p, to, keyword, w = task.seat, task.reach, task.keyword, task.wizard
    if keyword is not None:  # a category: immunity counts (R26)
        return [x for x in s.play if not x.down and qualities.possesses(s, x, keyword)
                and not qualities.magic_immune(s, x, Mg(-1, p, w, False, -1), p, False)]
    # Aimed at Wizards: the Magic's own immunity does not help, the Wizard's does (9.6).
    return [x for v in qualities.wizards_of(to, p, w, 1 - p) if (x := s.up[1 - p][v]) is not None
            and not qualities.wizard_immune(s.team[1 - p][v], 1 - p, p, 2)]


def corrupt_wizards(s: MickeyState, task: Task) -> list[int]:
    p, to, w = task.seat, task.reach, task.wizard
    return [v for v in qualities.wizards_of(to, p, w, 1 - p)
            if s.owned[1 - p][v] and not qualities.wizard_immune(s.team[1 - p][v], 1 - p, p, 2)]


def discard_card(s: MickeyState, player: int, c: int, rule: str, why: str) -> None:
    state.remove_card(s.hand[player], c)
    state.forget(s, player, c)
    s.disc[player].append(c)
    if s.log is not None:
        say(s, "discard", rule, f"P{player} discards {LABEL[c]} {why}")


def refill_castles(s: MickeyState, player: int) -> None:
    if not s.cdeck[player] and s.cdisc[player]:
        s.cdeck[player], s.cdisc[player] = s.cdisc[player], []
        s.cpub[player] = s.cdeck[player][:]
        if s.log is not None:
            say(s, "shuffle", WOM_8_8, f"P{player}'s Castle deck is rebuilt from its discards (ruling R11)")
