"""Wizards of Mickey CCG: the rules engine, for the three formats of section 3.

A turn (7.1) brings a Castle into play with a secret Diamagic on it, then the two teams
of three Wizards take turns casting one Magic each from hand, face-up in front of a Wizard
or, where a card allows it, face-down behind it. When nobody can cast any more, face-down
Magics are revealed, every Magic's Modified Magic Power is worked out in the eight steps
of 8.4, and the greater total takes the Diamagic at stake. Special Actions (section 9) act
the moment their Magic comes into play; some ask their player a question (Corrode,
Corrupt, Swap, Break, an Official Teletrasporto), which becomes a decision in the effect
queue before the challenge goes on.

Every rule the engine applies leaves an event citing its section (WOM_7_9). Rulings
where the rulebook is silent are numbered R1... in docs/games/mickey.md.
"""

from __future__ import annotations

import random
from typing import Any, Final, final

from wizarena.core import Action, Game, IllegalAction, Outcome, Rng, say
from wizarena.core.decks import Remembered, files_read, load_ready
from wizarena.core.decks import ready_decks as core_ready_decks

from . import casting, choices, magic_power, refusals, special_actions, support, text, turn, view
from .actions import (
    ACTIONS,
    ASSIGN_A,
    CASTLE_A,
    DECLINE,
    FIRST_A,
    K_BACK,
    K_CASTLE,
    K_DISCARD,
    K_DOWN,
    K_IN,
    K_LINEUP,
    K_OUT,
    K_PASS,
    K_UP,
    LINEUP_A,
    SUP_DONE,
    action_id,
)
from .cards import DIAMAGIC, MAGIC, POSITIONS, WIZARD, Catalogue
from .deck import Deck, check_deck, check_deck_file, parse_deck, read_deck
from .effects import (
    CARDS,
    LABEL,
)
from .glossary import GLOSSARY
from .state import (
    ASSIGN,
    CASTLE,
    CHALLENGE,
    CHALLENGE_CAP,
    CHOICE,
    DISCARD,
    FIRST,
    FORMAT_NAMES,
    FORMATS,
    LINEUP,
    MAX_TURNS,
    PER_COLOUR,
    PHASE_NAMES,
    RESUME_CHALLENGE,
    RESUME_DRAW,
    SET_UP,
    SUPPORT,
    TARGET,
    WOM_3,
    WOM_6_1_3,
    WOM_6_3_2,
    WOM_6_3_3,
    WOM_6_3_6,
    WOM_7_2,
    WOM_7_3,
    WOM_7_10,
    WOM_7_13,
    WOM_8_12,
    WOM_9,
    DeckList,
    MickeyState,
    copy_state,
)

# Module-level tables and numbers are Final: the compiled engine keeps them as C statics (and
# inlines the numbers) instead of looking each up by name in the module's dict at every use.
DEFAULT_DECKS: Final = (("mini-ember", "mini-tide"), ("grande-ember", "grande-tide"),
                        ("official-phantom", "official-luna"))
CATALOGUE: Final = Catalogue(CARDS)


def _load_ready(slug: str) -> dict[str, Any]:
    return load_ready(__package__, slug)


def ready_decks() -> list[str]:
    """The names of the ready-made decks that ship with the game."""
    return core_ready_decks(__package__)


