"""Wizard Wars: the rules engine behind the kernel protocol.

Three rounds; in each, players take turns playing one card or passing, with taps of
their cards' abilities before and after the card, until both have passed; the higher
score wins the round and two rounds win the game. Decisions are the mulligans, the allied
dice, each turn's play (a card and where it goes, a tap, a manual discard, a pass, the end
of the turn), the targets of abilities and the die an expend rerolls when an allied and a
common die both show its face, one question at a time. Rule citations are
"Wars <rulebook section>" and "Wars Keywords/<keyword>"; rulings are numbered R1... in
docs/games/wars.md.
"""

from __future__ import annotations

import random
from typing import Any, Final, final

from wizarena.core import Action, Game, IllegalAction, Outcome, Rng, only, say
from wizarena.core.decks import Remembered, files_read, load_ready
from wizarena.core.decks import ready_decks as core_ready_decks
from wizarena.core.inputs import shown

from . import battlefield, refusals, turn
from .actions import (
    ACTIONS,
    CARD_OF,
    DISCARD_A,
    END,
    EQUIP_A,
    K_DISCARD,
    K_END,
    K_EQUIP,
    K_EXPEND,
    K_KEEP,
    K_LEFT,
    K_MULL,
    K_PASS,
    K_PLAY,
    K_RIGHT,
    K_SET,
    K_TAP,
    KEEP,
    LEFT_A,
    MULL_A,
    PASS,
    PLAY_A,
    RIGHT_A,
    SET_A,
    TAP_A,
)
from .cards import BIRD, BY_NAME, CARDS, EQUIPMENT, FACES, NAMES, START, TACTIC, TYPE, UNAFFILIATED, UNIT
from .deck import Deck, check_deck, check_deck_file, parse_deck, read_deck
from .glossary import GLOSSARY
from .state import (
    CHOOSE,
    DICE,
    EXPEND,
    MAIN,
    MULLIGAN,
    OPENING,
    OVER,
    R_GAME,
    R_PLAY,
    R_START,
    WarsState,
    kw,
)
from .text import render
from .view import build_view, determinize, information_key, observation

DEFAULT_DECKS: Final = ("emberhold", "gloamveil")
PHASE_RULE: Final = (R_START, R_START, R_PLAY, R_PLAY, R_GAME)


def _load_ready(slug: str) -> dict[str, Any]:
    return load_ready(__package__, slug)


def ready_decks() -> list[str]:
    """The names of the ready-made decks that ship with the game."""
    return core_ready_decks(__package__)


def _legal_deck(spec: Any, _variant: str) -> Deck:
    """A legal deck from a ready deck's name or a deck object (the TOML shape, as JSON)."""
    data = _load_ready(spec) if isinstance(spec, str) else spec
    if not isinstance(data, dict):
        raise ValueError("a deck is a ready deck's name or an object in the deck-file shape")
    deck = parse_deck(data)
    bad = check_deck(deck)
    if bad:
        raise ValueError(f"deck {shown(deck.name)} is not legal: {bad[0].message}"
                         + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""))
    return deck


_deck: Final = Remembered(_legal_deck)


