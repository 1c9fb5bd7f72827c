"""An 8th-edition turn (brief rules 4 and 17, ruling R8-13): Time Passes, Move & Cast,
Discard & Draw, then the next living player; the hand limit; the draw pile.

Time Passes: each temporary spell the player keeps in play loses one energy token, and one
left with none ends (into the discard pile). Move & Cast is moving.py's and the attacks'.
Discard & Draw: he discards any cards he likes, then draws up to 2. The hand limit is 7,
counting the hand, the spells he maintains and the items he carries; a player over it
discards at once. An empty draw pile is the discard pile shuffled.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import doors
from . import cards, forms, harm, moving, piles, reactions, shaping, upkeep, victory
from .state import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    OVER,
    PERMANENT,
    R_CARD,
    R_HAND,
    R_STUN,
    R_TURN,
    REACTING,
    TIME_PASSES,
    TRIMMING,
    EighthState,
)

NEXT: Final = -1  # `resume` after a hand cut at the end of a turn: the next turn follows
UNCLUTTERED: Final = "uncluttered_minds"
BRAINSTONE: Final[int] = cards.INDEX["brainstone"]
BRAINSTONE_PRICE: Final = 2   # the cards parting with a Brainstone costs
FIRST_ROUND_ATTACKS: Final = "first_round_attacks"


def may_attack(s: EighthState, seat: int) -> bool:
    """Whether the turn's wizard may attack now: one attack a turn (rule 11), not in the
    first round (R8-3, unless the option), and a stunned wizard not after moving (R8-4)."""
    return (s.attacks > 0 and (s.round > 1 or FIRST_ROUND_ATTACKS in s.options)
            and not (s.dazed and s.walked and not forms.attack_after_moving(s, seat))
            and not forms.cannot_attack(s, seat))


def start(s: EighthState, seat: int) -> None:
    """`seat`'s turn begins: Time Passes, then his Move & Cast."""
    s.turn = seat
    s.phase = TIME_PASSES
    if s.log is not None:
        say(s, "turn", R_TURN, f"round {s.round}: P{seat} takes the turn; time passes")
    upkeep.time_passes(s, seat)  # what acts while it lies in play acts first (Acid Bath)
    time_passes(s, seat)
    s.attacks, s.walked, s.struck = upkeep.attacks(s, seat), False, False
    s.sick = 0  # Disease strikes each figure once a turn
    s.barred &= ~(1 << seat)  # Mad Dash's bar lasts until his next turn
    shaping.clear(s)  # a pool, a projection or a bend not spent last turn is lost
    s.dazed = s.stun[seat] > 0  # R8-5: a token held as Time Passes begins stuns this turn
    if s.dazed:
        s.stun[seat] -= 1
        if s.log is not None:
            say(s, "stun", R_STUN, f"P{seat} is stunned this turn: he may move or attack, not both "
                f"({s.stun[seat]} stun token{'' if s.stun[seat] == 1 else 's'} left)")
    s.phase = MOVE_AND_CAST
    moving.begin(s)
    s.resume = MOVE_AND_CAST
    after_event(s)


def time_passes(s: EighthState, seat: int) -> None:
    """Each of `seat`'s temporary spells loses a token; those left with none end."""
    kept: list[tuple[int, int, int]] = []
    ended: list[tuple[int, int, int]] = []
    for card, tokens, on in s.maintained[seat]:
        if tokens == PERMANENT:
            kept.append((card, tokens, on))
        elif tokens > 1:
            kept.append((card, tokens - 1, on))
        else:
            ended.append((card, tokens, on))
            piles.discard(s, seat, card)
            if s.log is not None:
                say(s, "spell", R_TURN, f"P{seat}'s {cards.NAME[card]} has no energy left and ends")
    s.maintained[seat] = kept
    for card, _, on in ended:
        upkeep.spell_ended(s, card, on)


def held(s: EighthState, seat: int) -> int:
    """What counts toward `seat`'s hand limit: his hand, the spells he maintains (not under
    Uncluttered Minds; nor created objects' cards under Permanent Creations) and the items he
    carries (treasures do not count; nor do items while Extra Arms lies on him)."""
    spells = 0 if UNCLUTTERED in s.options else sum(1 for card, _, _ in s.maintained[seat]
                                                     if not harm.beside_board(s, card))
    carried = 0 if harm.upon(s, seat, upkeep.EXTRA_ARMS) else len(s.items[seat])
    return len(s.hands[seat]) + spells + carried


def limit(s: EighthState, seat: int) -> int:
    """`seat`'s hand limit: the profile's, 2 more while he carries a Brainstone."""
    return s.rules.hand_limit + (2 if BRAINSTONE in s.items[seat] else 0)


def over_limit(s: EighthState, seat: int) -> int:
    """How many cards `seat` must discard at once to be within the hand limit."""
    return max(0, held(s, seat) - limit(s, seat))


def to_shed(s: EighthState, seat: int) -> int:
    """How many cards `seat` must give up at once: those over his hand limit, and those a
    Brainstone he parted with still costs him (from his hand, while he holds any)."""
    return over_limit(s, seat) + (s.owed[seat] if s.hands[seat] else 0)


