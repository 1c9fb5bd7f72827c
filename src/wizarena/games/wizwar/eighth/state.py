"""The state of an 8th-edition game: the shared labyrinth (LabyrinthState) and what the
8th edition adds to it, in plain lists of ints as the 6e state keeps them.

Figures, not seats, stand on the board (design brief, "Shape in the engine"): a wizard is
the figure of his seat's number, and creatures (the Homunculus; the 6e expansion's
monsters later) are figures after the wizards, each with its controller. Position, life
and base speed are per figure; hands, victory points and the turn are per seat.
"""

from __future__ import annotations

from typing import Final, final

from wizarena.core import Event, Outcome, Rng

from ..labyrinth_state import LabyrinthState
from ..profile import Profile

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

PERMANENT: Final = -1   # the tokens of a maintained spell that never runs out

# Phases of a turn (brief rule 4).
TIME_PASSES: Final = 0
MOVE_AND_CAST: Final = 1
DISCARD_AND_DRAW: Final = 2
OVER: Final = 3

FIELDS: Final = ("seed", "rules", "rng", "n", "schools", "phase", "turn", "round", "first",
                 "pos", "life", "speed", "controller", "moves", "boosted", "hands", "maintained", "items",
                 "deck", "discard", "floor", "treasure_at", "carried", "spent", "points", "target", "dying",
                 "cracks", "out", "result", "log")


@final
class EighthState(LabyrinthState):
    """An 8e game's whole state."""

    __slots__ = FIELDS

    seed: int
    rules: Profile                 # the edition's numbers (profile.EIGHTH)
    rng: Rng
    n: int                         # players; wizards are figures 0 .. n - 1
    schools: tuple[str, ...]       # the three schools dealt into the deck with White Cantrip
    phase: int
    turn: int                      # the seat whose turn it is
    round: int                     # 1-based
    first: int                     # the seat that won the roll-off and moves first each round
    pos: list[int]                 # per figure: its square
    life: list[int]                # per figure
    speed: list[int]               # per figure: its base speed (brief rule 5; forms change it)
    controller: list[int]          # per figure: the seat that moves it (a wizard: his own)
    moves: int                     # movement points of the turn's wizard; may be below 0 (rule 7)
    boosted: bool                  # this turn's one speed boost is spent (rule 6)
    hands: list[list[int]]         # per seat: card indices of eighth/cards.py
    maintained: list[list[tuple[int, int]]]  # per seat: his spells in play, (card, energy tokens
                                   # left or PERMANENT), face up (brief rule 16)
    items: list[list[int]]         # per seat: the items his wizard carries, face up (rule 18)
    deck: list[int]                # the draw pile, top at the end
    discard: list[int]
    floor: list[tuple[int, int]]   # items lying on the board as markers: (square, card)
    treasure_at: list[int]         # treasure t (seat t // 2's): its square, -1 while carried
    carried: list[int]             # per figure: the treasure it carries, -1 none
    spent: list[int]               # treasures scored: their markers stay, out of play (R8-1)
    points: list[int]              # per seat: victory points (brief rule 19)
    target: int                    # the victory points that win (2; more under Extended Play)
    dying: list[tuple[int, int]]   # wizards killed by the event under way, not yet decided:
                                   # (seat, the seat whose own attack killed him or -1)
    cracks: list[int]              # per thing (an edge, or n_edges + a square): cracks on it (rule 14)
    out: list[int]                 # seats eliminated, the first one out first
    result: Outcome | None
    log: list[Event] | None
