"""The position of one Wiz-War game: small lists of ints over the labyrinth, cheap to clone.

Cards are indexes into the deck tables of cards.py (one index per distinct card; the deck
holds each as many times as it has copies). Piles keep their top at the end. Seats are
0..n-1 in turn order from the seat that rolled highest, so "clockwise" is seat + 1.
"""

from __future__ import annotations

from typing import Final, final

from wizarena.core import Action, Outcome, Rng

from .labyrinth_state import LabyrinthState

# The rulebook sections the engine cites in its events (one constant each; the cards cite
# themselves, "WW card Fireball").
R_SETUP: Final = "WW 6e 1"
R_WIN: Final = "WW 6e 2"
R_TURN: Final = "WW 6e 3"
R_MOVE: Final = "WW 6e 4"
R_NUMBER: Final = "WW 6e 5"
R_COMBAT: Final = "WW 6e 6"
R_COUNTER: Final = "WW 6e 7"
R_MAP: Final = "WW 6e 8"
R_TREASURE: Final = "WW 6e 9"
R_DIE: Final = "WW 6e 10"
R_CAP: Final = "WW ruling R1"
R_PUT_BACK: Final = "WW ruling R8"
R_VARIANTS: Final = "WW 6e 11"  # the official variants: team play, the doors variant

# What the game waits for.
TURN: Final = 0      # the seat taking its turn acts
WINDOW: Final = 1    # the target of an attack may counteract (6e 7), or take it
DISCARD: Final = 2   # a seat over its hand limit discards (6e 3), then play resumes
ENDING: Final = 3    # the turn's last part: only drawing may follow (6e 3, picking up)
OVER: Final = 4
AIM: Final = 5       # the turn's wizard says where the neutral he casts goes (neutrals.py)
NEUTRAL: Final = 6   # the others are asked, one by one, whether they negate it
# -- timed conditions (effects.py) --
TICK: Final = 7      # a Slow Death tick: the drawer takes it or counteracts it, then drawing goes on
# -- forced moves (forced.py): a wizard made to move out of his turn picks his steps, or the
# caster of Drop Object picks what drops
FORCED: Final = 8
# -- deals (deals.py)
OFFERING: Final = 9   # the turn's wizard puts together an offer to a wizard he sees
DEALING: Final = 10   # the partner accepts or refuses it, and chooses the cards he gives
PHASE_NAMES: Final = ("turn", "counteraction window", "discard", "end of turn", "over", "aiming", "neutral window",
                      "slow death tick", "forced move", "offer", "deal")
NEXT: Final = 99     # not a phase: "after the discard, the next player's turn" (state.resume)

TREASURES: Final = 2      # 6e 1: two per player (treasure t is seat t // TREASURES's)

FIELDS: Final = (
    "seed", "rng", "n", "teams", "phase", "round", "first", "life", "hands",
    "shown", "deck",
    "discard", "flight", "floor", "treasure_at", "carried", "moves", "boosted", "attacked", "ended", "lost",
    "status", "status_by", "window", "chain", "aim", "put_back", "pending", "asking", "extra", "deciding", "resume",
    "legal_for", "legal",
    "drawing", "drawn", "tick", "number_card", "fires",
    "forced", "fleeing", "feared", "walked",
    "deal", "offer", "paid", "offered",
    # map cards and spell modifiers (sectors.py, illusions.py, spellcraft.py, Reflection in combat.py)
    "belief", "bend", "cast_log", "lent", "reflected",
    # doors held (doors.py) and objects thrown at a square (throwing.py)
    "throwing",
    "played",                    # for balance studies
    "deaths", "result",
)


