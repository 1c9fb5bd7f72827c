"""Wizards of Mickey CCG: the rules engine, for the three formats of section 3.

A turn (7.1) brings a Castle into play with a secret Diamagic on it, then the two teams
of three Wizards take turns casting one Magic each from hand, face-up in front of a Wizard
or, where a card allows it, face-down behind it. When nobody can cast any more, face-down
Magics are revealed, every Magic's Modified Magic Power is worked out in the eight steps
of 8.4, and the greater total takes the Diamagic at stake. Special Actions (section 9) act
the moment their Magic comes into play; some ask their player a question (Corrode,
Corrupt, Swap, Break, an Official Teletrasporto), which becomes a decision in the effect
queue before the challenge goes on.

Every rule the engine applies leaves an event citing its section ("WoM 7.9"). Rulings
where the rulebook is silent are numbered R1... in docs/games/mickey.md.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final, final

from wizarena.core import Action, Game, IllegalAction, Outcome, Rng, only, others, say
from wizarena.core.decks import load_ready
from wizarena.core.decks import ready_decks as core_ready_decks

from .actions import (
    ACTIONS,
    ASSIGN_A,
    CAST_DOWN_AT,
    CAST_UP,
    CAST_UP_AT,
    CASTLE_A,
    COLOUR_A,
    DECLINE,
    DISCARD_A,
    FIRST_A,
    K_BACK,
    K_CASTLE,
    K_DECLINE,
    K_DISCARD,
    K_DONE,
    K_DOWN,
    K_IN,
    K_LINEUP,
    K_OUT,
    K_PASS,
    K_UP,
    LINEUP_A,
    PASS,
    PICK_A,
    SUP_BACK,
    SUP_DONE,
    SUP_IN,
    SUP_OUT,
)
from .cards import DIAMAGIC, MAGIC, POSITIONS, SPECIAL_ACTIONS, WIZARD, Catalogue
from .deck import Deck, check_deck, check_deck_file, parse_deck, read_deck, unaffiliated
from .effects import (
    BONUS,
    CARDS,
    CASTFX,
    COLOUR_BITS,
    DRAW_TAX,
    ENTRY,
    EXTRA_HIDE,
    GAINS,
    IMMUNE,
    LABEL,
    MADE_KEYWORDS,
    MAKES,
    MODS,
    NAME_WORDS,
    POWER,
    PRINTED,
    REVEAL_STAKE,
    TIE_TURN_PLAYER,
    Cond,
    Eff,
    Filter,
    Mod,
    words_in,
)
from .state import (
    ASSIGN,
    CASTLE,
    CHALLENGE,
    CHOICE,
    DISCARD,
    FIRST,
    LINEUP,
    OVER,
    PHASE_NAMES,
    SUPPORT,
    Limits,
    Mg,
    MickeyState,
    WizardRules,
    copy_state,
)
from .support import MAX_EXCHANGES
from .support import ins as support_ins
from .support import outs as support_outs
from .support import violations as support_violations

# Module-level tables and numbers are Final: the compiled engine keeps them as C statics (and
# inlines the numbers) instead of looking each up by name in the module's dict at every use.
FORMATS: Final = ("mini", "grande", "official")
FORMAT_NAMES: Final = ("MiniSfida", "Grande Sfida", "Official Challenge")
TARGET: Final = (4, 6, 6)              # 6.1.6, 6.2.6, 6.3.8
PER_COLOUR: Final = (2, 3, 3)          # 6.1.1, 6.2.1, 6.3.1
SET_UP: Final = ("6.1", "6.2", "6.3")
HAND_LIMIT: Final = 5
OPENING: Final = 5
DRAW: Final = 3
MAX_TURNS: Final = 40                  # R10
CHALLENGE_CAP: Final = 60              # R10
DEFAULT_DECKS: Final = (("mini-ember", "mini-tide"), ("grande-ember", "grande-tide"),
                        ("official-phantom", "official-luna"))
POS: Final = POSITIONS
CATALOGUE: Final = Catalogue(CARDS)
ACTIONABLE: Final = frozenset({"cancel", "block", "confuse", "corrode", "corrupt", "recover", "reveal", "swap",
                               "break", "teletrasporto"})

# what the queue goes back to when it empties
RESUME_CHALLENGE: Final = 0
RESUME_DRAW: Final = 1


def _name(c: int) -> str:
    return LABEL[c]


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

    def __init__(self, variant: str | None = None, players: object = None) -> None:
        super().__init__(variant, players)
        self.fmt = FORMATS.index(variant) if variant in FORMATS else 1

    # -- decks ------------------------------------------------------------------------------
    def deck(self, spec: Any) -> Deck:
        """A deck from a ready-made deck's name or a deck object (the TOML shape, as JSON).
        A deck file becomes a deck object in `read_local_config`, on the CLI only."""
        data = _load_ready(spec) if isinstance(spec, str) else spec
        if not isinstance(data, dict):
            raise ValueError("a deck is a ready-made deck's name or an object in the deck-file shape")
        return parse_deck(data, CATALOGUE)

    def read_local_config(self, config: dict[str, Any] | None) -> dict[str, Any] | None:
        """On the CLI a deck may be the path of a deck file ending in .toml: it becomes the
        file's contents here, so that the config (and a record of it) replays anywhere."""
        if not config or not isinstance(config.get("decks"), list | tuple):
            return config
        decks = [read_deck(d, CATALOGUE).to_json(CARDS) if isinstance(d, str) and d.endswith(".toml") else d
                 for d in config["decks"]]
        return {**config, "decks": decks}

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
            deck, bad = _checked(self, spec, FORMATS[fmt])
            if bad:
                raise ValueError(f"P{p}'s deck is not a legal {FORMATS[fmt]} deck: {bad[0].section}: {bad[0].message}"
                                 + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""))
            decks.append(deck)
        s = MickeyState.__new__(MickeyState)
        s.seed, s.rng, s.fmt, s.target, s.max_turns, s.youngest = seed, Rng(seed), fmt, TARGET[fmt], max_turns, youngest
        s.decks = tuple(specs)
        s.log = [] if log else None
        s.result, s.turn, s.tp, s.cur = None, 0, 0, 0
        s.team = [list(decks[0].team), list(decks[1].team)]
        s.hand, s.known = [[], []], [[], []]
        s.deck = [list(decks[0].magic), list(decks[1].magic)]
        s.disc, s.cdisc = [[], []], [[], []]
        s.cdeck = [list(decks[0].castles), list(decks[1].castles)]
        s.support = [list(decks[0].support), list(decks[1].support)] if fmt == 2 else [[], []]
        s.out_pick, s.penalty, s.swaps = [-1, -1], [0, 0], [[0], [0]]
        s.affiliation = [decks[0].affiliation, decks[1].affiliation] if fmt == 2 else [None, None]
        s.owned = [[[], [], []], [[], [], []]]
        s.stake, s.seen, s.castles, s.castle_plain = [], [], [], False
        s.play, s.queue, s.resume, s.lineup, s.pool = [], [], RESUME_CHALLENGE, [], [[], []]
        s.seq, s.wr, s.pub, s.cpub, s.played = 0, [None, None], [[], []], [[], []], [0, 0]
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
                    say(s, "setup", "WoM 6.3.2", f"P{p} declares the team affiliation {s.affiliation[p]}")
            s.pool = [s.team[0][:], s.team[1][:]]
            s.team = [[-1, -1, -1], [-1, -1, -1]]
            self._support_turn(s, 0)
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
        s.swaps = [[0], [0]]
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
        self._clear_challenge(s)
        s.resume = RESUME_CHALLENGE
        self._next(s)
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

    def _support_turn(self, s: MickeyState, p: int) -> None:
        """6.3.3: each player in turn may replace cards with Support cards (R14)."""
        while p < 2 and not s.support[p]:
            p += 1
        if p < 2:
            s.phase, s.actor, s.legal = SUPPORT, (p,), None
            return
        # 6.3.4-6.3.6: decks stay shuffled as dealt; a random first player lines up first.
        s.tp = s.rng.below(2)
        if s.log is not None:
            say(s, "setup", "WoM 6.3.4", "the Support decks are set aside face-down; Magic decks are shuffled")
            say(s, "setup", "WoM 6.3.5", f"P{s.tp} is drawn at random to take the first turn")
        t = s.tp
        s.lineup = [t, 1, 1 - t, 2, t, 2, 1 - t, 1]
        self._next_lineup(s)

    def _next_lineup(self, s: MickeyState) -> None:
        while s.lineup and s.lineup[1] == 0:
            del s.lineup[:2]
        if s.lineup:
            s.phase, s.actor, s.legal = LINEUP, (s.lineup[0],), None
            return
        # 4.2, 10.25: -1 per Wizard not of the declared affiliation (a Solitary one once, R32)
        s.penalty = [unaffiliated([CARDS[c] for c in s.team[p]], s.affiliation[p]) for p in (0, 1)]
        for p, off in enumerate(s.penalty):
            if off and s.log is not None:
                say(s, "setup", "WoM 10.25", f"P{p}'s team has {off} Wizard(s) not of the declared affiliation "
                    f"{s.affiliation[p]}: -{off} to its Final Magic Power")
        self._deal(s, "6.3.7")

    def _deal(self, s: MickeyState, rule: str) -> None:
        for p in (0, 1):
            self._draw(s, p, OPENING, f"WoM {rule}", effect=False, limit=False)
        self._begin_turn(s)

    # -- the turn (7.x) ------------------------------------------------------------------------
    def _clear_challenge(self, s: MickeyState) -> None:
        """Empty both Areas of Cast Magics and forget this challenge's casts, blocks and passes.
        The lists are reset in place: no two tables share them (copy_state copies each)."""
        for q in range(2):
            up, down, casts, extra = s.up[q], s.down[q], s.casts[q], s.extra[q]
            for w in range(3):
                up[w] = None
                down[w] = None
                casts[w] = 0
                extra[w] = False
            s.blocked[q] = 0
            s.passed[q] = False
            s.shown_limit[q] = False
            s.forced[q] = None
        s.held[0], s.held[1], s.held[2] = 0, 0, -1
        s.steps = 0

    def _begin_turn(self, s: MickeyState) -> None:
        s.turn += 1
        if s.turn > s.max_turns:
            self._finish_by_count(s, f"the table limit of {s.max_turns} turns (ruling R10)")
            return
        self._clear_challenge(s)
        tp = s.tp
        if s.log is not None:
            say(s, "turn", "WoM 7.1", f"turn {s.turn}: P{tp} takes the turn")
        self._refill_castles(s, tp)
        if not s.cdeck[tp]:
            self._finish_by_count(s, f"P{tp} has no Castle to bring into play")
            return
        if s.fmt == 2:
            s.phase, s.actor, s.legal = CASTLE, (tp,), None
        else:
            self._bring_castle(s, tp, _take(s, s.cdeck[tp]), teleport=False)

    def _refill_castles(self, s: MickeyState, p: int) -> None:
        if not s.cdeck[p] and s.cdisc[p]:
            s.cdeck[p], s.cdisc[p] = s.cdisc[p], []
            s.cpub[p] = s.cdeck[p][:]
            if s.log is not None:
                say(s, "shuffle", "WoM 8.8", f"P{p}'s Castle deck is rebuilt from its discards (ruling R11)")

    def _bring_castle(self, s: MickeyState, p: int, c: int, teleport: bool) -> None:
        if c in s.cpub[p]:
            s.cpub[p].remove(c)
        if teleport:
            if s.log is not None:
                say(s, "castle", "WoM 9.16", f"Teletrasporto: P{p}'s {_name(c)} replaces "
                    f"{_name(s.castles[-1][0])}, which is covered; the Diamagic at stake move onto it")
        elif s.log is not None:
            say(s, "castle", "WoM 7.2", f"P{p} brings the Castle {_name(c)} into play")
        s.castles.append((c, p))
        s.castle_plain = False
        s.played[p] |= 1 << c
        if not teleport:
            if s.reserve:
                k = s.reserve.pop(s.rng.below(len(s.reserve)))
                s.stake.append(k)
                s.seen.append(1 << p)
                if s.log is not None:
                    say(s, "diamagic", "WoM 7.2", f"you take a {DIAMAGIC[k]} Diamagic from the reserve at random and "
                        f"put it face-down on the Castle", only(p))
                    say(s, "diamagic", "WoM 7.2", f"P{p} takes a Diamagic from the reserve at random, looks at it and "
                        f"puts it face-down on the Castle", others(p))
            elif not s.stake:
                self._finish_by_count(s, "the reserve is empty and nothing is at stake (ruling R9)")
                return
            elif s.log is not None:
                say(s, "diamagic", "WoM 7.2", "the reserve is empty: no Diamagic is added (ruling R9)")
        if REVEAL_STAKE[c] and s.stake:
            s.seen = [3] * len(s.stake)
            if s.log is not None:
                say(s, "diamagic", "WoM 10.19", f"{_name(c)} reveals the Diamagic at stake: "
                    + ", ".join(DIAMAGIC[k] for k in s.stake))
        if not teleport:
            s.cur, s.resume = s.tp, RESUME_CHALLENGE
            if s.log is not None:
                say(s, "challenge", "WoM 7.3", f"the challenge begins: P{s.tp} casts first")
            self._next(s)

    # -- the challenge (7.3-7.6, 8.x) ----------------------------------------------------------
    def _next(self, s: MickeyState) -> None:
        """Hand the challenge to whoever must decide next, or end it."""
        if s.steps >= CHALLENGE_CAP:
            s.queue.clear()
            if s.log is not None:
                say(s, "challenge", "WoM 7.6", f"the challenge reaches {CHALLENGE_CAP} decisions and ends (ruling R10)")
            self._end_challenge(s)
            return
        if s.queue and self._run_queue(s):
            return
        s.phase = CHALLENGE
        p = s.cur
        for i in range(2):
            q = p ^ i  # whose move it is, then the other player
            opts = self._cast_options(s, q)
            if opts:
                s.cur, s.actor, s.legal = q, (q,), opts
                return
            self._limit_reveal(s, q)
        self._end_challenge(s)

    def _limit_reveal(self, s: MickeyState, q: int) -> None:
        """8.11: a player kept from casting by a limitation shows the hand to prove it (R20)."""
        if s.passed[q] or s.shown_limit[q] or not s.hand[q] or 0 not in s.casts[q]:
            return
        s.shown_limit[q] = True
        s.known[q] = s.hand[q][:]
        if s.log is not None:
            say(s, "reveal", "WoM 8.11", f"P{q} cannot cast any Magic and reveals the hand: "
                + ", ".join(_name(c) for c in sorted(s.hand[q])))

    def _cast_rules(self, s: MickeyState, q: int) -> tuple[int, int, Limits | None, int]:
        """What the cards in play say about q's casting (8.3, 8.7, 8.11, 9.3): a bit mask of the
        positions that may cast face-up, one of those that may cast face-down, the highest
        Magic Power each may cast (None: no limit), and the positions banned from casting
        face-down (which a Wizard's own extra face-down permission cannot overcome, 8.7)."""
        wr = s.wr[q]
        if wr is None:
            wr = self._wizard_rules(s, q)
        hide, nohide, maxp, imm_castle, imm_magic, imm_opp = wr
        if s.castles and not s.castle_plain:
            c = s.castles[-1][0]
            for code, _to, mp, cond in CF[c]:
                if cond is None or self._cond(s, cond, -1, -1, q):
                    hide, nohide, maxp = _fold(code, 7 & ~imm_castle, mp, hide, nohide, maxp)
        for m in s.play:
            if CF[m.card] and self.effective(s, m):
                same = m.owner == q
                shield = imm_magic if same else imm_magic | imm_opp
                for code, to, mp, cond in CF[m.card]:
                    if cond is None or self._cond(s, cond, m.owner, m.pos, q):
                        hide, nohide, maxp = _fold(code, REACH[to][same][m.pos] & ~shield, mp, hide, nohide, maxp)
        return 7 & ~s.blocked[q], hide & ~nohide, maxp, nohide  # 8.7: the prohibition wins

    def _wizard_rules(self, s: MickeyState, q: int) -> WizardRules:
        """The Wizards' part of _cast_rules and q's immunity masks; kept for the game when no
        ability depends on a condition (the teams never change once lined up)."""
        team = s.team[q]
        imm_castle = imm_magic = imm_opp = 0
        for v in range(3):
            imm = IMMUNE[team[v]] if team[v] >= 0 else ()
            if imm:
                imm_castle |= (1 << v) if "castles" in imm else 0
                imm_magic |= (1 << v) if "magics" in imm else 0
                imm_opp |= (1 << v) if "opposing_magics" in imm else 0
        hide = nohide = 0
        maxp: Limits | None = None
        static = True
        for p2 in range(2):
            for v, c in enumerate(s.team[p2]):
                if c < 0:
                    continue
                for code, to, mp, cond in CF[c]:
                    if cond is not None:
                        static = False
                        if not self._cond(s, cond, p2, v, q):
                            continue
                    hide, nohide, maxp = _fold(code, REACH[to][p2 == q][v], mp, hide, nohide, maxp)
        wr: WizardRules = (hide, nohide, maxp, imm_castle, imm_magic, imm_opp)
        if static and all(c >= 0 for c in s.team[0] + s.team[1]):
            s.wr = s.wr[:]
            s.wr[q] = wr
        return wr

    @staticmethod
    def _wizards_of(to: str, sp: int, sw: int, q: int) -> tuple[int, ...]:
        """Positions of q's Wizards an effect of a source at (sp, sw) reaches; sp -1 = the Castle."""
        mask = 7 if sp < 0 else REACH[to][q == sp][sw]
        return _POSITIONS_OF[mask]

    @staticmethod
    def _wizard_immune(wizard: int, q: int, sp: int, kind: int) -> bool:
        """10.8 for a Wizard: kind 0 = the source is a Castle, 2 = a Magic (abilities are never blocked)."""
        imm = IMMUNE[wizard] if wizard >= 0 else ()
        if not imm:
            return False
        if kind == 0:
            return "castles" in imm
        if kind == 2:
            return "magics" in imm or ("opposing_magics" in imm and sp != q)
        return False

    def _cast_options(self, s: MickeyState, q: int) -> list[Action]:
        """q's legal casts, Magic by Magic in id order, and the pass when it is allowed.
        Positions are bit masks (bit w: the Wizard at w), so that a Magic's casts are one
        table lookup: CAST_UP_AT[card][mask] lists them for the positions in the mask."""
        hand = s.hand[q]
        if s.passed[q] or not hand:
            return []
        upq, downq, casts = s.up[q], s.down[q], s.casts[q]
        ups, downs, maxp, nohide = self._cast_rules(s, q)
        free = 0
        for w in range(3):
            if upq[w] is None and downq[w] is None:
                free |= 1 << w
        forced = s.forced[q]
        while forced is not None:
            # 9.4: the Confused Wizards cast first, one per move in the order they were
            # Confused (R33): the picked Magic, or else any the Wizard can cast.
            w, c = forced[0], forced[1]
            mp = 99 if maxp is None else maxp[w]
            if (free & ups) >> w & 1:
                if c >= 0 and c in hand and POWER[c] <= mp:
                    return [CAST_UP[c][w]]
                some: list[Action] = [CAST_UP[x][w] for x in _distinct(hand) if POWER[x] <= mp]
                if some:
                    return some
            forced = forced[2:] or None  # this Wizard cannot: its Confuse lapses
            s.forced[q] = forced
        up_at = free & ups
        down_at = free & downs
        extra = s.extra[q]
        for w in range(3):
            # 8.3: "abilities of Wizards allow Magics to be put into play face-down ... (or in
            # addition)": the ability is itself the permission, for one Magic besides the
            # Wizard's face-up cast; only a prohibition stops it (8.7).
            if not nohide >> w & 1 and upq[w] is not None and downq[w] is None and not extra[w] \
                    and EXTRA_HIDE[s.team[q][w]]:
                down_at |= 1 << w
        opts: list[Action] = []
        reachable = 0  # the positions where some Magic in hand may be cast face-up
        last = -1
        for x in hand:  # hands are kept sorted: each card once, in id order
            if x == last:
                continue
            last = x
            at = up_at if maxp is None else up_at & _within(POWER[x], maxp)
            if at:
                opts.extend(CAST_UP_AT[x][at])
                reachable |= at
        uncast = 0
        for w in range(3):
            if not casts[w]:
                uncast |= 1 << w
        # 8.12, ruling R24: a player may pass once no Wizard that has not cast could cast
        # a Magic face-up; casting face-down is never an obligation (9.3).
        must = reachable & uncast
        if down_at:
            last = -1
            for x in hand:
                if x != last:
                    opts.extend(CAST_DOWN_AT[x][down_at])
                    last = x
        if opts and not must:
            opts.append(PASS)
        return opts

    def _cast(self, s: MickeyState, p: int, c: int, w: int, down: bool) -> None:
        s.steps += 1
        _remove_card(s.hand[p], c)
        if s.known[p] or s.pub[p]:
            _forget(s, p, c)
        m = Mg(c, p, w, down, s.seq)
        s.seq += 1
        s.play.append(m)
        s.played[p] |= 1 << c
        if down:
            if s.up[p][w] is not None or s.casts[p][w]:
                s.extra[p][w] = s.up[p][w] is not None
            s.down[p][w] = m
        else:
            s.up[p][w] = m
        s.casts[p][w] += 1
        forced = s.forced[p]
        if forced is not None:
            for i in range(0, len(forced), 2):
                if forced[i] == w:
                    s.forced[p] = forced[:i] + forced[i + 2:] or None
                    break
        if s.log is not None:
            wiz = _name(s.team[p][w])
            if down:
                say(s, "hide", "WoM 8.3", f"you cast {_name(c)} face-down behind {wiz} ({POS[w]})", only(p))
                say(s, "hide", "WoM 8.3", f"P{p} casts a Magic face-down behind {wiz} ({POS[w]})", others(p))
            else:
                say(s, "cast", "WoM 7.3" if s.casts[p][w] == 1 else "WoM 8.10",
                    f"P{p}'s {wiz} ({POS[w]}) casts {_name(c)} (Magic Power {POWER[c]})")
        if not down:
            self._enter(s, m)
        s.cur = 1 - p
        self._next(s)

    # -- what cards are and have (8.5, 9.8, 9.13, 10.5, 10.7, 10.14, 10.18) --------------------
    def _possesses(self, s: MickeyState, m: Mg, k: str) -> bool:
        """m has Special Action k: printed or gained while not Plain, or made by a card in play
        that has effect (R5). Face-down cards and revealed face-down ones have none (10.5, 8.3)."""
        if m.down or m.noeffect:
            return False
        if not m.plain and (k in PRINTED[m.card] or k in m.gained):
            return True
        return k in MADE_KEYWORDS and self.made(s, m, k)

    def made(self, s: MickeyState, m: Mg, k: str) -> bool:
        """Some card in play makes m possess k (10.18): a standing effect of that card."""
        for src in s.play:
            mk = MAKES[src.card]
            if mk and src is not m and not src.down and not src.noeffect and not src.plain:
                for kw, to, filt, cond in mk:
                    if kw == k and REACH[to][m.owner == src.owner][src.pos] >> m.pos & 1 \
                            and (cond is None or self._cond(s, cond, src.owner, src.pos, m.owner)) \
                            and self._filter_ok(s, m, filt) and not self._immune_to_magic(m, src.owner):
                        return True
        for q in (0, 1):
            for v, c in enumerate(s.team[q]):
                if c >= 0 and MAKES[c]:
                    for kw, to, filt, cond in MAKES[c]:
                        if kw == k and REACH[to][m.owner == q][v] >> m.pos & 1 \
                                and (cond is None or self._cond(s, cond, q, v, m.owner)) \
                                and self._filter_ok(s, m, filt):
                            return True
        return False

    @staticmethod
    def _immune_to_magic(m: Mg, src_owner: int) -> bool:
        """10.8 for a Magic reached by another Magic's "make", read without asking whether
        Trickery made m Plain: that question asks what m is made to have (Untouchable), and
        9.13 makes an immune Trickery Magic Plain all the same, so its immunity is read as
        printed here. Asking through effective would go round in a circle."""
        imm = IMMUNE[m.card]
        if not imm or m.down or m.noeffect or m.plain:
            return False
        return "magics" in imm or ("opposing_magics" in imm and src_owner != m.owner)

    def _printed(self, m: Mg, k: str) -> bool:
        return not m.down and not m.noeffect and not m.plain and (k in PRINTED[m.card] or k in m.gained)

    def _trickery_plain(self, s: MickeyState, m: Mg) -> bool:
        """9.13: two or more Trickery Magics in play make each other Plain; Untouchable ones
        keep their effect (R6)."""
        if not self._possesses(s, m, "trickery") or self._possesses(s, m, "untouchable"):
            return False
        return sum(1 for x in s.play if self._possesses(s, x, "trickery")) >= 2

    def effective(self, s: MickeyState, m: Mg) -> bool:
        if m.down or m.noeffect or m.plain:
            return False
        if "trickery" in PRINTED[m.card] or m.gained or "trickery" in MADE_KEYWORDS:
            return not self._trickery_plain(s, m)
        return True

    def _cond(self, s: MickeyState, cond: Cond, sp: int, sw: int, q: int) -> bool:
        """A source's "if": its own Wizard's Diamagic or position, or its player taking the turn.
        For a Castle (sp -1) the condition is read for the player q it would reach."""
        if sp < 0:
            if cond.turn_player:
                return q == s.tp
            return True
        if cond.turn_player and sp != s.tp:
            return False
        if cond.position >= 0 and sw != cond.position:
            return False
        owned = s.owned[sp][sw]
        if cond.owns >= 0 and cond.owns not in owned:
            return False
        return len(owned) >= cond.owns_count

    def _filter_ok(self, s: MickeyState, m: Mg, f: Filter | None) -> bool:
        if f is None:
            return True
        c = m.card
        if f.colour and not COLOUR_BITS[c] & f.colour:
            return False
        if not f.min_power <= POWER[c] <= f.max_power:
            return False
        if f.name is not None and not words_in(f.name, NAME_WORDS[c]):
            return False
        if f.keyword is not None and not self._possesses(s, m, f.keyword):
            return False
        return f.printed is None or self._printed(m, f.printed)

    def _magic_immune(self, s: MickeyState, m: Mg, src: Mg | None, src_owner: int, castle: bool) -> bool:
        """10.8: an immune Magic ignores effects of that kind of card, good or bad."""
        imm = IMMUNE[m.card]
        if not imm or m is src or not self.effective(s, m):
            return False
        if castle:
            return "castles" in imm
        if src is None:  # a Wizard's ability
            return False
        return "magics" in imm or ("opposing_magics" in imm and src_owner != m.owner)

    def _magics_of(self, s: MickeyState, src: Mg, to: str, f: Filter | None) -> list[Mg]:
        """The face-up Magics in play an effect of src reaches (selectors of the effect language)."""
        p, w = src.owner, src.pos
        out = []
        for x in s.play:
            if x.down:
                continue
            if to == "self":
                ok = x is src
            elif to == "own":
                ok = x.owner == p
            elif to == "opposing":
                ok = x.owner != p
            elif to == "adjacent":
                ok = x.owner == p and abs(x.pos - w) == 1
            elif to == "opposite":
                ok = x.owner != p and x.pos == 2 - w
            else:
                ok = to == "all"
            if ok and self._filter_ok(s, x, f) and not self._magic_immune(s, x, src, p, False):
                out.append(x)
        return out

    # -- coming into play (8.2, 8.5, 8.6, section 9) -------------------------------------------
    def _enter(self, s: MickeyState, m: Mg) -> None:
        c, p, w = m.card, m.owner, m.pos
        self._refresh(s)  # what the cards in play give it (gain), before its own effects act
        if ENTRY[c] or "trickery" in PRINTED[c]:
            if "trickery" in PRINTED[c] and self._trickery_plain(s, m):
                if s.log is not None:
                    say(s, "effect", "WoM 9.13", f"{_name(c)} is a second Trickery Magic in play: every Trickery "
                        "Magic in play becomes Plain")
            elif self.effective(s, m):
                if "teletrasporto" in PRINTED[c]:
                    self._static_purge(s, m)
                for e in ENTRY[c]:
                    if e.cond is None or self._cond(s, e.cond, p, w, p):
                        self._do(s, m, e, wizard=False)
        wiz = s.team[p][w]
        if ENTRY[wiz] and m in s.play:
            for e in ENTRY[wiz]:  # 8.6: the Wizard's ability acts after the Magic's own effects
                if e.cond is None or self._cond(s, e.cond, p, w, p):
                    self._do(s, m, e, wizard=True)

    # -- standing effects (8.2, rulings R4 and R5) ----------------------------------------------
    def _refresh(self, s: MickeyState, tell: bool = True) -> None:
        """8.2: "the effects of Magics are valid only while that Magic is in play". Work out
        again what the cards in play do to each other: which Magics are Plain (a Cancel holds
        while its card is in play with effect), which keywords each Magic has gained (a gain
        reaches every Magic it covers, including those cast later, while its card is in play
        with effect), which Wizards are Blocked, and whether the Castle is Plain. A Wizard is
        always in play, so what its ability does holds for the challenge. Being Plain ends a
        gained keyword and can end another card's effect, so this repeats until nothing
        changes (a few rounds: each change is lifted or made by a card in play)."""
        play = s.play
        log = tell and s.log is not None
        for _ in range(len(play) + 2):
            changed = False
            for x in play:
                if x.plain_by:
                    plain = False
                    for seq in x.plain_by:
                        if seq < 0 or self._live(s, seq):
                            plain = True
                            break
                    if plain and "untouchable" in MADE_KEYWORDS and self.made(s, x, "untouchable"):
                        plain = False  # made Untouchable since: Cancel no longer reaches it (9.8)
                    if plain != x.plain:
                        x.plain = plain
                        changed = True
                        if log and not plain:
                            say(s, "effect", "WoM 8.2", f"P{x.owner}'s {_name(x.card)} is no longer Plain: what "
                                "cancelled it is no longer in play with effect")
            for x in play:
                got: list[tuple[str, str]] = []
                if not (x.plain or x.down or x.noeffect):
                    self._gains_now(s, x, got)
                now = tuple(k for k, _who in got)
                if now != x.gained:
                    if log:
                        for k, who in got:
                            if k not in x.gained:
                                say(s, "effect", "WoM 10.7", f"{who} gives {_name(x.card)} the Special Action "
                                    f"{k.capitalize()}")
                        for k in x.gained:
                            if k not in now:
                                say(s, "effect", "WoM 8.2", f"{_name(x.card)} no longer has the gained "
                                    f"{k.capitalize()}" + (": it is Plain" if x.plain else
                                                           ": what gave it is no longer in play with effect"))
                    x.gained = now
                    changed = True
            if not changed:
                break
        for q in (0, 1):
            mask = s.held[q]
            for x in play:
                if x.blocks >> 3 * q & 7 and self.effective(s, x):
                    mask |= x.blocks >> 3 * q & 7
            if mask != s.blocked[q]:
                if log:
                    for v in range(3):
                        if s.blocked[q] >> v & 1 and not mask >> v & 1:
                            say(s, "effect", "WoM 8.2", f"P{q}'s {_name(s.team[q][v])} is no longer Blocked: the "
                                "Block's Magic is no longer in play with effect")
                s.blocked[q] = mask
        if s.castles:
            top = len(s.castles) - 1
            plain = s.held[2] == top
            for x in play:
                if x.castle_cancel == top and self.effective(s, x):
                    plain = True
            if plain != s.castle_plain:
                if log and not plain:
                    say(s, "effect", "WoM 8.2", f"the Castle {_name(s.castles[-1][0])} is no longer Plain: what "
                        "cancelled it is no longer in play with effect")
                s.castle_plain = plain

    def _live(self, s: MickeyState, seq: int) -> bool:
        """Is the Magic that came into play as `seq` still in play, with effect?"""
        for m in s.play:
            if m.seq == seq:
                return self.effective(s, m)
        return False

    def _gains_now(self, s: MickeyState, x: Mg, got: list[tuple[str, str]]) -> None:
        """The keywords x gains from the cards in play now (10.7), each once (8.5), with who
        gives it: the Magics with effect whose gain reaches it, then the Wizards' abilities,
        which reach the Magics their Wizard casts face-up in this challenge (8.6, R25)."""
        printed = PRINTED[x.card]
        for src in s.play:
            gains = GAINS[src.card]
            if gains and src is not x and not src.down and self.effective(s, src):
                for k, to, filt, cond in gains:
                    if k in printed or any(k == g for g, _w in got):
                        continue
                    if REACH[to][x.owner == src.owner][src.pos] >> x.pos & 1 or (to == "all") \
                            or (to == "self" and x is src):
                        if (cond is None or self._cond(s, cond, src.owner, src.pos, x.owner)) \
                                and self._filter_ok(s, x, filt) and not self._magic_immune(s, x, src, src.owner, False):
                            got.append((k, _name(src.card)))
        if x.kept:
            return
        for q in (0, 1):
            for v, c in enumerate(s.team[q]):
                if c >= 0 and GAINS[c]:
                    for k, to, filt, cond in GAINS[c]:
                        if k in printed or any(k == g for g, _w in got):
                            continue
                        if REACH[to][x.owner == q][v] >> x.pos & 1 \
                                and (cond is None or self._cond(s, cond, q, v, x.owner)) \
                                and self._filter_ok(s, x, filt):
                            got.append((k, _name(c)))

    def _static_purge(self, s: MickeyState, src: Mg) -> None:
        """9.15: when a Teletrasporto Magic is cast, every Static Magic leaves play, immune or not."""
        for x in [x for x in s.play if x is not src and self._possesses(s, x, "static")]:
            self._discard_from_play(s, x, "WoM 9.15", f"Static: {_name(x.card)} leaves play as a Teletrasporto "
                                    "Magic is cast")

    def _discard_from_play(self, s: MickeyState, x: Mg, rule: str, text: str) -> None:
        """A Magic leaves play for its owner's discards; it still counts as cast (8.10)."""
        s.play.remove(x)
        q, v = x.owner, x.pos
        if s.up[q][v] is x:
            s.up[q][v] = None
        if s.down[q][v] is x:
            s.down[q][v] = None
        s.disc[q].append(x.card)
        if s.log is not None:
            say(s, "discard", rule, text)
        self._refresh(s)  # 8.2: its effects end with it

    def _do(self, s: MickeyState, m: Mg, e: Eff, wizard: bool) -> None:
        """Carry out one entry effect of the Magic m, or of its Wizard's ability (`wizard`)."""
        p, w, kind = m.owner, m.pos, e.kind
        log = s.log is not None
        who = _name(s.team[p][w]) if wizard else _name(m.card)
        if kind == "cancel":
            if e.to == "castle":
                if s.castles:
                    if wizard:
                        s.held[2] = len(s.castles) - 1
                    else:
                        m.castle_cancel = len(s.castles) - 1
                    if not s.castle_plain:
                        s.castle_plain = True
                        if log:
                            say(s, "effect", "WoM 9.2", f"{who} cancels the Castle {_name(s.castles[-1][0])}: it is "
                                "Plain")
                return
            for x in self._magics_of(s, m, e.to, e.filt):
                if x is m:
                    continue
                if self._possesses(s, x, "untouchable"):
                    if log:
                        say(s, "effect", "WoM 9.8", f"{_name(x.card)} is Untouchable: {who}'s Cancel does nothing")
                    continue
                # 8.2, ruling R4: Plain while the cancelling card is in play with effect
                x.plain_by = x.plain_by + (-1 if wizard else m.seq,)
                if not x.plain:
                    x.plain = True
                    if log:
                        say(s, "effect", "WoM 9.2", f"{who} cancels P{x.owner}'s {_name(x.card)}: it is Plain")
            self._refresh(s)
        elif kind in ("block", "confuse"):
            for q in (1 - p, p):
                for v in self._wizards_of(e.to, p, w, q):
                    self._hit_wizard(s, kind, who, q, v, p, wizard, m)
        elif kind == "corrode":
            if s.hand[p]:
                s.queue.append(["corrode", p, e.to, e.filt.keyword if e.filt else None, w, who])
        elif kind == "corrupt":
            if len(s.hand[p]) >= 2:
                s.queue.append(["corrupt", p, e.to, w, 0, -1, -1, who])
        elif kind == "recover":
            if len(s.hand[p]) < 3:
                self._draw(s, p, 1, "WoM 9.9", effect=True)
            elif log:
                say(s, "effect", "WoM 9.9", f"Recover: P{p} holds {len(s.hand[p])} cards, so draws none")
        elif kind == "reveal":
            self._reveal(s, p, who)
        elif kind == "swap":
            s.queue.append(["swap", p, 0, -1, -1, -1])
        elif kind == "break":
            s.queue.append(["break", p])
        elif kind == "teletrasporto":
            if wizard or "teletrasporto" not in PRINTED[m.card]:  # printed: purged on entry already
                self._static_purge(s, m)
            if s.fmt == 2:
                s.queue.append(["tele", p])
            else:
                self._refill_castles(s, p)
                if s.cdeck[p]:
                    self._bring_castle(s, p, _take(s, s.cdeck[p]), teleport=True)
        elif kind == "draw":
            self._draw(s, p, e.n, "WoM 10.10", effect=True)
        elif kind == "discard_random":
            q = 1 - p if e.who == "opponent" else p
            n = min(e.n, len(s.hand[q]))
            if n:
                picked = [s.hand[q].pop(s.rng.below(len(s.hand[q]))) for _ in range(n)]
                for c in picked:
                    _forget(s, q, c)
                s.disc[q].extend(picked)
                if log:
                    say(s, "discard", "WoM 8.13", f"{who}: P{q} discards at random "
                        + ", ".join(_name(c) for c in picked))
        elif kind == "gain":
            # A standing effect (8.2, ruling R5): _refresh gives the keyword to every Magic the
            # effect reaches while its card is in play with effect, and tells of it.
            k = e.keyword or ""  # the card loader requires a keyword for gain and make
            targets = [m] if wizard and e.to == "self" else (self._magics_of(s, m, e.to, e.filt) if not wizard
                                                             else [])
            for x in targets:
                if k in PRINTED[x.card] and log:
                    say(s, "effect", "WoM 8.5", f"{_name(x.card)} already has {k.capitalize()}: it does not "
                        "have it twice")
            self._refresh(s)
            if wizard and k in ACTIONABLE and k in m.gained and self.effective(s, m):
                self._do(s, m, _KEYWORD_EFF[k], wizard=False)  # 8.6: carried out after the Magic's own
        elif kind == "make":
            k = e.keyword or ""
            targets = [m] if wizard and e.to == "self" else (self._magics_of(s, m, e.to, e.filt) if not wizard
                                                             else [])
            for x in targets:  # a "make" stands while its card is in play (made); here it is only told
                if log:
                    say(s, "effect", "WoM 10.18", f"{who} makes {_name(x.card)} possess {k.capitalize()}")

    def _hit_wizard(self, s: MickeyState, kind: str, who: str, q: int, v: int, p: int, wizard: bool, src: Mg) -> None:
        log = s.log is not None
        target = s.team[q][v]
        if not wizard and self._wizard_immune(target, q, p, 2):
            if log:
                say(s, "effect", "WoM 10.8", f"{_name(target)} is immune: {who} does not reach it")
            return
        if kind == "block":
            # 8.2, ruling R4: a Magic's Block lasts while it is in play with effect; a Wizard's, the challenge
            if wizard:
                s.held[q] |= 1 << v
            else:
                src.blocks |= 1 << (3 * q + v)
            s.blocked[q] |= 1 << v
            if log:
                say(s, "effect", "WoM 9.3", f"{who} blocks P{q}'s {_name(target)}: it cannot cast Magics")
            return
        # 9.4 Confuse: only a Wizard that has not cast yet; the picked card is shown (R18).
        if s.casts[q][v] or not s.hand[q] or q == p:
            return
        # Confuse on several Wizards: one card picked at random for each, a different card
        # each time while the hand has one (ruling R33).
        before = s.forced[q] or ()
        taken = [before[i + 1] for i in range(0, len(before), 2)]
        pool = list(s.hand[q])
        for c in taken:
            if c in pool and len(pool) > 1:
                pool.remove(c)
        pick = pool[s.rng.below(len(pool))]
        s.forced[q] = before + (v, pick)
        if pick not in s.known[q]:
            s.known[q].append(pick)
        if log:
            say(s, "effect", "WoM 9.4", f"{who} confuses P{q}'s {_name(target)}: P{p} picks {_name(pick)} at random "
                f"from P{q}'s hand (8.13), which P{q} must cast with it if possible")

    def _reveal(self, s: MickeyState, p: int, who: str) -> None:
        """9.10: every opposing face-down Magic is revealed and moved in front of its Wizard."""
        q = 1 - p
        for v in range(3):
            x = s.down[q][v]
            if x is None:
                continue
            x.down, x.noeffect = False, True
            s.down[q][v] = None
            if s.up[q][v] is None:
                s.up[q][v] = x
                if s.log is not None:
                    say(s, "reveal", "WoM 9.10", f"{who} reveals P{q}'s face-down {_name(x.card)}; it moves to the "
                        "Area of Cast Magics, without effect")
            else:
                s.down[q][v] = x  # so that _discard_from_play finds it
                self._discard_from_play(s, x, "WoM 9.10", f"{who} reveals P{q}'s face-down {_name(x.card)}; "
                                        "its Area of Cast Magics is taken, so it is discarded")

    def _draw(self, s: MickeyState, p: int, n: int, rule: str, *, effect: bool, limit: bool = True) -> None:
        """Draw n cards as one action (10.10), reshuffling the discards when the deck is short (8.8)."""
        deck = s.deck[p]
        if n == 1 and deck:  # the common Recover
            got = [_take(s, deck)]
        elif len(deck) < n and s.disc[p]:
            # 8.8: what is left is drawn first, then the shuffled discards become the deck
            got = deck[:]
            deck[:] = s.disc[p]
            s.pub[p] += s.disc[p]  # everyone saw these cards go into the new deck
            s.disc[p] = []
            if s.log is not None:
                say(s, "shuffle", "WoM 8.8", f"P{p}'s Magic deck runs short: the discards are shuffled into a new deck")
            got += [_take(s, deck) for _ in range(min(n - len(got), len(deck)))]
        else:
            got = [_take(s, deck) for _ in range(min(n, len(deck)))]
        n = len(got)
        if n:
            hand = s.hand[p]
            hand += got
            hand.sort()
            if s.log is not None:
                say(s, "draw", rule, "you draw " + ", ".join(_name(c) for c in got), only(p))
                say(s, "draw", rule, f"P{p} draws {n} card{'s' if n > 1 else ''}", others(p))
            if effect and s.castles and not s.castle_plain and DRAW_TAX[s.castles[-1][0]] and s.hand[p]:
                c = s.hand[p].pop(s.rng.below(len(s.hand[p])))
                _forget(s, p, c)
                s.disc[p].append(c)
                if s.log is not None:
                    say(s, "discard", "WoM 10.10", f"{_name(s.castles[-1][0])}: P{p} drew by an effect and discards "
                        f"{_name(c)} at random (once for the whole draw)")
        if limit and len(s.hand[p]) > HAND_LIMIT:
            s.queue.append(["limit", p])

    # -- decisions inside effects ----------------------------------------------------------------
    def _run_queue(self, s: MickeyState) -> bool:
        """Open the first effect decision that still has choices; True when one is open."""
        while s.queue:
            t = s.queue[0]
            opts = self._task_options(s, t)
            if not opts:
                s.queue.pop(0)
                continue
            if len(opts) == 1 and opts[0] is not DECLINE:
                self._task_apply(s, t, opts[0])  # nothing to choose
                continue
            s.phase, s.actor, s.legal = DISCARD if t[0] == "limit" else CHOICE, (t[1],), opts
            return True
        return False

    def _corrode_targets(self, s: MickeyState, t: list) -> list[Mg]:
        _, p, to, keyword, w, _who = t
        if keyword is not None:  # a category: immunity counts (R26)
            return [x for x in s.play if not x.down and self._possesses(s, x, keyword)
                    and not self._magic_immune(s, x, Mg(-1, p, w, False, -1), p, False)]
        # Aimed at Wizards: the Magic's own immunity does not help, the Wizard's does (9.6).
        return [x for v in self._wizards_of(to, p, w, 1 - p) if (x := s.up[1 - p][v]) is not None
                and not self._wizard_immune(s.team[1 - p][v], 1 - p, p, 2)]

    def _task_options(self, s: MickeyState, t: list) -> list[Action]:
        kind, p = t[0], t[1]
        hand = s.hand[p]
        if kind == "limit":
            if len(hand) <= HAND_LIMIT:
                return []
            return [DISCARD_A[c] for c in sorted(set(hand))]
        if kind == "corrode":
            if not hand or not self._corrode_targets(s, t):
                return []
            return [DISCARD_A[c] for c in sorted(set(hand))] + [DECLINE]
        if kind == "corrupt":
            stage = t[4]
            if stage == 0:
                if len(hand) < 2 or not self._corrupt_wizards(s, t):
                    return []
                return [DISCARD_A[c] for c in sorted(set(hand))] + [DECLINE]
            if stage == 1:
                return [DISCARD_A[c] for c in sorted(set(hand))]
            if stage == 2:
                return [PICK_A[1 - p][v] for v in self._corrupt_wizards(s, t)]
            return [COLOUR_A[k] for k in sorted(set(s.owned[1 - p][t[5]]))]
        if kind == "swap":
            stage = t[2]
            owners = [(q, v) for q in (0, 1) for v in range(3) if s.owned[q][v]]
            if stage == 0:
                return [PICK_A[q][v] for q, v in owners] if len(owners) >= 2 else []
            if stage == 1:
                return [COLOUR_A[k] for k in sorted(set(s.owned[t[3]][t[4]]))]
            if stage == 2:
                return [PICK_A[q][v] for q, v in owners if (q, v) != (t[3], t[4])]
            q, v = t[5] // 3, t[5] % 3
            return [COLOUR_A[k] for k in sorted(set(s.owned[q][v]))]
        if kind == "break":
            return [PICK_A[q][v] for q in (0, 1) for v in range(3) if self._continue_at(s, q, v) is not None]
        if kind == "tele":
            self._refill_castles(s, p)
            return [CASTLE_A[c] for c in sorted(set(s.cdeck[p]))]
        return []

    def _corrupt_wizards(self, s: MickeyState, t: list) -> list[int]:
        p, to, w = t[1], t[2], t[3]
        return [v for v in self._wizards_of(to, p, w, 1 - p)
                if s.owned[1 - p][v] and not self._wizard_immune(s.team[1 - p][v], 1 - p, p, 2)]

    def _continue_at(self, s: MickeyState, q: int, v: int) -> Mg | None:
        for x in s.play:
            if x.owner == q and x.pos == v and self._possesses(s, x, "continue"):
                return x
        return None

    def _discard_card(self, s: MickeyState, p: int, c: int, rule: str, why: str) -> None:
        _remove_card(s.hand[p], c)
        _forget(s, p, c)
        s.disc[p].append(c)
        if s.log is not None:
            say(s, "discard", rule, f"P{p} discards {_name(c)} {why}")

    def _task_apply(self, s: MickeyState, t: list, a: Action) -> None:
        kind, p = t[0], t[1]
        k, x, y = a.data
        log = s.log is not None
        if k == K_DECLINE and kind not in ("corrode", "corrupt"):
            s.queue.pop(0)
            return
        if kind == "limit":
            self._discard_card(s, p, x, "WoM 7.13", "to keep a hand of at most 5")
            return
        if kind == "corrode":
            s.queue.pop(0)
            if k == K_DECLINE:
                if log:
                    say(s, "effect", "WoM 9.6", f"P{p} chooses not to Corrode")
                return
            targets = self._corrode_targets(s, t)
            self._discard_card(s, p, x, "WoM 9.6", f"to Corrode ({t[5]})")
            for m in targets:
                self._discard_from_play(s, m, "WoM 9.6", f"Corrode: P{m.owner}'s {_name(m.card)} is discarded from "
                                        "play; it still counts as cast (8.10)")
            return
        if kind == "corrupt":
            stage = t[4]
            if stage == 0 and k == K_DECLINE:
                s.queue.pop(0)
                if log:
                    say(s, "effect", "WoM 9.7", f"P{p} chooses not to Corrupt")
                return
            if stage <= 1:
                self._discard_card(s, p, x, "WoM 9.7", f"to Corrupt ({t[7]})")
                t[4] = stage + 1
                return
            if stage == 2:
                t[5], t[4] = y, 3
                return
            q, v = 1 - p, t[5]
            s.owned[q][v].remove(x)
            s.reserve.append(x)  # the reserve is drawn from at random: its order means nothing
            s.queue.pop(0)
            if log:
                say(s, "diamagic", "WoM 9.7", f"Corrupt: a {DIAMAGIC[x]} Diamagic of P{q}'s {_name(s.team[q][v])} goes "
                    "back into the reserve (ruling R8)")
            return
        if kind == "swap":
            stage = t[2]
            if stage in (0, 2):
                if stage == 0:
                    t[3], t[4] = x, y
                else:
                    t[5] = x * 3 + y
                t[2] = stage + 1
                return
            if stage == 1:
                t[2], t[3], t[4] = 2, t[3], t[4]
                t.append(x)  # colour taken from the first Wizard
                return
            q1, v1, k1 = t[3], t[4], t[6]
            q2, v2 = t[5] // 3, t[5] % 3
            s.owned[q1][v1].remove(k1)
            s.owned[q2][v2].remove(x)
            s.owned[q1][v1].append(x)
            s.owned[q2][v2].append(k1)
            s.queue.pop(0)
            if log:
                say(s, "diamagic", "WoM 9.11", f"Swap: P{q1}'s {_name(s.team[q1][v1])} gives a {DIAMAGIC[k1]} Diamagic "
                    f"for a {DIAMAGIC[x]} one of P{q2}'s {_name(s.team[q2][v2])} (not a conquest)")
            return
        if kind == "break":
            s.queue.pop(0)
            kept = self._continue_at(s, x, y)
            if kept is not None:
                self._discard_from_play(s, kept, "WoM 9.14", f"Break: P{kept.owner}'s Continue Magic "
                                        f"{_name(kept.card)} is discarded from play")
            return
        if kind == "tele":
            s.queue.pop(0)
            s.cdeck[p].remove(x)
            self._bring_castle(s, p, x, teleport=True)

    # -- the end of the challenge (7.7-7.14) ----------------------------------------------------
    def _end_challenge(self, s: MickeyState) -> None:
        log = s.log is not None
        tp = s.tp
        for i in range(2):  # 7.7, the player taking the turn first
            q = tp ^ i
            for v in range(3):
                x = s.down[q][v]
                if x is not None:
                    x.down, x.noeffect = False, True
                    if log:
                        say(s, "reveal", "WoM 7.7", f"P{q}'s face-down Magic behind {_name(s.team[q][v])} is revealed: "
                            f"{_name(x.card)}, without effect of its own")
        power = self.final_powers(s)
        if log:
            say(s, "power", "WoM 7.8", f"Final Magic Power: P0 {power[0]}, P1 {power[1]}")
        if power[0] != power[1]:
            win = 0 if power[0] > power[1] else 1
            rule = "WoM 7.9"
        elif s.castles and not s.castle_plain and TIE_TURN_PLAYER[s.castles[-1][0]]:
            win, rule = tp, "WoM 8.14"
        else:
            win = -1
        if win < 0:
            if log:
                say(s, "tie", "WoM 7.9", f"a tie: the {len(s.stake)} Diamagic at stake stay for the next challenge")
            self._discard_phase(s)
            return
        c = s.castles[-1][0] if s.castles else -1
        if c >= 0 and not s.castle_plain and BONUS[c]:
            for _ in range(min(BONUS[c], len(s.reserve))):
                s.stake.append(s.reserve.pop(s.rng.below(len(s.reserve))))
                s.seen.append(0)
            if log:
                say(s, "diamagic", "WoM 8.14", f"{_name(c)}: the winner also takes {BONUS[c]} Diamagic from the "
                    "reserve")
        if log:
            say(s, "win", rule, f"P{win} wins the challenge" + (" (the Castle gives ties to the player taking the "
                                                                 "turn)" if rule == "WoM 8.14" else "")
                + f" and conquers {len(s.stake)} Diamagic")
        if not s.stake:
            self._discard_phase(s)
            return
        s.phase, s.actor, s.legal = ASSIGN, (win,), list(ASSIGN_A)

    def _assign(self, s: MickeyState, p: int, w: int) -> None:
        won = s.stake
        s.owned[p][w] += won
        s.stake, s.seen = [], []
        if s.log is not None:
            say(s, "diamagic", "WoM 7.10", f"P{p} places {', '.join(DIAMAGIC[k] for k in won)} Diamagic face-up on "
                f"{_name(s.team[p][w])}")
        n = sum(len(x) for x in s.owned[p])
        if n >= s.target:
            self._finish(s, (p,), f"P{p} has conquered {n} Diamagic", f"WoM {SET_UP[s.fmt]}.{6 if s.fmt < 2 else 8}")
            return
        self._discard_phase(s)

    def _discard_phase(self, s: MickeyState) -> None:
        log = s.log is not None
        kept = []
        for x in s.play:
            # 9.5: a Continue Magic cast face-down stays, revealed, and acts from now on.
            if x.noeffect and not x.plain and ("continue" in PRINTED[x.card] or "continue" in x.gained):
                x.noeffect, x.kept = False, True
                kept.append(x)
                if log:
                    say(s, "effect", "WoM 9.5", f"Continue: P{x.owner}'s {_name(x.card)} stays in play behind "
                        f"{_name(s.team[x.owner][x.pos])}")
            elif x.kept:
                kept.append(x)
            else:
                s.disc[x.owner].append(x.card)
        s.play = kept
        self._refresh(s, tell=False)  # the challenge is over: nothing is left to tell of
        if log:
            say(s, "discard", "WoM 7.11", "both players discard the Magics played in this challenge")
        for c, q in s.castles:
            s.cdisc[q].append(c)
        s.castles, s.castle_plain = [], False
        if log:
            say(s, "discard", "WoM 7.12", "the Castles go to their owners' Castle discards")
        self._clear_challenge(s)
        s.phase = DISCARD
        for i in range(2):  # the player taking the turn first
            self._draw(s, s.tp ^ i, DRAW, "WoM 7.13", effect=False)
        s.resume = RESUME_DRAW
        if not self._run_queue(s):
            self._new_turn(s)

    def _new_turn(self, s: MickeyState) -> None:
        s.tp = 1 - s.tp
        if s.log is not None:
            say(s, "turn", "WoM 7.14", f"P{s.tp} becomes the first player")
        self._begin_turn(s)

    # -- 7.8 Final Magic Power and the order of 8.4 -----------------------------------------------
    def final_powers(self, s: MickeyState) -> list[int]:
        """Each player's Final Magic Power (7.8): the Modified Magic Powers, less the
        affiliation penalty (10.25), never below 0 (10.16)."""
        counted = [x for x in s.play if not x.kept]
        value = self.magic_values(s)
        log = s.log is not None
        total = [0, 0]
        for i, t in enumerate(counted):
            total[t.owner] = total[t.owner] + value[i]
        for q in range(2):
            if s.penalty[q]:
                total[q] -= s.penalty[q]
                if log:
                    say(s, "power", "WoM 10.25", f"P{q}: -{s.penalty[q]} for Wizards not of the declared affiliation")
            if total[q] < 0:
                total[q] = 0
                if log:
                    say(s, "power", "WoM 10.16", f"P{q}'s Final Magic Power cannot be below 0")
        return total

    def magic_values(self, s: MickeyState) -> list[int]:
        """The Modified Magic Power (8.4) of each Magic counted now, in casting order (the
        Magics of `s.play` not kept from an earlier challenge). The board shows them too."""
        counted = [x for x in s.play if not x.kept]
        # Every modifier is sent to the Magics it reaches, in the order of R3 (Castle, Magics
        # in casting order, then Wizards: 8.6), then each Magic applies its list step by step.
        # A modifier is listed once in `mods`, with its source; its application to one Magic
        # is one int, (Magic reached, step of 8.4, index in `mods`) from the high bits down,
        # so that sorting the ints orders each Magic's applications by 8.4, then by R3.
        mods: list[tuple[int, int, int, Mg | None, Mod]] = []
        apps: list[int] = []
        spot = [t.owner * 3 + t.pos for t in counted]  # bit of the Magic's Wizard in a 6-bit mask
        castle = s.castles[-1][0] if s.castles and not s.castle_plain else -1
        if castle >= 0:
            for mod in MODS[castle]:
                _aim(apps, spot, 63, mod.step, len(mods))
                mods.append((castle, -1, -1, None, mod))
        for x in s.play:
            if MODS[x.card] and self.effective(s, x):
                for mod in MODS[x.card]:
                    if mod.to != "self":
                        _aim(apps, spot, _spots(mod.to, x.owner, x.pos), mod.step, len(mods))
                    elif not x.kept:
                        apps.append(_app_key(counted.index(x), mod.step, len(mods)))
                    mods.append((x.card, x.owner, x.pos, x, mod))
        for i in range(2):
            q = s.tp ^ i  # the Wizards of the player taking the turn first
            for v, c in enumerate(s.team[q]):
                for mod in MODS[c]:
                    _aim(apps, spot, _spots(mod.to, q, v), mod.step, len(mods))
                    mods.append((c, q, v, None, mod))
        log = s.log is not None
        value = [POWER[t.card] for t in counted]
        apps.sort()
        for key in apps:
            i = key >> _APP_TARGET
            c, sp, sw, src, mod = mods[key & _APP_MOD]
            t = counted[i]
            if mod.cond is not None and not self._cond(s, mod.cond, sp, sw, t.owner):
                continue
            if mod.filt is not None and not self._filter_ok(s, t, mod.filt):
                continue
            if IMMUNE[t.card] and self._magic_immune(s, t, src, sp, sp < 0):
                continue
            v = self._modify(s, value[i], mod, t, sp, sw)
            floored = v < 0
            if floored:
                v = 0  # 10.17, ruling R2: never below 0, at every step
            value[i] = v
            if log:
                say(s, "modifier", "WoM 8.4", f"{_name(t.card)} (P{t.owner}): {_MOD_TEXT[mod.kind](mod)} "
                    f"from {_name(c)} -> {v}")
                if floored:
                    say(s, "modifier", "WoM 10.17", f"{_name(t.card)} (P{t.owner}): a Modified Magic Power is "
                        "never below 0 (ruling R2: at every step)")
        return value

    def _modify(self, s: MickeyState, value: int, mod: Mod, t: Mg, sp: int, sw: int) -> int:
        k = mod.kind
        if k == "worth" or k == "final":
            value = mod.value
        elif k == "double":
            value *= 2
        elif k == "halve":
            value //= 2
        elif k == "plus":
            value += mod.value
        elif k == "minus":
            value -= mod.value
        else:  # adds / subtracts the printed Magic Power of other Magics (10.15), seen from the
            # source's Wizard (from the Magic itself when a Castle is the source)
            q, v0 = (sp, sw) if sp >= 0 else (t.owner, t.pos)
            spots: tuple[tuple[int, int], ...]
            if mod.of == "opposite":
                spots = ((1 - q, 2 - v0),)
            else:
                spots = tuple((q, v) for v in (v0 - 1, v0 + 1) if 0 <= v <= 2)
            amount = sum(POWER[x.card] for x in s.play if not x.kept and (x.owner, x.pos) in spots)
            value += amount if k == "adds" else -amount
        return value

    # -- finishing ---------------------------------------------------------------------------------
    def _finish(self, s: MickeyState, winners: tuple[int, ...], reason: str, rule: str) -> None:
        scores = tuple(float(sum(len(x) for x in s.owned[q])) for q in (0, 1))
        s.result = Outcome(winners, 2, reason, scores)
        s.phase, s.actor, s.legal = OVER, (), []
        if s.log is not None:
            say(s, "end", rule, "game over: " + reason)

    def _finish_by_count(self, s: MickeyState, why: str) -> None:
        n = [sum(len(x) for x in s.owned[q]) for q in (0, 1)]
        winners = () if n[0] == n[1] else ((0,) if n[0] > n[1] else (1,))
        tail = "a draw" if not winners else f"P{winners[0]} wins with more Diamagic"
        self._finish(s, winners, f"{why}: {n[0]}-{n[1]}, {tail}", "WoM 11.1")

    # -- the protocol ------------------------------------------------------------------------------
    def to_act(self, state: MickeyState) -> tuple[int, ...]:
        return state.actor

    def legal_actions(self, state: MickeyState, player: int) -> list[Action]:
        if player not in state.actor:
            return []
        if state.legal is None:
            state.legal = self._build_legal(state, player)
        return state.legal[:]

    def _build_legal(self, s: MickeyState, p: int) -> list[Action]:
        ph = s.phase
        if ph == FIRST:
            return list(FIRST_A)
        if ph == CASTLE:
            return [CASTLE_A[c] for c in sorted(set(s.cdeck[p]))]
        if ph == LINEUP:
            free = [v for v in range(3) if s.team[p][v] < 0]
            return sorted((LINEUP_A[c][v] for c in set(s.pool[p]) for v in free
                           if CARDS[c].solitary not in POS or POS.index(CARDS[c].solitary or "") == v), key=_action_id)
        if ph == SUPPORT:
            return self._support_options(s, p)
        if ph == CHALLENGE:
            return self._cast_options(s, p)
        if ph == ASSIGN:
            return list(ASSIGN_A)
        if (ph == CHOICE or ph == DISCARD) and s.queue:
            # A copy of a table (search, determinization) rebuilds the open question; a
            # redrawn hidden hand can leave nothing to choose, and then the effect lapses.
            return self._task_options(s, s.queue[0]) or [DECLINE]
        return []

    def apply(self, state: MickeyState, player: object, action: object) -> None:
        # `player` and `action` come from outside: typed `object` so that anything a caller
        # passes is refused with IllegalAction, in the compiled build as in the interpreted.
        s = state
        if s.result is not None:
            raise IllegalAction("the game is over", "WoM 3")
        if not isinstance(player, int) or player not in s.actor:
            raise IllegalAction(f"it is not P{player}'s decision now", _PHASE_RULE[s.phase])
        legal = s.legal if s.legal is not None else self.legal_actions(s, player)
        if action is SUP_DONE and s.phase == SUPPORT and not _listed(action, legal):
            # R14: the deck the exchanges end with must be legal; the player may fix it.
            raise IllegalAction(self._support_refusal(s, player) or "'keep this deck' is not legal now", "WoM 6.3.3")
        if not isinstance(action, Action) or not _listed(action, legal):
            rule = f"WoM {SET_UP[s.fmt]}.3" if s.phase == FIRST else _PHASE_RULE[s.phase]
            raise IllegalAction(f"{getattr(action, 'text', action)!r} is not legal now", rule)
        s.legal = None
        k, x, y = action.data
        ph = s.phase
        if ph == CHALLENGE:
            if k == K_PASS:
                s.passed[player] = True
                s.steps += 1
                if s.log is not None:
                    say(s, "pass", "WoM 8.12", f"P{player} passes for the rest of the challenge")
                s.cur = 1 - player
                self._next(s)
            else:
                self._cast(s, player, x, y, k == K_DOWN)
        elif ph == CHOICE or ph == DISCARD:
            s.steps += 1
            self._task_apply(s, s.queue[0], action)
            if not self._run_queue(s):
                if s.resume == RESUME_DRAW:
                    self._new_turn(s)
                else:
                    self._next(s)
        elif ph == ASSIGN:
            self._assign(s, player, x)
        elif ph == CASTLE:
            s.cdeck[player].remove(x)
            self._bring_castle(s, player, x, teleport=False)
        elif ph == FIRST:
            s.tp = x
            if s.log is not None:
                say(s, "setup", f"WoM {SET_UP[s.fmt]}.3", f"P{player} chooses: P{x} takes the first turn")
                say(s, "setup", f"WoM {SET_UP[s.fmt]}.4", "both teams line up as their decks list them (ruling R12)")
            self._deal(s, f"{SET_UP[s.fmt]}.5")
        elif ph == LINEUP:
            s.team[player][y] = x
            s.pool[player].remove(x)
            s.lineup[1] -= 1
            if s.log is not None:
                say(s, "lineup", "WoM 6.3.6", f"P{player} lines up {_name(x)} at {POS[y]}")
            self._next_lineup(s)
        elif ph == SUPPORT:
            self._support_apply(s, player, k, x)

    # -- Official Support deck (6.3.3, R14) ------------------------------------------------------
    def _support_options(self, s: MickeyState, p: int) -> list[Action]:
        """6.3.3: a card to take out (then a Support card of its type for it), an exchange to
        take back, or keeping the deck, which is offered once the deck is legal (4.2)."""
        out = s.out_pick[p]
        sw = s.swaps[p]
        went_out = [sw[i] for i in range(1, len(sw), 2)]
        if out >= 0:
            return [SUP_IN[c] for c in support_ins(s.support[p], out, went_out)]
        came_in = [sw[i + 1] for i in range(1, len(sw), 2)]
        opts: list[Action] = []
        if sw[0] < MAX_EXCHANGES:
            opts = [SUP_OUT[c] for c in support_outs(s.pool[p], s.deck[p], s.cdeck[p], s.support[p], came_in,
                                                     went_out)]
        opts += [SUP_BACK[c] for c in sorted(set(came_in))]
        if self._support_refusal(s, p) is None:
            opts.append(SUP_DONE)
        return sorted(opts, key=_action_id)

    def _support_refusal(self, s: MickeyState, p: int) -> str | None:
        """Why p may not keep the deck as it stands, or None. With every exchange taken back
        it is the deck the table accepted at set-up, so it is not checked again."""
        if len(s.swaps[p]) == 1:
            return None
        bad = support_violations(s.pool[p], s.deck[p], s.cdeck[p], s.affiliation[p])
        if not bad:
            return None
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        return f"this deck is not legal: {bad[0].section}: {bad[0].message}{more}; take back or change an exchange"

    def _support_apply(self, s: MickeyState, p: int, k: int, x: int) -> None:
        log = s.log is not None
        if k == K_DONE:
            if log:
                n = (len(s.swaps[p]) - 1) // 2
                say(s, "setup", "WoM 6.3.3", f"P{p} keeps the deck, with {n} card(s) exchanged from the Support deck "
                    "(ruling R14: the resulting deck is legal)")
            s.swaps[p] = [0]
            self._support_turn(s, p + 1)
            return
        if k == K_OUT:
            s.out_pick[p] = x
            s.phase, s.actor, s.legal = SUPPORT, (p,), None
            return
        sw = s.swaps[p]
        if k == K_BACK:
            i = max(j for j in range(1, len(sw), 2) if sw[j + 1] == x)
            out = sw[i]
            del sw[i:i + 2]
            _exchange(s, p, x, out)
            if log:
                say(s, "support", "WoM 6.3.3", f"you take back {_name(x)}: {_name(out)} returns to the deck", only(p))
                say(s, "support", "WoM 6.3.3", f"P{p} takes back an exchange with the Support deck", others(p))
            s.phase, s.actor, s.legal = SUPPORT, (p,), None
            return
        out = s.out_pick[p]
        s.out_pick[p] = -1
        _exchange(s, p, out, x)
        sw += [out, x]
        sw[0] += 1
        if log:
            say(s, "support", "WoM 6.3.3", f"you replace {_name(out)} with {_name(x)} from the Support deck", only(p))
            say(s, "support", "WoM 6.3.3", f"P{p} replaces a card with one from the Support deck", others(p))
            why = self._support_refusal(s, p)
            if why is not None:
                say(s, "support", "WoM 6.3.3", why, only(p))
        s.phase, s.actor, s.legal = SUPPORT, (p,), None

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
        from .view import build_view
        return build_view(self, state, player)

    def determinize(self, state: MickeyState, player: int, rng: random.Random) -> MickeyState:
        from .view import determinize
        c = determinize(self, state, player, rng)
        # The other player's declared Support exchanges are its secret (R14), and its deck was
        # drawn again: it keeps none to take back, and keeps its deck as it now stands.
        o = 1 - player
        if len(c.swaps[o]) > 1:
            c.swaps = [c.swaps[0], c.swaps[1]]
            c.swaps[o] = [c.swaps[o][0]]
        return c

    def render_text(self, view: dict[str, Any]) -> str:
        from .text import render
        return render(view)

    def observation_tensor(self, state: MickeyState, player: int) -> Any:
        from .view import observation
        return observation(self, state, player)

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
                power = self.final_powers(s)
            finally:
                s.log = log
            diff = power[player] - power[1 - player]
            lead = len(s.stake) * diff / (abs(diff) + 2)
        return (mine - theirs + lead) / s.target + 0.02 * (len(s.hand[player]) - len(s.hand[1 - player]))


