"""Wiz-War (6th edition rules), the turn: set-up, walking, the punch and its answer,
treasures, drawing and the hand limit, victory and elimination.

What is here follows the rules reference section by section, and every rule leaves an
event citing it ("WW 6e 4"); card behaviour lives in the modules named after its concern
(combat, neutrals, stones, effects, forced, sectors, illusions, spellcraft, deals). What a
seat sees is view.py's.

A turn is a sequence of small decisions (one step, one punch, one discard), so that
movement stays divisible around everything else (6e 3); actions.py holds them all, each
with its meaning and stable id, and `apply` dispatches on what an action means.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from wizarena.core import Action, Game, IllegalAction, Outcome, Rng, others, say
from wizarena.core.inputs import check_typed

from . import (
    cards,
    combat,
    deals,
    effects,
    forced,
    illusions,
    neutrals,
    sectors,
    spellcraft,
    stones,
    structures,
    view,
    vision,
)
from .actions import (
    ACTIONS,
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
    K_AIM_LINE,
    K_AIM_SQUARE,
    K_AT_THING,
    K_BLINK,
    K_BOOST,
    K_CAST,
    K_COUNTER,
    K_DEAL,
    K_DISCARD,
    K_DROP,
    K_DROP_OBJECT,
    K_END_TURN,
    K_FORCED_DROP,
    K_HIT,
    K_LET_BE,
    K_MOVE,
    K_NEUTRAL,
    K_NUMBERED_SELF,
    K_PICK_OBJECT,
    K_PICK_UP,
    K_PUNCH,
    K_PUT_BACK,
    K_REUSE,
    K_SECTOR,
    K_STAY,
    K_TAKE_IT,
    K_TELEPORT,
    K_TIMED_COUNTER,
    K_TIMED_NEUTRAL,
    K_TIMED_SELF,
    K_USE_KEY,
    K_WIELD,
    LET_BE,
    LET_STAND,
    MOVES,
    NEUTRAL_CARDS,
    NEUTRALS,
    NUMBERED_SELF,
    NUMBERS,
    OBJECTS,
    PICK_OBJECTS,
    PICK_UP,
    PUNCHES,
    PUT_BACK,
    REUSES,
    SECTORS,
    STAY,
    TAKE_IT,
    TELEPORTS,
    TIMED_COUNTERS,
    TIMED_NEUTRALS,
    TIMED_SELF,
    USE_KEY,
    WIELDED,
    WIELDS,
    plays,
)
from .board import DIR_NAMES, assembly, edition_faces, faces
from .mapstate import BUSH, DOOR, new_map
from .state import (
    AIM,
    BASE_MOVES,
    DEALING,
    DISCARD,
    ENDING,
    FORCED,
    HAND_LIMIT,
    LIFE,
    MAX_ROUNDS,
    NEUTRAL,
    NEXT,
    OFFERING,
    OPENING_HAND,
    OVER,
    PHASE_NAMES,
    TICK,
    TREASURES,
    TURN,
    WINDOW,
    WizWarState,
    copy_state,
    mark_played,
)

R_SETUP: Final = "WW 6e 1"
R_WIN: Final = "WW 6e 2"
R_TURN: Final = "WW 6e 3"
R_MOVE: Final = "WW 6e 4"
R_NUMBER: Final = "WW 6e 5"
R_COMBAT: Final = "WW 6e 6"
R_COUNTER: Final = "WW 6e 7"
R_TREASURE: Final = "WW 6e 9"
R_DIE: Final = "WW 6e 10"
R_CAP: Final = "WW ruling R1"

TRAP: Final[int] = cards.INDEX["trap"]


def _slot_of(group: tuple[int, ...], only: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Per card: its index in `group` (and in `only`, when given), -1 otherwise. The legal
    lists walk the hand and look a card up here, rather than asking of every card of a
    group whether the hand holds it."""
    return tuple(group.index(c) if c in group and (only is None or c in only) else -1 for c in range(len(cards.ID)))


SPELL_SLOT: Final[tuple[int, ...]] = _slot_of(CASTABLE, combat.SPELLS)       # attack spells written
NEUTRAL_SLOT: Final[tuple[int, ...]] = _slot_of(NEUTRAL_CARDS, neutrals.CASTABLE)
NUMBER_SLOT: Final[tuple[int, ...]] = _slot_of(NUMBERS)
OBJECT_SLOT: Final[tuple[int, ...]] = _slot_of(OBJECTS)
POWERED: Final[tuple[bool, ...]] = tuple(cards.USES_NUMBER[c] in ("power", "count", "duration", "distance")
                                         for c in range(len(cards.ID)))
TIMED_CARD: Final[tuple[bool, ...]] = tuple(c in effects.SELF_COUNTERS or c in effects.TIMED_NEUTRALS
                                            for c in range(len(cards.ID)))  # what `_timed_offers` offers


