"""The turn (6e 3): its start, its end with the draw of up to two cards (a Trap! springs,
a Slow Death tick pauses the draw), the hand limit's discards, lost turns, extra turns,
and the next player's turn.
"""

from __future__ import annotations

from wizarena.core import others, say

from . import cards, combat, deals, doors, effects, hands, harm, spellcraft, stones, victory
from .hands import TRAP
from .state import (
    DISCARD,
    NEXT,
    OVER,
    R_COUNTER,
    R_TURN,
    R_WIN,
    TICK,
    TURN,
    WizWarState,
    is_out,
    mark_played,
)


def end_turn(s: WizWarState, seat: int, draws: int) -> None:
    effects.turn_ends(s, seat)  # 6e 3: one of his turns is counted on his conditions
    s.drawing, s.drawn = draws, []
    draw_on(s, seat)


def draw_on(s: WizWarState, seat: int) -> None:
    """The end-of-turn draw, card by card; a Slow Death tick pauses it (TICK) until the
    drawer has taken or answered it, then it goes on from here."""
    while s.drawing > 0:
        card = hands.draw_card(s)
        if card < 0:
            break
        if card == TRAP:
            spring_trap(s, seat)
            if s.phase == OVER or is_out(s, seat):
                break
            continue
        s.drawing -= 1
        s.drawn.append(card)
        s.hands[seat].append(card)
        if effects.ticks(s, seat):
            s.tick, s.phase = 1, TICK
            if s.log is not None:
                say(s, "tick", "WW card Slow Death", f"P{seat} draws a card: Slow Death costs him 1 magical damage "
                    "unless he counteracts it")
            return
    s.drawing = 0
    drawn, s.drawn = s.drawn, []
    if s.log is not None:
        say(s, "draw", R_TURN, f"P{seat} ends the turn and draws {len(drawn)} card(s)", others(seat))
        say(s, "draw", R_TURN, f"you end the turn and draw {cards.names(drawn) or 'nothing'}", 1 << seat)
    if s.phase == OVER:
        return
    s.phase = TURN
    if not is_out(s, seat):
        hands.limit(s, seat, NEXT)
    if s.phase == TURN:
        next_turn(s)


def spring_trap(s: WizWarState, seat: int) -> None:
    """Trap! (cards.json): shown when drawn, 3 magical damage that is nobody's attack,
    discarded, and replaced by the next card (the drawing goes on until enough are drawn)."""
    s.discard.append(TRAP)
    if s.log is not None:
        say(s, "trap", "WW card Trap!", f"P{seat} draws Trap!: it springs")
    harm.damage(s, seat, cards.VALUE[TRAP], -1, cards.DAMAGE[TRAP] == "physical")


def discard(s: WizWarState, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.discard.append(card)
    if s.log is not None:
        say(s, "discard", R_TURN, f"P{seat} discards {cards.NAME[card]}")
    if s.phase != DISCARD:
        hands.limit(s, seat, s.phase)  # 6e 3: a Brainstone discarded takes its higher limit with it
    elif len(s.hands[seat]) <= stones.hand_limit(s, seat):
        resume, s.deciding = s.resume, -1
        if resume == NEXT:
            s.phase = TURN
            next_turn(s)
        else:
            s.phase = resume


def ends_with_its_wizard(s: WizWarState) -> None:
    """6e 1 ("0 = dead and out") and 6e 2: the turn's wizard is out of the game (killed by
    his own falling wall or returning spell, or both his treasures now on other players'
    bases), so his turn ends that moment: he does nothing more of it and draws nothing.
    What he carried was settled as he went out (victory.eliminate, harm.settle); play
    passes to the next living wizard."""
    seat = s.turn
    s.phase, s.ended, s.moves, s.aim, s.number_card = TURN, True, 0, -1, -1
    s.drawing, s.drawn = 0, []
    if s.log is not None:
        say(s, "turn", R_WIN, f"P{seat} is out of the game: his turn ends at once, without a draw")
    next_turn(s)


def next_turn(s: WizWarState) -> None:
    seat = s.turn
    if s.extra[seat] > 0 and not is_out(s, seat):  # Speed: another whole turn at once, in the same round
        s.extra[seat] -= 1
        if s.log is not None:
            say(s, "turn", "WW card Speed", f"P{seat} takes another turn")
        start_turn(s, seat)
        return
    for _ in range(s.n):
        seat = (seat + 1) % s.n
        if seat == s.first:
            s.round += 1
            if s.round > s.rules.max_rounds:
                victory.cap(s)
                return
        if is_out(s, seat):
            continue
        if s.lost[seat] > 0:  # 6e 3: a lost turn passes with nothing done (counteractions aside)
            s.lost[seat] -= 1
            effects.turn_starts(s, seat)  # and it still counts for durations (6e 3)
            if s.log is not None:
                say(s, "turn", R_TURN, f"P{seat} loses this turn ({s.lost[seat]} more owed)")
            effects.turn_ends(s, seat)
            continue
        start_turn(s, seat)
        return


def start_turn(s: WizWarState, seat: int) -> None:
    doors.turn_over(s)  # 6e 8: a door opened and left locks again as the opener's turn is over
    s.turn, s.phase = seat, TURN
    s.moves, s.boosted, s.attacked, s.ended = stones.moves(s, seat, s.rules.base_moves), False, False, False
    s.walked = False
    deals.new_turn(s)
    spellcraft.new_turn(s)
    if s.log is not None:
        say(s, "turn", R_TURN, f"round {s.round}: P{seat} takes the turn")
    effects.turn_starts(s, seat)  # 6e 3: what he cast and was counted out ends now


def tick(s: WizWarState, seat: int, card: int) -> None:
    """Slow Death's tick: each card drawn is a separate 1-point hit of magical damage,
    answered on its own (6e 7) by counteractions that reduce damage. It is no fresh
    attack (no Bloodstone), and no Anti-Anti answers the answer: the curse was cast long
    ago, nothing of it is in the air. But it is the curse's own damage, so the wizard it
    kills gives his cards to the one who cursed him (docs ruling R2)."""
    if card >= 0:  # answered with a counteraction
        s.hands[seat].remove(card)
        stones.forget(s, seat)
        s.discard.append(card)
        mark_played(s, seat, card)
        s.tick = (s.tick + 1) // 2 if card == combat.BLUNT else max(0, s.tick - cards.VALUE[card])
        if s.log is not None:
            say(s, "counter", R_COUNTER, f"P{seat} answers the Slow Death tick with {cards.NAME[card]} "
                f"({s.tick} damage left)")
        if s.tick > 0:
            return
    amount, s.tick = s.tick, 0
    s.phase = TURN
    if amount > 0:
        harm.damage(s, seat, amount, -1, False, s.status_by[seat][effects.CURSED])  # R2: the curse's kill
    if s.phase == OVER:
        return
    if is_out(s, seat):
        s.drawing = 0
    draw_on(s, seat)
