"""Wiz-War (6th edition rules): the Game, its set-up (6e 1), the kernel protocol, and
`apply`, which hands each decision to the rule module it belongs to.

The rules live in modules named after the rules reference's sections (victory 6e 2, hands
and turn 6e 3, walking 6e 4-5, harm and attacks 6e 6-7, treasures 6e 9, legal: what may be
done in each phase) and after the cards' concerns (combat, neutrals, stones, effects,
forced, sectors, illusions, spellcraft, deals, structures); every rule leaves an event
citing it ("WW 6e 4"). What a seat sees is view.py's.

A turn is a sequence of small decisions (one step, one punch, one discard), so that
movement stays divisible around everything else (6e 3); actions.py holds them all, each
with its meaning and stable id, and `apply` dispatches on what an action means.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from wizarena.core import Action, Game, IllegalAction, Option, Outcome, Rng, say
from wizarena.core.inputs import check_typed

from . import (
    attacks,
    cards,
    combat,
    deals,
    doors,
    effects,
    forced,
    hands,
    harm,
    illusions,
    legal,
    neutrals,
    own_doors,
    refusals,
    sectors,
    spellcraft,
    stones,
    structures,
    throwing,
    treasures,
    turn,
    victory,
    view,
    vision,
    walking,
)
from .actions import (
    ACTIONS,
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
    K_HOLD_DOOR,
    K_LET_BE,
    K_LET_GO,
    K_MOVE,
    K_NEUTRAL,
    K_NUMBERED_SELF,
    K_OPEN_OWN_DOOR,
    K_PICK_OBJECT,
    K_PICK_UP,
    K_PUNCH,
    K_PUT_BACK,
    K_REUSE,
    K_SECTOR,
    K_STAY,
    K_TAKE_IT,
    K_TELEPORT,
    K_THROW,
    K_TIMED_COUNTER,
    K_TIMED_NEUTRAL,
    K_TIMED_SELF,
    K_USE_KEY,
    K_WIELD,
)
from .board import CROSSED, assembly, edition_faces, faces
from .dice import roll_off
from .glossary import GLOSSARY
from .mapstate import new_map
from .profile import SIXTH
from .standing import standing
from .state import (
    AIM,
    DEALING,
    DISCARD,
    ENDING,
    FORCED,
    NEUTRAL,
    OFFERING,
    OVER,
    PHASE_NAMES,
    R_DIE,
    R_NUMBER,
    R_PUT_BACK,
    R_SETUP,
    R_TURN,
    TICK,
    TREASURES,
    TURN,
    WINDOW,
    WizWarState,
    copy_state,
    is_out,
    mark_played,
    one_of,
)

TRAP: Final[int] = cards.INDEX["trap"]


class WizWarGame(Game):
    id: ClassVar[str] = "wizwar"
    name: ClassVar[str] = "Wiz-War"
    variants: ClassVar[dict[str | None, str]] = {
        None: "6th-edition rules", "8e": "8th edition: movement points, energy, schools, victory points"}
    variant_classes: ClassVar[dict[str, str]] = {"8e": "wizarena.games.wizwar.eighth.game:EighthGame"}
    options: ClassVar[tuple[Option, ...]] = (  # the official variants (6e 11, "Variants")
        Option("crossed", "crossed exits: each sector's north opening leads into the other's south", (2,)),
        Option("own_doors", "doors variant: a wizard opens the doors of his own sector without a key"),
        Option("teams", "team play: the 1st and 3rd seats against the 2nd and 4th; a team wins by killing both "
                        "opponents or with 3 of their treasures on its home bases; no attacks on a teammate", (4,)),
    )
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    actions: ClassVar[tuple[Action, ...]] = ACTIONS
    # A random Wiz-War game runs hundreds of steps (the round cap ends most), so a search
    # plays 20 random steps and scores the rest with `heuristic` (life points: a lead of 5
    # is a good lead). docs/games/wizwar.md, "Views".
    rollout_cutoff: ClassVar[int] = 20
    heuristic_scale: ClassVar[float] = 5.0
    # Looks each move through to its answers and judges by standing.py: it beats random and
    # greedy players by the margins docs/agents.md gives, in well under a second a move.
    default_agent: ClassVar[str] = "lookahead"
    card_usage: ClassVar[str] = "cast"
    cards: ClassVar[tuple[Any, ...]] = view.card_rows()  # the catalogue (`wizarena cards wizwar`, the web API)
    glossary: ClassVar[dict[str, str]] = GLOSSARY  # `help Blinded`, `help Line of Sight` at the table
    max_game_length: ClassVar[int] = 12000  # 60 rounds x 4 seats x 50 decisions; random games stay under 800

    # -- set-up (6e 1) -----------------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> WizWarState:
        chosen = self.check_options(dict(config or {}))
        crossed, own_doors = chosen.get("crossed", False), chosen.get("own_doors", False)
        n = self.num_players
        s = WizWarState()
        s.seed, s.rng, s.n, s.log = seed, Rng(seed), n, [] if log else None
        s.rules = rules = SIXTH
        s.teams = chosen.get("teams", False)
        s.map = new_map(assembly(n, crossed), faces(), edition_faces(rules.board_side), s.rng.below, own_doors)
        s.life = [rules.life] * n
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
            say(s, "setup", R_SETUP, f"{n} sectors dealt at random; each wizard on his home base with "
                f"{rules.life} life, two treasures on his sector's marks")
        s.hands = [[] for _ in range(n)]
        s.shown = [[] for _ in range(n)]
        for q in range(n):
            while len(s.hands[q]) < rules.opening_hand:
                card = hands.draw_card(s)
                if card == hands.TRAP:  # 6e 1: a Trap! dealt at the start is set aside and replaced
                    s.discard.append(card)
                    if s.log is not None:
                        say(s, "setup", R_SETUP, f"P{q} is dealt Trap!: it is discarded and replaced")
                    continue
                s.hands[q].append(card)
            if s.log is not None:
                say(s, "setup", R_SETUP, f"you are dealt {cards.names(s.hands[q])}", 1 << q)
        s.first = self._roll_off(s)
        s.round, s.result, s.window, s.chain, s.deciding, s.resume = 1, None, (-1, -1, -1, -1, 0, 0), [], -1, TURN
        s.aim, s.put_back, s.pending, s.asking, s.extra = -1, (), (-1, -1, -1, -1), [], [0] * n
        s.belief, s.reflected = [[] for _ in range(n)], []
        spellcraft.new_turn(s)
        s.sight, s.legal_for, s.legal = vision.rows_for(s.map), -1, []
        s.drawing, s.drawn, s.tick, s.number_card, s.fires = 0, [], 0, -1, []
        s.forced, s.fleeing, s.feared, s.walked = forced.NONE, [], [0] * n, False
        s.played, s.deaths = [0] * n, []
        s.holding, s.throwing = [-1] * n, False
        deals.none_yet(s)
        turn.start_turn(s, s.first)
        return s

    def _roll_off(self, s: WizWarState) -> int:
        """6e 1 and 10: everyone rolls the d4; the highest moves first, ties roll again."""

        def tell(rolling: list[int], rolls: list[int]) -> None:
            if s.log is not None:
                say(s, "setup", R_DIE, "first player roll: " + ", ".join(
                    f"P{q} {r}" for q, r in zip(rolling, rolls, strict=True)))

        first = roll_off(lambda: s.rng.below(4) + 1, s.n, tell)
        if s.log is not None:
            say(s, "setup", R_SETUP, f"P{first} rolled highest and takes the first turn")
        return first

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
        s.legal = legal.legal_list(s, player)
        s.legal_for = player
        return s.legal

    def apply(self, state: Any, player: object, action: object) -> None:
        s: WizWarState = state
        if not isinstance(action, Action) or not 0 <= action.id < len(ACTIONS) or ACTIONS[action.id] is not action:
            raise IllegalAction(f"{action!r} is not an action of {self.full_id}")
        if not isinstance(player, int) or player not in self.to_act(s):
            raise IllegalAction(f"seat {player!r} is not the one to act now", R_TURN)
        if not _offered(self._legal_now(s, player), action):
            raise IllegalAction(f"{action.text!r} is not legal for P{player} now ({PHASE_NAMES[s.phase]})", R_TURN)
        s.legal_for = -1  # the position changes now
        # actions.py: what it does, the card it plays, two numbers (typed, so that the compiled
        # build unpacks native ints rather than comparing objects at every branch)
        data: tuple[int, int, int, int] = action.data
        code, card, a, b = data
        if s.phase == FORCED:
            self._forced(s, player, code, a)
        elif s.phase == TICK:
            turn.tick(s, player, card)  # card -1: he takes it
        elif code == K_TIMED_COUNTER or code == K_TIMED_SELF or code == K_TIMED_NEUTRAL \
                or code == K_COUNTER and s.phase == WINDOW and one_of(card, effects.SELF_COUNTERS):
            self._timed(s, player, code, card, b)  # Invisible, Shrink, Mist-Body, Wall of Fire
        elif code == K_MOVE:
            walking.step(s, player, a)
        elif code == K_BOOST:
            walking.boost(s, player, card)
        elif code == K_PUNCH:
            attacks.punch(s, player, a)
        elif code == K_PICK_UP:
            treasures.pick_up(s, player)
        elif code == K_DROP:
            treasures.drop(s, player)
        elif code == K_TAKE_IT:
            attacks.take_it(s)
        elif code == K_END_TURN:
            turn.end_turn(s, player, a)
        elif code == K_DISCARD:
            turn.discard(s, player, card)
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
                if s.phase != DISCARD and not is_out(s, p):
                    hands.limit(s, p, s.phase)
        elif code == K_NEUTRAL:
            self._cast_neutral(s, player, card)
        elif code == K_AIM_LINE or code == K_AIM_SQUARE:
            self._aimed(s, player, a if code == K_AIM_LINE else -1, a if code == K_AIM_SQUARE else -1)
        elif code == K_PUT_BACK:
            self._put_back(s, player)
        elif code == K_USE_KEY:
            s.aim, s.phase = neutrals.MASTER_KEY, AIM
        elif code == K_PICK_OBJECT:
            treasures.pick_up_object(s, player, card)
        elif code == K_DROP_OBJECT:
            treasures.drop_object(s, player, card)
        elif code == K_THROW:
            s.aim, s.throwing, s.phase = card, True, AIM  # the object; where it goes is the next decision
        elif code == K_HOLD_DOOR:
            doors.hold(s, player, a)
        elif code == K_LET_GO:
            doors.let_go(s, player)
        elif code == K_OPEN_OWN_DOOR:
            own_doors.open_own(s, player, a)
        elif code == K_BLINK:
            attacks.escape_to(s, player, card, s.map.asm.step[s.pos[player] * 4 + a])
        elif code == K_TELEPORT:
            attacks.escape_to(s, player, card, a)
        elif code == K_LET_BE or s.phase == NEUTRAL:
            self._answered(s, player)
        elif combat.let_stand(s, player):  # letting an answer to an attack stand
            target = s.window[1]
            s.window = (-1, -1, -1, -1, 0, 0)
            s.phase = TURN if not s.ended else ENDING
            attacks.send_back(s)
            if s.phase != OVER and s.phase != DISCARD:  # (a killer's cut covers it: one seat)
                hands.limit(s, target, s.phase)  # an absorbed spell is a card in hand
        if s.reflected and (s.phase == TURN or s.phase == ENDING):
            attacks.send_back(s)  # a returning half that waited for a forced walk (Go Away) flies now
        if s.phase != OVER and is_out(s, s.turn) and (s.phase == TURN or s.phase == ENDING or s.phase == AIM):
            turn.ends_with_its_wizard(s)  # out of the game on his own turn: nothing more of it (6e 1, 2)
        if s.phase in (TURN, ENDING) and forced.fear_lasts(s):
            forced.check_fear(s)
        # map cards and spell modifiers: the loan of Reuse Spell, and who sees an illusion wall now
        if s.lent[0] >= 0:
            spellcraft.settle(s)
        if s.phase != OVER and any(s.belief):
            illusions.notice(s, s.turn)
        doors.settle(s)  # a held door locks again once its holder has left it (6e 8)
        if s.put_back and code != K_PUT_BACK and s.phase != AIM:
            s.put_back = ()  # he did something else: what he put back may be taken up again (ruling R8)

    # -- aiming: a card taken up and put back (ruling R8) ----------------------------------
    def _put_back(self, s: WizWarState, seat: int) -> None:
        """`put it back`: the card being aimed goes back to the hand, and stays there until
        its wizard does something else (ruling R8: taking it up and putting it back could
        otherwise go on for ever, and a game would never end)."""
        card = s.aim
        s.aim, s.phase, s.number_card, s.throwing = -1, TURN, -1, False
        s.put_back = (*s.put_back, card)
        if s.log is not None:
            say(s, "aim", R_PUT_BACK, f"P{seat} puts {structures.aim_name(card)} back: not to be taken up"
                " again before he does something else")
        if s.lent[0] >= 0:
            spellcraft.forgo(s)

    # -- map cards and spell modifiers (sectors.py, illusions.py, spellcraft.py) ----------
    def _aim_more(self, s: WizWarState, seat: int, code: int, again: int, one: int, two: int) -> None:
        """Where Rotate or Relocate Sector goes, or which card Reuse Spell casts again."""
        card, s.aim = s.aim, -1
        if code == K_SECTOR:
            neutrals.cast(s, seat, card, one, two, sectors.describe(s.map.asm, card, one, two))
        else:
            neutrals.cast(s, seat, card, -1, again, f"{cards.NAME[again]}, to cast it again")
        s.phase = NEUTRAL

    # -- movement (6e 4) ----------------------------------------------------------------

    # -- attacks (6e 3, 6, 7) -----------------------------------------------------------

    def _cast_neutral(self, s: WizWarState, seat: int, card: int) -> None:
        """Casting a map neutral: the card; where it goes (AIM), then the others' answers."""
        if card == forced.FEAR:  # cast on oneself: nobody is asked (cards.json)
            forced.cast_fear(s, seat, -1)
            return
        if card == forced.UGLY:
            forced.prepare_ugly(s, seat, -1)
        if one_of(card, neutrals.ON_SELF):
            neutrals.cast(s, seat, card, -1, -1)
            s.phase = NEUTRAL
        else:
            s.aim, s.phase = card, AIM

    def _aimed(self, s: WizWarState, seat: int, line: int, square: int) -> None:
        """Where the card being aimed goes: a line or a square."""
        card, s.aim = s.aim, -1
        if s.throwing:
            s.throwing, s.phase = False, TURN
            throwing.throw(s, seat, card, square)
            return
        if one_of(card, structures.WEAPONS):
            number_card, s.number_card = s.number_card, -1
            structures.attack(s, seat, card, number_card, line, square)
            s.phase = TURN
            return
        if card == neutrals.MASTER_KEY:
            neutrals.use_key(s, seat, line)
            vision.changed(s)
            s.phase = TURN
            return
        if card == forced.SWAP:
            forced.spend_movement(s)
        neutrals.cast(s, seat, card, line, square)
        s.phase = NEUTRAL

    # -- forced moves (forced.py) -----------------------------------------------------------

    def _numbered_self(self, s: WizWarState, seat: int, card: int, number_card: int) -> None:
        """Fear or Ugly cast with a NUMBER card."""
        if card == forced.FEAR:
            forced.cast_fear(s, seat, number_card)
        else:
            forced.prepare_ugly(s, seat, number_card)
            neutrals.cast(s, seat, card, -1, -1)
            s.phase = NEUTRAL

    def _forced(self, s: WizWarState, seat: int, code: int, a: int) -> None:
        """A decision of the FORCED phase."""
        if code == K_FORCED_DROP:
            target = s.forced[3]
            forced.drop(s, target, a == 1)  # a: 1 the treasure, 0 an object
            victory.check_end(s)
            if s.phase != OVER:
                hands.limit(s, target, s.phase)  # 6e 3: a Brainstone dropped takes its higher limit
        elif code == K_MOVE:
            walking.forced_step(s, seat, a)
        elif code == K_STAY:
            forced.stay(s, seat)
        elif code == K_BLINK:
            forced.flee_by_card(s, seat, combat.BLINK, s.map.asm.step[s.pos[seat] * 4 + a])
        else:
            forced.flee_by_card(s, seat, combat.TELEPORT, a)

    def _answered(self, s: WizWarState, seat: int) -> None:
        if not neutrals.pass_on(s, seat):
            if s.pending[0] < 0:
                s.phase = TURN if not s.ended else ENDING
                s.forced = forced.NONE  # a negated Ugly's reach is not kept
            return
        pending = s.pending
        hurt = neutrals.resolve(s)
        vision.changed(s)
        s.phase = TURN if not s.ended else ENDING
        forced.after_neutral(s, pending)
        for p, amount in hurt:  # a falling wall: everyone beside it is hurt, then the game decides (6e 2)
            harm.hurt(s, p, amount, -1, True)
        harm.settle(s)
        if s.phase == OVER:
            return
        if one_of(pending[1], forced.ON_THINGS):  # a treasure moved onto a home base may decide the game
            victory.check_end(s)
        if s.lent[0] >= 0 and s.phase == TURN and not is_out(s, s.turn) and not legal.legal_list(s, s.turn):
            spellcraft.forgo(s)

    # -- timed conditions (effects.py) -------------------------------------------------

    def _timed(self, s: WizWarState, seat: int, code: int, card: int, number_card: int) -> None:
        if code == K_COUNTER or code == K_TIMED_COUNTER:  # an escape: the attack misses (6e 7)
            turns = stones.number_value(s, seat, number_card) if number_card >= 0 else 1
            if number_card >= 0:
                s.hands[seat].remove(number_card)
                s.discard.append(number_card)
                mark_played(s, seat, number_card)
            combat.escape(s, seat, card)
            if number_card >= 0 and s.log is not None:
                say(s, "counter", R_NUMBER, f"P{seat} lays a {cards.NAME[number_card]} with it: {turns} turn(s)")
            s.window = (-1, -1, -1, -1, 0, 0)
            s.phase = TURN if not s.ended else ENDING
            effects.self_cast(s, seat, card, turns)
            attacks.send_back(s)  # a half still on its way back flies on; or the attack is over
        elif code == K_TIMED_SELF:  # a counteraction used as a neutral: at once, like Blink and Teleport
            turns = stones.number_value(s, seat, number_card) if number_card >= 0 else 1
            for c in (card, number_card):
                if c >= 0:
                    s.hands[seat].remove(c)
                    s.discard.append(c)
                    mark_played(s, seat, c)
            stones.forget(s, seat)
            if s.log is not None:
                say(s, "neutral", R_NUMBER, f"P{seat} casts {cards.NAME[card]} on himself"
                    + (f" with a {cards.NAME[number_card]}" if number_card >= 0 else ""))
            effects.self_cast(s, seat, card, turns)
        else:  # Mist-Body or Wall of Fire with a number card, then the neutral flow (neutrals.py)
            s.number_card = number_card
            if one_of(card, neutrals.ON_SELF):
                neutrals.cast(s, seat, card, -1, -1)
                s.phase = NEUTRAL
            else:
                s.aim, s.phase = card, AIM

    # -- treasures (6e 2, 9) -----------------------------------------------------------

    # -- the end of the turn (6e 3) -----------------------------------------------------

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

    def information_key(self, state: Any, player: int) -> int:
        """What `player` knows as one int, from the state's own fields rather than the
        tensor (the default), as cheap as a fraction of a rules step: view.information_key
        says what it holds and why nothing hidden enters it."""
        return view.information_key(state, player, self.to_act(state))

    def render_text(self, view: dict[str, Any]) -> str:
        from .text import render
        return render(view)

    def action_text(self, state: Any, action: Action) -> str:
        """The action in the names people use for squares, lines and sectors ("Teleport to
        c4", places.py); the shared action table can only number them."""
        from .text import action_words
        return action_words(state.map.asm, action)

    def why_not(self, state: Any, player: int, action: Action) -> tuple[str, str] | None:
        return refusals.why_not(state, player, action)

    def help_text(self, topic: str) -> str | None:
        """`help WORD`: a glossary word's reminder (named whole), else a card's facts and its
        whole text (text.card_help)."""
        from .text import card_help
        return self.glossary_text(topic) or card_help(topic)

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
        see, each hand keeping its size. A deal under way is dealt again with them where
        `player` was not shown its cards (deals.py: only the two partners are, the offer
        being put together only the offerer): the offer out of the offerer's new hand, and
        a third seat's cards on the table from the unseen ones, shown stones kept."""
        c = copy_state(state)
        c.log = None
        c.legal_for = -1  # the hands change: what was legal for another seat may not be
        if c.phase == OVER:
            return c
        offerer = c.turn
        # Stones shown face up stay in their hands: everyone has seen them (stones.py).
        known = [[card for card in c.shown[q] if card in c.hands[q]] for q in range(c.n)]
        unseen = list(c.deck)
        for q in range(c.n):
            if q != player:
                unseen += _without(c.hands[q], known[q])
        # A third seat was told how many cards wait on the table, not which (but the
        # shown stones among them: public).
        table = c.phase == DEALING and player != offerer and player != c.deal[0]
        offer_shown: list[int] = []
        paid_shown: list[int] = []
        if table:
            offer_shown = [card for card in c.offer if card in c.shown[offerer]]
            paid_shown = [card for card in c.paid if card in c.shown[c.deal[0]]]
            c.flight = _without(c.flight, c.offer + c.paid)
            unseen += _without(c.offer, offer_shown) + _without(c.paid, paid_shown)
        Rng(rng.getrandbits(64)).shuffle(unseen)  # the fast generator: `random.Random`'s is interpreted
        for q in range(c.n):
            if q != player:
                k = len(c.hands[q]) - len(known[q])
                c.hands[q], unseen = known[q] + unseen[:k], unseen[k:]
        if table:
            k = len(c.offer) - len(offer_shown)
            c.offer, unseen = offer_shown + unseen[:k], unseen[k:]
            k = len(c.paid) - len(paid_shown)
            c.paid, unseen = paid_shown + unseen[:k], unseen[k:]
            c.flight += c.offer + c.paid
        elif c.phase == OFFERING and player != offerer:
            # The offer still sits in the offerer's hand, dealt again: the offer is as many
            # of his new cards, the shown stones in it kept (his new hand holds them).
            kept = _within(c.offer, known[offerer])
            drawn = c.hands[offerer][len(known[offerer]):]  # a random draw: any of it will do
            c.offer = kept + drawn[:len(c.offer) - len(kept)]
        c.deck = unseen
        illusions.redeal(c, player, rng)  # the others' unrevealed illusion rolls
        c.rng = Rng(rng.getrandbits(64))  # chance to come is unknown too
        return c

    def config_of(self, state: Any) -> dict[str, Any]:
        """The options the game was made with, only those that are on (a plain game's
        config stays {}, as its records always said)."""
        s: WizWarState = state
        config: dict[str, Any] = {}
        if s.map.asm.name == CROSSED:
            config["crossed"] = True
        if s.map.own_doors:
            config["own_doors"] = True
        if s.teams:
            config["teams"] = True
        return config

    def settled(self, state: Any) -> bool:
        """Between the turn wizard's steps, or over: every answer window, aim, discard,
        forced move and deal in between is half of a move."""
        phase = state.phase
        return phase == TURN or phase == OVER

    def heuristic(self, state: Any, player: int) -> float:
        """How well `player` stands (standing.py); in team play (6e 11) his team's mean, so
        that a wizard plays for his teammate as for himself and a search that compares seats
        sees the two teams' difference."""
        s: WizWarState = state
        if s.teams:
            return (standing(s, player) + standing(s, player ^ 2)) / 2
        return standing(s, player)


def _offered(legal: list[Action], action: Action) -> bool:
    """Whether `action` is in the legal list: by identity, as every action is its table's
    one object (checked before), where `in` would compare each action's fields."""
    for offered in legal:
        if offered is action:
            return True
    return False


def _without(cards: list[int], some: list[int]) -> list[int]:
    """`cards` less `some` (a multiset: each card of `some` once; all are in `cards`)."""
    rest = cards[:]
    for card in some:
        rest.remove(card)
    return rest


def _within(cards: list[int], pool: list[int]) -> list[int]:
    """The cards of `cards` that `pool` holds, each card of `pool` once (a multiset's meet)."""
    left = pool[:]
    out: list[int] = []
    for card in cards:
        if card in left:
            left.remove(card)
            out.append(card)
    return out
