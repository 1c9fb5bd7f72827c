"""The position of one Wizards of Mickey table: small lists of card ids, cheap to clone.

Piles keep their top at the end (a draw is `pop()`). Each player's team is three Wizard
positions, 0 = left, 1 = centre, 2 = right, seen from that player's own side. A Magic in
play is an `Mg`: which card, whose, in front of (or behind) which Wizard, and what has
happened to it.
"""

from __future__ import annotations

from typing import Final, final

from wizarena.core import CardId, Event, Outcome, Rng, Seat

# A ready-made deck's list as everyone can read it: its Magics (one id per copy) and its Castles.
DeckList = tuple[tuple[int, ...], tuple[int, ...]]

FIRST: Final = 0
SUPPORT: Final = 1
LINEUP: Final = 2
CASTLE: Final = 3
CHALLENGE: Final = 4
CHOICE: Final = 5
ASSIGN: Final = 6
DISCARD: Final = 7
OVER: Final = 8
PHASE_NAMES: Final = ("first player", "support", "line-up", "castle", "challenge", "choice", "assign", "discard",
                      "over")


@final
class Mg:
    """A Magic in play. `down`: face-down now. `noeffect`: revealed from face-down, so it has
    no effect of its own (8.3). `kept`: a Continue Magic left in play after its challenge.

    What other cards do to it lasts only while they are in play with effect (8.2, ruling R4),
    so it keeps who did it: `plain_by`, the `seq` of each Magic whose Cancel reached it (-1: a
    Wizard's ability, which is always in play); `blocks`, the Wizards its own Block reached
    (bit 3 * player + position); `castle_cancel`, the index in the Castles in play of the one
    its Cancel made Plain (-1: none). `plain` and `gained` are worked out from those and from
    the gain effects in play (game._refresh), and kept here for the view."""

    __slots__ = ("card", "owner", "pos", "down", "plain", "noeffect", "kept", "gained", "seq", "plain_by", "blocks",
                 "castle_cancel")

    def __init__(self, card: int, owner: int, pos: int, down: bool, seq: int) -> None:
        self.card = card
        self.owner = owner
        self.pos = pos
        self.down = down
        self.plain = False
        self.noeffect = False
        self.kept = False
        self.gained: tuple[str, ...] = ()
        self.seq = seq
        self.plain_by: tuple[int, ...] = ()
        self.blocks = 0
        self.castle_cancel = -1

    def copy(self) -> Mg:
        m = Mg(self.card, self.owner, self.pos, self.down, self.seq)
        m.plain, m.noeffect, m.kept, m.gained = self.plain, self.noeffect, self.kept, self.gained
        m.plain_by, m.blocks, m.castle_cancel = self.plain_by, self.blocks, self.castle_cancel
        return m


@final
class Task:
    """A decision an effect waits for, its player's to take; the first in `s.queue` is live.

    `kind`: "limit" (discard down to the hand limit, 7.13), "corrode" (9.6), "corrupt"
    (9.7), "swap" (9.11), "break" (9.14) or "tele" (an Official Teletrasporto's Castle).
    Corrode and Corrupt keep the Magic's reach (`reach`, `wizard`: whom it reaches from
    where), Corrode the keyword it discards by (`keyword`, None: the Wizards reached), and
    both the name of the card for the log (`source`). Corrupt and Swap go in steps (`stage`):
    Corrupt pays two cards, then picks the opposing Wizard (`second_wizard`), then the
    Diamagic; Swap picks a Wizard (`first_seat`, `first_wizard`), a Diamagic of his
    (`colour`), a second Wizard (`second_seat`, `second_wizard`), and a Diamagic of his."""

    __slots__ = ("kind", "seat", "reach", "keyword", "wizard", "source", "stage", "first_seat", "first_wizard",
                 "second_seat", "second_wizard", "colour")

    def __init__(self, kind: str, seat: int, reach: str = "", keyword: str | None = None, wizard: int = -1,
                 source: str = "") -> None:
        self.kind = kind
        self.seat = seat
        self.reach = reach
        self.keyword = keyword
        self.wizard = wizard
        self.source = source
        self.stage = 0
        self.first_seat = -1
        self.first_wizard = -1
        self.second_seat = -1
        self.second_wizard = -1
        self.colour = -1

    def copy(self) -> Task:
        t = Task(self.kind, self.seat, self.reach, self.keyword, self.wizard, self.source)
        t.stage, t.first_seat, t.first_wizard = self.stage, self.first_seat, self.first_wizard
        t.second_seat, t.second_wizard, t.colour = self.second_seat, self.second_wizard, self.colour
        return t

    def __repr__(self) -> str:
        return (f"Task({self.kind!r}, P{self.seat}, stage {self.stage}, reach {self.reach!r} from {self.wizard}, "
                f"keyword {self.keyword!r}, first {self.first_seat}/{self.first_wizard} colour {self.colour}, "
                f"second {self.second_seat}/{self.second_wizard})")


