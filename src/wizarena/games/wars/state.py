"""The position of one Wizard Wars table: flat lists indexed by card instance, cheap to clone.

Every physical card of a game is an *instance*, an int: `card[i]` is its card id in the
collection, `owner[i]` the player whose graveyard it goes to. Zones are lists of
instances per player (a deck's top is its end). The facts a card has only while it is on
the battlefield (side, tapped, damage, counters, statuses, bounty, boost, its host when
it is equipment, the turn it arrived) are lists indexed by instance too, reset when it
leaves. Created cards append a new instance to every such list.
"""

from __future__ import annotations

from typing import Final, final

from wizarena.core import Action, Event, Outcome, Rng

# Phases
MULLIGAN: Final = 0
DICE: Final = 1
MAIN: Final = 2
CHOOSE: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("mulligan", "dice", "main", "choose", "over")

# What to do when the ability queue runs dry (see turn.py).
RESUME_MAIN: Final = 0
RESUME_TURN: Final = 1
RESUME_PASS: Final = 2

ROW_SLOTS: Final = 16   # ruling R9: a row holds at most 16 cards
OPENING: Final = 10
REDRAW: Final = 3
MULLIGANS: Final = 2

# Rule citations: "Wars <rulebook section>" and "Wars Keywords/<keyword>"; rulings are
# numbered in docs/games/wars.md.
R_GAME: Final = "Wars The Game"
R_DECK: Final = "Wars Deckbuilding"
R_LIFE: Final = "Wars Card Lifecycle"
R_TYPES: Final = "Wars Card Types"
R_START: Final = "Wars Starting the Game"
R_PLAY: Final = "Wars Playing the Game"
R_ROUND: Final = "Wars Round Transition"
R_DRAWS: Final = "Wars Draws"
R_MANA: Final = "Wars Mana"
R_CLAR: Final = "Wars Clarifications"


def kw(name: str) -> str:
    return "Wars Keywords/" + name


# A queued ability: (source instance, controller, card id, ability index, argument).
# Ability index SPAWN_ANY is the Bounty's "spawn a mana of any colour" for the controller;
# EXPEND is an expend whose die the controller chooses (the argument is the face), queued
# when both an allied and a common die show the face (Wars Keywords/Expend); TO_GRAVE
# follows a tactic's own abilities.
Task = tuple[int, int, int, int, int]
SPAWN_ANY: Final = -2
EXPEND: Final = -3
TO_GRAVE: Final = -4  # a tactic that has taken effect enters its graveyard (Wars Card Types)

FIELDS: Final = (
    "seed", "rng", "log", "result", "decks", "factions", "devoted",
    "card", "owner", "side", "tapped", "damage", "counters", "status", "bounty", "boost", "host", "arrived",
    "deck", "hand", "row", "gear", "grave", "sideboard", "banished", "mull", "known", "acting",
    "dice", "round", "wins", "results", "round_scores", "first", "first_r1", "cur", "passed", "did", "turn_no",
    "stayed", "phase", "mulls", "dice_left", "shown", "queue", "choice", "options", "resume", "points", "legal",
    "steps", "played", "last_board",
)