@final
class MickeyGame(Game):
    id = "mickey"
    name = "Wizards of Mickey"
    variants = {None: "the default: the rules of mickey/grande",
                "mini": "4 Diamagic from a reserve of 8, 25-card Magic decks",
                "grande": "6 Diamagic from a reserve of 12, 40-card Magic decks",
                "official": "chosen Castles, line-up, Support decks, affiliation"}
    variant_titles = {"mini": "MiniSfida", "grande": "Grande Sfida", "official": "Official Challenge"}
    default_variant = "grande"
    card_usage = "played"
    actions = ACTIONS
    cards = CARDS
    max_game_length = 50 + MAX_TURNS * (CHALLENGE_CAP + 10)
    # ISMCTS playouts stop after 10 random moves and the heuristic scores them: measured
    # at least as strong as playing to the end at equal iterations, and faster (docs/agents.md).
    rollout_cutoff = 10
    glossary = GLOSSARY  # `help Blocked` at the table

    def why_not(self, state: Any, player: int, action: Action) -> tuple[str, str] | None:
        """Why a cast or a pass is refused: the hand, the Wizard, the Block or limit in the way."""
        return refusals.why_not(state, player, action)

    def __init__(self, variant: str | None = None, players: object = None) -> None:
        super().__init__(variant, players)
        self.fmt = FORMATS.index(variant) if variant in FORMATS else 1

    # -- decks ------------------------------------------------------------------------------
    def deck(self, spec: Any) -> Deck:
        """A deck from a ready-made deck's name or a deck object (the TOML shape, as JSON).
        A deck file becomes a deck object in `read_local_config`, on the CLI only."""
        return _deck_of(spec)

    def read_local_config(self, config: dict[str, Any] | None) -> dict[str, Any] | None:
        """On the CLI a deck may be the path of a deck file ending in .toml: it becomes the
        file's contents here, so that the config (and a record of it) replays anywhere."""
        return files_read(config, lambda path: read_deck(path, CATALOGUE).to_json(CARDS))

    deck_rules = True

    def check_deck(self, path: str, fmt: str | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(violations, notes) of a deck file, each a (section, message) pair."""
        bad, notes = check_deck_file(path, fmt, CARDS)
        return [(v[0], v[1]) for v in bad], [(n[0], n[1]) for n in notes]

    # -- set-up (6.x) ----------------------------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> MickeyState:
        fmt = self.fmt
        specs: tuple[Any, Any] = DEFAULT_DECKS[fmt]
        youngest, max_turns = 0, MAX_TURNS
        if config:
            config = dict(config)
            if "decks" in config:
                d = config.pop("decks")
                if not isinstance(d, (list, tuple)) or len(d) != 2:
                    raise ValueError("config 'decks' is a list of two decks")
                specs = (d[0], d[1])
            youngest = config.pop("youngest", 0)
            max_turns = config.pop("max_turns", MAX_TURNS)
            if config:
                raise ValueError(f"unknown config for mickey: {', '.join(sorted(config))}")
            if youngest not in (0, 1):
                raise ValueError("config 'youngest' is seat 0 or 1")
            if not isinstance(max_turns, int) or isinstance(max_turns, bool) or not 1 <= max_turns <= MAX_TURNS:
                raise ValueError(f"config 'max_turns' is a whole number from 1 to {MAX_TURNS}")
        decks = []
        for p, spec in enumerate(specs):
            deck, bad = _checked(spec, FORMATS[fmt])
            if bad:
                raise ValueError(f"P{p}'s deck is not a legal {FORMATS[fmt]} deck: {bad[0].section}: {bad[0].message}"
                                 + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""))
            decks.append(deck)
        s = MickeyState.__new__(MickeyState)
        s.seed, s.rng, s.fmt, s.target, s.max_turns, s.youngest = seed, Rng(seed), fmt, TARGET[fmt], max_turns, youngest
        s.decks = tuple(specs)
        # R36: a ready-made deck (named in the config) is public; a deck object is its owner's.
        s.lists = (_public_list(specs[0], decks[0], fmt), _public_list(specs[1], decks[1], fmt))
        s.log = [] if log else None
        s.result, s.turn, s.tp, s.cur = None, 0, 0, 0
        s.team = [list(decks[0].team), list(decks[1].team)]
        s.hand, s.known = [[], []], [[], []]
        s.deck = [list(decks[0].magic), list(decks[1].magic)]
        s.disc, s.cdisc = [[], []], [[], []]
        s.cdeck = [list(decks[0].castles), list(decks[1].castles)]
        s.support = [list(decks[0].support), list(decks[1].support)] if fmt == 2 else [[], []]
        s.out_pick, s.penalty, s.swaps, s.tallies = [-1, -1], [0, 0], [[0], [0]], [None, None]
        s.affiliation = [decks[0].affiliation, decks[1].affiliation] if fmt == 2 else [None, None]
        s.owned = [[[], [], []], [[], [], []]]
        s.stake, s.seen, s.castles, s.castle_plain = [], [], [], False
        s.play, s.queue, s.resume, s.lineup, s.pool = [], [], RESUME_CHALLENGE, [], [[], []]
        s.seq, s.wr, s.pub, s.cpub, s.played = 0, [None, None], [[], []], [[], []], [0, 0]
        s.last = None
        s.up, s.down = [[None, None, None], [None, None, None]], [[None, None, None], [None, None, None]]
        s.casts, s.extra = [[0, 0, 0], [0, 0, 0]], [[False, False, False], [False, False, False]]
        s.blocked, s.passed, s.shown_limit, s.forced = [0, 0], [False, False], [False, False], [None, None]
        s.held = [0, 0, -1]
        s.steps = 0
        rule = SET_UP[fmt]
        # x.1: the secret common reserve.
        s.reserve = [k for k in range(4) for _ in range(PER_COLOUR[fmt])]
        if log:
            say(s, "setup", f"WoM {rule}.1", f"{FORMAT_NAMES[fmt]}: a face-down reserve of {len(s.reserve)} Diamagic, "
                f"{PER_COLOUR[fmt]} of each colour; {s.target} Diamagic win")
        # x.2: shuffles. A deck nobody may look into is kept unordered and every draw takes a
        # card at random from it, which is the same game as shuffling once and drawing from
        # the top, and costs nothing at set-up. R11: the Castle deck is shuffled in every format.
        if log and fmt < 2:  # the Official Challenge shuffles at 6.3.4, after the Support deck
            say(s, "setup", f"WoM {rule}.2", "both players shuffle their Magic and Castle decks")
        if fmt == 2:
            if log:
                for p in (0, 1):
                    say(s, "setup", WOM_6_3_2, f"P{p} declares the team affiliation {s.affiliation[p]}")
            s.pool = [s.team[0][:], s.team[1][:]]
            s.team = [[-1, -1, -1], [-1, -1, -1]]
            turn.support_turn(s, 0)
        else:
            s.phase, s.actor, s.legal = FIRST, (youngest,), None
            if log:
                say(s, "setup", f"WoM {rule}.3", f"P{youngest}, the youngest player, chooses who takes the first turn")
        return s

    def scenario(self, teams: tuple[list[str], list[str]], hands: tuple[list[str], list[str]], *,
                 castle: str | None = None, turn_player: int = 0, decks: tuple[list[str], list[str]] = ([], []),
                 castle_decks: tuple[list[str], list[str]] = ([], []), owned: dict[tuple[int, int], list[str]] | None
                 = None, stake: list[str] | None = None, reserve: list[str] | None = None, penalty: tuple[int, int]
                 = (0, 0), log: bool = True) -> MickeyState:
        """A table at the start of a challenge, built from card names, for scenario tests and
        puzzles: the Castle (if any) is in play for `turn_player`, who is to cast first.
        Deck rules are not checked; the game plays on from here by the rules."""
        s = self.new_state(0, log=log)
        if s.log:
            s.log.clear()
        ids = [[CATALOGUE.find(n).id for n in t] for t in teams]
        s.team = [ids[0][:], ids[1][:]]
        s.pool = [[], []]
        s.hand = [sorted(CATALOGUE.find(n).id for n in h) for h in hands]
        s.deck = [[CATALOGUE.find(n).id for n in d] for d in decks]
        s.cdeck = [[CATALOGUE.find(n).id for n in d] for d in castle_decks]
        s.disc, s.cdisc, s.known, s.support = [[], []], [[], []], [[], []], [[], []]
        s.lists = (None, None)  # the decks are the scenario's own, not the ready-made ones
        s.swaps, s.tallies = [[0], [0]], [None, None]
        s.owned = [[[], [], []], [[], [], []]]
        for (q, v), colours in (owned or {}).items():
            s.owned[q][v] = [DIAMAGIC.index(k) for k in colours]
        s.stake = [DIAMAGIC.index(k) for k in (stake or [])]
        s.seen = [1 << turn_player] * len(s.stake)
        if reserve is not None:
            s.reserve = [DIAMAGIC.index(k) for k in reserve]
        s.penalty = list(penalty)
        s.tp = s.cur = turn_player
        s.turn = 1
        s.castles = [(CATALOGUE.find(castle).id, turn_player)] if castle else []
        s.played = [1 << s.castles[0][0] if castle and q == turn_player else 0 for q in (0, 1)]
        s.castle_plain, s.play, s.queue, s.result, s.wr = False, [], [], None, [None, None]
        s.pub, s.cpub = [[], []], [[], []]
        turn.clear_challenge(s)
        s.resume = RESUME_CHALLENGE
        turn.go_on(s)
        return s

    def config_of(self, s: MickeyState) -> dict[str, Any]:
        cfg: dict[str, Any] = {}
        if s.decks != DEFAULT_DECKS[s.fmt]:
            cfg["decks"] = list(s.decks)
        if s.youngest:
            cfg["youngest"] = s.youngest
        if s.max_turns != MAX_TURNS:
            cfg["max_turns"] = s.max_turns
        return cfg


    # -- the turn (7.x) ------------------------------------------------------------------------


    # -- the challenge (7.3-7.6, 8.x) ----------------------------------------------------------


    # -- what cards are and have (8.5, 9.8, 9.13, 10.5, 10.7, 10.14, 10.18) --------------------


    # -- coming into play (8.2, 8.5, 8.6, section 9) -------------------------------------------

    # -- standing effects (8.2, rulings R4 and R5) ----------------------------------------------


    # -- decisions inside effects ----------------------------------------------------------------


    # -- the end of the challenge (7.7-7.14) ----------------------------------------------------


    # -- 7.8 Final Magic Power and the order of 8.4 -----------------------------------------------


    # -- finishing ---------------------------------------------------------------------------------


    # -- the protocol ------------------------------------------------------------------------------
    def to_act(self, state: MickeyState) -> tuple[int, ...]:
        return state.actor

    def legal_actions(self, state: MickeyState, player: int) -> list[Action]:
        if player not in state.actor:
            return []
        if state.legal is None:
            state.legal = self._build_legal(state, player)
        return state.legal[:]

    def _build_legal(self, s: MickeyState, player: int) -> list[Action]:
        ph = s.phase
        if ph == FIRST:
            return list(FIRST_A)
        if ph == CASTLE:
            return [CASTLE_A[c] for c in sorted(set(s.cdeck[player]))]
        if ph == LINEUP:
            free = [v for v in range(3) if s.team[player][v] < 0]
            return sorted((LINEUP_A[c][v] for c in set(s.pool[player]) for v in free
                           if CARDS[c].solitary not in POSITIONS or POSITIONS.index(CARDS[c].solitary or "") == v),
                          key=action_id)
        if ph == SUPPORT:
            return support.options(s, player)
        if ph == CHALLENGE:
            return casting.cast_options(s, player)
        if ph == ASSIGN:
            return list(ASSIGN_A)
        if (ph == CHOICE or ph == DISCARD) and s.queue:
            # A copy of a table (search, determinization) rebuilds the open question; a
            # redrawn hidden hand can leave nothing to choose, and then the effect lapses.
            return choices.task_options(s, s.queue[0]) or [DECLINE]
        return []

    def apply(self, state: MickeyState, player: object, action: object) -> None:
        # `player` and `action` come from outside: typed `object` so that anything a caller
        # passes is refused with IllegalAction, in the compiled build as in the interpreted.
        s = state
        if s.result is not None:
            raise IllegalAction("the game is over", WOM_3)
        if not isinstance(player, int) or player not in s.actor:
            raise IllegalAction(f"it is not P{player}'s decision now", _PHASE_RULE[s.phase])
        legal = s.legal if s.legal is not None else self.legal_actions(s, player)
        if action is SUP_DONE and s.phase == SUPPORT and not _listed(action, legal):
            # R14: the deck the exchanges end with must be legal; the player may fix it.
            raise IllegalAction(support.refusal(s, player) or "'keep this deck' is not legal now", WOM_6_3_3)
        if not isinstance(action, Action) or not _listed(action, legal):
            rule = f"WoM {SET_UP[s.fmt]}.3" if s.phase == FIRST else _PHASE_RULE[s.phase]
            raise IllegalAction(f"{getattr(action, 'text', action)!r} is not legal now", rule)
        s.legal = None
        data: tuple[int, int, int] = action.data  # typed: native ints in the compiled build
        k, x, y = data
        ph = s.phase
        if ph == CHALLENGE:
            if k == K_PASS:
                s.passed[player] = True
                s.steps += 1
                if s.log is not None:
                    say(s, "pass", WOM_8_12, f"P{player} passes for the rest of the challenge")
                s.cur = 1 - player
                turn.go_on(s)
            else:
                special_actions.cast(s, player, x, y, k == K_DOWN)
        elif ph == CHOICE or ph == DISCARD:
            s.steps += 1
            turn.task_apply(s, s.queue[0], action)
            if not turn.run_queue(s):
                if s.resume == RESUME_DRAW:
                    turn.new_turn(s)
                else:
                    turn.go_on(s)
        elif ph == ASSIGN:
            turn.assign(s, player, x)
        elif ph == CASTLE:
            s.cdeck[player].remove(x)
            turn.bring_castle(s, player, x, teleport=False)
        elif ph == FIRST:
            s.tp = x
            if s.log is not None:
                say(s, "setup", f"WoM {SET_UP[s.fmt]}.3", f"P{player} chooses: P{x} takes the first turn")
                say(s, "setup", f"WoM {SET_UP[s.fmt]}.4", "both teams line up as their decks list them (ruling R12)")
            turn.deal(s, f"{SET_UP[s.fmt]}.5")
        elif ph == LINEUP:
            s.team[player][y] = x
            s.pool[player].remove(x)
            s.lineup[1] -= 1
            if s.log is not None:
                say(s, "lineup", WOM_6_3_6, f"P{player} lines up {LABEL[x]} at {POSITIONS[y]}")
            turn.next_lineup(s)
        elif ph == SUPPORT:
            support.declare(s, player, k, x)

    # -- Official Support deck (6.3.3, R14) ------------------------------------------------------


    # -- for balance studies -------------------------------------------------------------------
    def cards_used(self, state: MickeyState) -> tuple[frozenset[str], ...]:
        """The cards each player put into play: the three Wizards of its team (lined up for
        the whole game), every Magic it cast, face-up or face-down (8.3), and every Castle
        it brought into play (7.2, or by Teletrasporto, 9.16). A card only drawn, held or
        discarded from the hand was not played."""
        s = state
        out: list[frozenset[str]] = []
        for p in (0, 1):
            mask = s.played[p]
            names = {CARDS[c].name for c in range(len(CARDS)) if mask >> c & 1}
            names.update(CARDS[w].name for w in s.team[p] if w >= 0)
            out.append(frozenset(names))
        return tuple(out)

    # -- what a seat may know -----------------------------------------------------------------------
    def outcome(self, state: MickeyState) -> Outcome | None:
        return state.result

    def clone(self, state: MickeyState) -> MickeyState:
        return copy_state(state)

    def view(self, state: MickeyState, player: int | None) -> dict[str, Any]:
        return view.build_view(self.full_id, state, player)

    def determinize(self, state: MickeyState, player: int, rng: random.Random) -> MickeyState:
        c = view.determinize(state, player, rng)
        # The other player's declared Support exchanges are its secret (R14), and its deck was
        # drawn again: it keeps none to take back, and keeps its deck as it now stands.
        o = 1 - player
        if len(c.swaps[o]) > 1:
            c.swaps = [c.swaps[0], c.swaps[1]]
            c.swaps[o] = [c.swaps[o][0]]
        return c

    def render_text(self, view: dict[str, Any]) -> str:
        return text.render(view)

    def observation_tensor(self, state: MickeyState, player: int) -> Any:
        return view.observation(state, player)

    def information_key(self, state: MickeyState, player: int) -> int:
        """A hash of the fields `player` can see, not of the observation tensor: search asks
        for it at every step of a descent, and this costs a fraction of a rules step where
        the tensor's hash cost several (view.information_key says what goes in and why)."""
        return view.information_key(state, player)

    def action_hint(self, action: Action) -> str:
        """The colours and printed Magic Power of the card an action plays, for menus."""
        kind, card = action.data[0], action.data[1]
        if kind not in _CARD_KINDS:
            return ""
        c = CARDS[card]
        if c.kind == MAGIC:
            return f"{'/'.join(c.colours)}, power {c.power}"
        return "/".join(c.colours) if c.kind == WIZARD else "Castle"

    def heuristic(self, state: MickeyState, player: int) -> float:
        """Diamagic owned, plus the stake weighted by who leads the challenge in progress
        (the count of 7.8 as it stands), plus a little for cards in hand. Agents call it on
        determinized tables, where the other side's hidden cards are guesses."""
        s = state
        mine = sum(len(x) for x in s.owned[player])
        theirs = sum(len(x) for x in s.owned[1 - player])
        lead = 0.0
        if s.stake and s.phase in (CHALLENGE, CHOICE) and s.play:
            log, s.log = s.log, None  # counting must not write events
            try:
                power = magic_power.final_powers(s)
            finally:
                s.log = log
            diff = power[player] - power[1 - player]
            lead = len(s.stake) * diff / (abs(diff) + 2)
        return (mine - theirs + lead) / s.target + 0.02 * (len(s.hand[player]) - len(s.hand[1 - player]))


def _deck_and_violations(spec: Any, fmt: str) -> tuple[Deck, list]:
    """A deck and what it breaks of the format's deck rules (4.x)."""
    deck = _deck_of(spec)
    return deck, check_deck(deck, fmt, CARDS)


def _deck_of(spec: Any) -> Deck:
    """A deck from a ready-made deck's name or a deck object (the TOML shape, as JSON)."""
    data = _load_ready(spec) if isinstance(spec, str) else spec
    if not isinstance(data, dict):
        raise ValueError("a deck is a ready-made deck's name or an object in the deck-file shape")
    return parse_deck(data, CATALOGUE)


_checked: Final = Remembered(_deck_and_violations)


def _public_list(spec: Any, deck: Deck, fmt: int) -> DeckList | None:
    """R36: the list of a ready-made deck, which ships with the game for anyone to read;
    None for a deck given as an object (its owner's secret beyond what play shows) and for
    the Official Challenge, whose Support exchanges (R14) make a list no guide to a deck."""
    if not isinstance(spec, str) or fmt == 2:
        return None
    return deck.magic, deck.castles


def _listed(action: Action, legal: list[Action]) -> bool:
    """`action in legal` by identity, as actions are compared: `in` would first try == on
    every action listed before it, which costs more than the rest of a step's checks."""
    for a in legal:
        if a is action:
            return True
    return False


# Action kinds whose second field is a card.
_CARD_KINDS: Final = frozenset({K_UP, K_DOWN, K_DISCARD, K_CASTLE, K_LINEUP, K_OUT, K_IN, K_BACK})
_PHASE_RULE: Final = (WOM_6_1_3, WOM_6_3_3, WOM_6_3_6, WOM_7_2, WOM_7_3, WOM_9, WOM_7_10, WOM_7_13,
                      WOM_3)
assert len(_PHASE_RULE) == len(PHASE_NAMES)