@final
class Tallies:
    """One player's counts while declaring Support exchanges (6.3.3), by card id: `have`,
    the deck's copies that may go out (those that came in from the Support deck are taken
    back instead); `left`, the Support deck's copies that may come in (not those an exchange
    sent there). Each exchange moves one count, so the options need no recount."""

    __slots__ = ("have", "left")

    def __init__(self, have: list[int], left: list[int]) -> None:
        self.have = have
        self.left = left


# Every field of a table, in one place: the class's slots, and what tests compare
# field by field (compiled classes do not keep a __slots__ attribute).
FIELDS: Final = (
    "seed", "rng", "fmt", "target", "max_turns", "youngest", "decks", "lists", "log",
    "phase", "actor", "legal", "result", "turn", "tp", "cur",
    "team", "hand", "deck", "disc", "cdeck", "cdisc", "support", "out_pick", "swaps", "tallies", "penalty", "owned",
    "known", "reserve", "stake", "seen", "castles", "castle_plain",
    "play", "up", "down", "casts", "extra", "blocked", "held", "passed", "shown_limit", "forced", "steps", "seq",
    "queue", "resume", "lineup", "pool", "affiliation", "wr", "pub", "cpub", "played", "last",
)

# The last challenge as the table saw it once every Magic was turned over (7.7), kept with
# the log until the next challenge is counted (a table shows its Magics until the next
# challenge's first cast, and its result after that): (turn, player taking the turn, winner or -1,
# (P0's Final Magic Power, P1's), rule, (Castle card, owner, Plain) or None, Diamagic at
# stake, Magics), each Magic (owner, position, card, Modified Magic Power, cast face-down,
# Plain, without effect).
LastMagic = tuple[int, int, int, int, bool, bool, bool]
LastChallenge = tuple[int, int, int, tuple[int, int], str, "tuple[int, int, bool] | None", int,
                      tuple[LastMagic, ...]]


# The highest Magic Power each Wizard position may cast (8.11), when some card limits it.
Limits = tuple[int, int, int]
# What the Wizards' abilities say about one player's casting: hide, no-hide and limit (as
# in _cast_rules) and the positions immune to Castles, to Magics, to opposing Magics.
WizardRules = tuple[int, int, "Limits | None", int, int, int]


