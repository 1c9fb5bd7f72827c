"""Casting and attacking (the 8e chapter's "Attacking", "Punching" and "Canceling,
Reducing or Evading Attacks"; brief rules 11-13, 15 and 16; rulings R8-3 and R8-4).

A cast is a sequence of small decisions, so that the action table stays fixed and each
decision is one the player makes at the table:

1. he names the card (or punches, or uses an item);
2. he powers it: no card (energy 1) or one card with an energy value (brief rule 15);
3. he aims it, one pick at a time, as the card's entry says (spells.py);
4. every other player, in turn order, may answer with a counter (counters.py), and a
   cancelled caster may answer that with Anti-Anti; everyone is asked, whatever he holds,
   so that being asked says nothing about a hand;
5. it resolves, unless cancelled; the deaths are settled (harm.settle) and anyone over
   the hand limit discards at once (rule 17).

One attack a turn (rule 11), none in the first round unless the option allows it (R8-3),
and a stunned wizard may move or attack, not both (R8-4).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, forms, harm, piles, reach, shaping, striking, turn, upkeep, weather
from .casting import ANSWERS, SPELLS, USES
from .spells import Spell
from .state import (
    AIMING,
    ANSWERING,
    FIGURE,
    NO_CARD,
    PAYING,
    PERMANENT,
    POWERING,
    PUNCHING,
    R_ATTACK,
    R_DURATION,
    R_ENERGY,
    R_PUNCH,
    R_STUN,
    Cast,
    EighthState,
)

POWERSTONE: Final[int] = cards.INDEX["powerstone"]
NULL_POWDER: Final[int] = cards.INDEX["null_powder"]
def castable(s: EighthState, seat: int) -> list[int]:
    """The cards in `seat`'s hand he may cast now, each kind once: those with behaviour
    whose first aim has something to pick; attacks only while he may attack."""
    out: list[int] = []
    attack_ok = turn.may_attack(s, seat)
    counters_only = forms.counters_only(s, seat)  # Golem, Werewolf, Slime Form
    flooded = weather.in_play(s, weather.FLOOD)  # no fire spell while the Flood lasts
    for card in s.hands[seat]:
        spell = SPELLS.get(card)
        if spell is None or card in out or (spell.attack and not attack_ok):
            continue
        if counters_only and not cards.COUNTER[card] or flooded and weather.is_fire(card):
            continue
        if spell.aim and not spell.picks(s, Cast(seat, card, attack=spell.attack, aim=spell.aim)):
            continue
        out.append(card)
    return out


def usable_items(s: EighthState, seat: int) -> list[int]:
    """The items `seat` carries that he may use now (a weapon as his attack)."""
    out: list[int] = []
    attack_ok = turn.may_attack(s, seat)
    flooded = weather.in_play(s, weather.FLOOD)  # no fire item while the Flood lasts
    for card in s.items[seat] + forms.uses_in_play(s, seat):  # Stone Spikes: a maintained spell's use
        if flooded and weather.is_fire(card):
            continue
        spell = USES.get(card)
        if spell is None or card in out or (spell.attack and not attack_ok):
            continue
        if spell.powered and not power_cards(s, seat):
            continue
        if spell.aim and not spell.picks(s, Cast(seat, card, True, attack=spell.attack, aim=spell.aim)):
            continue
        out.append(card)
    return out


def punchable(s: EighthState, seat: int) -> list[int]:
    """The figures `seat`'s wizard may punch (rule 12): in his square or next to it."""
    return reach.figures_beside(s, seat) if turn.may_attack(s, seat) else []


def power_cards(s: EighthState, seat: int) -> list[int]:
    """The cards `seat` may discard to power the spell he is casting: each kind with an
    energy value once."""
    out: list[int] = []
    for card in s.hands[seat]:
        if cards.ENERGY_VALUE[card] > 0 and card not in out:
            out.append(card)
    return out


def begin(s: EighthState, seat: int, card: int, item: bool = False) -> None:
    """`seat` casts `card` from his hand (or uses the item `card` he carries): it leaves
    his hand, and its energy is the next decision (a spell) or its aim (an item)."""
    spell = USES[card] if item else SPELLS[card]
    if not item:
        s.hands[seat].remove(card)
    elif cards.TYPE[card] == "item":
        s.items[seat].remove(card)
    cast = Cast(seat, card, item, attack=spell.attack, aim=spell.aim)
    s.played[seat] |= 1 << card
    if item and cards.TYPE[card] != "item":  # a maintained spell used (Stone Spikes): lifted with its tokens
        cast.energy = forms.lift(s, seat, card)
    cast.cut = [0] * len(s.pos)
    _start(s, cast, f"P{seat} {'uses' if item else 'casts'} {cards.NAME[card]}")
    if spell.powered and not shaping.spend_pool(s, seat, cast) and power_cards(s, seat):
        s.phase = POWERING
    else:
        _aim_or_answer(s)