@final
class WarsGame(Game):
    id = "wars"
    name = "Wizard Wars"
    card_usage = "played"
    actions = ACTIONS
    max_game_length = 3000
    # ISMCTS playouts stop after 10 random steps and the heuristic scores them: 2.3 times
    # the iterations a second of whole playouts, and at least as strong (docs/games/wars.md).
    rollout_cutoff = 10
    heuristic_scale = 1.0
    glossary = GLOSSARY  # `help Protector` at the table

    def why_not(self, state: Any, player: int, action: Action) -> tuple[str, str] | None:
        """Why a play is refused: the card not in hand, its mana, a full row, the step."""
        return refusals.why_not(state, player, action)

    # -- decks ------------------------------------------------------------------------------
    def deck(self, spec: Any) -> Deck:
        return _deck(spec)

    def read_local_config(self, config: dict[str, Any] | None) -> dict[str, Any] | None:
        """On the CLI a deck may be a .toml path: it becomes the file's contents here."""
        return files_read(config, lambda path: read_deck(path).to_json())

    deck_rules = True

    def check_deck(self, path: str, fmt: str | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        bad, notes = check_deck_file(path, fmt)
        return [(v[0], v[1]) for v in bad], [(n[0], n[1]) for n in notes]

    def config_of(self, state: WarsState) -> dict[str, Any]:
        return {} if state.decks == DEFAULT_DECKS else {"decks": list(state.decks)}

    # -- set-up (Wars Starting the Game) ----------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> WarsState:
        specs: tuple[Any, Any] = DEFAULT_DECKS
        if config:
            config = dict(config)
            if "decks" in config:
                d = config.pop("decks")
                if not isinstance(d, list | tuple) or len(d) != 2:
                    raise ValueError("config 'decks' is a list of two decks")
                specs = (d[0], d[1])
            if config:
                raise ValueError(f"unknown config for wars: {', '.join(sorted(config))}")
        decks = (_deck(specs[0]), _deck(specs[1]))
        s = blank(seed, log)
        s.decks = specs
        s.factions = [decks[0].faction, decks[1].faction]
        for p in (0, 1):
            ids = sorted(decks[p].ids())
            s.devoted[p] = not any(UNAFFILIATED[c] for c in ids)
            for c in ids:
                i = battlefield.new_instance(s, c, p)
                (s.deck, s.sideboard, s.grave)[START[c]][p].append(i)
                if START[c] and s.log is not None:
                    where = ("deck", "sideboard", "graveyard")[START[c]]
                    say(s, "setup", R_START, f"P{p}'s {NAMES[c]} begins the game in the {where}")
        for p in (0, 1):
            s.rng.shuffle(s.deck[p])
        if log:
            say(s, "setup", R_START, "both decks are shuffled")
        first = s.rng.below(2)
        s.first = s.first_r1 = s.cur = first
        bird = battlefield.new_instance(s, BIRD, first)
        battlefield.enter(s, bird, first, False, -1)
        if log:
            say(s, "setup", R_START, f"the coin toss: P{first} goes first and starts with the Bird of Victory "
                "on the battlefield")
        for p in (0, 1):
            turn.draw(s, p, OPENING, R_START)
        turn.start_mulligans(s)
        return s

    def scenario(self, rows: tuple[list[str], list[str]] = ([], []), hands: tuple[list[str], list[str]] = ([], []),
                 *, decks: tuple[list[str], list[str]] = ([], []), gear: dict[tuple[int, int], list[str]] | None = None,
                 graves: tuple[list[str], list[str]] = ([], []), dice: list[str] | None = None, cur: int = 0,
                 round: int = 1, start_turn: bool = False, devoted: tuple[bool, bool] = (False, False),
                 log: bool = True) -> WarsState:
        """A table in the main phase of `cur`'s turn, built from card names, for scenario tests
        and puzzles: rows left to right, equipment by (side, slot), decks top last. Deck rules
        are not checked. With `start_turn` the turn begins by the rules (healing, turn start)."""
        s = blank(0, log)
        s.decks = DEFAULT_DECKS
        s.factions = ["", ""]
        s.devoted = list(devoted)
        s.round = round
        s.results = [-1] * 0
        s.round_scores = [0] * 0

        def make(name: str, p: int) -> int:
            return battlefield.new_instance(s, BY_NAME[name.lower()], p)
        for p in (0, 1):
            for n in rows[p]:
                i = make(n, p)
                s.row[p].append(i)
                s.side[i] = p
                s.status[i] = CARDS[s.card[i]].statuses
            s.hand[p] = [make(n, p) for n in hands[p]]
            s.deck[p] = [make(n, p) for n in decks[p]]
            s.grave[p] = [make(n, p) for n in graves[p]]
        for (p, k), names in (gear or {}).items():
            for n in names:
                e = make(n, p)
                s.gear[p].append(e)
                s.side[e] = p
                s.host[e] = s.row[p][k]
        if dice is not None:
            s.dice = [FACES.index(f) for f in dice]
        s.first = s.first_r1 = s.cur = cur
        s.mulls = [-1, -1]
        s.dice_left = [0, 0]
        s.turn_no = 1
        if start_turn:
            s.turn_no = 0
            turn.begin_turn(s, cur)
        else:
            s.phase = MAIN
        return s

    # -- the protocol ------------------------------------------------------------------------
    def to_act(self, state: WarsState) -> tuple[int, ...]:
        s = state
        ph = s.phase
        if ph == MAIN:
            return (s.cur,)
        if ph == CHOOSE:
            assert s.choice is not None
            return (s.choice[1],)
        if ph == MULLIGAN:
            return tuple(p for p in (0, 1) if s.mulls[p] > 0)
        if ph == DICE:
            return tuple(p for p in (0, 1) if s.dice_left[p] > 0)
        return ()

    def simultaneous(self, state: WarsState) -> tuple[int, ...]:
        """Both players while they take their mulligans and set their allied dice: the
        rulebook has them do both during the set-up, together (ruling R10)."""
        ph = state.phase
        return (0, 1) if ph == MULLIGAN or ph == DICE else ()

    def legal_actions(self, state: WarsState, player: int) -> list[Action]:
        if player != 0 and player != 1:
            return []
        legal = state.legal[player]
        if legal is None:
            legal = state.legal[player] = self._build_legal(state, player)
        return legal[:]

    def _build_legal(self, s: WarsState, p: int) -> list[Action]:
        ph = s.phase
        if ph == MAIN:
            return self._main_legal(s, p) if s.cur == p else []
        if ph == CHOOSE:
            return list(s.options) if s.choice is not None and s.choice[1] == p else []
        if ph == MULLIGAN:
            if s.mulls[p] <= 0:
                return []
            cards = sorted({s.card[i] for i in s.hand[p]})
            return [MULL_A[c] for c in cards] + [KEEP]
        if ph == DICE:
            if s.dice_left[p] <= 0:
                return []
            return list(SET_A[3 + 3 - s.dice_left[p]])
        return []

    def _main_legal(self, s: WarsState, p: int) -> list[Action]:
        out: list[Action] = []
        if not s.did:
            seen: set[int] = set()
            for i in s.hand[p]:
                c = s.card[i]
                if c in seen:
                    continue
                seen.add(c)
                if not turn.playable(s, p, c):
                    continue
                t = TYPE[c]
                if t == TACTIC:
                    out.append(PLAY_A[c])
                elif t == EQUIPMENT:
                    acts = EQUIP_A[c]
                    for k, u in enumerate(s.row[p]):
                        if TYPE[s.card[u]] == UNIT:
                            out.append(acts[k])
                else:
                    out.append(LEFT_A[c])
                    out.append(RIGHT_A[c])
            if not out:
                # Wars Playing the Game: a player who cannot play may discard by hand instead.
                for c in sorted(seen):
                    out.append(DISCARD_A[c])
            if not s.stayed or not out:  # a tap is the choice not to pass (Wars Playing the Game)
                out.append(PASS)
        else:
            out.append(END)
        for k, u in enumerate(s.row[p]):
            if turn.can_tap(s, p, u):
                out.append(TAP_A[s.card[u]][k])
            for e in s.gear[p]:
                if s.host[e] == u and turn.can_tap(s, p, e):
                    a = TAP_A[s.card[e]][k]
                    if a not in out:
                        out.append(a)
        return out

    def apply(self, state: WarsState, player: object, action: object) -> None:
        s = state
        if s.phase == OVER:
            raise IllegalAction("the game is over", R_GAME)
        if not isinstance(player, int) or player not in self.to_act(s):
            raise IllegalAction(f"it is not P{player}'s decision now", PHASE_RULE[s.phase])
        legal = s.legal[player]
        if legal is None:
            legal = s.legal[player] = self._build_legal(s, player)
        if not isinstance(action, Action) or action not in legal:
            raise self._refusal(s, player, action)
        chosen = legal[legal.index(action)]
        s.legal = [None, None]
        s.steps += 1
        data: tuple[int, int, int] = chosen.data  # typed: native ints in the compiled build
        kind, x, y = data
        p = player
        ph = s.phase
        if ph == CHOOSE:
            turn.choose(s, chosen)
        elif kind == K_SET:
            turn.set_allied(s, p, y)
        elif kind == K_MULL:
            turn.mulligan(s, p, _in_hand(s, p, x))
        elif kind == K_KEEP:
            if s.log is not None:
                say(s, "mulligan", R_START, "you take no more mulligans", only(p))
            turn.done_mulligans(s, p)
        elif kind == K_LEFT or kind == K_RIGHT or kind == K_PLAY:
            turn.play(s, p, _in_hand(s, p, x), kind == K_LEFT, -1)
        elif kind == K_EQUIP:
            turn.play(s, p, _in_hand(s, p, x), False, s.row[p][y])
        elif kind == K_TAP:
            turn.tap(s, p, _tappable(s, p, x, y))
        elif kind == K_PASS:
            turn.do_pass(s, p)
        elif kind == K_END:
            turn.end_turn(s)
        elif kind == K_DISCARD:
            turn.manual_discard(s, p, _in_hand(s, p, x))

    def _refusal(self, s: WarsState, p: int, action: object) -> IllegalAction:
        text = getattr(action, "text", repr(action))
        if s.phase == CHOOSE:
            kind = action.data[0] if isinstance(action, Action) else -1
            paying = s.choice is not None and s.choice[3] == EXPEND
            if kind == K_TAP:
                return IllegalAction(f"{text!r}: no card may be tapped or untapped while an ability resolves "
                                     f"(choose {'the die to expend' if paying else 'its target'} first)", R_PLAY)
            if paying:
                return IllegalAction(f"{text!r} is not a choice now: say which die pays the expend "
                                     f"({', '.join(a.text for a in s.options)})", kw("Expend"))
            return IllegalAction(f"{text!r} is not a choice for the ability that resolves now", R_PLAY)
        if s.phase == MAIN and isinstance(action, Action):
            kind = action.data[0]
            if s.did and kind in (K_LEFT, K_RIGHT, K_PLAY, K_EQUIP, K_DISCARD, K_PASS):
                return IllegalAction(f"{text!r}: one card a turn, and a player who played may not pass this turn",
                                     R_PLAY)
            if kind == K_PASS and s.stayed:
                return IllegalAction(f"{text!r}: a player who tapped a card chose not to pass this turn; "
                                     "he plays a card (or discards one by hand)", R_PLAY)
            if kind == K_DISCARD:
                return IllegalAction(f"{text!r}: a manual discard is allowed only when no card can be played",
                                     R_PLAY)
            if kind == K_TAP:
                return IllegalAction(f"{text!r}: that card cannot be tapped now (tapped, locked, just played "
                                     "without haste, or its mana is missing)", R_PLAY)
            if kind == K_EXPEND:
                return IllegalAction(f"{text!r}: no expend waits for its die (the choice is asked when a card's "
                                     "cost is paid and both an allied and a common die show the face)", kw("Expend"))
        legal = s.legal[p] or []
        return IllegalAction(f"{text!r} is not legal now; legal: {', '.join(a.text for a in legal[:6])}"
                             f"{'...' if len(legal) > 6 else ''}", PHASE_RULE[s.phase])

    def outcome(self, state: WarsState) -> Outcome | None:
        return state.result

    def clone(self, state: WarsState) -> WarsState:
        return state.copy()

    def view(self, state: WarsState, player: int | None) -> dict[str, Any]:
        return build_view(state, player, self.legal_actions(state, player) if player in (0, 1) else [],
                          self.to_act_seen(state, player))

    def determinize(self, state: WarsState, player: int, rng: random.Random) -> WarsState:
        return determinize(state, player, rng, self)

    def observation_tensor(self, state: WarsState, player: int) -> Any:
        return observation(state, player)

    def information_key(self, state: WarsState, player: int) -> int:
        """What `player` knows, as one int: what the view shows him, read straight off the
        state as a tuple of ints (view.py), several times cheaper than hashing the tensor."""
        return information_key(state, player)

    def cards_used(self, state: WarsState) -> tuple[frozenset[str], ...]:
        """The cards each player played from hand (Wars Keywords/Play): units and emplacements,
        a disloyal one on the enemy's row included, tactics and equipment. Not what an effect
        put on the battlefield: created tokens and summoned cards skip "when played", and
        their worth is the worth of the card whose effect made them, which was played. Nor
        the Bird of Victory, which the first player starts with."""
        s = state
        return tuple(frozenset(NAMES[c] for c in range(len(NAMES)) if s.played[p] >> c & 1) for p in (0, 1))

    cards = CARDS  # the card catalogue (`wizarena cards wars`, the web API)

    def render_text(self, view: dict[str, Any]) -> str:
        return render(view)

    def action_hint(self, action: Action) -> str:
        c = CARD_OF[action.id] if 0 <= action.id < len(CARD_OF) else -1
        if c < 0:
            return ""
        card = CARDS[c]
        what = ("unit", "tactic", "equipment", "emplacement")[card.type]
        stats = f" {card.power}/{card.armor}" if card.type in (0, 2) else ""
        return f"{what}{stats}, {card.provisions} prov: {card.text}"

    def heuristic(self, state: WarsState, player: int) -> float:
        """Rounds won, the score lead of the round in progress, and cards in hand."""
        s = state
        o = 1 - player
        if s.result is not None:
            return 10.0 * s.result.reward(player)
        lead = battlefield.score(s, player) - battlefield.score(s, o)
        return (3.0 * (s.wins[player] - s.wins[o]) + lead / (abs(lead) + 5.0)
                + 0.05 * (len(s.hand[player]) - len(s.hand[o])))


def blank(seed: int, log: bool) -> WarsState:
    s = WarsState.__new__(WarsState)
    s.seed = seed
    s.rng = Rng(seed)
    s.log = [] if log else None
    s.result = None
    s.decks = DEFAULT_DECKS
    s.factions = ["", ""]
    s.devoted = [False, False]
    s.card, s.owner, s.side, s.tapped, s.damage, s.counters = [], [], [], [], [], []
    s.status, s.bounty, s.boost, s.host, s.arrived = [], [], [], [], []
    s.deck, s.hand, s.row, s.gear, s.grave = [[], []], [[], []], [[], []], [[], []], [[], []]
    s.sideboard, s.banished, s.mull, s.known, s.acting = [[], []], [], [[], []], [[], []], []
    s.dice = [0, 1, 2, 0, 1, 2, 3, 4, 5]
    s.round = 1
    s.wins = [0, 0]
    s.results = []
    s.round_scores = []
    s.first = s.first_r1 = s.cur = 0
    s.passed = [False, False]
    s.did = False
    s.stayed = False
    s.turn_no = 0
    s.phase = MULLIGAN
    s.mulls = [-1, -1]
    s.dice_left = [0, 0]
    s.shown = [0, 0, 0, 0]
    s.queue = []
    s.choice = None
    s.options = []
    s.resume = 0
    s.points = [0, 0]
    s.legal = [None, None]
    s.steps = 0
    s.played = [0, 0]
    s.last_board = None
    return s


def _in_hand(s: WarsState, p: int, c: int) -> int:
    for i in s.hand[p]:
        if s.card[i] == c:
            return i
    raise IllegalAction(f"{NAMES[c]} is not in P{p}'s hand", R_PLAY)


def _tappable(s: WarsState, p: int, c: int, slot: int) -> int:
    u = s.row[p][slot]
    if s.card[u] == c and turn.can_tap(s, p, u):
        return u
    for e in s.gear[p]:
        if s.host[e] == u and s.card[e] == c and turn.can_tap(s, p, e):
            return e
    raise IllegalAction(f"no {NAMES[c]} to tap at slot {slot + 1}", R_PLAY)
