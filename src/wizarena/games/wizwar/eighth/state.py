"""The state of an 8th-edition game: the shared labyrinth (LabyrinthState) and what the
8th edition adds to it, in plain lists of ints as the 6e state keeps them.

Figures, not seats, stand on the board (design brief, "Shape in the engine"): a wizard is
the figure of his seat's number, and creatures (the Homunculus; the 6e expansion's
monsters later) are figures after the wizards, each with its controller. Position, life
and base speed are per figure; hands, victory points and the turn are per seat.
"""

from __future__ import annotations

from typing import Any, Final, final

from wizarena.core import Outcome, Rng

from ..labyrinth_state import LabyrinthState

# Citations of the events (the 8e chapter's sections and the brief's tags; docs/games/wizwar-8e.md).
R_SETUP: Final = "WW8 OPT setup"        # brief rules 1-3: sides, sectors, colours, life, hands
R_FIRST: Final = "WW8 ruling R8-13"     # the first player by a roll-off of the d4
R_MOVE: Final = "WW8 Moving"
R_BOOST: Final = "WW8 Speed Boost"
R_SPEED: Final = "WW8 Changing Base Speed"
R_PORTAL: Final = "WW8 Leaving the Board and Moving Through Portals"
R_DOORS: Final = "WW8 Doors"
R_RANDOM: Final = "WW8 Random Movement"  # read against the overlay (ruling R8-11)
R_OWN_DOOR: Final = "WW8 ruling R8-10"  # one's own doors are not locked for him
R_TURN: Final = "WW8 OPT turn"          # brief rule 4: Time Passes, Move & Cast, Discard & Draw
R_HAND: Final = "WW8 OPT hand limit"    # brief rule 17
R_RESHUFFLE: Final = "WW8 ruling R8-13"  # an empty draw pile is the discard pile shuffled
R_WIN: Final = "WW8 Attacking"          # brief rule 19: victory points, the last wizard alive
R_CAP: Final = "WW8 ruling R8-14"       # the round cap
R_PICK_UP: Final = "WW8 OPT pickups"    # brief rule 18: what picking up costs
R_SCORED: Final = "WW8 ruling R8-1"     # a treasure brought home scores once
R_HARM: Final = "WW8 Attacking"         # damage, death (brief rule 3)
R_DEATH: Final = "WW8 ruling R8-6"      # what becomes of a dead wizard's things
R_CRACKS: Final = "WW8 MW"              # brief rule 14: damaging objects, cracks
R_CARD: Final = "WW8 INV"               # a card's own text (the inventory's card, in our words)

PERMANENT: Final = -1   # the tokens of a maintained spell that never runs out

# Phases of a turn (brief rule 4).
TIME_PASSES: Final = 0
MOVE_AND_CAST: Final = 1
DISCARD_AND_DRAW: Final = 2
OVER: Final = 3
# Sub-decisions inside Move & Cast (or an answer): a spell's energy, where it goes, the
# answers to it, and a hand cut down to its limit at once.
POWERING: Final = 4
AIMING: Final = 5
ANSWERING: Final = 6
TRIMMING: Final = 7
REACTING: Final = 8      # a treasure was lifted: each other seat may spring a reactive card (R8-9)
STEALING: Final = 9      # Thought Steal resolved: its caster picks from the hand he reads
BURNING: Final = 10      # Brain Burn resolved: its target throws away what he likes first
DRAFTING: Final = 11     # Custom Spellbook: the groups draft their schools before the first turn
PHASE_NAMES: Final = ("time passes", "move and cast", "discard and draw", "over", "powering a spell",
                      "aiming", "answering", "over the hand limit", "reacting", "stealing", "throwing away",
                      "drafting schools")