@final
class MickeyState:
    __slots__ = FIELDS

    seed: int
    rng: Rng
    fmt: int                       # 0 MiniSfida, 1 Grande Sfida, 2 Official Challenge
    target: int                    # Diamagic that win (6.1.6, 6.2.6, 6.3.8)
    max_turns: int                 # the table limit (ruling R10)
    youngest: int                  # who chooses the first player in MiniSfida / Grande Sfida (6.1.3)
    decks: tuple                   # the two decks played, as JSON (for records)
    lists: tuple[DeckList | None, DeckList | None]  # per seat, a ready-made deck's public list (R36)
    log: list[Event] | None
    phase: int
    actor: tuple[Seat, ...]        # who must decide now
    legal: list | None             # the actor's legal actions, built on demand
    result: Outcome | None
    turn: int
    tp: Seat                       # the player taking the turn
    cur: Seat                      # whose move it is in the challenge
    team: list[list[CardId]]       # Wizard card per position, -1 while not lined up
    hand: list[list[CardId]]
    deck: list[list[CardId]]       # Magic deck, top at the end
    disc: list[list[CardId]]       # Magic discards
    cdeck: list[list[CardId]]      # Castle deck, top at the end
    cdisc: list[list[CardId]]
    support: list[list[CardId]]    # Official: the Support cards still available (6.3.3)
    out_pick: list[CardId]         # Official: the card chosen to leave the deck, -1 before
    swaps: list[list[int]]         # Official: the exchanges declared and not taken back, as (out, in)
                                   # pairs flattened, then the count of exchanges declared (R14)
    tallies: list[Tallies | None]  # Official: what support.py counts while declaring, built on demand
    penalty: list[int]             # Official: -1 per Wizard not of the declared affiliation
    owned: list[list[list[int]]]   # Diamagic colours owned by each Wizard, per player and position
    known: list[list[CardId]]      # cards of each hand the opponent has been shown
    reserve: list[int]             # Diamagic colours, order secret (a draw takes a random one)
    stake: list[int]               # Diamagic at stake on the Castle in play
    seen: list[int]                # per stake token: bit mask of seats that know its colour
    castles: list[tuple[CardId, Seat]]  # (card, owner) in play, the top one last (9.16)
    castle_plain: bool             # the top Castle was made Plain
    play: list[Mg]                 # every Magic in play, in the order it came into play
    up: list[list[Mg | None]]      # Area of Cast Magics, per player and position
    down: list[list[Mg | None]]    # Area of Hidden Cast Magics (this challenge's face-down cast)
    casts: list[list[int]]         # Magics cast (or cast face-down) by each Wizard this challenge
    extra: list[list[bool]]        # a face-down Magic cast in addition (8.3) was used
    blocked: list[int]             # bit mask of Blocked positions (9.3), worked out from the Blocks in play
    held: list[int]                # what Wizards' abilities did this challenge, which lasts it out: the
                                   # positions they Blocked per player, then the index of a Castle
                                   # they made Plain (-1: none)
    passed: list[bool]             # passed (8.12) this challenge
    shown_limit: list[bool]        # the hand was revealed under 8.11 this challenge
    forced: list[tuple[int, ...] | None]  # Confuse: (position, card or -1) for the next moves, in
                                          # order, flattened (9.4, ruling R33)
    steps: int                     # decisions in this challenge (ruling R10)
    seq: int                       # order of coming into play
    queue: list[Task]              # effect decisions waiting, first one is live
    resume: int                    # what follows when the effect queue is empty
    lineup: list[int]              # Official line-up (6.3.6): (player, how many) still to place, flattened
    pool: list[list[CardId]]       # Official: Wizards not yet lined up
    affiliation: list[str | None]  # Official: the declared team affiliation (6.3.2), public
    wr: list[WizardRules | None]   # per player: what the Wizards' abilities say about casting, once known
    pub: list[list[CardId]]        # Magics everyone knows are in each hand-or-deck (a deck rebuilt from discards)
    cpub: list[list[CardId]]       # Castles everyone knows are in each Castle deck (rebuilt from discards)
    played: list[int]              # per player, bit mask of the Magics and Castles it put into play
                                   # (face-down ones too: secret until revealed); for studies, no rule reads it
    last: LastChallenge | None     # the last challenge's board (see LastChallenge); replaced, never changed


def copy_state(s: MickeyState) -> MickeyState:
    c = MickeyState.__new__(MickeyState)
    c.seed, c.rng, c.fmt, c.target, c.max_turns = s.seed, s.rng.copy(), s.fmt, s.target, s.max_turns
    c.youngest, c.decks, c.lists, c.log = s.youngest, s.decks, s.lists, None if s.log is None else s.log[:]
    c.phase, c.actor, c.legal, c.result = s.phase, s.actor, None, s.result
    c.turn, c.tp, c.cur = s.turn, s.tp, s.cur
    a, b = s.team
    c.team = [a[:], b[:]]
    a, b = s.hand
    c.hand = [a[:], b[:]]
    a, b = s.deck
    c.deck = [a[:], b[:]]
    a, b = s.disc
    c.disc = [a[:], b[:]]
    a, b = s.cdeck
    c.cdeck = [a[:], b[:]]
    a, b = s.cdisc
    c.cdisc = [a[:], b[:]]
    a, b = s.support
    c.support = [a[:], b[:]]
    c.out_pick = s.out_pick[:]
    c.swaps = [s.swaps[0][:], s.swaps[1][:]]
    c.tallies = [None, None]  # rebuilt on demand, like the legal list
    c.penalty = s.penalty  # replaced, never changed in place: shared safely
    c.owned = [[w[:] for w in s.owned[0]], [w[:] for w in s.owned[1]]]
    a, b = s.known
    c.known = [a[:], b[:]]
    c.reserve, c.stake, c.seen = s.reserve[:], s.stake[:], s.seen[:]
    c.castles, c.castle_plain = s.castles[:], s.castle_plain
    # Magics in play are shared objects referenced from several places: copy each once.
    fresh = {id(m): m.copy() for m in s.play}
    c.play = [fresh[id(m)] for m in s.play]
    c.up = [[None if m is None else fresh[id(m)] for m in row] for row in s.up]
    c.down = [[None if m is None else fresh[id(m)] for m in row] for row in s.down]
    a, b = s.casts
    c.casts = [a[:], b[:]]
    e0, e1 = s.extra
    c.extra = [e0[:], e1[:]]
    c.blocked, c.held, c.passed, c.shown_limit = s.blocked[:], s.held[:], s.passed[:], s.shown_limit[:]
    c.forced, c.steps, c.seq = s.forced[:], s.steps, s.seq
    c.queue = [t.copy() for t in s.queue]
    c.resume, c.lineup, c.affiliation = s.resume, s.lineup[:], s.affiliation
    c.pool = [s.pool[0][:], s.pool[1][:]]
    c.wr = s.wr
    c.pub = [s.pub[0][:], s.pub[1][:]]
    c.cpub = [s.cpub[0][:], s.cpub[1][:]]
    c.played = s.played[:]
    c.last = s.last
    return c