def punch(s: EighthState, seat: int) -> None:
    """`seat` punches (rule 12): his attack, with no card; whom is the next decision. With
    Extra Arms it "hits every figure within reach": no decision, every one is aimed at."""
    cast = Cast(seat, NO_CARD, attack=True, aim=FIGURE)
    cast.cut = [0] * len(s.pos)
    _start(s, cast, f"P{seat} punches")
    if harm.upon(s, seat, upkeep.EXTRA_ARMS):
        cast.aims = punchable_now(s, seat)
        if s.log is not None:
            say(s, "cast", R_PUNCH, f"P{seat}'s Extra Arms punch every figure in reach: "
                + ", ".join(f"P{f}" for f in cast.aims))
        _open(s)
    else:
        s.phase = AIMING


def _start(s: EighthState, cast: Cast, text: str) -> None:
    if s.phase != ANSWERING:
        s.resume = s.phase
    s.cast = cast
    if s.log is not None:
        say(s, "cast", R_PUNCH if cast.card == NO_CARD else R_ATTACK, text)
    if cast.attack:
        _attacks(s, cast)


def _attacks(s: EighthState, cast: Cast) -> None:
    """The cast is the turn's attack (rule 11): it is spent, and a stunned wizard may not
    move after it (R8-4)."""
    cast.attack = True
    s.attacks -= 1
    s.struck = True
    if s.log is not None and s.dazed:
        say(s, "stun", R_STUN, f"P{cast.seat} is stunned: having attacked, he may not move this turn")


def power(s: EighthState, seat: int, card: int) -> None:
    """The spell being cast (the cast, or an answer being powered) takes `card`'s energy
    value, +1 with a Powerstone; `card` -1 leaves it at 1 (rule 15)."""
    cast = s.answer if s.answer is not None else s.cast
    assert cast is not None
    if card >= 0:
        s.hands[seat].remove(card)
        cast.paid.append(card)
        cast.energy = cards.ENERGY_VALUE[card] + (1 if harm.carries(s, seat, POWERSTONE) else 0)
    if s.log is not None:
        say(s, "energy", R_ENERGY, f"P{seat} powers {cards.NAME[cast.card]} with {cards.NAME[card]}: energy "
            f"{cast.energy}" if card >= 0 else f"P{seat} casts {cards.NAME[cast.card]} with energy 1")
    if s.answer is not None:
        _aim_answer(s, seat)
    else:
        _aim_or_answer(s)


def picks(s: EighthState) -> list[int]:
    """What may be picked next for the cast under way, or for the counter being played
    against it (Teleport's square)."""
    if s.answer is not None:
        aimed = ANSWERS[s.answer.card].picks
        return [] if aimed is None else aimed(s, s.answer)
    cast = s.cast
    assert cast is not None
    if cast.card == NO_CARD:
        return [] if cast.aims else punchable_now(s, cast.seat)
    return entry(cast).picks(s, cast)


def entry(cast: Cast) -> Spell:
    """The behaviour of what `cast` casts or uses."""
    return USES[cast.card] if cast.item else SPELLS[cast.card]


def punchable_now(s: EighthState, seat: int) -> list[int]:
    """The punch's targets once it is declared (the attack is already spent)."""
    return reach.figures_beside(s, seat)


def aim(s: EighthState, value: int) -> None:
    """The cast, or the counter being played, takes one more aim (legal: `picks` offered it)."""
    if s.answer is not None:
        s.answer.aims.append(value)
        if not picks(s):
            _play_answer(s, s.answer.seat)
        return
    cast = s.cast
    assert cast is not None
    cast.aims.append(value)
    if PUNCHING <= value < PAYING:  # Stretch's punch: the neutral spell becomes the turn's attack
        _attacks(s, cast)
    if not picks(s):
        _open(s)


def _aim_or_answer(s: EighthState) -> None:
    s.phase = AIMING
    if not picks(s):
        _open(s)


def _open(s: EighthState) -> None:
    """Everyone else, in turn order from the caster, may answer."""
    cast = s.cast
    assert cast is not None
    s.asking = [(cast.seat + k) % s.n for k in range(1, s.n) if (cast.seat + k) % s.n not in s.out]
    s.phase = ANSWERING
    _next_asked(s)