R_ATTACK: Final = "WW8 Attacking"
R_PUNCH: Final = "WW8 Punching"
R_ANSWER: Final = "WW8 Canceling, Reducing or Evading Attacks"
R_ENERGY: Final = "WW8 OPT energy"      # brief rule 15: a spell's energy
R_DURATION: Final = "WW8 OPT durations"  # brief rule 16: instant, temporary, permanent
R_FIRST_ROUND: Final = "WW8 ruling R8-3"
R_STUN: Final = "WW8 ruling R8-4"

FIELDS: Final = ("seed", "rng", "n", "schools", "phase", "round", "first",
                 "life", "speed", "controller", "moves", "boosted", "hands", "maintained", "items",
                 "decks", "discards", "group", "drafts", "floor", "treasure_at", "carried", "spent", "points",
                 "target", "dying", "cracks", "result",
                 "attacks", "stun", "dazed", "walked", "struck", "cast", "answer", "asking", "trim", "resume",
                 "options", "legal_for", "legal", "played", "reacting", "trigger", "traps",
                 "pool", "origin", "bend", "sick", "barred", "strides", "busy", "owed", "brained",
                 "follow", "back", "seen")


@final
class EighthState(LabyrinthState):
    """An 8e game's whole state."""

    __slots__ = FIELDS

    seed: int
    rng: Rng
    n: int                         # players; wizards are figures 0 .. n - 1
    schools: tuple[str, ...]       # the schools in play: three with White Cantrip (all drafted ones
                                   # under Custom Spellbook, all six in the Giant Book)
    phase: int
    round: int                     # 1-based
    first: int                     # the seat that won the roll-off and moves first each round
    life: list[int]                # per figure
    speed: list[int]               # per figure: its base speed (brief rule 5; forms change it)
    controller: list[int]          # per figure: the seat that moves it (a wizard: his own)
    moves: int                     # movement points of the turn's wizard; may be below 0 (rule 7)
    boosted: bool                  # this turn's one speed boost is spent (rule 6)
    hands: list[list[int]]         # per seat: card indices of eighth/cards.py
    maintained: list[list[tuple[int, int, int]]]  # per seat: his spells in play, (card, energy
                                   # tokens left or PERMANENT, what it lies on: a figure, square
                                   # or line in the card's terms, -1 nothing), face up (rule 16)
    items: list[list[int]]         # per seat: the items his wizard carries, face up (rule 18)
    decks: list[list[int]]         # the draw piles, top at the end: one, or one per group (piles.py)
    discards: list[list[int]]      # the discard piles, likewise
    group: tuple[int, ...]         # per seat: the piles he draws from and discards to (0 but under
                                   # Custom Spellbook, where the odd seats have the second)
    drafts: list[list[str]]        # Custom Spellbook: the schools each group drafted, in order
    floor: list[tuple[int, int]]   # items lying on the board as markers: (square, card)
    treasure_at: list[int]         # treasure t (seat t // 2's): its square, -1 while carried
    carried: list[int]             # per figure: the treasure it carries, -1 none
    spent: list[int]               # treasures scored: their markers stay, out of play (R8-1)
    points: list[int]              # per seat: victory points (brief rule 19)
    target: int                    # the victory points that win (2; more under Extended Play)
    dying: list[tuple[int, int]]   # wizards killed by the event under way, not yet decided:
                                   # (seat, the seat whose own attack killed him or -1)
    cracks: list[int]              # per thing (an edge, or n_edges + a square): cracks on it (rule 14)
    result: Outcome | None
    attacks: int                   # attacks the turn's wizard has left (brief rule 11: one)
    stun: list[int]                # per figure: stun tokens (rulings R8-4, R8-5)
    dazed: bool                    # the turn's wizard is stunned this turn (R8-5): move or attack
    walked: bool                   # the turn's wizard has spent a movement point (stun: move or attack)
    struck: bool                   # the turn's wizard has attacked (stun: move or attack)
    cast: Cast | None              # the spell or attack under way, until it is done
    answer: Cast | None            # a counter being powered in answer to it
    asking: list[int]              # seats still to answer the cast under way, in order
    trim: list[int]                # seats over the hand limit, to discard at once, in order
    resume: int                    # the phase to go back to once a cast or a trim is done
    options: frozenset[str]        # the optional rules in play (game.py's OPTIONS)
    legal_for: int                 # the seat `legal` was worked out for, -1 none
    legal: list[Any]               # the legal actions of that seat now (game.py's cache)
    reacting: list[int]            # seats still to be asked whether they spring a reactive card
    trigger: tuple[int, int, int, int]  # what they react to: (the picker, the treasure, its square,
                                   # the phase he goes on with after)
    played: list[int]              # per seat: a bit per card index he has cast or used (a study's
                                   # card usage; never shown in a view)
    traps: list[tuple[int, int, int]]  # Booby Trap tokens face down: (square, owner seat, 1 the trap
                                   # or 0 a blank); a view shows the square and owner, never which
    pool: int                      # Add: the energy the turn's wizard's next spell takes, 0 none
    origin: int                    # Astral Projection: the square his next spell is cast from, -1 none
    bend: bool                     # Around the Corner: his next spell's sight may turn one corner
    sick: int                      # Disease: a bit per figure its carrier has struck this turn
    barred: int                    # Mad Dash: a bit per seat that may lift no treasure before his next turn
    strides: list[int]             # per figure: a creature's movement points left this turn (R8-7; wizards 0)
    busy: bool                     # the turn's wizard has done something in this Move & Cast (the Tacks)
    owed: list[int]                # per seat: cards to discard from his hand for parting with a Brainstone
    brained: int                   # a bit per seat carrying a Brainstone when last looked (turn.part_brainstones)
    follow: Cast | None            # a resolved cast whose end waits on a decision (STEALING, BURNING)
    back: int                      # the phase play goes back to once that decision is made
    seen: dict[int, bytes] | None  # sight rows worked out while one legal list is made (legal.py),
                                   # by figure * 2 + spell; None at any other time


