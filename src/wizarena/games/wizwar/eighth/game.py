"""Wiz-War, 8th edition (`wizwar/8e`): the Game, its set-up, and `apply`, which hands each
decision to the rule module it belongs to (moving, attacking, treasures, items, turn).

A sibling of the 6e game on the shared labyrinth (docs/games/wizwar-8e.md): its own
state, card universe and action table, the same board, sight and place names. Every rule
leaves an event citing its section ("WW8 Moving", "WW8 ruling R8-3").
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from wizarena.core import Action, Game, IllegalAction, Option, Outcome, say

from .. import doors
from ..board import EDITION_SIDE
from ..board import SIDES as FACE_SIDES
from . import (
    attacking,
    cards,
    creations,
    items,
    legal,
    minds,
    moving,
    piles,
    reaching,
    reactions,
    refusals,
    treasures,
    turn,
    victory,
    view,
)
from .actions import (
    ACTIONS,
    K_AIM,
    K_ANSWER,
    K_BOOST,
    K_BURN,
    K_CAST,
    K_DISCARD,
    K_DRAFT,
    K_DRAW,
    K_DROP,
    K_DROP_ITEM,
    K_END_MOVES,
    K_END_SPELL,
    K_GATHER,
    K_GATHER_TACKS,
    K_HOLD_DOOR,
    K_LET_GO,
    K_MOVE,
    K_PICK_UP,
    K_POWER,
    K_PUNCH,
    K_STEAL,
    K_STEP_CREATURE,
    K_TAKE_ITEM,
    K_USE,
)
from .card_checks import SCHOOLS
from .glossary import GLOSSARY
from .setup import deal, drafted
from .standing import standing
from .state import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    OVER,
    PHASE_NAMES,
    R_HAND,
    R_SETUP,
    R_TURN,
    REACTING,
    TRIMMING,
    EighthState,
    copy_state,
)
from .text import render

SIDES: Final = {"A": "new", "B": "classic"}
BRAINSTONE: Final[int] = cards.INDEX["brainstone"]
EXTENDED_PLAY: Final = "extended_play"
EXTENDED_TARGETS: Final = (3, 4)   # Extended Play's victory points; true in a config means 3
GIANT_BOOK: Final = "giant_book"


def extended_target(value: object) -> int:
    """Extended Play's victory points from a config's value: false 0 (off), true 3, or 3
    or 4; anything else raises ValueError naming what it may be."""
    if isinstance(value, bool):
        return EXTENDED_TARGETS[0] if value else 0
    if isinstance(value, int) and value in EXTENDED_TARGETS:
        return value
    raise ValueError(f"config {EXTENDED_PLAY!r} is false, true (3 points), 3 or 4, not {str(value)[:20]!r}")


class EighthGame(Game):
    id: ClassVar[str] = "wizwar"
    name: ClassVar[str] = "Wiz-War"
    variants: ClassVar[dict[str | None, str]] = {"8e": "8th edition: movement points, energy, schools, victory points"}
    variant_titles: ClassVar[dict[str | None, str]] = {"8e": "8th edition"}
    options: ClassVar[tuple[Option, ...]] = (
        Option("first_round_attacks", "attacks are allowed in the first round (ruling R8-3)"),
        Option("heavy_items", "Heavy Items: picking up any item ends Move & Cast, as a treasure does"),
        Option("uncluttered_minds", "Uncluttered Minds: maintained spells do not count toward the hand limit"),
        Option("extended_play", "Extended Play: 3 victory points win (true or 3; 4 for a longer game)"),
        Option("giant_book", "Giant Book of Spells: one deck of White Cantrip and all six schools, 156 cards"),
        Option("deadly_treasures", "Deadly Treasures: a wizard whose two treasures both lie on other players' "
               "home bases dies, and nobody scores for him"),
        Option("permanent_creations", "Permanent Creations: created objects stay until destroyed and count "
               "toward no hand limit"),
        Option("custom_spellbook", "Custom Spellbook: the even and the odd seats each draft three schools, "
               "in turns, into a deck of their own (ruling R8-31)"),
    )
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    actions: ClassVar[tuple[Action, ...]] = ACTIONS
    rollout_cutoff: ClassVar[int] = 20
    heuristic_scale: ClassVar[float] = 5.0
    default_agent: ClassVar[str] = "lookahead"
    max_game_length: ClassVar[int] = 12000
    card_usage: ClassVar[str] = "cast"
    cards: ClassVar[tuple[Any, ...]] = view.card_rows()
    glossary: ClassVar[dict[str, str]] = GLOSSARY  # `help Stunned`, `help Energy Tokens` at the table

    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> EighthState:
        """A new game: `config` may name the boards' `side` ("A" new, "B" classic), the three
        `schools` besides White Cantrip, and turn on the options."""
        given = dict(config or {})
        side = given.pop("side", None)
        schools = given.pop("schools", None)
        target = extended_target(given.pop(EXTENDED_PLAY, False))
        if side is not None and side not in SIDES:
            raise ValueError(f"config 'side' is \"A\" or \"B\", not {str(side)[:20]!r}")
        if schools is not None:
            try:
                schools = cards.check_schools(schools)
            except ValueError as exc:
                raise ValueError(f"config 'schools': {exc}") from None
        chosen = self.check_options(given)
        s = deal(seed, self.num_players, None if side is None else SIDES[side], schools, log=log,
                 giant=chosen.get(GIANT_BOOK, False), spellbook=chosen.get(piles.SPELLBOOK, False))
        s.options = frozenset(key for key, on in chosen.items() if on)
        if target:
            s.target = target
            s.options |= {EXTENDED_PLAY}
            if s.log is not None:
                say(s, "setup", R_SETUP, f"Extended Play: {s.target} victory points win")
        return s

    def config_of(self, state: Any) -> dict[str, Any]:
        s: EighthState = state
        config: dict[str, Any] = {key: True for key in sorted(s.options)}
        if EXTENDED_PLAY in s.options:
            config[EXTENDED_PLAY] = s.target
        config["side"] = "A" if s.map.faces[s.map.sector_face[0]].side == FACE_SIDES[EDITION_SIDE["new"]] else "B"
        if GIANT_BOOK not in s.options and piles.SPELLBOOK not in s.options:  # a draft is in the moves
            config["schools"] = list(s.schools)
        return config

    # -- the kernel protocol ----------------------------------------------------------
    def to_act(self, state: Any) -> tuple[int, ...]:
        s: EighthState = state
        if s.phase == OVER:
            return ()
        return (legal.actor(s),)

    def legal_actions(self, state: Any, player: int) -> list[Action]:
        return self._legal_now(state, player)[:]

    def _legal_now(self, s: EighthState, player: int) -> list[Action]:
        if s.legal_for == player:
            return s.legal
        if s.phase == OVER or player != legal.actor(s):
            return []
        s.legal = legal.legal_list(s, player)
        s.legal_for = player
        return s.legal

    def apply(self, state: Any, player: object, action: object) -> None:
        s: EighthState = state
        if not isinstance(action, Action) or not 0 <= action.id < len(ACTIONS) or ACTIONS[action.id] is not action:
            raise IllegalAction(f"{action!r} is not an action of {self.full_id}")
        if not isinstance(player, int) or player not in self.to_act(s):
            raise IllegalAction(f"seat {player!r} is not the one to act now", R_TURN)
        if not any(offered is action for offered in self._legal_now(s, player)):
            raise IllegalAction(f"{action.text!r} is not legal for P{player} now ({PHASE_NAMES[s.phase]})", R_TURN)
        s.legal_for = -1
        data: tuple[int, int, int, int] = action.data
        code, card, a, _ = data
        if s.phase == MOVE_AND_CAST and code != K_END_MOVES:
            s.busy = True  # the Tacks want a whole Move & Cast
        if code == K_MOVE:
            s.walked = True
            moving.walk(s, player, a)
            if s.dying or victory.doomed(s):  # what he walked into (footing.py); Deadly Treasures
                s.resume = s.phase
                turn.after_event(s)
        elif code == K_BOOST:
            moving.boost(s, player, card)
        elif code == K_PUNCH:
            attacking.punch(s, player)
        elif code == K_CAST:
            if s.phase == REACTING:
                s.reacting.pop(0)  # he springs a reactive card; the next is asked after it
            attacking.begin(s, player, card)
        elif code == K_USE:
            attacking.begin(s, player, card, item=True)
        elif code == K_POWER:
            attacking.power(s, player, card)
        elif code == K_AIM:
            attacking.aim(s, a)
        elif code == K_ANSWER:
            if s.phase == REACTING:
                reactions.let_be(s, player)
            else:
                attacking.answer(s, player, card)
        elif code == K_PICK_UP:
            square = s.pos[player]
            treasures.pick_up(s, player, a)
            reactions.lifted(s, player, a, square, s.phase)  # then his Discard & Draw, or a golem's move goes on
        elif code == K_DROP:
            treasures.drop(s, player)
            if victory.doomed(s):  # Deadly Treasures: dropped on a home base
                s.resume = s.phase
                turn.after_event(s)
        elif code == K_TAKE_ITEM:
            items.take(s, player, card)
            self._limit(s, player, s.phase)
        elif code == K_DROP_ITEM:
            items.drop(s, player, card)
            if s.phase == MOVE_AND_CAST and card == BRAINSTONE:  # its price is paid at once
                self._limit(s, player, MOVE_AND_CAST)
        elif code == K_END_MOVES:
            turn.discard_and_draw(s)
        elif code == K_DISCARD:
            turn.discard(s, player, card)
        elif code == K_DRAW:
            turn.draw(s, player, a)
            self._limit(s, player, turn.NEXT)
        elif code == K_HOLD_DOOR:
            doors.hold(s, player, a)
        elif code == K_LET_GO:
            doors.let_go(s, player)
        elif code == K_END_SPELL:
            turn.end_spell(s, player, card)
        elif code == K_GATHER:
            reaching.gather(s, player, a)
        elif code == K_STEP_CREATURE:
            moving.walk(s, a // 4, a % 4)
            if s.dying:  # what the creature walked into (footing.py)
                s.resume = s.phase
                turn.after_event(s)
        elif code == K_STEAL:
            minds.steal(s, card)
        elif code == K_BURN:
            minds.burn(s)
        elif code == K_DRAFT:
            drafted(s, player, SCHOOLS[a])
        elif code == K_GATHER_TACKS:
            creations.gather_tacks(s, player)
            self._limit(s, player, DISCARD_AND_DRAW)
        if s.phase == TRIMMING and (code == K_DISCARD or code == K_DROP_ITEM or code == K_END_SPELL):
            self._trimmed(s)  # one card less over the limit: the next seat, or back to the game

    def _limit(self, s: EighthState, seat: int, then: int) -> None:
        """After a draw or a pick-up: over the hand limit, he discards at once (rule 17),
        and then play goes on with `then` (a phase, or turn.NEXT: the next turn)."""
        s.resume = then
        turn.part_brainstones(s)
        if turn.to_shed(s, seat) > 0:
            s.trim = [seat]
            s.phase = TRIMMING
            if s.log is not None:
                say(s, "limit", R_HAND, f"P{seat} is over the hand limit and discards at once")
        else:
            turn.resume(s)

    def _trimmed(self, s: EighthState) -> None:
        """One card gone: the next seat over its limit, or back to the game."""
        turn.part_brainstones(s)
        while s.trim and turn.to_shed(s, s.trim[0]) == 0:
            s.trim.pop(0)
        if not s.trim:
            turn.resume(s)

    # -- what a seat sees ---------------------------------------------------------------
    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        return view.seat_view(self.full_id, self.to_act(state), state, player)

    def observation_tensor(self, state: Any, player: int) -> Any:
        return view.observation(state, player)

    def information_key(self, state: Any, player: int) -> int:
        """What `player` knows as one int, from the state's own fields rather than the
        tensor (the default), as cheap as a fraction of a rules step: view.information_key
        says what it holds and why nothing hidden enters it."""
        s: EighthState = state
        return view.information_key(s, player, -1 if s.phase == OVER else legal.actor(s))

    def render_text(self, seat_view: dict[str, Any]) -> str:
        return render(seat_view)

    def outcome(self, state: Any) -> Outcome | None:
        return state.result

    def clone(self, state: Any) -> Any:
        return copy_state(state)

    def determinize(self, state: Any, player: int, rng: random.Random) -> Any:
        return view.determinize(state, player, rng)

    def settled(self, state: Any) -> bool:
        """Between the turn wizard's own decisions, or over: a cast's energy, aims and answers
        and a hand cut are halves of a move."""
        return state.phase == MOVE_AND_CAST or state.phase == OVER

    def cards_used(self, state: Any) -> tuple[frozenset[str], ...] | None:
        """Per seat, the cards he cast, used or answered with, and "school: NAME" for each
        school of this game's deck those cards belong to (a study's card and school rates)."""
        s: EighthState = state
        out: list[frozenset[str]] = []
        for seat in range(s.n):
            used = [c for c in range(len(cards.ID)) if s.played[seat] >> c & 1]
            schools = {f"school: {school}" for c in used for school in cards.SCHOOLS_OF[c]
                       if school in s.schools or school == "cantrip"}
            out.append(frozenset([cards.NAME[c] for c in used] + sorted(schools)))
        return tuple(out)

    def why_not(self, state: Any, player: int, action: Action) -> tuple[str, str] | None:
        """Why a step, punch or cast is refused (refusals.py)."""
        return refusals.why_not(state, player, action)

    def heuristic(self, state: Any, player: int) -> float:
        """How well `player` stands (standing.py)."""
        return standing(state, player)