_CHECKED: dict[tuple[str, str], tuple[Deck, list]] = {}


def _checked(game: MickeyGame, spec: Any, fmt: str) -> tuple[Deck, list]:
    """A deck and its violations, remembered: simulations start thousands of tables with
    the same two decks, and reading and checking them is dearer than a whole game."""
    try:
        key = (spec if isinstance(spec, str) else json.dumps(spec, sort_keys=True), fmt)
    except (TypeError, ValueError):
        raise ValueError("a deck object must be plain JSON data") from None
    hit = _CHECKED.get(key)
    if hit is None:
        deck = game.deck(spec)
        hit = (deck, check_deck(deck, fmt, CARDS))
        if len(_CHECKED) < 256:
            _CHECKED[key] = hit
    return hit


def _spots(to: str, q: int, v: int) -> int:
    """The Wizards an effect of a source at (q, v) reaches, as a 6-bit mask: bit 3p + w is
    player p's Wizard at w (from the REACH masks)."""
    other, own = REACH[to]
    return own[v] << 3 * q | other[v] << 3 * (1 - q)


def _aim(apps: list[int], spot: list[int], spots: int, step: int, mod: int) -> None:
    """Send modifier `mod` to every counted Magic in front of a Wizard in `spots`."""
    for i in range(len(spot)):
        if spots >> spot[i] & 1:
            apps.append(_app_key(i, step, mod))


