"""What a seat may do now (6e 3 to 9), per phase: the legal list, worked out from the
hand and the board and picked from the action tables (actions.py). The game caches it
per position; the view calls `legal_list` afresh for its targets.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action

from . import (
    cards,
    combat,
    deals,
    doors,
    effects,
    forced,
    illusions,
    neutrals,
    own_doors,
    sectors,
    spellcraft,
    stones,
    structures,
    throwing,
    treasures,
    vision,
)
from .actions import (
    AIM_LINES,
    AIM_SQUARES,
    AT_THINGS,
    BLINKS,
    BOOSTS,
    CASTABLE,
    CASTS,
    COUNTERS,
    DEALS,
    DISCARDS,
    DROP,
    DROP_OBJECTS,
    END_TURN,
    FORCED_DROP_OBJECT,
    FORCED_DROP_TREASURE,
    HIT_WITH_FIST,
    HIT_WITH_OBJECTS,
    HIT_WITH_SPELLS,
    HOLD_DOORS,
    LET_BE,
    LET_GO,
    LET_STAND,
    MOVES,
    NEUTRAL_CARDS,
    NEUTRALS,
    NUMBERED_SELF,
    NUMBERS,
    OBJECTS,
    OPEN_OWN_DOORS,
    PICK_OBJECTS,
    PICK_UP,
    PUNCHES,
    PUT_BACK,
    REUSES,
    SECTORS,
    STAY,
    TAKE_IT,
    TELEPORTS,
    THROWS,
    TIMED_COUNTERS,
    TIMED_NEUTRALS,
    TIMED_SELF,
    USE_KEY,
    WIELDED,
    WIELDS,
    plays,
    takes_up,
)
from .state import (
    AIM,
    DEALING,
    DISCARD,
    ENDING,
    FORCED,
    NEUTRAL,
    OFFERING,
    TICK,
    TURN,
    WINDOW,
    WizWarState,
    copy_state,
    holds,
    is_out,
    one_of,
)


def _slot_of(group: tuple[int, ...], only: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Per card: its index in `group` (and in `only`, when given), -1 otherwise. The legal
    lists walk the hand and look a card up here, rather than asking of every card of a
    group whether the hand holds it."""
    return tuple(group.index(c) if c in group and (only is None or c in only) else -1 for c in range(len(cards.ID)))


SPELL_SLOT: Final[tuple[int, ...]] = _slot_of(CASTABLE, combat.SPELLS)       # attack spells written
NEUTRAL_SLOT: Final[tuple[int, ...]] = _slot_of(NEUTRAL_CARDS, neutrals.CASTABLE)
NUMBER_SLOT: Final[tuple[int, ...]] = _slot_of(NUMBERS)
OBJECT_SLOT: Final[tuple[int, ...]] = _slot_of(OBJECTS)
WIELD_SLOT: Final[tuple[int, ...]] = _slot_of(WIELDED)
HIT_SPELL_SLOT: Final[tuple[int, ...]] = _slot_of(structures.SPELLS)
HIT_OBJECT_SLOT: Final[tuple[int, ...]] = _slot_of(structures.OBJECTS)
NUMBERED_SELF_SLOT: Final[tuple[int, ...]] = _slot_of(forced.NUMBERED_SELF)
AT_THINGS_SLOT: Final[tuple[int, ...]] = _slot_of(forced.ON_THINGS)
POWERED: Final[tuple[bool, ...]] = tuple(cards.USES_NUMBER[c] in ("power", "count", "duration", "distance")
                                         for c in range(len(cards.ID)))
TIMED_CARD: Final[tuple[bool, ...]] = tuple(one_of(c, effects.SELF_COUNTERS) or one_of(c, effects.TIMED_NEUTRALS)
                                            for c in range(len(cards.ID)))  # what `_timed_offers` offers


def legal_list(s: WizWarState, player: int) -> list[Action]:
    """The legal list worked out afresh, without the cache (the view calls it): the phase's
    own function."""
    phase = s.phase
    if phase == TURN or phase == ENDING:
        return on_turn(s, player)
    if phase == WINDOW:
        return answering_an_attack(s, player)
    if phase == NEUTRAL:
        return answering_a_neutral(s, player)
    if phase == AIM:
        return aiming(s, player)
    if phase == DISCARD:
        return [DISCARDS[c] for c in sorted(set(s.hands[player]))]
    if phase == FORCED:
        return forced_moves(s)
    if phase == TICK:  # Slow Death: the drawer takes the tick or answers it (effects.py)
        return [TAKE_IT] + [COUNTERS[c] for c in effects.TICK_ANSWERS if holds(s.hands[player], c)]
    if phase == OFFERING or phase == DEALING:
        return [DEALS[k] for k in deals.legal(s, player)]
    return []