NO_CARD: Final = -1     # a punch: an attack with no card

# What a cast's aims are (spells.py): nothing, figures, squares, lines, headings.
NO_AIM: Final = 0
FIGURE: Final = 1
SQUARE: Final = 2
LINE: Final = 3
HEADING: Final = 4
SPELL: Final = 5         # a spell in play: its maintainer's seat * SPELL_SLOTS + its place in his area
HAND: Final = 6          # cards of the caster's hand (Add), as PAYING + the card
SPELL_SLOTS: Final = 16
# A target that may be a figure or an object is one int: a figure's number, or one of these
# bases plus a line (a wall or door) or a square (a stone block, a bush) (brief rule 14).
LINE_THING: Final = 1000
SQUARE_THING: Final = 2000
STUNNING: Final = 3000   # Zot's other choice: this base plus the figure it stuns
STABBING: Final = 4000   # the Dagger kept in hand: this base plus the figure stabbed
STEPPING: Final = 5000   # one square of a path a card moves along: this base plus the heading
GRAB_TREASURE: Final = 6000  # a treasure lying in sight (Glue, Stretch): this base plus the treasure
GRAB_ITEM: Final = 6100  # an item lying in sight (Glue, Stretch): this base plus its card
PUT_ITEM: Final = 6300   # an item carried, to put down in a square picked before (Stretch)
PUT_TREASURE: Final = 6500  # the treasure carried, to put down so (Stretch)
PUNCHING: Final = 6600   # a punch at a figure out of reach (Stretch): this base plus the figure
PAYING: Final = 7000     # a card of the hand paid into a pool (Add): this base plus the card
SPLIT: Final = 8000      # the squares of knock-back a Waterbolt's energy buys: this base plus them
STOP: Final = 9000       # the end of a path (or of picks) before the card's most
IN_WALL: Final = 1000    # what a Create Door lies on: its line, plus this when cut into a printed wall