def answers(s: EighthState, seat: int) -> list[int]:
    """The counters `seat` may answer the cast with now, each kind once."""
    cast = s.cast
    assert cast is not None
    out: list[int] = []
    carried = [NULL_POWDER] if NULL_POWDER in s.items[seat] else []  # the one item that answers
    for card in s.hands[seat] + carried:
        answer = ANSWERS.get(card)
        if answer is not None and card not in out and answer.applies(s, seat, cast):
            out.append(card)
    return out


def answer(s: EighthState, seat: int, card: int) -> None:
    """`seat` answers the cast with the counter `card`, or lets it be (-1)."""
    if card < 0:
        s.asking.pop(0)
        _next_asked(s)
        return
    item = card not in s.hands[seat]  # Null Powder thrown from his play area: no energy
    (s.items if item else s.hands)[seat].remove(card)
    s.answer = Cast(seat, card, item, counter=True)
    s.played[seat] |= 1 << card
    if not item and not shaping.spend_pool(s, seat, s.answer) and power_cards(s, seat):
        s.phase = POWERING
    else:
        _aim_answer(s, seat)


def _aim_answer(s: EighthState, seat: int) -> None:
    """A counter that is aimed (Teleport's square) is aimed now, by its player; any other
    is played at once."""
    counter = s.answer
    assert counter is not None
    aimed = ANSWERS[counter.card].picks
    if aimed is not None and aimed(s, counter):
        counter.aim = ANSWERS[counter.card].aim
        s.phase = AIMING
    else:
        _play_answer(s, seat)


def _play_answer(s: EighthState, seat: int) -> None:
    cast, counter = s.cast, s.answer
    assert cast is not None and counter is not None
    s.answer = None
    s.phase = ANSWERING
    behaviour = ANSWERS[counter.card]
    was_cancelled = cast.cancelled_by != NO_CARD
    behaviour.play(s, seat, cast, counter)
    piles.discard_all(s, seat, counter.paid)
    if behaviour.stays:
        s.maintained[seat].append((counter.card, _tokens(counter), seat))
    else:
        piles.discard(s, seat, counter.card)
    s.asking.pop(0)
    if cast.cancelled_by != NO_CARD and not was_cancelled and cast.seat not in s.out and cast.seat != seat:
        s.asking.insert(0, cast.seat)  # the caster may answer the cancel (Anti-Anti)
    _next_asked(s)


def _next_asked(s: EighthState) -> None:
    if not s.asking:
        _close(s)


def _tokens(cast: Cast) -> int:
    return cast.energy if cards.DURATION[cast.card] == "temporary" else PERMANENT


def _close(s: EighthState) -> None:
    """The answers are in: the cast resolves or is cancelled; then deaths, then limits."""
    cast = s.cast
    assert cast is not None
    s.cast = None
    piles.discard_all(s, cast.seat, cast.paid)
    if cast.cancelled_by != NO_CARD:
        counter = ANSWERS[cast.cancelled_by]
        taken = counter.on_cancel(s, cast) if counter.on_cancel is not None else False
        if not taken and cast.card != NO_CARD:
            _put_away(s, cast, cast.item)
    elif cast.card == NO_CARD:
        damage, element = striking.punch_damage(s, cast.seat)
        for figure in cast.aims:  # one figure, or every one in reach with Extra Arms
            striking.strike(s, cast, figure, damage, element)
    else:
        spell = entry(cast)
        spell.resolve(s, cast)
        if spell.item:
            pass  # the item's own resolve says where it goes (kept, thrown, spent)
        elif spell.stays and not (cast.aims and cast.aims[0] in cast.evaded):  # an evaded curse does not stay
            s.maintained[cast.seat].append((cast.card, _tokens(cast), cast.aims[0] if cast.aims else -1))
            if s.log is not None:
                say(s, "spell", R_DURATION, f"{cards.NAME[cast.card]} stays in play"
                    + (f" with {cast.energy} energy" if cards.DURATION[cast.card] == "temporary" else ""))
        else:
            piles.discard(s, cast.seat, cast.card)
    shaping.spent(s, cast)  # the marks of Add, Astral Projection and Around the Corner: used
    turn.after_event(s)


def _put_away(s: EighthState, cast: Cast, item: bool) -> None:
    """A cancelled card goes to the discard pile; a cancelled item's use leaves it carried."""
    if item:
        s.items[cast.seat].append(cast.card)
    else:
        piles.discard(s, cast.seat, cast.card)