@final
class WizWarState(LabyrinthState):
    """A 6e game's whole state; the map and its sight are the labyrinth's (LabyrinthState)."""

    __slots__ = FIELDS

    seed: int
    rng: Rng
    n: int                       # players
    teams: bool                  # team play (6e 11): seats 0 and 2 against 1 and 3 (teammates())
    phase: int
    round: int                   # 1-based; no attacks in round 1 (6e 3)
    first: int                   # the seat that rolled highest and moves first in each round
    life: list[int]
    hands: list[list[int]]
    shown: list[list[int]]       # per seat: the stones shown face up (still in the hand; stones.py)
    deck: list[int]              # the draw pile, top at the end
    discard: list[int]           # face up, public (6e 5)
    flight: list[int]            # cards of the attack in the air and of its answers (combat.py)
    floor: list[tuple[int, int]]  # objects lying on the board: (square, card), as tokens (6e 9)
    treasure_at: list[int]       # treasure t (owner t // 2): its square, or -1 while carried
    carried: list[int]           # per seat: the treasure it carries, -1 for none (at most one, 6e 9)
    moves: int                   # squares the turn's wizard may still walk
    boosted: bool                # a NUMBER card was added to this turn's movement (6e 4)
    attacked: bool               # this turn's one attack is spent (6e 3)
    ended: bool                  # an object was picked up: only drawing may follow (6e 3)
    lost: list[int]              # lost turns owed per seat; they accumulate (6e 3)
    status: list[list[int]]      # per seat and condition (effects.py): recipient's turns it still lasts
    status_by: list[list[int]]   # per seat and condition: the seat that cast it, -1 none
    window: tuple[int, int, int, int, int, int]  # the attack in the air: attacker, target, card
                                 # (-1 a punch), its number card (-1 none), its strength (damage or
                                 # count) as answered so far, and as cast
    chain: list[int]             # the exchange over one counteraction: it, then each Anti-Anti
    aim: int                     # what is being aimed (AIM): a neutral, or a weapon at a wall, door or
                                 # thornbush (structures.py; FIST a punch); -1 otherwise
    put_back: tuple[int, ...]    # the cards put back from aiming since the turn's wizard last did
                                 # anything else: not to be taken up again till he does (ruling R8)
    pending: tuple[int, int, int, int]  # the neutral cast: caster, card, line, square (-1: none)
    asking: list[int]            # the seats still to be asked about it, in turn order
    extra: list[int]             # per seat: whole turns owed at once after this one (Speed)
    legal_for: int               # the seat whose legal actions `legal` holds for this position, -1 none
    legal: list[Action]
    deciding: int                # the seat that must discard down to its limit (DISCARD)
    resume: int                  # the phase to return to after DISCARD
    # -- timed conditions (effects.py) --
    drawing: int                 # cards still to draw at the end of the turn (a Slow Death tick pauses it)
    drawn: list[int]             # the cards drawn so far at the end of this turn
    tick: int                    # the damage left on the Slow Death tick in the air (TICK)
    number_card: int             # the NUMBER card played with the neutral being aimed or cast, -1 none
    fires: list[tuple[int, int, int]]  # walls of fire: (line, caster, caster's turns still counted + 1)
    # forced moves (forced.py)
    forced: tuple[int, int, int, int]  # who decides now, the caster, the card, squares left (-1: none)
    fleeing: list[int]           # the seats still to move for it, in turn order: seat * 8 + caster
    feared: list[int]            # per seat: bits of the Fear casters within whose 3 squares he was last found
    walked: bool                 # the turn's wizard walked or teleported this turn (Swap must come first)
    # deals (deals.py)
    deal: tuple[int, int, int, int]  # the offer: partner (-1 none), cards asked, treasure asked (0/1),
                                     # accepted (0/1)
    offer: list[int]             # the cards offered (in the hand while OFFERING, then in `flight`)
    paid: list[int]              # the cards the partner has put in so far (in `flight`)
    offered: int                 # the seats the turn's wizard has made an offer to this turn (bits)
    # map cards and spell modifiers
    belief: list[list[int]]      # per seat: what it holds of each illusion wall, id << 3 | state (illusions.py)
    bend: int                    # the seat whose next attack spell this turn may bend (Around the Corner), -1
    cast_log: list[int]          # neutrals and counteractions the turn's wizard cast this turn (Reuse Spell)
    lent: tuple[int, int]        # Reuse Spell: the card lent back to the turn's hand and how many of it it
                                 # then held, (-1, 0) for none (spellcraft.py)
    reflected: list[tuple[int, int, int, int]]  # Reflection: halves on their way back, (reflector, caster,
                                 # card, strength), each opening its own window when the one before closes
    # doors held and objects thrown
    throwing: bool               # the object being aimed (AIM, `aim`) is thrown at a square (6e 8)
    played: list[int]            # per seat: bit mask of the cards he played (`mark_played`)
    deaths: list[tuple[int, int]]  # wizards killed by the event under way, their cards not yet handed
                                 # on: (dead seat, killer or -1); harm.settle decides them (6e 2)
    result: Outcome | None