@final
class Cast:
    """A spell, an item's use or a punch under way: who casts it, with what energy, at what,
    and what the answers did to it. It lives on the state from the cast until it resolves
    or is cancelled, so every sub-decision (power, aim, answers) reads one record."""

    __slots__ = ("seat", "card", "item", "counter", "attack", "aim", "energy", "paid", "aims", "cancelled_by",
                 "canceller", "cut", "evaded")

    def __init__(self, seat: int, card: int, item: bool = False, counter: bool = False, attack: bool = False,
                 aim: int = 0) -> None:
        self.seat = seat               # the caster
        self.card = card               # the card cast or used; NO_CARD for a punch
        self.item = item               # an item used from his play area (not a spell)
        self.counter = counter         # cast as an answer to another cast
        self.attack = attack           # it is the turn's attack (brief rule 11)
        self.aim = aim                 # what its aims are (spells.py: FIGURE, SQUARE ...)
        self.energy = 1                # brief rule 15: 1 unless a card powers it
        self.paid: list[int] = []      # the cards discarded to power it
        self.aims: list[int] = []      # what it is aimed at, in the card's terms (figures, squares, lines)
        self.cancelled_by = NO_CARD    # the counter that cancelled it, if one stands
        self.canceller = -1            # the seat that played that counter
        self.cut: list[int] = []       # per figure: damage taken off by answers (Shield)
        self.evaded: list[int] = []    # figures that evaded it

    def copy(self) -> Cast:
        c = Cast(self.seat, self.card, self.item, self.counter, self.attack, self.aim)
        c.energy, c.paid, c.aims = self.energy, self.paid[:], self.aims[:]
        c.cancelled_by, c.canceller = self.cancelled_by, self.canceller
        c.cut, c.evaded = self.cut[:], self.evaded[:]
        return c


def copy_state(s: EighthState) -> EighthState:
    """A copy for search: every list copied, the map copied, the profile and sight shared."""
    c = EighthState()
    c.seed, c.rules, c.rng, c.n, c.schools = s.seed, s.rules, s.rng.copy(), s.n, s.schools
    c.map, c.sight = s.map.copy(), s.sight
    c.phase, c.turn, c.round, c.first = s.phase, s.turn, s.round, s.first
    c.pos, c.life, c.speed, c.controller = s.pos[:], s.life[:], s.speed[:], s.controller[:]
    c.moves, c.boosted = s.moves, s.boosted
    c.hands = [h[:] for h in s.hands]
    c.maintained = [m[:] for m in s.maintained]
    c.items = [i[:] for i in s.items]
    c.decks, c.discards, c.floor = [d[:] for d in s.decks], [d[:] for d in s.discards], s.floor[:]
    c.group, c.drafts = s.group, [d[:] for d in s.drafts]
    c.treasure_at, c.carried, c.spent = s.treasure_at[:], s.carried[:], s.spent[:]
    c.points, c.target, c.dying = s.points[:], s.target, s.dying[:]
    c.cracks, c.out, c.result = s.cracks[:], s.out[:], s.result
    c.log = None if s.log is None else s.log[:]
    c.attacks, c.stun, c.dazed, c.walked, c.struck = s.attacks, s.stun[:], s.dazed, s.walked, s.struck
    c.answer = None if s.answer is None else s.answer.copy()
    c.cast = None if s.cast is None else s.cast.copy()
    c.asking, c.trim, c.resume, c.options = s.asking[:], s.trim[:], s.resume, s.options
    c.legal_for, c.legal = s.legal_for, s.legal
    c.played, c.holding = s.played[:], s.holding[:]
    c.reacting, c.trigger = s.reacting[:], s.trigger
    c.traps = s.traps[:]
    c.pool, c.origin, c.bend, c.sick, c.barred = s.pool, s.origin, s.bend, s.sick, s.barred
    c.strides, c.busy = s.strides[:], s.busy
    c.owed, c.brained = s.owed[:], s.brained
    c.follow, c.back = None if s.follow is None else s.follow.copy(), s.back
    c.seen = None
    return c