@final
class WarsState:
    __slots__ = FIELDS

    seed: int
    rng: Rng
    log: list[Event] | None
    result: Outcome | None
    decks: tuple[object, object]       # the deck specs the game was made with (for records)
    factions: list[str]
    devoted: list[bool]                # Devotion: the starting deck had no unaffiliated card
    card: list[int]
    owner: list[int]
    side: list[int]                    # the row a card sits on, -1 off the battlefield
    tapped: list[bool]
    damage: list[int]
    counters: list[int]
    status: list[int]                  # status bits (cards.LOCKED ...)
    bounty: list[int]
    boost: list[int]                   # power added by effects
    host: list[int]                    # the unit an equipment is attached to, -1 otherwise
    arrived: list[int]                 # the turn number it came to the battlefield (Haste)
    deck: list[list[int]]              # top at the end
    hand: list[list[int]]
    row: list[list[int]]               # units and emplacements, left to right
    gear: list[list[int]]              # equipment on each side's units
    grave: list[list[int]]
    sideboard: list[list[int]]
    banished: list[int]
    mull: list[list[int]]              # the mulligan pile, face down
    known: list[list[int]]             # hand cards the opponent knows (drawn Echo cards)
    acting: list[int]                  # tactics played and taking effect, bound for the graveyard
    dice: list[int]                    # 0-2 common, 3-5 P0's allied, 6-8 P1's allied
    round: int
    wins: list[int]
    results: list[int]                 # the winner of each finished round, -1 for a draw
    round_scores: list[int]            # each finished round's two scores, P0's then P1's
    first: int                         # who goes first this round
    first_r1: int
    cur: int                           # whose turn it is
    passed: list[bool]
    did: bool                          # the player on turn has played (or discarded) a card
    stayed: bool                       # ... or tapped one: either way he chose not to pass
    turn_no: int
    phase: int
    mulls: list[int]                   # mulligans left; -1 when done
    dice_left: list[int]               # allied dice still to set at the start
    shown: list[int]                   # P0's hand and deck sizes, then P1's, as the table saw them when
                                       # the mulligans began: what the other seat is shown until both end
    queue: list[Task]
    choice: Task | None                # the queued ability waiting for its controller's choice
    options: list[Action]
    resume: int
    points: list[int]                  # points gained this round besides power (Plunder ...)
    legal: list[list[Action] | None]   # per seat, built lazily
    steps: int
    played: list[int]                  # per player, bit mask of the cards it played from hand; for
                                       # studies, no rule reads it
    last_board: WarsState | None       # the table as the last round ended, before its rows were
                                       # cleared (kept with the log, for the rows to be shown); never changed

    def copy(self) -> WarsState:
        c = WarsState.__new__(WarsState)
        c.seed = self.seed
        c.rng = self.rng.copy()
        c.log = None if self.log is None else self.log[:]
        c.result = self.result
        c.decks = self.decks
        c.factions = self.factions
        c.devoted = self.devoted
        c.card = self.card[:]
        c.owner = self.owner[:]
        c.side = self.side[:]
        c.tapped = self.tapped[:]
        c.damage = self.damage[:]
        c.counters = self.counters[:]
        c.status = self.status[:]
        c.bounty = self.bounty[:]
        c.boost = self.boost[:]
        c.host = self.host[:]
        c.arrived = self.arrived[:]
        c.deck = [self.deck[0][:], self.deck[1][:]]
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.row = [self.row[0][:], self.row[1][:]]
        c.gear = [self.gear[0][:], self.gear[1][:]]
        c.grave = [self.grave[0][:], self.grave[1][:]]
        c.sideboard = [self.sideboard[0][:], self.sideboard[1][:]]
        c.banished = self.banished[:]
        c.mull = [self.mull[0][:], self.mull[1][:]]
        c.known = [self.known[0][:], self.known[1][:]]
        c.acting = self.acting[:]
        c.dice = self.dice[:]
        c.round = self.round
        c.wins = self.wins[:]
        c.results = self.results[:]
        c.round_scores = self.round_scores[:]
        c.first = self.first
        c.first_r1 = self.first_r1
        c.cur = self.cur
        c.passed = self.passed[:]
        c.did = self.did
        c.stayed = self.stayed
        c.turn_no = self.turn_no
        c.phase = self.phase
        c.mulls = self.mulls[:]
        c.dice_left = self.dice_left[:]
        c.shown = self.shown  # never mutated: replaced whole
        c.queue = self.queue[:]
        c.choice = self.choice
        c.options = self.options  # never mutated: replaced whole
        c.resume = self.resume
        c.points = self.points[:]
        c.legal = [None, None]
        c.steps = self.steps
        c.played = self.played[:]
        c.last_board = self.last_board
        return c


def usable(p: int) -> tuple[int, ...]:
    """The dice player p may use: the three common ones and p's three allied ones."""
    return (0, 1, 2, 3 + 3 * p, 4 + 3 * p, 5 + 3 * p)