_APP_STEP: Final = 16    # bits of a modifier's index in an application's key
_APP_TARGET: Final = 20  # and above the step of 8.4 (eight steps: three bits)
_APP_MOD: Final = (1 << _APP_STEP) - 1


def _app_key(target: int, step: int, mod: int) -> int:
    """The sort key of a modifier's application: the Magic reached, the step of 8.4, the order of R3."""
    return (target << _APP_TARGET) | (step << _APP_STEP) | mod


def _distinct(hand: list[int]) -> list[int]:
    """The different cards of a hand; hands are kept sorted, so this is in id order."""
    out: list[int] = []
    last = -1
    for c in hand:
        if c != last:
            out.append(c)
            last = c
    return out


def _within(power: int, maxp: Limits) -> int:
    """Bit mask of the positions whose Magic Power limit allows a Magic of this power (8.11)."""
    return (power <= maxp[0]) | (power <= maxp[1]) << 1 | (power <= maxp[2]) << 2


def _fold(code: int, reach: int, mp: int, hide: int, nohide: int,
          maxp: Limits | None) -> tuple[int, int, Limits | None]:
    """One casting effect (0 hide, 1 no_hide, 2 limit) reaching the Wizards in `reach`."""
    if code == 0:
        return hide | reach, nohide, maxp
    if code == 1:
        return hide, nohide | reach, maxp
    if not reach:
        return hide, nohide, maxp
    left, centre, right = (99, 99, 99) if maxp is None else maxp
    return hide, nohide, (min(left, mp) if reach & 1 else left, min(centre, mp) if reach & 2 else centre,
                          min(right, mp) if reach & 4 else right)