def holds(hand: list[int], card: int) -> bool:
    """Whether `hand` holds `card`. The same as `card in hand`, written as a loop because
    the compiled engine runs it on plain ints, where `in` on a list compares boxed objects
    one by one; the turn's legal list asks it dozens of times."""
    for held in hand:
        if held == card:
            return True
    return False


def one_of(card: int, group: tuple[int, ...]) -> bool:
    """Whether `card` is one of `group` (a table of cards): `card in group` as `holds`' loop."""
    for member in group:
        if member == card:
            return True
    return False


def is_out(s: WizWarState, seat: int) -> bool:
    """Whether `seat` is out of the game (6e 2: dead, or gone with his treasures); `holds`'
    loop over `s.out`."""
    for gone in s.out:
        if gone == seat:
            return True
    return False


def teammates(s: WizWarState, a: int, b: int) -> bool:
    """Whether `a` and `b` are two wizards of one team: in team play (6e 11) the seats
    the rulebook numbers 1 and 3 (ours 0 and 2) against 2 and 4 (1 and 3), so seats of the
    same parity. Never true outside team play."""
    return s.teams and a != b and (a ^ b) & 1 == 0


def mark_played(s: WizWarState, q: int, card: int) -> None:
    """`q` played `card` from his hand: cast it, answered or escaped with it, threw or struck
    with it, opened a door with it, or laid it as a NUMBER card. Every such path calls this,
    so that a balance study can say which cards each wizard cast without the event log; no
    rule reads it."""
    s.played[q] |= 1 << card


def copy_state(s: WizWarState) -> WizWarState:
    c = WizWarState()
    c.seed, c.rules, c.rng, c.map, c.n, c.teams = s.seed, s.rules, s.rng.copy(), s.map.copy(), s.n, s.teams
    c.phase, c.turn, c.round, c.first = s.phase, s.turn, s.round, s.first
    c.life, c.pos, c.out = s.life[:], s.pos[:], s.out[:]
    c.hands = [h[:] for h in s.hands]
    c.shown = [h[:] for h in s.shown]
    c.deck, c.discard, c.flight, c.floor = s.deck[:], s.discard[:], s.flight[:], s.floor[:]
    c.treasure_at, c.carried = s.treasure_at[:], s.carried[:]
    c.moves, c.boosted, c.attacked, c.ended = s.moves, s.boosted, s.attacked, s.ended
    c.status = [row[:] for row in s.status]
    c.status_by = [row[:] for row in s.status_by]
    c.lost, c.window, c.chain, c.deciding, c.resume = s.lost[:], s.window, s.chain[:], s.deciding, s.resume
    c.aim, c.put_back, c.pending, c.asking, c.extra = s.aim, s.put_back, s.pending, s.asking[:], s.extra[:]
    c.sight, c.legal_for, c.legal = s.sight, s.legal_for, s.legal
    c.drawing, c.drawn, c.tick, c.number_card, c.fires = s.drawing, s.drawn[:], s.tick, s.number_card, s.fires[:]
    c.forced, c.fleeing, c.feared, c.walked = s.forced, s.fleeing[:], s.feared[:], s.walked
    c.deal, c.offer, c.paid, c.offered = s.deal, s.offer[:], s.paid[:], s.offered
    c.belief = [row[:] for row in s.belief]
    c.bend, c.cast_log, c.lent, c.reflected = s.bend, s.cast_log[:], s.lent, s.reflected[:]
    c.holding, c.throwing = s.holding[:], s.throwing
    c.played = s.played[:]
    c.deaths = s.deaths[:]
    c.result = s.result
    c.log = None if s.log is None else s.log[:]
    return c