def answering_an_attack(s: WizWarState, player: int) -> list[Action]:
    """6e 7: whoever may answer is always asked, whether or not he holds an answer, so
    being asked tells nobody what is in his hand. The target answers the attack (or
    escapes it); each answer may be answered by Anti-Anti."""
    if effects.has(s, player, effects.PETRIFIED):  # Medusa: a statue plays no card
        return [LET_STAND if s.chain else TAKE_IT]
    if not s.chain:
        return ([TAKE_IT] + [COUNTERS[c] for c in combat.answers_for(s, player)] + escapes(s, player)
                + timed_offers(s, player))
    answer = [LET_STAND]
    if holds(s.hands[player], combat.ANTI_ANTI):
        answer.append(COUNTERS[combat.ANTI_ANTI])
    return answer


def answering_a_neutral(s: WizWarState, player: int) -> list[Action]:
    """6e 8: everyone is asked, holding an answer or not (see neutrals.py): Negate Neutral,
    and Anti-Anti against it."""
    if not s.chain:
        answer = [LET_BE]
        if holds(s.hands[player], neutrals.NEGATE) and not effects.has(s, player, effects.PETRIFIED):
            answer.append(COUNTERS[neutrals.NEGATE])
        return answer
    answer = [LET_STAND]
    if holds(s.hands[player], combat.ANTI_ANTI):
        answer.append(COUNTERS[combat.ANTI_ANTI])
    return answer


def aiming(s: WizWarState, player: int) -> list[Action]:
    """Where the card being cast may go: the lines, squares, sectors or cards it may aim
    at, or back into the hand."""
    card = s.aim
    targets: list[Action] = []
    if s.throwing:  # an object thrown at a square (throwing.py)
        return [AIM_SQUARES[sq] for sq in throwing.squares_for(s, player)] + [PUT_BACK]
    if one_of(card, neutrals.ON_LINES):
        targets += [AIM_LINES[e] for e in neutrals.lines_for(s, player, card)]
    if one_of(card, neutrals.ON_SQUARES):
        targets += [AIM_SQUARES[sq] for sq in neutrals.squares_for(s, player, card)]
    if one_of(card, forced.ON_THINGS):
        targets += [AIM_SQUARES[sq] for sq in forced.thing_squares(s, player, card)]
    if one_of(card, neutrals.ON_SECTORS):
        targets += [SECTORS[k] for k in sectors.aims(s, card)]
    if card == spellcraft.REUSE:
        targets += [REUSES[c] for c in reusable(s, player)]
    if one_of(card, structures.WEAPONS):
        targets += [AIM_LINES[e] for e in structures.lines_for(s, player, card)]
        targets += [AIM_SQUARES[sq] for sq in structures.squares_for(s, player, card)]
    return targets + [PUT_BACK]


def on_turn(s: WizWarState, player: int) -> list[Action]:
    """The turn's wizard (6e 3): walk, one attack, pick up or drop, cast neutrals, discard,
    deal, and end the turn; once the turn is ending (ENDING) only the end is left. While
    Reuse Spell lends a card, only that card's own actions (and none at all to end)."""
    if s.phase == TURN and not effects.has(s, player, effects.PETRIFIED):  # a statue only ends his turn
        out = _turn_choices(s, player)
        if s.put_back:  # ruling R8: what he put back stays back until he does something else
            out = [a for a in out if not takes_up(a, s.put_back)]
    else:
        out = []
    out += END_TURN
    if s.lent[0] >= 0 and s.phase == TURN:  # Reuse Spell: the lent card is cast at once, or not at all
        return [a for a in out if plays(a, s.lent[0])]
    return out


