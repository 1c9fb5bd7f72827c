"""Wizards Cup: the rules engine.

A game is a best of three matches. Before the first, each player's set of 18 loses one
card to the opponent's blind draw (revealed) and its owner secretly picks five more. Each
match both players secretly order five of their six (the sixth is the Sub Card), then
the wizards battle on their own, one pair at a time; the only decisions during a battle
are "may" abilities. The selection, each match's order and the swap are simultaneous
decisions (`simultaneous`): each seat's steps are applied as they come, and nothing the
other seat can see changes, not even how far it got, until both have finished.

Rule citations use the rulebook's headings: "Cup 0 Selection", "Cup 2 Battle/Magic Power",
"Cup Misc/Detective" and so on (see docs/games/cup.md).
"""

from __future__ import annotations

import random
from typing import Any, Final, final

from wizarena.core import Action, Game, IllegalAction, Outcome, Rng, say

from . import abilities
from .actions import (
    ACTIONS,
    DECLINE_ABILITY,
    KEEP,
    PLACE_A,
    PLACE_CARD,
    SELECT_A,
    SELECT_CARD,
    SELECT_LIST,
    SWAP_IN_A,
    SWAP_OUT_A,
    SWAP_OUT_CARD,
    USE_ABILITY,
    USE_DECLINE,
)
from .cards import WEAKNESSES
from .catalogue import (
    AFTER_WIN_OF,
    BEATS,
    CAN_QUICK_OF,
    CARDS,
    FACTS,
    FIELD_WIN_OF,
    IS_QUICK,
    LOWER_WINS,
    MAY,
    NAMES,
    POWER,
    QUICK_OF,
    STATIC,
    SUPPORT_OF,
    N,
    bits,
    magic_power,
)
from .glossary import GLOSSARY
from .observation import CupEncoder, information_key
from .state import CHOICE, ORDER, OVER, PHASE_NAMES, SELECT, SWAP, CupState
from .view import determinized, seat_view

R_GAME: Final = "Cup How to Play"
R_SELECT: Final = "Cup 0 Selection"
R_ORDER: Final = "Cup 1 Order of Match"
R_BATTLE: Final = "Cup 2 Battle"
R_ATTR: Final = "Cup 2 Battle/Attribute Compatibility"
R_POWER: Final = "Cup 2 Battle/Magic Power"
R_NEXT: Final = "Cup 2 Battle/Next Wizard"
R_BOTH: Final = "Cup 2 Battle/Simultaneous win"
R_SETTLE: Final = "Cup 3 Settlement"
R_QUICK_ORDER: Final = "Cup Abilities/Quick order"
R_MAY: Final = "Cup Misc/May"
R_SAME_WIN: Final = "Cup Misc/Both win by ability"
R_SWAP: Final = "Cup Variant/Swap"

NO_BOTTOM: Final[list[list[int]]] = [[], []]  # shared; never mutated (a revive copies first)
NO_FIGHTS: Final[list[dict[str, Any]]] = []  # shared; never mutated (a fight replaces the list)
NO_ATTACHED: Final[list[tuple[int, int, int, int, int]]] = []

PHASE_RULE: Final = (R_SELECT, R_ORDER, R_MAY, R_SWAP, R_GAME)
_TOGETHER: Final = (SELECT, ORDER, SWAP)  # the phases both seats decide at once
ENCODER: Final = CupEncoder(N)  # the observation layout is built once: its tables are shared


def _weakness(card: int) -> str:
    """What beats `card` by Attribute Compatibility, in words: "weak to Water"."""
    weak = sorted(WEAKNESSES[CARDS[card].attribute])
    if CARDS[card].effect in abilities.NO_WEAKNESS:
        return "no weakness (its ability)"
    return f"weak to {' and '.join(weak)}" if weak else "no weakness"


def _support_bonuses(s: CupState) -> list[tuple[int, int, int, int]]:
    """What the Support abilities on top of the discard piles do in this battle: per
    change, (the pile's player, its top card, the player whose wizard changes, by how much)."""
    out: list[tuple[int, int, int, int]] = []
    for q in (0, 1):
        pile = s.discard[q]
        support = SUPPORT_OF[pile[-1]] if pile else None
        if support is None:
            continue
        bonus = [0, 0]
        support(s, q, bonus)
        out += [(q, pile[-1], p, bonus[p]) for p in (0, 1) if bonus[p]]
    return out