# The rulebook sections the engine cites, one constant each ("WoM 7.13": section 7.13 of the
# rules, numbered as docs/games/mickey.md numbers them).
WOM_3: Final = "WoM 3"
WOM_6_1_3: Final = "WoM 6.1.3"
WOM_6_3_2: Final = "WoM 6.3.2"
WOM_6_3_3: Final = "WoM 6.3.3"
WOM_6_3_4: Final = "WoM 6.3.4"
WOM_6_3_5: Final = "WoM 6.3.5"
WOM_6_3_6: Final = "WoM 6.3.6"
WOM_7_1: Final = "WoM 7.1"
WOM_7_2: Final = "WoM 7.2"
WOM_7_3: Final = "WoM 7.3"
WOM_7_6: Final = "WoM 7.6"
WOM_7_7: Final = "WoM 7.7"
WOM_7_8: Final = "WoM 7.8"
WOM_7_9: Final = "WoM 7.9"
WOM_7_10: Final = "WoM 7.10"
WOM_7_11: Final = "WoM 7.11"
WOM_7_12: Final = "WoM 7.12"
WOM_7_13: Final = "WoM 7.13"
WOM_7_14: Final = "WoM 7.14"
WOM_8_2: Final = "WoM 8.2"
WOM_8_3: Final = "WoM 8.3"
WOM_8_4: Final = "WoM 8.4"
WOM_8_5: Final = "WoM 8.5"
WOM_8_8: Final = "WoM 8.8"
WOM_8_10: Final = "WoM 8.10"
WOM_8_11: Final = "WoM 8.11"
WOM_8_12: Final = "WoM 8.12"
WOM_8_13: Final = "WoM 8.13"
WOM_8_14: Final = "WoM 8.14"
WOM_9: Final = "WoM 9"
WOM_9_2: Final = "WoM 9.2"
WOM_9_3: Final = "WoM 9.3"
WOM_9_4: Final = "WoM 9.4"
WOM_9_5: Final = "WoM 9.5"
WOM_9_6: Final = "WoM 9.6"
WOM_9_7: Final = "WoM 9.7"
WOM_9_8: Final = "WoM 9.8"
WOM_9_9: Final = "WoM 9.9"
WOM_9_10: Final = "WoM 9.10"
WOM_9_11: Final = "WoM 9.11"
WOM_9_13: Final = "WoM 9.13"
WOM_9_14: Final = "WoM 9.14"
WOM_9_15: Final = "WoM 9.15"
WOM_9_16: Final = "WoM 9.16"
WOM_10_7: Final = "WoM 10.7"
WOM_10_8: Final = "WoM 10.8"
WOM_10_10: Final = "WoM 10.10"
WOM_10_16: Final = "WoM 10.16"
WOM_10_17: Final = "WoM 10.17"
WOM_10_18: Final = "WoM 10.18"
WOM_10_19: Final = "WoM 10.19"
WOM_10_25: Final = "WoM 10.25"
WOM_11_1: Final = "WoM 11.1"


# The formats and the numbers of the rules (section 6, rulings R10).
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
# what the queue goes back to when it empties
RESUME_CHALLENGE: Final = 0
RESUME_DRAW: Final = 1


def forget(s: MickeyState, player: int, c: int) -> None:
    """A card has left the player's hand: it no longer counts among the cards known to be there."""
    if c in s.known[player]:
        s.known[player].remove(c)
    if c in s.pub[player]:
        s.pub[player].remove(c)


def take(s: MickeyState, pile: list[CardId]) -> CardId:
    """A card from a face-down pile at random (the pile is unordered, see new_state)."""
    i = s.rng.below(len(pile))
    last = pile.pop()
    if i < len(pile):
        pile[i], last = last, pile[i]
    return last


def remove_card(pile: list[CardId], c: CardId) -> None:
    """`pile.remove(c)` with the ids compared as machine ints in the compiled build."""
    for i in range(len(pile)):
        if pile[i] == c:
            del pile[i]
            return
    raise ValueError(f"card {c} is not there")