def _reach_table() -> dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """REACH[to][same side][source position]: bit mask of the target player's Wizards."""
    def adj(w: int) -> int:
        return sum(1 << v for v in (w - 1, w + 1) if 0 <= v <= 2)
    return {
        "all": ((7, 7, 7), (7, 7, 7)),
        "opposing": ((7, 7, 7), (0, 0, 0)),
        "own": ((0, 0, 0), (7, 7, 7)),
        "self": ((0, 0, 0), (1, 2, 4)),
        "opposite": ((4, 2, 1), (0, 0, 0)),
        "adjacent": ((0, 0, 0), (adj(0), adj(1), adj(2))),
        "castle": ((0, 0, 0), (0, 0, 0)),
    }


REACH: Final = _reach_table()
_POSITIONS_OF: Final = tuple(tuple(v for v in range(3) if mask >> v & 1) for mask in range(8))
# Casting effects per card as (0 hide / 1 no_hide / 2 limit, to, max power, condition).
CF: Final = tuple(tuple((("hide", "no_hide", "limit").index(e.kind), e.to, e.max_power, e.cond) for e in fx)
           for fx in CASTFX)


def _exchange(s: MickeyState, p: int, out: int, new: int) -> None:
    """6.3.3: `new` leaves p's Support deck and takes the place of `out` in the team, the Magic
    deck or the Castle deck; `out` goes the other way, into the Support deck."""
    s.support[p].remove(new)
    for pile in (s.pool[p], s.deck[p], s.cdeck[p]):
        if out in pile:
            pile[pile.index(out)] = new
            break
    s.support[p].append(out)


