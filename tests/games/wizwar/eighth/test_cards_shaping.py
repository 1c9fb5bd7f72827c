"""The cards that shape the next spell (eighth/shaping.py), one scenario per card from its
text in data/cards-8e.json: Add, Astral Projection and Around the Corner, and ruling
R8-23 (what "your next spell" is). On boards with no inner walls: the turn's wizard `me`
on c3, the other wizard `foe` where each scene puts him."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, N, W
from wizarena.games.wizwar.eighth import attacking, cards, reach, shaping, turn
from wizarena.games.wizwar.eighth.state import AIMING, MOVE_AND_CAST, PAYING, POWERING, STEPPING, STOP, EighthState

from ..helpers import side, sq
from .scenes import declare, let_be, open_table

ZOT = cards.INDEX["zot"]
ENERGY_4 = cards.INDEX["energy_4"]
ENERGY_5 = cards.INDEX["energy_5"]
NEGATE_NEUTRAL = cards.INDEX["negate_neutral"]


def _scene() -> tuple[EighthState, int, int]:
    s = open_table(2)
    s.phase, s.attacks, s.moves = MOVE_AND_CAST, 1, 3
    return s, 0, 1


def _zot(s: EighthState, me: int, foe: int) -> None:
    """`me` casts Zot at `foe`, taking whatever energy it gets, and everyone lets it be."""
    s.hands[me].append(ZOT)
    assert ZOT in attacking.castable(s, me)
    attacking.begin(s, me, ZOT)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert s.phase == AIMING
    attacking.aim(s, foe)
    let_be(s)


def test_add() -> None:
    """Add: "Pay two Magic cards with energy values into one pool: the following spell you
    cast takes their sum as its energy." """
    s, me, foe = _scene()
    s.hands[me] = [ENERGY_4, ENERGY_5]
    declare(s, me, shaping.ADD, PAYING + ENERGY_4, PAYING + ENERGY_5)
    let_be(s)
    assert s.pool == 9 and s.hands[me] == [] and ENERGY_4 in s.discards[0] and ENERGY_5 in s.discards[0]
    life = s.life[foe]
    s.hands[me].append(ZOT)
    attacking.begin(s, me, ZOT)
    assert s.phase == AIMING                  # no powering decision: the pool powers it
    attacking.aim(s, foe)
    let_be(s)
    assert s.life[foe] == life - 9 and s.pool == 0


def test_add_needs_two_cards_and_its_pool_lasts_the_turn() -> None:
    """Add pays two cards: with one card that shows energy it cannot be cast. A pool not
    spent by the end of the turn is lost (R8-23); Negate Neutral's cancel pays nothing."""
    s, me, foe = _scene()
    s.hands[me] = [ENERGY_4, shaping.ADD]
    assert shaping.ADD not in attacking.castable(s, me)
    s.hands[me].append(ENERGY_4)                     # two of a kind may both be paid
    assert shaping.ADD in attacking.castable(s, me)
    attacking.begin(s, me, shaping.ADD)
    assert s.phase == AIMING and attacking.picks(s) == [PAYING + ENERGY_4]
    attacking.aim(s, PAYING + ENERGY_4)
    assert attacking.picks(s) == [PAYING + ENERGY_4]
    attacking.aim(s, PAYING + ENERGY_4)
    s.hands[foe].append(NEGATE_NEUTRAL)
    attacking.answer(s, foe, NEGATE_NEUTRAL)
    if s.phase == POWERING:
        attacking.power(s, foe, -1)
    let_be(s)
    assert s.pool == 0 and s.hands[me] == [ENERGY_4, ENERGY_4]
    declare(s, me, shaping.ADD, PAYING + ENERGY_4, PAYING + ENERGY_4)
    let_be(s)
    assert s.pool == 8
    turn.start(s, foe)
    assert s.pool == 0