def part_brainstones(s: EighthState) -> None:
    """The Brainstone: "parting with it costs you 2 cards from your hand, you pick which".
    A living wizard who carried one when last looked and carries none now (dropped, taken,
    broken by fire) owes 2 cards; the bits follow what each carries now."""
    carrying = 0
    for seat in range(s.n):
        if BRAINSTONE in s.items[seat]:
            carrying |= 1 << seat
        elif s.brained >> seat & 1 and seat not in s.out and s.life[seat] > 0:
            s.owed[seat] += BRAINSTONE_PRICE
            if s.log is not None:
                say(s, "limit", R_CARD, f"P{seat} parts with his Brainstone: it costs him {BRAINSTONE_PRICE} cards "
                    "from his hand, his pick")
    s.brained = carrying


def end_spell(s: EighthState, seat: int, card: int) -> None:
    """`seat` lets a spell he maintains end (to come within his hand limit): the first
    one of that card in his play area goes to the discard pile."""
    for k, (held_card, _, _) in enumerate(s.maintained[seat]):
        if held_card == card:
            if s.log is not None:
                say(s, "spell", R_HAND, f"P{seat} ends his {cards.NAME[card]}")
            end_at(s, seat, k)
            return


def end_at(s: EighthState, seat: int, k: int) -> None:
    """The `k`-th spell in `seat`'s play area ends: to the discard pile, and what it held
    up ends with it (upkeep.spell_ended)."""
    card, _, on = s.maintained[seat].pop(k)
    piles.discard(s, seat, card)
    upkeep.spell_ended(s, card, on)


def discard_and_draw(s: EighthState) -> None:
    """The turn's wizard is done moving and casting: his Discard & Draw begins."""
    s.phase = DISCARD_AND_DRAW
    if s.log is not None:
        say(s, "turn", R_TURN, f"P{s.turn} discards and draws")


def discard(s: EighthState, seat: int, card: int) -> None:
    """`seat` discards `card` from his hand: by choice in his Discard & Draw, or at once
    when over the hand limit (the event cites which)."""
    owed = s.owed[seat] > 0
    over = over_limit(s, seat) > 0
    s.hands[seat].remove(card)
    piles.discard(s, seat, card)
    if owed:
        s.owed[seat] -= 1
    if s.log is not None:
        why = " (the Brainstone's price)" if owed else " (over the hand limit)" if over else ""
        say(s, "discard", R_CARD if owed else R_HAND if over else R_TURN, f"P{seat} discards {cards.NAME[card]}{why}")


def draws_allowed(s: EighthState, seat: int) -> int:
    """How many cards `seat` may draw at the end of his turn: the profile's, one more with
    a Spellstone."""
    return s.rules.draws + (1 if cards.INDEX["spellstone"] in s.items[seat] else 0)


def draw(s: EighthState, seat: int, count: int) -> None:
    """`seat` draws `count` cards (0 to the profile's draws) to end his Discard & Draw;
    then any excess over the hand limit goes (`over_limit`) and `next_turn` follows."""
    allowed = draws_allowed(s, seat)
    if not 0 <= count <= allowed:
        raise ValueError(f"a turn ends drawing 0 to {allowed} cards, not {count}")
    drawn = [card for card in (piles.draw_card(s, seat) for _ in range(count)) if card >= 0]
    s.hands[seat] += drawn
    if s.log is not None:
        say(s, "draw", R_TURN, f"P{seat} draws {len(drawn)}")
        if drawn:
            say(s, "draw", R_TURN, f"you draw {cards.names(drawn)}", 1 << seat)
    upkeep.drew(s, seat, len(drawn))  # Slow Death
    settle(s)


def next_turn(s: EighthState) -> None:
    """The next living player's turn; a new round when play comes back round to the first
    player, and the round cap after the last round (R8-14). A door opened this turn and
    neither passed nor held locks again."""
    doors.turn_over(s)
    seat = s.turn
    while True:
        seat = (seat + 1) % s.n
        if seat == s.first:
            s.round += 1
        if seat not in s.out:
            break
    if s.round > s.rules.max_rounds:
        victory.cap(s)
        return
    start(s, seat)


def settle(s: EighthState) -> None:
    """The deaths of the event just over (harm.settle); the spells of the dead end, and what
    they made goes with them (upkeep.spell_ended: walls, blocks, bushes, creatures)."""
    victory.deadly_treasures(s)
    ending = [(card, on) for seat, _ in s.dying for card, _, on in s.maintained[seat]
              if not harm.beside_board(s, card)]
    harm.settle(s)
    for card, on in ending:
        upkeep.spell_ended(s, card, on)


def after_event(s: EighthState) -> None:
    """After anything that may kill or overfill a hand: deaths are settled (harm.settle),
    then whoever is over the hand limit discards at once (rule 17), then play goes back to
    what the event interrupted (`resume`)."""
    settle(s)
    doors.settle(s)  # a holder moved, swapped or killed lets go
    if s.result is not None:
        s.phase = OVER
        return
    part_brainstones(s)
    s.trim = [q for q in range(s.n) if q not in s.out and to_shed(s, q) > 0]
    if s.trim:
        s.phase = TRIMMING
    else:
        resume(s)


def resume(s: EighthState) -> None:
    """Back to what the event interrupted: the phase it came from, or the next turn when it
    came at the end of one (`NEXT`), or the next turn when the turn's wizard died of it."""
    if s.result is not None:
        s.phase = OVER
    elif s.resume == NEXT or s.turn in s.out:
        next_turn(s)
    elif s.resume == REACTING:
        s.phase = reactions.done(s)
    else:
        s.phase = s.resume