@final
class CupGame(Game):
    id = "cup"
    name = "Wizards Cup"
    variants = {None: "the rulebook: the same six are re-ordered each match",
                "swap": "Western editions: between matches each player may secretly swap one card"}
    variant_titles = {"swap": "Western swap"}
    actions = ACTIONS
    cards = CARDS
    card_usage = "picked"
    glossary = GLOSSARY  # `help Quick`, `help Fire` at the table
    max_game_length = 72  # selection 10 + 3 matches x (orders 10 + may-choices 8) + 2 swaps x 4
    # A one-chip lead (20 between the seats' heuristics) wins random playouts about three
    # times in four: fitted as in docs/agents.md. Playouts are short, so none is cut off.
    heuristic_scale = 30.0

    # -- set-up -------------------------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> CupState:
        swap = self.variant == "swap"
        if config:
            config = dict(config)
            swap = config.pop("swap", swap)
            if config:
                raise ValueError(f"unknown config for cup: {', '.join(sorted(config))}")
            if not isinstance(swap, bool):
                raise ValueError("config 'swap' must be true or false")
        s = CupState.__new__(CupState)
        s.seed = seed
        s.rng = Rng(seed)
        s.swap = swap
        s.log = [] if log else None
        s.chips = [0, 0]
        s.match = 1
        s.deck, s.sub, s.field, s.fmod, s.discard = [[], []], [-1, -1], [-1, -1], [0, 0], [[], []]
        s.doubt, s.doubt_max, s.swaps, s.swap_out = [0, 0], [0, 0], [0, 0], [-1, -1]
        s.bottom, s.swapped_away = NO_BOTTOM, (0, 0)
        s.queue, s.fresh, s.pending, s.history, s.result = [], 0, None, [], None
        s.fights, s.attached = NO_FIGHTS, NO_ATTACHED
        # 0. Selection (1): each set is shuffled face down and the opponent draws one card
        # of it at random; it is revealed and belongs to that set's owner's six.
        s.pick = [s.rng.below(N), s.rng.below(N)]
        s.six = [[s.pick[0]], [s.pick[1]]]
        s.seen = [1 << s.pick[0], 1 << s.pick[1]]
        if log:
            for p in (0, 1):
                say(s, "reveal", R_SELECT, f"P{1 - p} draws {NAMES[s.pick[p]]} at random from P{p}'s set")
        s.phase = SELECT
        s.to_act = (0, 1)
        s.legal = [SELECT_LIST[:], SELECT_LIST[:]]
        s.legal[0].remove(SELECT_A[s.pick[0]])
        s.legal[1].remove(SELECT_A[s.pick[1]])
        return s

    def setup_battle(self, decks: tuple[list[str], list[str]], subs: tuple[str | None, str | None] = (None, None),
                     *, chips: tuple[int, int] = (0, 0), swap: bool = False, log: bool = True) -> CupState:
        """A table at the start of a battle with the given orders (by card name), for
        scenario tests and puzzles; the battle runs until a decision or the match's end."""
        s = self.new_state(0, {"swap": swap}, log=log)
        ids = {n.lower(): i for i, n in enumerate(NAMES)}
        for p in (0, 1):
            s.deck[p] = [ids[n.lower()] for n in decks[p]]
            sub = subs[p]
            s.sub[p] = -1 if sub is None else ids[sub.lower()]
            s.six[p] = s.deck[p] + ([s.sub[p]] if s.sub[p] >= 0 else [])
            s.pick[p] = s.six[p][0]
            s.seen[p] = 1 << s.pick[p]
        s.chips = list(chips)
        s.legal = [[], []]
        self._start_battle(s)
        return s

    # -- protocol -------------------------------------------------------------------------
    def to_act(self, state: CupState) -> tuple[int, ...]:
        return state.to_act

    def simultaneous(self, state: CupState) -> tuple[int, ...]:
        """Both seats while they select, order or swap: the rulebook has them do it secretly
        and at once ("each player secretly..."); the "may" choices of a battle come one by one."""
        return (0, 1) if state.phase in _TOGETHER else ()

    def legal_actions(self, state: CupState, player: int) -> list[Action]:
        return state.legal[player] if player == 0 or player == 1 else []

    def outcome(self, state: CupState) -> Outcome | None:
        return state.result

    def clone(self, state: CupState) -> CupState:
        return state.copy()

    def config_of(self, state: CupState) -> dict[str, Any]:
        return {} if state.swap == (self.variant == "swap") else {"swap": state.swap}

    def apply(self, state: CupState, player: object, action: object) -> None:
        # `player` and `action` come from outside: typed `object` so that anything a caller
        # passes is refused with IllegalAction, in the compiled build as in the interpreted.
        s = state
        if not isinstance(player, int) or (player != 0 and player != 1):
            raise self._refusal(s, player, action)
        legal = s.legal[player]
        try:
            # One scan both checks the action and finds it; anything else raises ValueError.
            i = legal.index(action)  # type: ignore[arg-type]
        except ValueError:
            i = legal.index(self._refuse_or_find(s, player, action))
        chosen = legal[i]  # the game's own object from here on, whatever was passed in
        kind = chosen.kind
        # Placing and selecting are nine steps in ten: their usual case is written out here.
        if kind == PLACE_CARD:
            deck = s.deck[player]
            deck.append(chosen.data)
            del legal[i]
            if len(deck) < 5 and s.log is None:
                return
            self._placed(s, player, deck)
        elif kind == SELECT_CARD:
            six = s.six[player]
            six.append(chosen.data)
            del legal[i]
            if len(six) < 6 and s.log is None:
                return
            self._selected(s, player, six)
        elif kind == USE_ABILITY or kind == DECLINE_ABILITY:
            self._choose(s, player, kind == USE_ABILITY)
        else:
            self._swap(s, player, chosen)

    def _refuse_or_find(self, s: CupState, player: int, action: object) -> Action:
        """The legal action with the id of `action` (a stand-in built elsewhere), or the refusal."""
        for a in s.legal[player]:
            if getattr(action, "id", None) == a.id:
                return a
        raise self._refusal(s, player, action)

    def why_not(self, state: Any, player: int, action: Action) -> tuple[str, str] | None:
        """Why a choice of `player`'s own is not on offer, in his terms: his six, his
        placings, the phase. It names only his own cards and what the table has seen."""
        s: CupState = state
        kind, card = action.kind, action.data
        phase_kind = {SELECT: SELECT_CARD, ORDER: PLACE_CARD, SWAP: SWAP_OUT_CARD}.get(s.phase)
        if kind in (SELECT_CARD, PLACE_CARD, SWAP_OUT_CARD) and kind != phase_kind and s.phase != CHOICE:
            return f"it is time to {PHASE_NAMES[s.phase]}, not to {kind}", PHASE_RULE[s.phase]
        six = s.six[player]
        if kind == SELECT_CARD and card in six:
            drawn = " (your opponent drew it at random from your set)" if card == s.pick[player] else ""
            return f"{NAMES[card]} is already one of your six{drawn}", R_SELECT
        if kind == PLACE_CARD:
            if card not in six:
                return f"{NAMES[card]} is not one of your six", R_ORDER
            if card in s.deck[player]:
                return f"{NAMES[card]} is already placed, as wizard {s.deck[player].index(card) + 1}", R_ORDER
        if kind in (USE_ABILITY, DECLINE_ABILITY) and (s.pending is None or s.pending[0] != player):
            return "no ability of yours is waiting for you to use or decline it", R_MAY
        return None

    def _refusal(self, s: CupState, player: object, action: object) -> IllegalAction:
        if not isinstance(player, int) or player not in (0, 1):
            return IllegalAction(f"there is no seat {player!r} in Wizards Cup", R_GAME)
        legal = s.legal[player]
        if s.phase == OVER:
            return IllegalAction("the game is over", R_GAME)
        if not legal:
            return IllegalAction(f"it is not seat {player}'s turn to decide", PHASE_RULE[s.phase])
        text = getattr(action, "text", repr(action))
        return IllegalAction(f"{text!r} is not legal now; legal: {', '.join(a.text for a in legal[:6])}"
                            f"{'...' if len(legal) > 6 else ''}", PHASE_RULE[s.phase])

    # -- 0. Selection -------------------------------------------------------------------
    def _selected(self, s: CupState, p: int, six: list[int]) -> None:
        """After a pick joined the six: tell the table, and end selection when both are done."""
        if s.log is not None:
            say(s, "select", R_SELECT, f"you select {NAMES[six[-1]]}", 1 << p)
        if len(six) < 6:
            return
        s.legal[p] = []
        s.to_act = (1,) if s.legal[1] else ((0,) if s.legal[0] else ())
        if not s.to_act:
            if s.log is not None:
                say(s, "phase", R_SELECT, "both players have selected five: the cards not selected go back "
                    "to the box unseen")
            self._start_order(s)

    # -- 1. Order of Match ------------------------------------------------------------------
    def _start_order(self, s: CupState) -> None:
        s.phase = ORDER
        s.to_act = (0, 1)
        s.legal = [[PLACE_A[c] for c in sorted(s.six[p])] for p in (0, 1)]
        if s.log is not None:
            say(s, "phase", R_ORDER, f"match {s.match}: both players secretly order five of their six")

    def _placed(self, s: CupState, p: int, deck: list[int]) -> None:
        """After a wizard joined the order: tell the table; the fifth makes the last card
        the Sub Card, and when both orders are laid the battle begins."""
        if s.log is not None:
            say(s, "place", R_ORDER, f"you place {NAMES[deck[-1]]} as wizard {len(deck)}", 1 << p)
        if len(deck) < 5:
            return
        s.sub[p] = s.legal[p][0].data
        s.legal[p] = []
        if s.log is not None:
            say(s, "place", R_ORDER, f"{NAMES[s.sub[p]]} is your Sub Card, face down", 1 << p)
        s.to_act = (1,) if s.legal[1] else ((0,) if s.legal[0] else ())
        if not s.to_act:
            self._start_battle(s)

    # -- 2. Battle --------------------------------------------------------------------------
    def _start_battle(self, s: CupState) -> None:
        s.fights, s.attached = NO_FIGHTS, NO_ATTACHED
        if s.log is not None:
            say(s, "place", R_ORDER, "both players have laid five wizards face down and a Sub Card beside them")
            say(s, "phase", R_BATTLE, f"match {s.match}: the battle begins")
        s.to_act = ()
        self._advance(s, refill=True)

    def _advance(self, s: CupState, refill: bool = False) -> None:
        """Run the battle until someone must decide or the match is settled.

        One pass of the loop is Next Wizard (refill the empty fields, or settle the match
        when a side cannot), the Quick abilities of the new wizards, then Win or Lose. It
        is one function with no calls on its usual path because it is the hottest loop of
        the game; narration, rare abilities and settlement are called out.
        """
        field, deck, discard, fmod = s.field, s.deck, s.discard, s.fmod
        log = s.log is not None
        while True:
            if refill:
                f0, f1 = field
                out0 = f0 < 0 and not deck[0]
                out1 = f1 < 0 and not deck[1]
                if out0 or out1:
                    self._settle(s, (0, 1) if out0 and out1 else ((1,) if out0 else (0,)))
                    return
                fresh = 0
                if f0 < 0:
                    f0 = field[0] = deck[0].pop(0)
                    s.seen[0] |= 1 << f0
                    fresh = 1
                if f1 < 0:
                    f1 = field[1] = deck[1].pop(0)
                    s.seen[1] |= 1 << f1
                    fresh |= 2
                s.fresh = fresh
                if s.doubt[0] or s.doubt[1]:
                    s.doubt[0] &= ~s.seen[0]
                    s.doubt[1] &= ~s.seen[1]
                if log:
                    self._narrate_reveals(s, fresh)
                if fresh == 3:
                    if IS_QUICK[f0] or IS_QUICK[f1]:
                        self._queue_quicks_together(s, f0, f1)
                elif IS_QUICK[field[fresh - 1]]:  # fresh is 1 (seat 0) or 2 (seat 1)
                    s.queue = [(fresh - 1, field[fresh - 1])]
            refill = True
            if s.queue and self._resolve_quicks(s):
                return
            # Win or Lose. losers: bit mask of the seats whose wizard loses this battle.
            f0, f1 = field
            static = STATIC[f0][f1]
            w0 = w1 = False
            if static < 0:
                win0, win1 = FIELD_WIN_OF[f0], FIELD_WIN_OF[f1]
                w0 = win0 is not None and win0(s, 0, FACTS)
                w1 = win1 is not None and win1(s, 1, FACTS)
                if not (w0 or w1):
                    static = 0 if BEATS[f0][f1] == BEATS[f1][f0] else (2 if BEATS[f0][f1] else 1)
            p0 = p1 = 0
            if w0 or w1:
                losers = 3 if w0 and w1 else (2 if w0 else 1)
            elif static:
                losers = static
            else:
                d0, d1 = discard
                sup0 = SUPPORT_OF[d0[-1]] if d0 else None
                sup1 = SUPPORT_OF[d1[-1]] if d1 else None
                if sup0 is not None or sup1 is not None:
                    bonus = [fmod[0], fmod[1]]
                    if sup0 is not None:
                        sup0(s, 0, bonus)
                    if sup1 is not None:
                        sup1(s, 1, bonus)
                    p0 = POWER[f0] + bonus[0]
                    p1 = POWER[f1] + bonus[1]
                else:
                    p0 = POWER[f0] + fmod[0]
                    p1 = POWER[f1] + fmod[1]
                if p0 < 0:
                    p0 = 0
                if p1 < 0:
                    p1 = 0
                if p0 == p1:
                    losers = 3
                elif LOWER_WINS[f0] or LOWER_WINS[f1]:
                    losers = 2 if p0 < p1 else 1
                else:
                    losers = 2 if p0 > p1 else 1
            if log:
                self._narrate_battle(s, f0, f1, losers, w0 or w1, static, p0, p1)
            if losers & 1:
                discard[0].append(f0)
                field[0] = -1
                fmod[0] = 0
            if losers & 2:
                discard[1].append(f1)
                field[1] = -1
                fmod[1] = 0
            if losers != 3:
                winner = 0 if losers == 2 else 1
                after = AFTER_WIN_OF[field[winner]]
                if after is not None:
                    after(s, winner, FACTS)

    def _queue_quicks_together(self, s: CupState, a: int, b: int) -> None:
        """Two wizards came out at once and at least one has Quick (Quick order)."""
        if not (IS_QUICK[a] and IS_QUICK[b]):
            s.queue = [(0, a)] if IS_QUICK[a] else [(1, b)]
        elif POWER[a] == POWER[b]:
            if s.log is not None:
                say(s, "ability", R_QUICK_ORDER, f"{NAMES[a]} and {NAMES[b]} come out together with equal "
                    "Magic Power: both lose their Quick abilities")
        else:
            first = 0 if POWER[a] < POWER[b] else 1
            s.queue = [(first, s.field[first]), (1 - first, s.field[1 - first])]
            if s.log is not None:
                say(s, "ability", R_QUICK_ORDER, f"both Quick abilities: P{first}'s {NAMES[s.field[first]]} "
                    "has the lower printed Magic Power and goes first")

    def _narrate_reveals(self, s: CupState, fresh: int) -> None:
        for p in (0, 1):
            if fresh >> p & 1:
                c = s.field[p]
                say(s, "reveal", R_NEXT, f"P{p} reveals {NAMES[c]} ({CARDS[c].attribute}, {POWER[c]}) "
                    "and puts it on the field")

    def _narrate_battle(self, s: CupState, f0: int, f1: int, losers: int, by_ability: bool, static: int,
                        p0: int, p1: int) -> None:
        """Say how the battle went, each wizard named with its player ("P0's Golem"), and
        keep it in the battle's public record (`fights`)."""
        n0, n1 = f"P0's {NAMES[f0]}", f"P1's {NAMES[f1]}"
        start = len(s.log) if s.log is not None else 0
        if by_ability:
            if losers == 3:
                say(s, "battle", R_SAME_WIN, f"{n0} and {n1} both win by their abilities: "
                    "both are discarded as if they lost")
            else:
                say(s, "battle", abilities.R_FIELD, f"{n0 if losers == 2 else n1} wins the battle by its ability")
        elif static:
            (win, wn), (lose, ln) = ((f0, n0), (f1, n1)) if losers == 2 else ((f1, n1), (f0, n0))
            say(s, "battle", R_ATTR, f"{wn} ({CARDS[win].attribute}) beats {ln} "
                f"({CARDS[lose].attribute}): {CARDS[win].attribute} is its weakness")
        else:
            self._narrate_supports(s, f0, f1)
            if losers == 3:
                say(s, "battle", R_POWER, f"{n0} ({p0}) and {n1} ({p1}) have equal Magic Power: both lose")
            else:
                how = "lower" if LOWER_WINS[f0] or LOWER_WINS[f1] else "higher"
                say(s, "battle", R_POWER, f"{n0} ({p0}) against {n1} ({p1}): {n0 if losers == 2 else n1} "
                    f"wins with the {how} Magic Power")
        for p, card in ((0, f0), (1, f1)):
            if losers >> p & 1:
                say(s, "discard", R_NEXT, f"P{p}'s {NAMES[card]} is discarded")
        self._record_fight(s, f0, f1, losers, by_ability, static, p0, p1, start)

    def _record_fight(self, s: CupState, f0: int, f1: int, losers: int, by_ability: bool, static: int,
                      p0: int, p1: int, start: int) -> None:
        """One fight of the battle as public data for a table to draw: each side's wizard,
        its Magic Power with every change and where it came from, how the fight was
        decided and by which rule, who won, and the words the log said. Everything in it
        is on the table for both players: the fields, the discard piles, the deck sizes."""
        log = s.log if s.log is not None else []
        said = [e for e in log[start:] if e.to is None and e.kind in ("battle", "support")]
        decided = "ability" if by_ability else ("attribute" if static else "power")
        rule = said[-1].rule if said else R_BATTLE
        # Notes of what happened since the last fight: Quick abilities, reveals, choices.
        notes: list[str] = []
        for e in reversed(log[:start]):
            if e.kind in ("battle", "discard", "phase"):
                break
            if e.to is None and e.kind in ("ability", "choice"):
                notes.append(e.text)
        notes.reverse()
        attached = s.attached
        sides: list[dict[str, Any]] = []
        for p, card, power in ((0, f0, p0), (1, f1, p1)):
            mods: list[dict[str, Any]] = []
            if decided == "power":
                known = 0
                for seat, wizard, q, source, amount in attached:
                    if seat == p and wizard == card:
                        mods.append({"amount": amount, "card": NAMES[source], "seat": q, "how": "attached",
                                     "rule": abilities.R_QUICK})
                        known += amount
                if known != s.fmod[p]:  # a change whose source was not kept: said as it is
                    mods.append({"amount": s.fmod[p] - known, "card": None, "seat": None, "how": "attached",
                                 "rule": abilities.R_QUICK})
                for q, top, seat, amount in _support_bonuses(s):
                    if seat == p:
                        mods.append({"amount": amount, "card": NAMES[top], "seat": q, "how": "support",
                                     "rule": abilities.R_SUPPORT})
            sides.append({
                "seat": p, "card": NAMES[card], "attribute": CARDS[card].attribute, "printed": POWER[card],
                "power": power if decided == "power" else None, "modifiers": mods,
                "lost": bool(losers >> p & 1), "discard": [NAMES[c] for c in s.discard[p]],
                "deck_count": len(s.deck[p]), "has_sub": s.sub[p] >= 0,
            })
        winner = None if losers == 3 else (0 if losers == 2 else 1)
        fight = {
            "match": s.match, "number": len(s.fights) + 1, "sides": sides, "decided_by": decided,
            "both_by_ability": by_ability and losers == 3,
            "lower_wins": decided == "power" and (LOWER_WINS[f0] or LOWER_WINS[f1]),
            "winner": winner, "rule": rule, "notes": notes, "said": [e.text for e in said],
        }
        s.fights = [*s.fights, fight]
        if losers != 3:
            gone = 0 if losers == 1 else 1
            s.attached = [a for a in attached if a[0] != gone]
        else:
            s.attached = NO_ATTACHED

    def _narrate_supports(self, s: CupState, f0: int, f1: int) -> None:
        """Before Magic Power is compared: each Support ability on top of a discard pile, the
        card and its player named, and what it does to which wizard in this battle."""
        field = (f0, f1)
        for q, top, p, amount in _support_bonuses(s):
            say(s, "support", abilities.R_SUPPORT, f"P{q}'s {NAMES[top]} tops P{q}'s discard pile: "
                f"P{p}'s {NAMES[field[p]]} has {amount:+d} Magic Power in this battle")

    def _resolve_quicks(self, s: CupState) -> bool:
        """Resolve waiting Quick abilities in order; True when one waits on a "may" choice."""
        while s.queue:
            seat, card = s.queue[0]
            if s.field[seat] != card:  # it has left the field already
                s.queue.pop(0)
                continue
            can, quick = CAN_QUICK_OF[card], QUICK_OF[card]
            if can is None or quick is None or not can(s, seat):
                s.queue.pop(0)
                if s.log is not None:
                    say(s, "ability", abilities.R_QUICK,
                        f"P{seat}'s {NAMES[card]}: its Quick ability has nothing to act on")
                continue
            if MAY[card]:
                s.phase = CHOICE
                s.pending = (seat, card)
                s.to_act = (seat,)
                s.legal = [[], []]
                s.legal[seat] = USE_DECLINE
                if s.log is not None:
                    say(s, "choice", R_MAY, f"P{seat} may use {NAMES[card]}'s Quick ability")
                return True
            s.queue.pop(0)
            if s.log is not None:
                say(s, "ability", abilities.R_QUICK, f"P{seat}'s {NAMES[card]} uses its Quick ability")
            quick(s, seat, FACTS)
        return False

    def _choose(self, s: CupState, p: int, use: bool) -> None:
        assert s.pending is not None
        card = s.pending[1]
        s.pending = None
        s.queue.pop(0)
        s.legal[p] = []
        s.to_act = ()
        if use:
            if s.log is not None:
                say(s, "ability", R_MAY, f"P{p} uses {NAMES[card]}'s Quick ability")
            quick = QUICK_OF[card]
            if quick is not None:
                quick(s, p, FACTS)
        else:
            if s.log is not None:
                say(s, "ability", R_MAY, f"P{p} declines {NAMES[card]}'s Quick ability")
        self._advance(s)

    def power(self, s: CupState, p: int) -> int:
        """The Magic Power of the wizard on p's field now: printed, plus what is attached
        to it, plus the Support abilities on top of both discard piles; never below 0."""
        return magic_power(s, p)

    # -- 3. Settlement -------------------------------------------------------------------
    def _settle(self, s: CupState, winners: tuple[int, ...]) -> None:
        s.queue = []
        s.history.append(winners)
        for w in winners:
            s.chips[w] += 1
        if len(winners) == 2:
            if s.log is not None:
                say(s, "settle", R_BOTH, f"match {s.match}: neither side can put a wizard on the field, so both "
                    f"win the match and take a Victory Chip (Victory Chips: P0 {s.chips[0]}, P1 {s.chips[1]})")
        else:
            if s.log is not None:
                say(s, "settle", R_SETTLE, f"match {s.match}: P{winners[0]} wins the match and takes a Victory Chip "
                    f"(Victory Chips: P0 {s.chips[0]}, P1 {s.chips[1]})")
        c0, c1 = s.chips
        if c0 < 2 and c1 < 2:
            s.match += 1
            self._start_match(s)
            return
        if c0 >= 2 and c1 >= 2:
            t0 = sum(POWER[c] for c in s.six[0])
            t1 = sum(POWER[c] for c in s.six[1])
            if t0 == t1:
                self._end(s, (), f"both took a second chip at once and their sixes total {t0} Magic Power: a tie",
                          R_BOTH)
            else:
                w = 0 if t0 < t1 else 1
                self._end(s, (w,), f"both took a second chip at once; P{w}'s six has the smaller total "
                          f"Magic Power (P0's {t0}, P1's {t1})", R_BOTH)
        else:
            w = 0 if c0 >= 2 else 1
            self._end(s, (w,), f"P{w} won two matches", R_SETTLE)

    def _end(self, s: CupState, winners: tuple[int, ...], reason: str, rule: str) -> None:
        s.phase = OVER
        s.to_act = ()
        s.legal = [[], []]
        s.result = Outcome(winners, 2, reason, (float(s.chips[0]), float(s.chips[1])))
        if s.log is not None:
            say(s, "end", rule, f"game over: {reason}")

    def _start_match(self, s: CupState) -> None:
        s.deck, s.sub, s.field, s.fmod, s.discard = [[], []], [-1, -1], [-1, -1], [0, 0], [[], []]
        s.queue, s.fresh, s.bottom = [], 0, NO_BOTTOM
        if not s.swap:
            self._start_order(s)
            return
        s.phase = SWAP
        s.to_act = (0, 1)
        s.swap_out = [-1, -1]
        s.legal = [[SWAP_OUT_A[c] for c in sorted(s.six[p])] + [KEEP] for p in (0, 1)]
        if s.log is not None:
            say(s, "phase", R_SWAP, "each player may secretly swap one of their six for an unused card")

    # -- Variant: swap between matches ------------------------------------------------------
    def _swap(self, s: CupState, p: int, action: Action) -> None:
        if action is KEEP:
            s.legal[p] = []
            if s.log is not None:
                say(s, "swap", R_SWAP, "you keep your six", 1 << p)
        elif action.kind == SWAP_OUT_CARD:
            s.swap_out[p] = action.data
            s.legal[p] = [SWAP_IN_A[c] for c in range(N) if c not in s.six[p]]
            return
        else:
            out = s.swap_out[p]
            s.six[p].remove(out)
            s.six[p].append(action.data)
            gone = s.swapped_away
            s.swapped_away = (gone[0] | 1 << out, gone[1]) if p == 0 else (gone[0], gone[1] | 1 << out)
            s.legal[p] = []
            if s.log is not None:
                say(s, "swap", R_SWAP, f"you swap {NAMES[out]} for {NAMES[action.data]}", 1 << p)
        s.to_act = tuple(q for q in (0, 1) if s.legal[q])
        if s.to_act:
            return
        # Both have chosen: what the table sees (that cards changed hands) is told now, so
        # the second to choose learned nothing from the first.
        for q in (0, 1):
            if s.swap_out[q] >= 0:
                s.swaps[q] += 1
                s.doubt[q] |= s.seen[q]
                s.seen[q] = 0
                s.doubt_max[q] += 1
                if s.log is not None:
                    say(s, "swap", R_SWAP, f"P{q} swaps one card face down")
            else:
                if s.log is not None:
                    say(s, "swap", R_SWAP, f"P{q} keeps the same six")
        s.swap_out = [-1, -1]
        self._start_order(s)

    # -- for balance studies -----------------------------------------------------------------
    def cards_used(self, state: CupState) -> tuple[frozenset[str], ...]:
        """The cards each player picked: its six, which the rulebook calls "the 6 Wizard
        cards selected during 0. Selection" (the one the opponent drew at random among
        them), and under the swap variant every card swapped into it or out of it, since
        the player ordered each for at least one match. The six is still in the state at
        the end; only the cards swapped away are recorded for this."""
        s = state
        return tuple(frozenset(NAMES[c] for c in s.six[p]) | frozenset(NAMES[c] for c in bits(s.swapped_away[p]))
                     for p in (0, 1))

    # -- information ----------------------------------------------------------------------
    def view(self, state: CupState, player: int | None) -> dict[str, Any]:
        return seat_view(self, state, player)

    def determinize(self, state: CupState, player: int, rng: random.Random) -> CupState:
        return determinized(self, state, player, rng)

    # -- for learning code ------------------------------------------------------------------
    def observation_tensor(self, state: CupState, player: int) -> Any:
        """What `player` knows, as a float32 vector of 0s and 1s (layout in observation.py)."""
        return ENCODER.encode(state, player)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (ENCODER.size,)

    def information_key(self, state: CupState, player: int) -> int:
        """What `player` knows, as one int: the fields the tensor is built from, hashed as
        a tuple of ints (observation.py), several times cheaper than hashing the tensor."""
        return information_key(state, player)

    def render_text(self, view: dict[str, Any]) -> str:
        """The terminal picture lives in text.py so the rules engine carries no layout code."""
        from .text import render
        return render(view)

    def action_hint(self, action: Action) -> str:
        """A card's attribute, printed Magic Power, weakness and ability beside every
        action that names a card: what a player weighs when he selects or places it."""
        card = action.data
        if not isinstance(card, int):
            return ""
        return f"{CARDS[card].attribute}, power {POWER[card]}, {_weakness(card)}" + (
            f"; {CARDS[card].ability}" if CARDS[card].ability else "")

    def help_text(self, topic: str) -> str | None:
        """A glossary word's reminder, or a card's facts and ability (the kernel's), then its
        weakness under Attribute Compatibility; `help attributes` gives the whole chart."""
        if " ".join(topic.lower().split()) in ("attributes", "attribute", "weakness", "weaknesses"):
            return "Attribute Compatibility (Cup 2 Battle): a wizard whose attribute is a weakness of the " \
                   "opposing wizard's wins whatever the numbers say.\n" + "\n".join(
                       f"  {attribute}: weak to {', '.join(sorted(weak)) or 'nothing'}"
                       for attribute, weak in WEAKNESSES.items())
        text = super().help_text(topic)
        if text is None:
            return None
        card = next((c for c in range(N) if text.startswith(NAMES[c] + " (") or text == NAMES[c]), -1)
        if card < 0:  # a word of the glossary, not a card
            return text
        return f"{text}\n{_weakness(card).capitalize()} (help attributes: the whole chart)."

    # -- for one-ply agents ---------------------------------------------------------------
    def heuristic(self, state: CupState, player: int) -> float:
        s = state
        o = 1 - player
        score = 10.0 * (s.chips[player] - s.chips[o])
        if s.result is not None:
            return score + 100.0 * s.result.reward(player)
        if s.phase == SELECT or s.phase == SWAP:
            return score + sum(POWER[c] + (3 if CARDS[c].kind else 0) for c in s.six[player]) / 10.0
        left = (len(s.deck[player]) + (s.field[player] >= 0)) - (len(s.deck[o]) + (s.field[o] >= 0))
        return score + float(left)