class WizWarGame(Game):
    id: ClassVar[str] = "wizwar"
    name: ClassVar[str] = "Wiz-War"
    variants: ClassVar[dict[str | None, str]] = {None: "6th-edition rules"}
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    actions: ClassVar[tuple[Action, ...]] = ACTIONS
    # A random Wiz-War game runs hundreds of steps (the round cap ends most), so a search
    # plays 20 random steps and scores the rest with `heuristic` (life points: a lead of 5
    # is a good lead). docs/games/wizwar.md, "Views".
    rollout_cutoff: ClassVar[int] = 20
    heuristic_scale: ClassVar[float] = 5.0
    card_usage: ClassVar[str] = "cast"
    cards: ClassVar[tuple[Any, ...]] = view.card_rows()  # the catalogue (`wizarena cards wizwar`, the web API)
    max_game_length: ClassVar[int] = 12000  # 60 rounds x 4 seats x 50 decisions; random games stay under 800

    # -- set-up (6e 1) -----------------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> WizWarState:
        config = dict(config or {})
        unknown = set(config) - {"crossed", "own_doors"}
        if unknown:
            raise ValueError(f"unknown config key(s): {', '.join(sorted(unknown))} (known: crossed, own_doors)")
        crossed, own_doors = config.get("crossed", False), config.get("own_doors", False)
        if not isinstance(crossed, bool) or not isinstance(own_doors, bool):
            raise ValueError("config 'crossed' and 'own_doors' are true or false")
        n = self.num_players
        s = WizWarState()
        s.seed, s.rng, s.n, s.log = seed, Rng(seed), n, [] if log else None
        s.map = new_map(assembly(n, crossed), faces(), edition_faces("classic"), s.rng.below, own_doors)
        s.life = [LIFE] * n
        s.pos = [s.map.home_base(q) for q in range(n)]
        s.out = []
        s.treasure_at = []
        for q in range(n):
            marks = s.map.treasure_marks(q)
            s.treasure_at += marks[:TREASURES]
        s.carried = [-1] * n
        s.lost = [0] * n
        s.status, s.status_by = effects.none_yet(n), [[-1] * effects.KINDS for _ in range(n)]
        s.discard, s.flight, s.floor = [], [], []
        s.deck = list(cards.DECK)
        s.rng.shuffle(s.deck)
        if s.log is not None:
            say(s, "setup", R_SETUP, f"{n} sectors dealt at random; each wizard on his home base with 15 life, "
                "two treasures on his sector's marks")
        s.hands = [[] for _ in range(n)]
        s.shown = [[] for _ in range(n)]
        for q in range(n):
            while len(s.hands[q]) < OPENING_HAND:
                card = self._draw_card(s)
                if card == TRAP:  # 6e 1: a Trap! dealt at the start is set aside and replaced
                    s.discard.append(card)
                    if s.log is not None:
                        say(s, "setup", R_SETUP, f"P{q} is dealt Trap!: it is discarded and replaced")
                    continue
                s.hands[q].append(card)
            if s.log is not None:
                say(s, "setup", R_SETUP, f"you are dealt {_names(s.hands[q])}", 1 << q)
        s.first = self._roll_off(s)
        s.round, s.result, s.window, s.chain, s.deciding, s.resume = 1, None, (-1, -1, -1, -1, 0, 0), [], -1, TURN
        s.aim, s.pending, s.asking, s.extra = -1, (-1, -1, -1, -1), [], [0] * n
        s.belief, s.reflected = [[] for _ in range(n)], []
        spellcraft.new_turn(s)
        s.sight, s.legal_for, s.legal = vision.rows_for(s.map), -1, []
        s.drawing, s.drawn, s.tick, s.number_card, s.fires = 0, [], 0, -1, []
        s.forced, s.fleeing, s.feared, s.walked = forced.NONE, [], [0] * n, False
        s.played = [0] * n
        deals.none_yet(s)
        self._start_turn(s, s.first)
        return s

    def _roll_off(self, s: WizWarState) -> int:
        """6e 1 and 10: everyone rolls the d4; the highest moves first, ties roll again."""
        rolling = list(range(s.n))
        while True:
            rolls = [s.rng.below(4) + 1 for _ in rolling]
            best = max(rolls)
            if s.log is not None:
                say(s, "setup", R_DIE, "first player roll: " + ", ".join(
                    f"P{q} {r}" for q, r in zip(rolling, rolls, strict=True)))
            rolling = [q for q, r in zip(rolling, rolls, strict=True) if r == best]
            if len(rolling) == 1:
                if s.log is not None:
                    say(s, "setup", R_SETUP, f"P{rolling[0]} rolled highest and takes the first turn")
                return rolling[0]

    def _draw_card(self, s: WizWarState) -> int:
        if not s.deck:  # the discard pile, shuffled, becomes the draw pile
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
            if s.log is not None:
                say(s, "draw", R_TURN, "the draw pile is empty: the discard pile is shuffled into a new one")
        return s.deck.pop() if s.deck else -1

    # -- the kernel protocol ----------------------------------------------------------
    def to_act(self, state: Any) -> tuple[int, ...]:
        s: WizWarState = state
        if s.phase == OVER:
            return ()
        if s.phase == WINDOW:
            return (combat.answerer(s),)
        if s.phase == DISCARD:
            return (s.deciding,)
        if s.phase == NEUTRAL:
            return (neutrals.answerer(s),)
        if s.phase == FORCED:
            return (s.forced[0],)
        if s.phase == DEALING:
            return (deals.actor(s),)
        return (s.turn,)

    def legal_actions(self, state: Any, player: int) -> list[Action]:
        return self._legal_now(state, player)[:]

    def _legal_now(self, s: WizWarState, player: int) -> list[Action]:
        """The legal list, worked out once per position and seat (`apply` checks against
        it again); the caller must not change it."""
        if s.legal_for == player:
            return s.legal
        if player not in self.to_act(s):
            return []
        s.legal = self.legal_list(s, player)
        s.legal_for = player
        return s.legal

    def legal_list(self, s: WizWarState, player: int) -> list[Action]:
        """The legal list worked out afresh, without the cache (the view calls it)."""
        if s.phase == FORCED:
            return self._forced_legal(s)
        if s.phase == WINDOW:
            # 6e 7: whoever may answer is always asked, whether or not he holds an answer,
            # so being asked tells nobody what is in his hand.
            if effects.has(s, player, effects.PETRIFIED):  # Medusa: a statue plays no card
                return [LET_STAND if s.chain else TAKE_IT]
            if not s.chain:
                return ([TAKE_IT] + [COUNTERS[c] for c in combat.answers_for(s, player)] + self._escapes(s, player)
                        + self._timed_offers(s, player))
            answer = [LET_STAND]
            if combat.ANTI_ANTI in s.hands[player]:
                answer.append(COUNTERS[combat.ANTI_ANTI])
            return answer
        if s.phase == DISCARD:
            return [DISCARDS[c] for c in sorted(set(s.hands[player]))]
        if s.phase == AIM:
            card = s.aim
            targets: list[Action] = []
            if card in neutrals.ON_LINES:
                targets += [AIM_LINES[e] for e in neutrals.lines_for(s, player, card)]
            if card in neutrals.ON_SQUARES:
                targets += [AIM_SQUARES[sq] for sq in neutrals.squares_for(s, player, card)]
            if card in forced.ON_THINGS:
                targets += [AIM_SQUARES[sq] for sq in forced.thing_squares(s, player, card)]
            if card in neutrals.ON_SECTORS:
                targets += [SECTORS[k] for k in sectors.aims(s, card)]
            if card == spellcraft.REUSE:
                targets += [REUSES[c] for c in self._reusable(s, player)]
            if card in structures.WEAPONS:
                targets += [AIM_LINES[e] for e in structures.lines_for(s, player, card)]
                targets += [AIM_SQUARES[sq] for sq in structures.squares_for(s, player, card)]
            return targets + [PUT_BACK]
        if s.phase == NEUTRAL:  # everyone is asked, holding an answer or not (see neutrals.py)
            if not s.chain:
                answer = [LET_BE]
                if neutrals.NEGATE in s.hands[player] and not effects.has(s, player, effects.PETRIFIED):
                    answer.append(COUNTERS[neutrals.NEGATE])
                return answer
            answer = [LET_STAND]
            if combat.ANTI_ANTI in s.hands[player]:
                answer.append(COUNTERS[combat.ANTI_ANTI])
            return answer
        if s.phase == TICK:  # Slow Death: the drawer takes the tick or answers it (effects.py)
            return [TAKE_IT] + [COUNTERS[c] for c in effects.TICK_ANSWERS if c in s.hands[player]]
        if s.phase == OFFERING or s.phase == DEALING:
            return [DEALS[k] for k in deals.legal(s, player)]
        out: list[Action] = []
        if s.phase == TURN and effects.has(s, player, effects.PETRIFIED):
            pass  # Medusa: a statue only ends his turn, and draws
        elif s.phase == TURN:
            here = s.pos[player]
            if s.moves > 0:
                for d in range(4):
                    if effects.step_to(s, player, d) >= 0 \
                            and not (s.belief[player] and illusions.stops(s, player, here, d)):
                        out.append(MOVES[d])
            hand = s.hands[player]
            kinds = sorted(set(hand))  # each card of the hand once, in card order
            if not s.boosted:
                for c in kinds:
                    if NUMBER_SLOT[c] >= 0:
                        out.append(BOOSTS[NUMBER_SLOT[c]])
            if self._may_attack(s, player):
                for q in range(s.n):
                    if q != player and q not in s.out and s.pos[q] == here and effects.attackable(s, player, q, -1):
                        out.append(PUNCHES[q])
                out += self._casts(s, player)
                out += self._wielding(s, player)
                out += self._hitting_things(s, player)
            picks = effects.may_pick_up(s, player)  # Mist-Body: nothing is picked up
            if picks and s.carried[player] < 0 and self._treasure_here(s, here) >= 0:
                out.append(PICK_UP)
            if s.carried[player] >= 0:
                out.append(DROP)
            if picks and s.floor:
                lying = sorted({OBJECT_SLOT[card] for sq, card in s.floor if sq == here})
                out += [PICK_OBJECTS[k] for k in lying]
            out += [DROP_OBJECTS[OBJECT_SLOT[c]] for c in kinds if OBJECT_SLOT[c] >= 0]
            out += self._escapes(s, player)  # Blink and Teleport as neutrals (a counteraction used so)
            for c in kinds:
                if NEUTRAL_SLOT[c] >= 0 and neutrals.has_target(s, player, c):
                    out.append(NEUTRALS[NEUTRAL_SLOT[c]])
            if neutrals.MASTER_KEY in hand and neutrals.has_target(s, player, neutrals.MASTER_KEY):
                out.append(USE_KEY)
            out += self._timed_offers(s, player)
            out += self._forced_casts(s, player)
            for c in kinds:  # 6e 3: a voluntary discard, on one's own turn
                out.append(DISCARDS[c])
            out += [DEALS[k] for k in deals.openers(s, player)]
        out += END_TURN
        if s.lent[0] >= 0 and s.phase == TURN:  # Reuse Spell: the lent card is cast at once, or not at all
            return [a for a in out if plays(a, s.lent[0])]
        return out

    def apply(self, state: Any, player: object, action: object) -> None:
        s: WizWarState = state
        if not isinstance(action, Action) or not 0 <= action.id < len(ACTIONS) or ACTIONS[action.id] is not action:
            raise IllegalAction(f"{action!r} is not an action of {self.full_id}")
        if not isinstance(player, int) or player not in self.to_act(s):
            raise IllegalAction(f"seat {player!r} is not the one to act now", R_TURN)
        if action not in self._legal_now(s, player):
            raise IllegalAction(f"{action.text!r} is not legal for P{player} now ({PHASE_NAMES[s.phase]})", R_TURN)
        s.legal_for = -1  # the position changes now
        code, card, a, b = action.data  # actions.py: what it does, the card it plays, two numbers
        if s.phase == FORCED:
            self._forced(s, player, code, a)
        elif s.phase == TICK:
            self._tick(s, player, card)  # card -1: he takes it
        elif code == K_TIMED_COUNTER or code == K_TIMED_SELF or code == K_TIMED_NEUTRAL \
                or code == K_COUNTER and s.phase == WINDOW and card in effects.SELF_COUNTERS:
            self._timed(s, player, code, card, b)  # Invisible, Shrink, Mist-Body, Wall of Fire
        elif code == K_MOVE:
            self._step(s, player, a)
        elif code == K_BOOST:
            self._boost(s, player, card)
        elif code == K_PUNCH:
            self._punch(s, player, a)
        elif code == K_PICK_UP:
            self._pick_up(s, player)
        elif code == K_DROP:
            self._drop(s, player)
        elif code == K_TAKE_IT:
            self._resolve_attack(s)
        elif code == K_END_TURN:
            self._end_turn(s, player, a)
        elif code == K_DISCARD:
            self._discard(s, player, card)
        elif code == K_CAST or code == K_WIELD:
            s.attacked = True
            s.phase = WINDOW
            if card == forced.SWAP:
                forced.spend_movement(s)
            combat.attack(s, player, a, card, b)
        elif code == K_COUNTER:
            if s.phase == NEUTRAL:
                neutrals.negate(s, player, card)
            else:
                combat.counter(s, player, card)
        elif code == K_NUMBERED_SELF:
            self._numbered_self(s, player, card, b)
        elif code == K_AT_THING:
            s.aim, s.phase = card, AIM
        elif code == K_HIT:
            s.aim, s.number_card, s.phase = card, b, AIM  # the weapon; where it goes is the next decision
        elif code == K_SECTOR or code == K_REUSE:
            self._aim_more(s, player, code, card, a, b)
        elif code == K_DEAL:  # deals and trades (deals.py); the hand limit after an exchange
            for p in deals.act(s, player, a):
                if s.phase != DISCARD and p not in s.out:
                    self._limit(s, p, s.phase)
        elif code == K_NEUTRAL:
            self._cast_neutral(s, player, card)
        elif code == K_AIM_LINE or code == K_AIM_SQUARE:
            self._aimed(s, player, a if code == K_AIM_LINE else -1, a if code == K_AIM_SQUARE else -1)
        elif code == K_PUT_BACK:
            s.aim, s.phase, s.number_card = -1, TURN, -1
            if s.lent[0] >= 0:
                spellcraft.forgo(s)
        elif code == K_USE_KEY:
            s.aim, s.phase = neutrals.MASTER_KEY, AIM
        elif code == K_PICK_OBJECT:
            self._pick_up_object(s, player, card)
        elif code == K_DROP_OBJECT:
            self._drop_object(s, player, card)
        elif code == K_BLINK:
            self._escape_to(s, player, card, s.map.asm.step[s.pos[player] * 4 + a])
        elif code == K_TELEPORT:
            self._escape_to(s, player, card, a)
        elif code == K_LET_BE or s.phase == NEUTRAL:
            self._answered(s, player)
        elif combat.let_stand(s, player):  # letting an answer to an attack stand
            target = s.window[1]
            s.window = (-1, -1, -1, -1, 0, 0)
            s.phase = TURN if not s.ended else ENDING
            self._send_back(s)
            self._limit(s, target, s.phase)  # an absorbed spell is a card in hand
        if s.phase in (TURN, ENDING) and forced.fear_lasts(s):
            forced.check_fear(s)
        # map cards and spell modifiers: the loan of Reuse Spell, and who sees an illusion wall now
        if s.lent[0] >= 0:
            spellcraft.settle(s)
        if s.phase != OVER and any(s.belief):
            illusions.notice(s, s.turn)

    # -- map cards and spell modifiers (sectors.py, illusions.py, spellcraft.py) ----------
    def _aim_more(self, s: WizWarState, q: int, code: int, again: int, one: int, two: int) -> None:
        """Where Rotate or Relocate Sector goes, or which card Reuse Spell casts again."""
        card, s.aim = s.aim, -1
        if code == K_SECTOR:
            neutrals.cast(s, q, card, one, two, sectors.describe(card, one, two))
        else:
            neutrals.cast(s, q, card, -1, again, f"{cards.NAME[again]}, to cast it again")
        s.phase = NEUTRAL

    def _reusable(self, s: WizWarState, q: int) -> list[int]:
        """The cards Reuse Spell may name for `q`: cast this turn, and with an action once lent."""
        out: list[int] = []
        for c in spellcraft.candidates(s, q):
            trial = copy_state(s)
            trial.log, trial.phase, trial.aim = None, TURN, -1
            spellcraft.lend(trial, q, c)
            if self.legal_list(trial, q):
                out.append(c)
        return out

    def _send_back(self, s: WizWarState) -> None:
        """Reflection: when a window closes, the next returning half opens its own."""
        while s.reflected:
            if s.phase == OVER:
                s.reflected = []
                return
            if combat.send_back(s):
                s.phase = WINDOW
                return

    # -- movement (6e 4) ----------------------------------------------------------------
    def _step(self, s: WizWarState, q: int, d: int) -> None:
        m = s.map
        i = s.pos[q] * 4 + d
        to = effects.step_to(s, q, d)
        burned = effects.fire_crossed(s, s.pos[q], d)
        for e in (m.asm.side_edge[i], m.asm.far_edge[i]):
            if e >= 0 and m.kind(e) == DOOR:  # 6e 8: an opened door locks again behind
                before = m.edges[e]
                m.pass_door(e)
                if m.edges[e] != before:
                    vision.changed(s)
        if s.belief[q]:
            illusions.crossing(s, q, s.pos[q], d)
        s.pos[q] = to
        s.moves -= 1
        s.walked = True
        if s.log is not None:
            say(s, "move", R_MOVE, f"P{q} moves {DIR_NAMES[d]} ({s.moves} left)")
        if burned:
            self._cross_fire(s, q)
        if m.cells[to] & BUSH and q not in s.out and s.phase != OVER:
            self._enter_thornbush(s, q)

    def _boost(self, s: WizWarState, q: int, card: int) -> None:
        value = stones.number_value(s, q, card)
        s.hands[q].remove(card)
        stones.forget(s, q)
        s.discard.append(card)
        mark_played(s, q, card)
        s.moves += value
        s.boosted = True
        if s.log is not None:
            say(s, "move", R_NUMBER, f"P{q} adds a {cards.NUMBER[card]} to the turn's movement ({s.moves} left)")

    # -- attacks (6e 3, 6, 7) -----------------------------------------------------------
    def _may_attack(self, s: WizWarState, q: int) -> bool:
        """One attack a turn, none in the first round of turns (6e 3, the FAQ's "no ATTACKS")."""
        return not s.attacked and s.round > 1

    def _casts(self, s: WizWarState, q: int) -> list[Action]:
        """The attack spells `q` may cast now: at a living wizard in his line of sight,
        with a NUMBER card where the spell reads one (6e 5)."""
        out: list[Action] = []
        hand = s.hands[q]
        held = sorted({SPELL_SLOT[c] for c in hand if SPELL_SLOT[c] >= 0})
        if not held:
            return out
        here = s.pos[q]
        targets = [p for p in range(s.n) if p != q and p not in s.out and effects.aimable(s, q, p)
                   and stones.spell_sight(s, q, here, s.pos[p])]
        if not targets:
            return out
        numbers = sorted({NUMBER_SLOT[c] + 1 for c in hand if NUMBER_SLOT[c] >= 0})
        for k in held:
            card = CASTABLE[k]
            powered = POWERED[card]
            if card == forced.SWAP and not forced.may_swap(s):
                continue
            for p in targets:
                if not effects.attackable(s, q, p, card):
                    continue
                at_p = CASTS[k][p]
                out.append(at_p[0])
                if powered:
                    for n in numbers:
                        out.append(at_p[n])
        return out

    def _wielding(self, s: WizWarState, q: int) -> list[Action]:
        """Dagger and Large Rock thrown along a clear line of up to 10 squares; the
        Wizardblade struck in one's own square (cards.json)."""
        out: list[Action] = []
        here = s.pos[q]
        for k, card in enumerate(WIELDED):
            if card not in s.hands[q]:
                continue
            reach = s.map.asm.grid_distances(here) if card in combat.THROWN else []
            for p in range(s.n):
                if p == q or p in s.out or not effects.attackable(s, q, p, card):
                    continue
                there = s.pos[p]
                if card == combat.WIZARDBLADE:
                    ok = there == here
                else:
                    ok = 0 <= reach[there] <= combat.THROW_RANGE and effects.sees_for(s, q, here, there)
                if ok:
                    out.append(WIELDS[k][p])
        return out

    def _hitting_things(self, s: WizWarState, q: int) -> list[Action]:
        """Attacks on a wall, door or thornbush `q` may make now (structures.py): a punch,
        a damage spell with any NUMBER card it reads, a thrown or struck object."""
        out: list[Action] = []
        if structures.has_target(s, q, structures.FIST):
            out.append(HIT_WITH_FIST)
        hand = s.hands[q]
        numbers: list[int] | None = None
        for k, card in enumerate(structures.SPELLS):
            if card in hand and structures.has_target(s, q, card):
                spell = HIT_WITH_SPELLS[k]
                out.append(spell[0])
                if POWERED[card]:
                    if numbers is None:
                        numbers = sorted({NUMBER_SLOT[c] + 1 for c in hand if NUMBER_SLOT[c] >= 0})
                    out += [spell[n] for n in numbers]
        for k, card in enumerate(structures.OBJECTS):
            if card in hand and structures.has_target(s, q, card):
                out.append(HIT_WITH_OBJECTS[k])
        return out

    def _escapes(self, s: WizWarState, q: int) -> list[Action]:
        """Blink (a vacant square beside, through any wall) and Teleport (a vacant square
        in sight): escapes when attacked, neutrals on one's own turn (cards.json)."""
        out: list[Action] = []
        here = s.pos[q]
        hand = s.hands[q]
        if combat.BLINK not in hand and combat.TELEPORT not in hand:
            return out
        taken = forced.wizard_squares(s)
        if combat.BLINK in hand:
            asm = s.map.asm
            for d in range(4):
                to = asm.step[here * 4 + d]
                if to >= 0 and forced.vacant(s, to, taken):
                    out.append(BLINKS[d])
        if combat.TELEPORT in hand and not effects.has(s, q, effects.BLIND):  # Blind: no square in sight
            seen = vision.row(s, here)
            for sq in range(len(seen)):
                if seen[sq] and sq != here and forced.vacant(s, sq, taken):
                    out.append(TELEPORTS[sq])
        return out

    def _pick_up_object(self, s: WizWarState, q: int, card: int) -> None:
        s.floor.remove((s.pos[q], card))
        s.hands[q].append(card)
        s.ended = True
        s.phase = ENDING
        if s.log is not None:
            say(s, "object", R_TREASURE, f"P{q} picks up {cards.NAME[card]}; picking up ends the turn")
        self._limit(s, q, ENDING)

    def _drop_object(self, s: WizWarState, q: int, card: int) -> None:
        s.hands[q].remove(card)
        stones.forget(s, q)
        s.floor.append((s.pos[q], card))
        if s.log is not None:
            say(s, "object", R_TREASURE, f"P{q} drops {cards.NAME[card]}")

    def _escape_to(self, s: WizWarState, q: int, card: int, to: int) -> None:
        """Blink or Teleport to `to`: an escape from the attack in the air, or a neutral on
        one's own turn."""
        if s.phase == WINDOW:
            combat.escape(s, q, card)
            s.window = (-1, -1, -1, -1, 0, 0)
            s.phase = TURN if not s.ended else ENDING
            self._send_back(s)
        else:
            s.hands[q].remove(card)
            stones.forget(s, q)
            s.discard.append(card)
            mark_played(s, q, card)
            s.walked = True
            spellcraft.record(s, q, card)
        s.pos[q] = to
        if s.log is not None:
            verb = "blinks" if card == combat.BLINK else "teleports"
            say(s, "move", f"WW card {cards.NAME[card]}", f"P{q} {verb} to square {to}")

    def _cast_neutral(self, s: WizWarState, q: int, card: int) -> None:
        """Casting a map neutral: the card; where it goes (AIM), then the others' answers."""
        if card == forced.FEAR:  # cast on oneself: nobody is asked (cards.json)
            forced.cast_fear(s, q, -1)
            return
        if card == forced.UGLY:
            forced.prepare_ugly(s, q, -1)
        if card in neutrals.ON_SELF:
            neutrals.cast(s, q, card, -1, -1)
            s.phase = NEUTRAL
        else:
            s.aim, s.phase = card, AIM

    def _aimed(self, s: WizWarState, q: int, line: int, square: int) -> None:
        """Where the card being aimed goes: a line or a square."""
        card, s.aim = s.aim, -1
        if card in structures.WEAPONS:
            number_card, s.number_card = s.number_card, -1
            structures.attack(s, q, card, number_card, line, square)
            s.phase = TURN
            return
        if card == neutrals.MASTER_KEY:
            neutrals.use_key(s, q, line)
            vision.changed(s)
            s.phase = TURN
            return
        if card == forced.SWAP:
            forced.spend_movement(s)
        neutrals.cast(s, q, card, line, square)
        s.phase = NEUTRAL

    # -- forced moves (forced.py) -----------------------------------------------------------
    def _forced_casts(self, s: WizWarState, q: int) -> list[Action]:
        """Fear and Ugly with a NUMBER card; Swap and Drag at an object or treasure."""
        out: list[Action] = []
        hand = s.hands[q]
        for k, card in enumerate(forced.NUMBERED_SELF):
            if card in hand:
                out += [NUMBERED_SELF[k][n] for n, number in enumerate(NUMBERS) if number in hand]
        for k, card in enumerate(forced.ON_THINGS):
            if card in hand and (card != forced.SWAP or forced.may_swap(s)) and forced.thing_squares(s, q, card, 1):
                out.append(AT_THINGS[k])
        return out

    def _numbered_self(self, s: WizWarState, q: int, card: int, number_card: int) -> None:
        """Fear or Ugly cast with a NUMBER card."""
        if card == forced.FEAR:
            forced.cast_fear(s, q, number_card)
        else:
            forced.prepare_ugly(s, q, number_card)
            neutrals.cast(s, q, card, -1, -1)
            s.phase = NEUTRAL

    def _forced_legal(self, s: WizWarState) -> list[Action]:
        if s.forced[2] == forced.DROP_OBJECT:
            return [FORCED_DROP_TREASURE, FORCED_DROP_OBJECT]
        out = [MOVES[d] for d in forced.steps(s)]
        for card, to in forced.flights(s):
            if card == combat.BLINK:
                out.append(BLINKS[next(d for d in range(4) if s.map.asm.step[s.pos[s.forced[0]] * 4 + d] == to)])
            else:
                out.append(TELEPORTS[to])
        return out or [STAY]

    def _forced(self, s: WizWarState, q: int, code: int, a: int) -> None:
        """A decision of the FORCED phase."""
        if code == K_FORCED_DROP:
            forced.drop(s, s.forced[3], a == 1)  # a: 1 the treasure, 0 an object
            self._check_end(s)
        elif code == K_MOVE:
            self._forced_step(s, q, a)
        elif code == K_STAY:
            forced.stay(s, q)
        elif code == K_BLINK:
            forced.flee_by_card(s, q, combat.BLINK, s.map.asm.step[s.pos[q] * 4 + a])
        else:
            forced.flee_by_card(s, q, combat.TELEPORT, a)

    def _forced_step(self, s: WizWarState, q: int, d: int) -> None:
        """A driven step meets what any step meets: a wall of fire crossed burns, a thornbush
        entered pricks and ends the walk (forced.step). A driven wizard whom it kills on his
        own turn (a Go Away reflected back to its caster) ends that turn there."""
        burned = effects.fire_crossed(s, s.pos[q], d)
        to = forced.step(s, q, d)
        if burned:
            self._cross_fire(s, q, False)
        if s.map.cells[to] & BUSH and q not in s.out and s.phase != OVER:
            self._enter_thornbush(s, q, False)
        if s.phase == OVER:
            return
        if q in s.out and q == s.turn:
            s.fleeing, s.forced = [], forced.NONE
            self._next_turn(s)
            return
        forced.go_on(s)

    def _answered(self, s: WizWarState, q: int) -> None:
        if not neutrals.pass_on(s, q):
            if s.pending[0] < 0:
                s.phase = TURN if not s.ended else ENDING
                s.forced = forced.NONE  # a negated Ugly's reach is not kept
            return
        pending = s.pending
        hurt = neutrals.resolve(s)
        vision.changed(s)
        s.phase = TURN if not s.ended else ENDING
        forced.after_neutral(s, pending)
        if pending[1] in forced.ON_THINGS:  # a treasure moved onto a home base may decide the game
            self._check_end(s)
        if s.lent[0] >= 0 and s.phase == TURN and not self.legal_list(s, s.turn):
            spellcraft.forgo(s)
        for p, amount in hurt:
            if s.phase != OVER and p not in s.out:
                self._damage(s, p, amount, -1, True)

    def _punch(self, s: WizWarState, q: int, target: int) -> None:
        s.attacked = True
        s.phase = WINDOW
        combat.attack(s, q, target, combat.PUNCH, -1)

    def _resolve_attack(self, s: WizWarState) -> None:
        if s.log is not None:
            say(s, "attack", R_COUNTER, f"P{s.window[1]} takes it: the attack hits")
        attacker, target, card, strength, cast = combat.hit(s)
        s.window, s.chain = (-1, -1, -1, -1, 0, 0), []
        s.phase = TURN if not s.ended else ENDING
        if card in forced.HITS:  # forced moves: their effect is the hit (Waterbolt's bumps hurt)
            bumps = forced.hit(s, attacker, card, target, strength)
            if bumps > 0:
                self._damage(s, target, bumps, attacker, True)
            return
        dealt = self._damage(s, target, strength, attacker, combat.physical(card)) if combat.damaging(card) else 0
        if s.phase != OVER:
            combat.secondary(s, attacker, card, target, dealt, strength, cast)
            self._send_back(s)
            if card == combat.THOUGHT_STEAL:
                self._limit(s, attacker, s.phase)
            if card == combat.LIGHTNING and dealt > 0 and target == s.turn and target not in s.out:
                self._stunned_now(s, target)
        else:
            s.reflected = []

    def _stunned_now(self, s: WizWarState, q: int) -> None:
        """A Lightning Blast reflected back at the turn's own wizard: he loses the rest of
        this turn, his draw included (rules reference 3, 12)."""
        if s.log is not None:
            say(s, "attack", "WW card Lightning Blast", f"P{q} is stunned by his own spell: he loses the rest "
                "of this turn, his draw included")
        if s.phase in (TURN, ENDING) and not s.reflected:
            self._end_turn(s, q, 0)
        else:  # a half reflected again is still in the air: nothing more this turn but the draw
            s.ended, s.moves = True, 0

    def _damage(self, s: WizWarState, q: int, amount: int, attacker: int, physical: bool) -> int:
        """Damage after the target's stones; returns what was dealt. `attacker` -1: damage
        that is nobody's attack (a Trap!), which earns no cards. A wizard turned to stone
        takes none (Medusa)."""
        if effects.has(s, q, effects.PETRIFIED):
            if s.log is not None:
                say(s, "damage", "WW card Medusa", f"P{q} is stone: no damage gets through")
            return 0
        amount = stones.suffered(s, q, amount, attacker >= 0, physical)
        if amount <= 0:
            if s.log is not None:
                say(s, "damage", R_COMBAT, f"no damage gets through to P{q}")
            return 0
        s.life[q] -= amount
        if s.log is not None:
            kind = "physical" if physical else "magical"
            say(s, "damage", R_COMBAT, f"P{q} takes {amount} {kind} damage ({s.life[q]} life left)")
        stones.after_dealing(s, attacker, amount, physical)
        if s.life[q] <= 0:
            self._kill(s, q, attacker)
        return amount

    def _kill(self, s: WizWarState, q: int, killer: int) -> None:
        """6e 2: the dead wizard leaves the game; the seat whose attack killed him takes
        his cards, then discards down to the limit (ruling R2: damage that was nobody's
        attack earns nothing, like the FAQ's second-hand kills)."""
        self._eliminate(s, q, "dies")
        if killer >= 0 and killer not in s.out:
            gained = s.hands[q]
            s.hands[q], s.shown[q] = [], []
            s.hands[killer] += gained
            if s.log is not None:
                say(s, "win", R_WIN, f"P{killer} made the kill and takes P{q}'s {len(gained)} card(s)")
                say(s, "win", R_WIN, f"you take {_names(gained)}", 1 << killer)
        else:
            s.discard += s.hands[q]
            s.hands[q], s.shown[q] = [], []
        self._check_end(s)
        if s.phase != OVER and killer >= 0 and killer not in s.out:
            self._limit(s, killer, s.phase)

    def _eliminate(self, s: WizWarState, q: int, how: str) -> None:
        s.out.append(q)
        t = s.carried[q]
        if t >= 0:  # the treasure falls where its carrier fell
            s.treasure_at[t] = s.pos[q]
            s.carried[q] = -1
        if s.log is not None:
            say(s, "out", R_WIN, f"P{q} {how} and is out of the game")

    # -- timed conditions (effects.py) -------------------------------------------------
    def _timed_offers(self, s: WizWarState, q: int) -> list[Action]:
        """Invisible and Shrink (with or without a NUMBER card for their duration): escapes
        in the attack window, cast on oneself on one's turn; Mist-Body and Wall of Fire with
        a NUMBER card (without one they are plain `cast` neutrals)."""
        hand = s.hands[q]
        timed = False
        for c in hand:
            timed = timed or TIMED_CARD[c]
        if not timed:
            return []
        numbers = [k for k, n in enumerate(NUMBERS) if n in hand]
        out: list[Action] = []
        for j, card in enumerate(effects.SELF_COUNTERS):
            if card not in hand:
                continue
            if s.phase == WINDOW:
                out.append(COUNTERS[card])
                out += [TIMED_COUNTERS[j][k] for k in numbers]
            else:
                out.append(TIMED_SELF[j][0])
                out += [TIMED_SELF[j][1 + k] for k in numbers]
        if s.phase == TURN and numbers:
            for j, card in enumerate(effects.TIMED_NEUTRALS):
                if card in hand and neutrals.has_target(s, q, card):
                    out += [TIMED_NEUTRALS[j][k] for k in numbers]
        return out

    def _timed(self, s: WizWarState, q: int, code: int, card: int, number_card: int) -> None:
        if code == K_COUNTER or code == K_TIMED_COUNTER:  # an escape: the attack misses (6e 7)
            turns = stones.number_value(s, q, number_card) if number_card >= 0 else 1
            if number_card >= 0:
                s.hands[q].remove(number_card)
                s.discard.append(number_card)
                mark_played(s, q, number_card)
            combat.escape(s, q, card)
            s.window = (-1, -1, -1, -1, 0, 0)
            s.phase = TURN if not s.ended else ENDING
            effects.self_cast(s, q, card, turns)
        elif code == K_TIMED_SELF:  # a counteraction used as a neutral: at once, like Blink and Teleport
            turns = stones.number_value(s, q, number_card) if number_card >= 0 else 1
            for c in (card, number_card):
                if c >= 0:
                    s.hands[q].remove(c)
                    s.discard.append(c)
                    mark_played(s, q, c)
            stones.forget(s, q)
            effects.self_cast(s, q, card, turns)
        else:  # Mist-Body or Wall of Fire with a number card, then the neutral flow (neutrals.py)
            s.number_card = number_card
            if card in neutrals.ON_SELF:
                neutrals.cast(s, q, card, -1, -1)
                s.phase = NEUTRAL
            else:
                s.aim, s.phase = card, AIM

    def _tick(self, s: WizWarState, q: int, card: int) -> None:
        """Slow Death's tick: each card drawn is a separate 1-point hit of magical damage,
        answered on its own (6e 7) by counteractions that reduce damage. It is nobody's
        attack (no Bloodstone, no cards for a kill), and no Anti-Anti answers the answer:
        the curse was cast long ago, nothing of it is in the air."""
        if card >= 0:  # answered with a counteraction
            s.hands[q].remove(card)
            stones.forget(s, q)
            s.discard.append(card)
            mark_played(s, q, card)
            s.tick = (s.tick + 1) // 2 if card == combat.BLUNT else max(0, s.tick - cards.VALUE[card])
            if s.log is not None:
                say(s, "counter", R_COUNTER, f"P{q} answers the Slow Death tick with {cards.NAME[card]} "
                    f"({s.tick} damage left)")
            if s.tick > 0:
                return
        amount, s.tick = s.tick, 0
        s.phase = TURN
        if amount > 0:
            self._damage(s, q, amount, -1, False)
        if s.phase == OVER:
            return
        if q in s.out:
            s.drawing = 0
        self._draw_on(s, q)

    def _cross_fire(self, s: WizWarState, q: int, own_walk: bool = True) -> None:
        """Wall of Fire: crossing it costs 4 magical damage, not an attack; mist passes
        unharmed. A wizard it kills on his own walk ends his turn there (a driven one:
        `_forced_step`)."""
        if effects.has(s, q, effects.MIST):
            if s.log is not None:
                say(s, "move", "WW card Mist-Body", f"P{q} passes through the wall of fire as mist, unharmed")
            return
        if s.log is not None:
            say(s, "move", "WW card Wall of Fire", f"P{q} crosses a wall of fire")
        self._damage(s, q, effects.FIRE_DAMAGE, -1, False)
        if own_walk and s.phase != OVER and q in s.out and q == s.turn:
            self._next_turn(s)

    def _enter_thornbush(self, s: WizWarState, q: int, own_walk: bool = True) -> None:
        """Thornbush: walking into it costs 1 physical damage, not an attack; mist passes
        unharmed and walks on. On his own walk it also costs the rest of the turn's movement,
        a NUMBER card's included, and a wizard it kills ends his turn there; a driven wizard
        keeps his movement (the walk was not his) and stops there (`_forced_step`)."""
        if effects.has(s, q, effects.MIST):
            if s.log is not None:
                say(s, "move", "WW card Mist-Body", f"P{q} passes into the thornbush as mist, unharmed")
            return
        if own_walk:
            s.moves, s.boosted = 0, True
        if s.log is not None:
            say(s, "move", "WW card Thornbush", f"P{q} {'walks' if own_walk else 'is driven'} into the thornbush "
                f"on square {s.pos[q]}" + (": his movement ends for the turn" if own_walk else ""))
        self._damage(s, q, effects.THORN_DAMAGE, -1, True)
        if own_walk and s.phase != OVER and q in s.out and q == s.turn:
            self._next_turn(s)

    # -- treasures (6e 2, 9) -----------------------------------------------------------
    def _treasure_here(self, s: WizWarState, square: int) -> int:
        for t, at in enumerate(s.treasure_at):
            if at == square:
                return t
        return -1

    def _pick_up(self, s: WizWarState, q: int) -> None:
        t = self._treasure_here(s, s.pos[q])
        s.treasure_at[t] = -1
        s.carried[q] = t
        s.ended = True
        s.phase = ENDING
        if s.log is not None:
            owner = "his own" if t // TREASURES == q else f"P{t // TREASURES}'s"
            say(s, "treasure", R_TREASURE, f"P{q} picks up {owner} treasure; picking up ends the turn")
        self._check_end(s)

    def _drop(self, s: WizWarState, q: int) -> None:
        t = s.carried[q]
        s.carried[q] = -1
        s.treasure_at[t] = s.pos[q]
        if s.log is not None:
            say(s, "treasure", R_TREASURE, f"P{q} drops P{t // TREASURES}'s treasure")
        self._check_end(s)

    def _bases(self, s: WizWarState) -> dict[int, int]:
        """The home base of each living player (6e 2: a dead player's base stops counting)."""
        return {s.map.home_base(q): q for q in range(s.n) if q not in s.out}

    def _check_end(self, s: WizWarState) -> None:
        """6e 2, in the order it gives: a player whose two treasures lie on other players'
        bases is out; the last wizard standing wins; two enemy treasures on one's own base win."""
        bases = self._bases(s)
        for q in range(s.n):
            if q in s.out:
                continue
            held = [bases.get(s.treasure_at[t], -1) for t in range(q * TREASURES, q * TREASURES + TREASURES)]
            if all(h >= 0 and h != q for h in held):
                self._eliminate(s, q, "has both his treasures on other players' home bases")
                s.discard += s.hands[q]
                s.hands[q], s.shown[q] = [], []
                bases = self._bases(s)
        alive = [q for q in range(s.n) if q not in s.out]
        if len(alive) == 1:
            self._finish(s, (alive[0],), f"P{alive[0]} is the last wizard standing", R_WIN)
            return
        if not alive:
            self._finish(s, (), "nobody is left", R_WIN)
            return
        for q in alive:
            home = s.map.home_base(q)
            captured = [t for t, at in enumerate(s.treasure_at) if at == home and t // TREASURES != q]
            if len(captured) >= 2:
                self._finish(s, (q,), f"P{q} has two enemy treasures on his home base", R_WIN)
                return

    def _finish(self, s: WizWarState, winners: tuple[int, ...], reason: str, rule: str) -> None:
        s.phase = OVER
        s.result = Outcome(winners, s.n, reason, tuple(float(x) for x in s.life), tuple(s.out))
        if s.log is not None:
            say(s, "end", rule, f"game over: {reason}")

    # -- the end of the turn (6e 3) -----------------------------------------------------
    def _end_turn(self, s: WizWarState, q: int, draws: int) -> None:
        effects.turn_ends(s, q)  # 6e 3: one of his turns is counted on his conditions
        s.drawing, s.drawn = draws, []
        self._draw_on(s, q)

    def _draw_on(self, s: WizWarState, q: int) -> None:
        """The end-of-turn draw, card by card; a Slow Death tick pauses it (TICK) until the
        drawer has taken or answered it, then it goes on from here."""
        while s.drawing > 0:
            card = self._draw_card(s)
            if card < 0:
                break
            if card == TRAP:
                self._spring_trap(s, q)
                if s.phase == OVER or q in s.out:
                    break
                continue
            s.drawing -= 1
            s.drawn.append(card)
            s.hands[q].append(card)
            if effects.ticks(s, q):
                s.tick, s.phase = 1, TICK
                if s.log is not None:
                    say(s, "tick", "WW card Slow Death", f"P{q} draws a card: Slow Death costs him 1 magical damage "
                        "unless he counteracts it")
                return
        s.drawing = 0
        drawn, s.drawn = s.drawn, []
        if s.log is not None:
            say(s, "draw", R_TURN, f"P{q} ends the turn and draws {len(drawn)} card(s)", others(q))
            say(s, "draw", R_TURN, f"you end the turn and draw {_names(drawn) or 'nothing'}", 1 << q)
        if s.phase == OVER:
            return
        s.phase = TURN
        if q not in s.out:
            self._limit(s, q, NEXT)
        if s.phase == TURN:
            self._next_turn(s)

    def _spring_trap(self, s: WizWarState, q: int) -> None:
        """Trap! (cards.json): shown when drawn, 3 magical damage that is nobody's attack,
        discarded, and replaced by the next card (the drawing goes on until enough are drawn)."""
        s.discard.append(TRAP)
        if s.log is not None:
            say(s, "trap", "WW card Trap!", f"P{q} draws Trap!: it springs")
        self._damage(s, q, cards.VALUE[TRAP], -1, cards.DAMAGE[TRAP] == "physical")

    def _limit(self, s: WizWarState, q: int, resume: int) -> None:
        """6e 3: a hand over the limit is cut down at once, by its owner's choice; then
        play goes on in the `resume` phase (NEXT: the next player's turn)."""
        if len(s.hands[q]) > HAND_LIMIT and stones.BRAINSTONE in s.hands[q]:
            stones.show(s, q, stones.BRAINSTONE, f"P{q}'s hand limit is {stones.BRAIN_LIMIT}")
        limit = stones.hand_limit(s, q)
        if len(s.hands[q]) > limit:
            s.resume = resume
            s.deciding = q
            s.phase = DISCARD
            if s.log is not None:
                say(s, "limit", R_TURN, f"P{q} holds {len(s.hands[q])} cards, over the limit of {limit}: "
                    "he discards")

    def _discard(self, s: WizWarState, q: int, card: int) -> None:
        s.hands[q].remove(card)
        stones.forget(s, q)
        s.discard.append(card)
        if s.log is not None:
            say(s, "discard", R_TURN, f"P{q} discards {cards.NAME[card]}")
        if s.phase == DISCARD and len(s.hands[q]) <= stones.hand_limit(s, q):
            resume, s.deciding = s.resume, -1
            if resume == NEXT:
                s.phase = TURN
                self._next_turn(s)
            else:
                s.phase = resume

    def _next_turn(self, s: WizWarState) -> None:
        q = s.turn
        if s.extra[q] > 0 and q not in s.out:  # Speed: another whole turn at once, in the same round
            s.extra[q] -= 1
            if s.log is not None:
                say(s, "turn", "WW card Speed", f"P{q} takes another turn")
            self._start_turn(s, q)
            return
        for _ in range(s.n):
            q = (q + 1) % s.n
            if q == s.first:
                s.round += 1
                if s.round > MAX_ROUNDS:
                    self._cap(s)
                    return
            if q in s.out:
                continue
            if s.lost[q] > 0:  # 6e 3: a lost turn passes with nothing done (counteractions aside)
                s.lost[q] -= 1
                effects.turn_starts(s, q)  # and it still counts for durations (6e 3)
                if s.log is not None:
                    say(s, "turn", R_TURN, f"P{q} loses this turn ({s.lost[q]} more owed)")
                effects.turn_ends(s, q)
                continue
            self._start_turn(s, q)
            return

    def _start_turn(self, s: WizWarState, q: int) -> None:
        s.turn, s.phase = q, TURN
        s.moves, s.boosted, s.attacked, s.ended = stones.moves(s, q, BASE_MOVES), False, False, False
        s.walked = False
        deals.new_turn(s)
        spellcraft.new_turn(s)
        if s.log is not None:
            say(s, "turn", R_TURN, f"round {s.round}: P{q} takes the turn")
        effects.turn_starts(s, q)  # 6e 3: what he cast and was counted out ends now

    def _cap(self, s: WizWarState) -> None:
        """Ruling R1: after MAX_ROUNDS rounds the living wizard with the most life wins;
        a tie shares a draw."""
        alive = [q for q in range(s.n) if q not in s.out]
        best = max(s.life[q] for q in alive)
        winners = tuple(q for q in alive if s.life[q] == best)
        self._finish(s, winners, f"{MAX_ROUNDS} rounds played: the most life left decides", R_CAP)

    # -- for balance studies -------------------------------------------------------------
    def cards_used(self, state: Any) -> tuple[frozenset[str], ...]:
        """The cards each wizard played from his hand (`mark_played`): spells and neutrals
        cast, counteractions and escapes, objects thrown, struck or opened a door with, and
        the NUMBER cards laid with a spell or for movement. Not a card discarded, given in a
        deal, dropped, taken from him, nor a magic stone that works while merely held."""
        s: WizWarState = state
        names = cards.NAME
        return tuple(frozenset(names[c] for c in range(len(names)) if s.played[q] >> c & 1) for q in range(s.n))

    # -- what a seat sees --------------------------------------------------------------
    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        return view.seat_view(self, state, player)

    def observation_tensor(self, state: Any, player: int) -> Any:
        return view.observation(self, state, player)

    def render_text(self, view: dict[str, Any]) -> str:
        from .text import render
        return render(view)

    def parse_action(self, state: Any, player: int, text: str) -> Action:
        from .text import parse_plan
        check_typed(text, IllegalAction)  # before the walk reader splits it into words
        plan = parse_plan(self, state, player, text)
        return plan[0] if plan else super().parse_action(state, player, text)

    def parse_plan(self, state: Any, player: int, text: str) -> list[Action]:
        """What a person typed as the actions it stands for, in order: a walk ("n n e",
        "to c4") is several steps; anything else one action (see text.py)."""
        from .text import parse_plan
        check_typed(text, IllegalAction)
        return parse_plan(self, state, player, text) or [super().parse_action(state, player, text)]

    def outcome(self, state: Any) -> Outcome | None:
        return state.result

    def clone(self, state: Any) -> Any:
        return copy_state(state)

    def determinize(self, state: Any, player: int, rng: random.Random) -> Any:
        """The other hands and the draw pile dealt again from the cards `player` cannot
        see, each hand keeping its size."""
        c = copy_state(state)
        c.log = None
        c.legal_for = -1  # the hands change: what was legal for another seat may not be
        if c.phase == OVER:
            return c
        # Stones shown face up stay in their hands: everyone has seen them (stones.py).
        known = [[card for card in c.shown[q] if card in c.hands[q]] for q in range(c.n)]
        unseen = list(c.deck)
        for q in range(c.n):
            if q != player:
                rest = c.hands[q][:]
                for card in known[q]:
                    rest.remove(card)
                unseen += rest
        rng.shuffle(unseen)
        for q in range(c.n):
            if q != player:
                k = len(c.hands[q]) - len(known[q])
                c.hands[q], unseen = known[q] + unseen[:k], unseen[k:]
        c.deck = unseen
        illusions.redeal(c, player, rng)  # the others' unrevealed illusion rolls
        c.rng = Rng(rng.getrandbits(64))  # chance to come is unknown too
        return c

    def config_of(self, state: Any) -> dict[str, Any]:
        return {}

    def heuristic(self, state: Any, player: int) -> float:
        """Life, and treasures brought home: what a wizard is playing for (6e 2); and, so
        that a one-step look ahead walks somewhere, how far the next treasure is (home
        while carrying one, else the nearest enemy treasure lying about)."""
        s: WizWarState = state
        if player in s.out:
            return -20.0
        m = s.map
        home = m.home_base(player)
        brought = sum(1 for t, at in enumerate(s.treasure_at) if at == home and t // TREASURES != player)
        carrying = 1 if s.carried[player] >= 0 and s.carried[player] // TREASURES != player else 0
        dist = m.walk_distances(s.pos[player], m.asm.n_squares)
        if carrying:
            away = dist[home]
        else:
            away = -1
            for t, at in enumerate(s.treasure_at):
                if at >= 0 and at != home and t // TREASURES != player and dist[at] >= 0 and (
                        away < 0 or dist[at] < away):
                    away = dist[at]
        far = 0.15 * (away if away >= 0 else 20)
        return s.life[player] + 6.0 * brought + 2.0 * carrying - far


def _names(hand: list[int]) -> str:
    return ", ".join(cards.NAME[c] for c in hand)