def _turn_choices(s: WizWarState, player: int) -> list[Action]:
    out: list[Action] = []
    here = s.pos[player]
    if s.moves > 0:
        for d in range(4):
            if effects.step_to(s, player, d) >= 0 \
                    and not (s.belief[player] and illusions.stops(s, player, here, d)):
                out.append(MOVES[d])
    hand = s.hands[player]
    kinds = card_kinds(hand)
    if not s.boosted:
        for c in kinds:
            if NUMBER_SLOT[c] >= 0:
                out.append(BOOSTS[NUMBER_SLOT[c]])
    if may_attack(s, player):
        for other in range(s.n):
            if other != player and not is_out(s, other) and s.pos[other] == here \
                    and effects.attackable(s, player, other, -1):
                out.append(PUNCHES[other])
        casts(s, player, kinds, out)
        wielding(s, player, kinds, out)
        hitting_things(s, player, kinds, out)
    picks = effects.may_pick_up(s, player)  # Mist-Body: nothing is picked up
    if picks and s.carried[player] < 0 and treasures.treasure_here(s, here) >= 0:
        out.append(PICK_UP)
    if s.carried[player] >= 0:
        out.append(DROP)
    if picks and s.floor:  # the objects lying here, each once, in card order
        for card in card_kinds([card for sq, card in s.floor if sq == here]):
            out.append(PICK_OBJECTS[OBJECT_SLOT[card]])
    out += [DROP_OBJECTS[OBJECT_SLOT[c]] for c in kinds if OBJECT_SLOT[c] >= 0]
    throwable: bool | None = None  # 6e 8, 9: any object may be thrown at a square (throwing.py)
    for c in kinds:
        if OBJECT_SLOT[c] >= 0:
            if throwable is None:
                throwable = throwing.has_target(s, player)
            if throwable:
                out.append(THROWS[OBJECT_SLOT[c]])
    for d in doors.holdable(s, player):  # 6e 8: doors held, let go; the variant
        out.append(HOLD_DOORS[d])
    if s.holding[player] >= 0:
        out.append(LET_GO)
    for d in own_doors.openable(s, player):
        out.append(OPEN_OWN_DOORS[d])
    out += escapes(s, player)  # Blink and Teleport as neutrals (a counteraction used so)
    for c in kinds:
        if NEUTRAL_SLOT[c] >= 0 and neutrals.has_target(s, player, c):
            out.append(NEUTRALS[NEUTRAL_SLOT[c]])
    if holds(hand, neutrals.MASTER_KEY) and neutrals.has_target(s, player, neutrals.MASTER_KEY):
        out.append(USE_KEY)
    out += timed_offers(s, player)
    forced_casts(s, player, kinds, out)
    for c in kinds:  # 6e 3: a voluntary discard, on one's own turn
        out.append(DISCARDS[c])
    out += [DEALS[k] for k in deals.openers(s, player)]
    return out


def card_kinds(hand: list[int]) -> list[int]:
    """Each card of the hand once, in card order: `sorted(set(hand))` as an insertion into
    a short list (a hand holds a few cards; no set, no sort)."""
    kinds: list[int] = []
    for card in hand:
        i = len(kinds)
        while i > 0 and kinds[i - 1] > card:
            i -= 1
        if i == 0 or kinds[i - 1] != card:
            kinds.insert(i, card)
    return kinds


def may_attack(s: WizWarState, seat: int) -> bool:
    """One attack a turn, none in the first round of turns (6e 3, the FAQ's "no ATTACKS")."""
    return not s.attacked and s.round > 1


def casts(s: WizWarState, seat: int, kinds: list[int], out: list[Action]) -> None:
    """Add to `out` the attack spells `seat` may cast now (`kinds`: his hand's cards, each
    once, in card order): at a living wizard in his line of sight, with a NUMBER card where
    the spell reads one (6e 5)."""
    held: list[int] = []  # the attack spells in hand, in table order
    for c in kinds:
        if SPELL_SLOT[c] >= 0:
            held.append(SPELL_SLOT[c])
    if not held:
        return
    here = s.pos[seat]
    targets = [p for p in range(s.n) if p != seat and not is_out(s, p) and effects.aimable(s, seat, p)
               and stones.spell_sight(s, seat, here, s.pos[p])]
    if not targets:
        return
    numbers = [NUMBER_SLOT[c] + 1 for c in kinds if NUMBER_SLOT[c] >= 0]
    for k in held:
        card = CASTABLE[k]
        powered = POWERED[card]
        if card == forced.SWAP and not forced.may_swap(s):
            continue
        for p in targets:
            if not effects.attackable(s, seat, p, card):
                continue
            at_p = CASTS[k][p]
            out.append(at_p[0])
            if powered:
                for n in numbers:
                    out.append(at_p[n])


def wielding(s: WizWarState, seat: int, kinds: list[int], out: list[Action]) -> None:
    """Add to `out` the Dagger and Large Rock thrown along a clear line of up to 10
    squares, the Wizardblade struck in one's own square (cards.json)."""
    here = s.pos[seat]
    for card in kinds:
        k = WIELD_SLOT[card]
        if k < 0:
            continue
        reach = s.map.asm.grid_distances(here) if one_of(card, combat.THROWN) else []
        for p in range(s.n):
            if p == seat or is_out(s, p) or not effects.attackable(s, seat, p, card):
                continue
            there = s.pos[p]
            if card == combat.WIZARDBLADE:
                ok = there == here
            else:
                ok = 0 <= reach[there] <= combat.THROW_RANGE and effects.sees_for(s, seat, here, there)
            if ok:
                out.append(WIELDS[k][p])