def _forget(s: MickeyState, p: int, c: int) -> None:
    """A card has left p's hand: it no longer counts among the cards known to be there."""
    if c in s.known[p]:
        s.known[p].remove(c)
    if c in s.pub[p]:
        s.pub[p].remove(c)


def _take(s: MickeyState, pile: list[int]) -> int:
    """A card from a face-down pile at random (the pile is unordered, see new_state)."""
    i = s.rng.below(len(pile))
    last = pile.pop()
    if i < len(pile):
        pile[i], last = last, pile[i]
    return last


def _remove_card(pile: list[int], c: int) -> None:
    """`pile.remove(c)` with the ids compared as machine ints in the compiled build."""
    for i in range(len(pile)):
        if pile[i] == c:
            del pile[i]
            return
    raise ValueError(f"card {c} is not there")


def _listed(action: Action, legal: list[Action]) -> bool:
    """`action in legal` by identity, as actions are compared: `in` would first try == on
    every action listed before it, which costs more than the rest of a step's checks."""
    for a in legal:
        if a is action:
            return True
    return False


def _action_id(a: Action) -> int:
    return a.id


# Action kinds whose second field is a card.
_CARD_KINDS: Final = frozenset({K_UP, K_DOWN, K_DISCARD, K_CASTLE, K_LINEUP, K_OUT, K_IN, K_BACK})
_PHASE_RULE: Final = ("WoM 6.1.3", "WoM 6.3.3", "WoM 6.3.6", "WoM 7.2", "WoM 7.3", "WoM 9", "WoM 7.10", "WoM 7.13",
                      "WoM 3")
_KEYWORD_EFF: Final = {k: Eff(k, "opposite", 1, None, "opponent", 99, None, None) for k in SPECIAL_ACTIONS}
_MOD_TEXT: Final = {
    "worth": lambda m: f"is worth {m.value}",
    "double": lambda m: "doubled",
    "halve": lambda m: "halved",
    "adds": lambda m: f"adds the Magic Power of the {m.of} Magic",
    "subtracts": lambda m: f"subtracts the Magic Power of the {m.of} Magic",
    "plus": lambda m: f"+{m.value}",
    "minus": lambda m: f"-{m.value}",
    "final": lambda m: f"Modified Magic Power is {m.value}",
}
assert len(_PHASE_RULE) == len(PHASE_NAMES)