def test_astral_projection() -> None:
    """Astral Projection: "Your next spell is cast from an empty square as far as 3 squares
    from you (count along rows and columns, walls and objects ignored), as though you were
    standing there." His body stays; after that one spell, he sees from his own square."""
    s, me, foe = _scene()
    here = s.pos[me]
    for heading in (E, W):                           # walled in along row 3
        assert s.map.create_wall(side(s.map.asm, here, heading)) == ""
    vision.changed(s)
    assert foe not in reach.figures_in_sight(s, me)
    there = sq(s.map.asm, 0, 2, 3)                   # d3, beyond the east wall
    declare(s, me, shaping.ASTRAL_PROJECTION, there)
    let_be(s)
    assert s.origin == there and s.pos[me] == here
    assert foe in reach.figures_in_sight(s, me)
    life = s.life[foe]
    _zot(s, me, foe)
    assert s.life[foe] == life - 1
    assert s.origin == -1 and foe not in reach.figures_in_sight(s, me)


def test_astral_projection_squares_are_empty_and_near() -> None:
    """"an empty square as far as 3 squares from you": not his own, none with a figure, none
    farther than 3 along rows and columns."""
    s, me, foe = _scene()
    s.pos[foe] = sq(s.map.asm, 0, 2, 4)              # e3, 2 squares east
    s.hands[me].append(shaping.ASTRAL_PROJECTION)
    attacking.begin(s, me, shaping.ASTRAL_PROJECTION)
    offered = attacking.picks(s)
    far = s.map.asm.grid_distances(s.pos[me])
    assert s.pos[me] not in offered and s.pos[foe] not in offered
    assert offered and all(0 < far[q] <= 3 for q in offered)
    assert sq(s.map.asm, 0, 2, 3) in offered and sq(s.map.asm, 0, 0, 0) not in offered  # d3 yes; a1 is 4 away


def test_around_the_corner() -> None:
    """Around the Corner: "Play it together with another spell you cast: that spell's line
    of sight may bend once at a corner, turning as much as 180 degrees." """
    s, me, foe = _scene()
    s.pos[foe] = sq(s.map.asm, 0, 4, 4)              # e5, on the diagonal from c3
    assert s.map.fill_stone(sq(s.map.asm, 0, 3, 3), False) == ""   # a block of stone on d4, between
    vision.changed(s)
    assert foe not in reach.figures_in_sight(s, me)
    declare(s, me, shaping.AROUND_THE_CORNER)
    let_be(s)
    assert s.bend and foe in reach.figures_in_sight(s, me)
    life = s.life[foe]
    _zot(s, me, foe)
    assert s.life[foe] == life - 1
    assert not s.bend and foe not in reach.figures_in_sight(s, me)


def test_r8_23_the_marks_wait_for_a_spell_not_for_an_item_or_punch() -> None:
    """R8-23: the marks are spent by the next *spell*: a punch or an item's use does not
    spend them, and the shaping cards shape one spell together."""
    s, me, foe = _scene()
    s.pos[foe] = s.pos[me]
    declare(s, me, shaping.AROUND_THE_CORNER)
    let_be(s)
    attacking.punch(s, me)
    attacking.aim(s, foe)
    let_be(s)
    assert s.bend
    s.attacks = 1
    there = sq(s.map.asm, 0, 2, 3)
    declare(s, me, shaping.ASTRAL_PROJECTION, there)
    let_be(s)
    assert s.bend and s.origin == there


def test_astral_projection_starts_a_path_from_its_square() -> None:
    """"as though you were standing there": a Globe of Pain's path starts from the square
    the spell is cast from."""
    s, me, foe = _scene()
    there = sq(s.map.asm, 0, 2, 3)                   # d3
    declare(s, me, shaping.ASTRAL_PROJECTION, there)
    let_be(s)
    s.pos[foe] = sq(s.map.asm, 0, 1, 3)              # d2, one step north of d3
    globe = cards.INDEX["globe_of_pain"]
    life = s.life[foe]
    declare(s, me, globe, STEPPING + N, STOP)
    let_be(s)
    assert s.life[foe] == life - 1 and s.origin == -1
