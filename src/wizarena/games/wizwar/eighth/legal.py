"""What may be done now, phase by phase (OpenSpiel's per-phase legal lists): the actions of
actions.py the seat to act may take, each once, in a stable order.

Move & Cast (brief rules 5-18): a step while he has movement points (and, stunned, has not
attacked: R8-4), the turn's boost, a punch, a cast, an item's use, the treasures and items
in his square, dropping what he carries, and ending the phase. Discard & Draw: a discard,
or the draw that ends the turn. Inside a cast: the powers, the aims, the answers. Over the
hand limit: a card from the hand, a spell he maintains, or an item he carries.
"""

from __future__ import annotations

from wizarena.core import Action

from .. import doors
from . import attacking, creations, forms, harm, items, minds, moving, piles, reaching, reactions, treasures, turn
from .actions import (
    AIM_FIGURES,
    AIM_FILLS,
    AIM_HEADINGS,
    AIM_ITEMS,
    AIM_LINES,
    AIM_PAYS,
    AIM_PUNCHES,
    AIM_PUT_ITEMS,
    AIM_PUT_TREASURE,
    AIM_SPELLS,
    AIM_SPLITS,
    AIM_SQUARES,
    AIM_STABS,
    AIM_STEPS,
    AIM_STOP,
    AIM_STUNS,
    AIM_TREASURES,
    AIM_WALLS,
    ANSWERS_WITH,
    BOOSTS,
    BURN_NOW,
    CASTS,
    CREATURE_STEPS,
    DISCARDS,
    DRAFTS,
    DRAWS,
    DROP,
    DROP_ITEMS,
    END_MOVES,
    END_SPELLS,
    GATHER_ITEMS,
    GATHER_TACKS,
    GATHER_WITH,
    HOLD_DOORS,
    LET_BE,
    LET_GO,
    MOVES,
    PICK_UPS,
    POWER_NONE,
    POWERS,
    PUNCH,
    STEAL_NO_MORE,
    STEALS,
    TAKE_ITEMS,
    USES_OF,
)
from .card_checks import SCHOOLS
from .state import (
    AIMING,
    ANSWERING,
    BURNING,
    DISCARD_AND_DRAW,
    DRAFTING,
    FIGURE,
    GRAB_ITEM,
    GRAB_TREASURE,
    HEADING,
    LINE,
    LINE_THING,
    MOVE_AND_CAST,
    PAYING,
    POWERING,
    PUNCHING,
    PUT_ITEM,
    PUT_TREASURE,
    REACTING,
    SPELL,
    SPLIT,
    SQUARE,
    SQUARE_THING,
    STABBING,
    STEALING,
    STEPPING,
    STOP,
    STUNNING,
    TRIMMING,
    Cast,
    EighthState,
)


def actor(s: EighthState) -> int:
    """The seat that decides now (-1 when the game is over)."""
    if s.phase == ANSWERING:
        return s.asking[0]
    if s.phase == TRIMMING:
        return s.trim[0]
    if s.phase == REACTING:
        return s.reacting[0]
    if (s.phase == POWERING or s.phase == AIMING) and s.answer is not None:
        return s.answer.seat
    if s.phase == STEALING and s.follow is not None:
        return s.follow.seat
    if s.phase == BURNING and s.follow is not None:
        return s.follow.aims[0]
    if s.phase == DRAFTING:
        return piles.picker(s)
    if s.result is not None:
        return -1
    return s.turn


def legal_list(s: EighthState, seat: int) -> list[Action]:
    """The legal actions of `seat`, who is to act now. Working them out changes nothing,
    so the lines of sight the cards' picks ask for are remembered meanwhile (`s.seen`)."""
    s.seen = {}
    try:
        return _legal_list(s, seat)
    finally:
        s.seen = None