def hitting_things(s: WizWarState, seat: int, kinds: list[int], out: list[Action]) -> None:
    """Add to `out` the attacks on a wall, door or thornbush `seat` may make now
    (structures.py): a punch, a damage spell with any NUMBER card it reads, a thrown or
    struck object."""
    if structures.has_target(s, seat, structures.FIST):
        out.append(HIT_WITH_FIST)
    numbers: list[int] | None = None
    for card in kinds:
        k = HIT_SPELL_SLOT[card]
        if k >= 0 and structures.has_target(s, seat, card):
            spell = HIT_WITH_SPELLS[k]
            out.append(spell[0])
            if POWERED[card]:
                if numbers is None:
                    numbers = [NUMBER_SLOT[c] + 1 for c in kinds if NUMBER_SLOT[c] >= 0]
                for n in numbers:
                    out.append(spell[n])
    for card in kinds:
        k = HIT_OBJECT_SLOT[card]
        if k >= 0 and structures.has_target(s, seat, card):
            out.append(HIT_WITH_OBJECTS[k])


def escapes(s: WizWarState, seat: int) -> list[Action]:
    """Blink (a vacant square beside, through any wall) and Teleport (a vacant square
    in sight): escapes when attacked, neutrals on one's own turn (cards.json)."""
    out: list[Action] = []
    here = s.pos[seat]
    hand = s.hands[seat]
    if not holds(hand, combat.BLINK) and not holds(hand, combat.TELEPORT):
        return out
    taken = forced.wizard_squares(s)
    if holds(hand, combat.BLINK):
        asm = s.map.asm
        for d in range(4):
            to = asm.step[here * 4 + d]
            if to >= 0 and forced.vacant(s, to, taken):
                out.append(BLINKS[d])
    if holds(hand, combat.TELEPORT) and not effects.has(s, seat, effects.BLIND):  # Blind: no square in sight
        seen = vision.row(s, here)
        for sq in range(len(seen)):
            if seen[sq] and sq != here and forced.vacant(s, sq, taken):
                out.append(TELEPORTS[sq])
    return out


def forced_casts(s: WizWarState, seat: int, kinds: list[int], out: list[Action]) -> None:
    """Add to `out` Fear and Ugly with a NUMBER card, Swap and Drag at an object or
    treasure (`kinds`: the hand's cards, each once, in card order)."""
    for card in kinds:
        k = NUMBERED_SELF_SLOT[card]
        if k >= 0:
            for number in kinds:
                if NUMBER_SLOT[number] >= 0:
                    out.append(NUMBERED_SELF[k][NUMBER_SLOT[number]])
    for card in kinds:
        k = AT_THINGS_SLOT[card]
        if k >= 0 and (card != forced.SWAP or forced.may_swap(s)) and forced.thing_squares(s, seat, card, 1):
            out.append(AT_THINGS[k])


def forced_moves(s: WizWarState) -> list[Action]:
    if s.forced[2] == forced.DROP_OBJECT:
        return [FORCED_DROP_TREASURE, FORCED_DROP_OBJECT]
    out = [MOVES[d] for d in forced.steps(s)]
    for card, to in forced.flights(s):
        if card == combat.BLINK:
            out.append(BLINKS[next(d for d in range(4) if s.map.asm.step[s.pos[s.forced[0]] * 4 + d] == to)])
        else:
            out.append(TELEPORTS[to])
    return out or [STAY]


def timed_offers(s: WizWarState, seat: int) -> list[Action]:
    """Invisible and Shrink (with or without a NUMBER card for their duration): escapes
    in the attack window, cast on oneself on one's turn; Mist-Body and Wall of Fire with
    a NUMBER card (without one they are plain `cast` neutrals)."""
    hand = s.hands[seat]
    timed = False
    for c in hand:
        timed = timed or TIMED_CARD[c]
    if not timed:
        return []
    numbers = [k for k, n in enumerate(NUMBERS) if holds(hand, n)]
    out: list[Action] = []
    for j, card in enumerate(effects.SELF_COUNTERS):
        if not holds(hand, card):
            continue
        if s.phase == WINDOW:
            out.append(COUNTERS[card])
            out += [TIMED_COUNTERS[j][k] for k in numbers]
        else:
            out.append(TIMED_SELF[j][0])
            out += [TIMED_SELF[j][1 + k] for k in numbers]
    if s.phase == TURN and numbers:
        for j, card in enumerate(effects.TIMED_NEUTRALS):
            if holds(hand, card) and neutrals.has_target(s, seat, card):
                out += [TIMED_NEUTRALS[j][k] for k in numbers]
    return out


def reusable(s: WizWarState, seat: int) -> list[int]:
    """The cards Reuse Spell may name for `seat`: cast this turn, and with an action once lent."""
    out: list[int] = []
    for c in spellcraft.candidates(s, seat):
        trial = copy_state(s)
        trial.log, trial.phase, trial.aim = None, TURN, -1
        spellcraft.lend(trial, seat, c)
        if legal_list(trial, seat):
            out.append(c)
    return out