def _legal_list(s: EighthState, seat: int) -> list[Action]:
    phase = s.phase
    if phase == MOVE_AND_CAST:
        return _move_and_cast(s, seat)
    if phase == DISCARD_AND_DRAW:
        return _each(DISCARDS, s.hands[seat]) + [DRAWS[k] for k in range(turn.draws_allowed(s, seat) + 1)]
    if phase == POWERING:
        cast = s.answer if s.answer is not None else s.cast
        assert cast is not None
        out = [] if cast.item else [POWER_NONE]
        return out + [POWERS[c] for c in attacking.power_cards(s, seat)]
    if phase == AIMING:
        cast = s.answer if s.answer is not None else s.cast
        assert cast is not None
        return [aim_action(cast, value) for value in attacking.picks(s)]
    if phase == ANSWERING:
        return [LET_BE] + [ANSWERS_WITH[c] for c in attacking.answers(s, seat)]
    if phase == REACTING:
        return [LET_BE] + [CASTS[c] for c in reactions.springs(s, seat)]
    if phase == STEALING:
        return [STEALS[c] for c in minds.stealable(s)] + [STEAL_NO_MORE]
    if phase == DRAFTING:
        return [DRAFTS[SCHOOLS.index(school) - 1] for school in piles.undrafted(s)]
    if phase == BURNING:
        return (_each(DISCARDS, s.hands[seat])
                + _each(END_SPELLS, [c for c, _, _ in s.maintained[seat] if not harm.beside_board(s, c)])
                + [BURN_NOW])
    if phase == TRIMMING:
        if s.owed[seat] and s.hands[seat]:  # a Brainstone's price is paid from the hand
            return _each(DISCARDS, s.hands[seat])
        return (_each(DISCARDS, s.hands[seat])
                + _each(END_SPELLS, [c for c, _, _ in s.maintained[seat] if not harm.beside_board(s, c)])
                + _each(DROP_ITEMS, s.items[seat]))
    return []


def _move_and_cast(s: EighthState, seat: int) -> list[Action]:
    out: list[Action] = []
    if not (s.dazed and s.struck) or forms.move_after_attack(s, seat):  # Adrenaline: attack, then move
        out += [MOVES[h] for h in moving.headings(s, seat)]
    for creature in moving.creatures_of(s, seat):  # R8-7: his creatures walk in his Move & Cast
        out += [CREATURE_STEPS[creature][h] for h in moving.headings(s, creature)]
    out += [BOOSTS[c] for c in moving.boosters(s, seat)]
    if attacking.punchable(s, seat):
        out.append(PUNCH)
    out += [CASTS[c] for c in attacking.castable(s, seat)]
    out += [USES_OF[c] for c in attacking.usable_items(s, seat)]
    out += [PICK_UPS[t] for t in treasures.takeable(s, seat)]
    if s.carried[seat] >= 0:
        out.append(DROP)
    out += [TAKE_ITEMS[c] for c in items.takeable(s, seat)]
    out += _each(DROP_ITEMS, s.items[seat])
    out += [GATHER_WITH[t] if t >= 0 else GATHER_ITEMS for t in reaching.gatherable(s, seat)]
    if creations.gatherable_tacks(s, seat):
        out.append(GATHER_TACKS)
    out += [HOLD_DOORS[h] for h in doors.holdable(s, seat)]
    if s.holding[seat] >= 0:
        out.append(LET_GO)
    out.append(END_MOVES)
    return out


def _each(table: dict[int, Action], chosen: list[int]) -> list[Action]:
    """One action per kind of card in `chosen`, in the order first met."""
    out: list[Action] = []
    seen: set[int] = set()
    for card in chosen:
        if card not in seen and card in table:
            seen.add(card)
            out.append(table[card])
    return out


def aim_action(cast: Cast, value: int) -> Action:
    """The action that picks `value` for `cast` (spells.py's terms): below LINE_THING, a
    figure, square, line, spell or heading by the cast's aim kind, which is one for the
    whole cast; above, each base of state.py names what it picks. The view words a cast's
    picks with it too."""
    if value >= LINE_THING:
        return _thing_action(value)
    if cast.aim == FIGURE:
        return AIM_FIGURES[value]
    if cast.aim == SQUARE:
        return AIM_SQUARES[value]
    if cast.aim == LINE:
        return AIM_LINES[value]
    if cast.aim == SPELL:
        return AIM_SPELLS[value]
    assert cast.aim == HEADING
    return AIM_HEADINGS[value]


def _thing_action(value: int) -> Action:
    """The action of a pick at or above LINE_THING, by the base it is counted from."""
    if value < SQUARE_THING:
        return AIM_WALLS[value - LINE_THING]
    if value < STUNNING:
        return AIM_FILLS[value - SQUARE_THING]
    if value < STABBING:
        return AIM_STUNS[value - STUNNING]
    if value < STEPPING:
        return AIM_STABS[value - STABBING]
    if value < GRAB_TREASURE:
        return AIM_STEPS[value - STEPPING]
    if value < GRAB_ITEM:
        return AIM_TREASURES[value - GRAB_TREASURE]
    if value < PUT_ITEM:
        return AIM_ITEMS[value - GRAB_ITEM]
    if value < PUT_TREASURE:
        return AIM_PUT_ITEMS[value - PUT_ITEM]
    if value < PUNCHING:
        return AIM_PUT_TREASURE
    if value < PAYING:
        return AIM_PUNCHES[value - PUNCHING]
    if value < SPLIT:
        return AIM_PAYS[value - PAYING]
    if value < STOP:
        return AIM_SPLITS[value - SPLIT]
    return AIM_STOP
