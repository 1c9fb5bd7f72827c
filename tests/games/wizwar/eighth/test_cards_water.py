"""Waterbolt, Featherweight, Disease and Wall of Earth (eighth/combat.py, counters.py,
forms.py, footing.py, pushing.py; rulings R8-20 to R8-22), one scenario per card or reading
from its text in data/cards-8e.json, played through the whole cast flow.

The boards are open (no inner walls; each sector walled round but for the middle of each
side); on two players the sectors lie side by side and each one's north wraps to its own
south. Squares are named (row, column) inside a sector."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, N, S, W
from wizarena.games.wizwar.eighth import attacking, cards, moving, turn
from wizarena.games.wizwar.eighth.state import (
    ANSWERING,
    LINE_THING,
    PERMANENT,
    SPLIT,
    STEPPING,
    STOP,
    EighthState,
)
from wizarena.games.wizwar.mapstate import FIREWALL, KIND_MASK

from ..helpers import side, sq
from .scenes import answer, declare, let_be, open_table

WATERBOLT = cards.INDEX["waterbolt"]
FEATHERWEIGHT = cards.INDEX["featherweight"]
DISEASE = cards.INDEX["disease"]
WALL_OF_EARTH = cards.INDEX["wall_of_earth"]
ZOT = cards.INDEX["zot"]
PSYCHIC_STORM = cards.INDEX["psychic_storm"]
FIRE_DARTS = cards.INDEX["fire_darts"]
ADRENALINE = cards.INDEX["adrenaline"]
LARGE_ROCK = cards.INDEX["large_rock"]
FIRE_CLOAK = cards.INDEX["fire_cloak"]
ACID_BATH = cards.INDEX["acid_bath"]
WALL_OF_FIRE = cards.INDEX["wall_of_fire"]
MIST_BODY = cards.INDEX["mist_body"]
TACKS = cards.INDEX["handful_of_tacks"]
ENERGY_4 = cards.INDEX["energy_4"]


def _at(s: EighthState, row: int, col: int, slot: int = 0) -> int:
    return sq(s.map.asm, slot, row, col)


def _far(s: EighthState, source: int, square: int) -> int:
    """Squares from `source` to `square` on the grid (wraps counted, walls not)."""
    return s.map.asm.grid_distances(source)[square]


def _wall(s: EighthState, square: int, heading: int) -> None:
    assert not s.map.create_wall(side(s.map.asm, square, heading))
    vision.changed(s)


def _punch(s: EighthState, me: int, foe: int) -> None:
    assert foe in attacking.punchable(s, me)
    attacking.punch(s, me)
    attacking.aim(s, foe)


# -- Waterbolt -----------------------------------------------------------------------------------


def test_waterbolt_splits_its_energy_between_damage_and_knock_back() -> None:
    """Waterbolt: "Split this spell's energy as you like between damage and squares of
    knock-back against a target in your line of sight." Energy 4 split as 2 squares and 2
    damage: the foe beside him goes 2 squares on, each farther from the caster (R8-20: a
    step back toward him is never offered), and takes 2."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[me], s.pos[foe] = _at(s, 1, 1), _at(s, 1, 2)
    declare(s, me, WATERBOLT, foe, power=ENERGY_4)
    assert attacking.picks(s) == [SPLIT + k for k in range(5)]
    attacking.aim(s, SPLIT + 2)
    assert STEPPING + W not in attacking.picks(s) and STEPPING + E in attacking.picks(s)
    attacking.aim(s, STEPPING + E)
    assert STEPPING + W not in attacking.picks(s) and {STEPPING + N, STEPPING + S} <= set(attacking.picks(s))
    attacking.aim(s, STEPPING + E)
    assert s.phase == ANSWERING  # two squares bought, two taken
    let_be(s)
    assert s.pos[foe] == _at(s, 1, 4) and s.life[foe] == 13
    assert s.life[me] == 15 and WATERBOLT in s.discards[0] and ENERGY_4 in s.discards[0]


def test_waterbolt_at_himself() -> None:
    """Waterbolt: "... a target in your line of sight, yourself allowed." All 4 energy as
    knock-back: from his own square any way is away (R8-20); he is carried 2 squares north
    and stops there, unhurt."""
    s = open_table(2)
    me = 0
    start = s.pos[me]
    declare(s, me, WATERBOLT, me, SPLIT + 4, power=ENERGY_4)
    assert set(attacking.picks(s)) == {STEPPING + h for h in (N, E, S, W)}
    attacking.aim(s, STEPPING + N)
    attacking.aim(s, STEPPING + N)
    attacking.aim(s, STOP)
    let_be(s)
    assert s.pos[me] == _at(s, 0, 2) and _far(s, start, s.pos[me]) == 2 and s.life[me] == 15
    assert s.attacks == 0  # it was his attack


def test_waterbolt_knock_back_goes_through_what_the_squares_do() -> None:
    """Waterbolt's knock-back walks the figure into the squares on its path (R8-20): tacks
    there hurt him (Handful of Tacks: "whoever enters that square takes 3 physical
    damage"), then the water's 2 damage lands."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[me], s.pos[foe] = _at(s, 1, 1), _at(s, 1, 2)
    s.floor.append((_at(s, 1, 3), TACKS))
    declare(s, me, WATERBOLT, foe, SPLIT + 2, STEPPING + E, STEPPING + E, power=ENERGY_4)
    let_be(s)
    assert s.pos[foe] == _at(s, 1, 4) and s.life[foe] == 15 - 3 - 2


def test_waterbolt_carries_him_before_the_damage_lands() -> None:
    """R8-20: the figure is knocked back first and the water's damage lands where it stops:
    a wizard it kills dies at the end of his path, and what he carried falls there."""
    s = open_table(3)
    me, foe = 0, 1
    s.pos[me], s.pos[foe] = _at(s, 1, 1), _at(s, 1, 2)
    s.life[foe], s.items[foe] = 2, [LARGE_ROCK]
    declare(s, me, WATERBOLT, foe, SPLIT + 2, STEPPING + E, STEPPING + E, power=ENERGY_4)
    let_be(s)
    assert foe in s.out and s.points[me] == 1
    assert s.pos[foe] == _at(s, 1, 4) and (_at(s, 1, 4), LARGE_ROCK) in s.floor


def test_waterbolt_ends_fire_on_the_target() -> None:
    """Waterbolt: "It also ends fire spells on the target and destroys any fire object it
    strikes." The Fire Cloak he wears is destroyed (Fire Cloak: "Any water damage to you
    destroys the cloak"), and an Acid Bath on him is washed away (Acid Bath: "until the
    spell runs out or a Water spell touches it")."""
    s = open_table(3)
    me, foe, other = 0, 1, 2
    s.pos[foe] = _at(s, 2, 3)
    s.items[foe] = [FIRE_CLOAK]
    s.maintained[other].append((ACID_BATH, 3, foe))
    declare(s, me, WATERBOLT, foe, SPLIT + 0)
    assert s.phase == ANSWERING
    let_be(s)
    assert s.life[foe] == 14 and s.pos[foe] == _at(s, 2, 3)
    assert s.items[foe] == [] and FIRE_CLOAK in s.discards[0]
    assert s.maintained[other] == [] and ACID_BATH in s.discards[0]


def test_waterbolt_puts_out_a_wall_of_fire() -> None:
    """Waterbolt "destroys any fire object it strikes": aimed at a curtain of flame in his
    sight (Wall of Fire), the flame goes out and the Wall of Fire spell ends."""
    s = open_table(2)
    me, foe = 0, 1
    line = side(s.map.asm, s.pos[me], E)
    assert not s.map.create_edge(line, FIREWALL)
    vision.changed(s)
    s.maintained[foe].append((WALL_OF_FIRE, PERMANENT, line))
    declare(s, me, WATERBOLT, LINE_THING + line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK != FIREWALL
    assert s.maintained[foe] == [] and WALL_OF_FIRE in s.discards[0]
    moving.walk(s, me, E)  # nothing burns him now
    assert s.life[me] == 15


def test_waterbolt_at_a_wall_is_all_damage() -> None:
    """Waterbolt at an object: nothing to knock back, so all the energy is damage; rule 14,
    "one attack puts 1 crack on it for every full 3 of its damage": 4 is 1 crack."""
    s = open_table(2)
    me = 0
    line = side(s.map.asm, s.pos[me], N)
    _wall(s, s.pos[me], N)
    declare(s, me, WATERBOLT, LINE_THING + line, power=ENERGY_4)
    assert s.phase == ANSWERING  # no split to pick
    let_be(s)
    assert s.cracks[line] == 1


def test_waterbolt_that_misses_neither_hurts_nor_moves() -> None:
    """Mist Body "can neither attack nor be attacked": a Waterbolt at it misses, so it is
    neither hurt, nor knocked back, nor stripped of its Fire Cloak."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[me], s.pos[foe] = _at(s, 1, 1), _at(s, 1, 2)
    s.maintained[foe].append((MIST_BODY, PERMANENT, foe))
    s.items[foe] = [FIRE_CLOAK]
    declare(s, me, WATERBOLT, foe, SPLIT + 1, STEPPING + E, power=ENERGY_4)
    let_be(s)
    assert s.pos[foe] == _at(s, 1, 2) and s.life[foe] == 15 and s.items[foe] == [FIRE_CLOAK]


# -- Featherweight -------------------------------------------------------------------------------


def test_featherweight_pushes_instead_of_hurting() -> None:
    """Featherweight: "Play it against an attack: while this spell lasts, each point of
    damage you would take pushes you 1 square away from its source instead." A Zot of 4:
    four pushes, each taking him 1 square farther from the caster, and no life lost; the
    spell stays on him, and a later Zot of 1, from a square beside him, pushes him once
    more."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[me], s.pos[foe] = _at(s, 1, 1), _at(s, 1, 2)
    declare(s, me, ZOT, foe, power=ENERGY_4)
    answer(s, foe, FEATHERWEIGHT)
    let_be(s)
    assert s.life[foe] == 15 and _far(s, s.pos[me], s.pos[foe]) == 1 + 4
    assert [card for card, _, on in s.maintained[foe] if on == foe] == [FEATHERWEIGHT]
    assert ZOT in s.discards[0] and FEATHERWEIGHT not in s.discards[0]
    s.pos[me] = s.map.step_to(s.pos[foe], W)
    before = _far(s, s.pos[me], s.pos[foe])
    s.attacks = 1
    declare(s, me, ZOT, foe)
    let_be(s)
    assert s.life[foe] == 15 and _far(s, s.pos[me], s.pos[foe]) == before + 1


def test_featherweight_points_left_hurt_when_he_cannot_be_pushed() -> None:
    """Featherweight: "... and any points left over when you cannot be pushed hurt you as
    usual." Walled in a dead end one square long, he is pushed once and the other 3 points
    of a Zot of 4 hurt him."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[me], s.pos[foe] = _at(s, 1, 2), _at(s, 1, 3)
    for square in (_at(s, 1, 3), _at(s, 1, 4)):
        _wall(s, square, N)
        _wall(s, square, S)
    declare(s, me, ZOT, foe, power=ENERGY_4)
    answer(s, foe, FEATHERWEIGHT)
    let_be(s)
    assert s.pos[foe] == _at(s, 1, 4) and s.life[foe] == 12


def test_featherweight_pushes_him_from_the_storm() -> None:
    """Featherweight: "each point of damage you would take pushes you 1 square away from its
    source": a Psychic Storm of 4 centred on his square pushes him from it (from the source's
    own square any way is away, R8-20) until a corner stops him, and the last point hurts."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[foe] = _at(s, 2, 3)
    s.maintained[foe].append((FEATHERWEIGHT, 3, foe))
    declare(s, me, PSYCHIC_STORM, _at(s, 2, 3), power=ENERGY_4)
    let_be(s)
    assert s.life[me] == 11  # beside the centre: the storm does not spare its caster
    assert s.pos[foe] == _at(s, 0, 4) and s.life[foe] == 14


def test_featherweight_is_played_against_an_attack() -> None:
    """Featherweight: "Play it against an attack": offered to the wizard an attack is aimed
    at, not against a spell that is no attack (Adrenaline on him)."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[foe] = _at(s, 2, 3)
    s.hands[foe] = [FEATHERWEIGHT]
    declare(s, me, ADRENALINE, foe)
    assert FEATHERWEIGHT not in attacking.answers(s, foe)
    let_be(s)
    declare(s, me, ZOT, foe)
    assert FEATHERWEIGHT in attacking.answers(s, foe)


# -- Disease -------------------------------------------------------------------------------------


def test_disease_strikes_each_figure_in_each_square_he_enters_once_a_turn() -> None:
    """Disease: "You carry a plague: while the spell lasts, each square you enter deals 3
    physical damage to every other wizard and creature in it, once per figure per turn." Two
    wizards in the square east: each loses 3 as he walks in, nothing more as he walks out
    and back the same turn, 3 again on his next turn."""
    s = open_table(3)
    me, foe, other = 0, 1, 2
    s.pos[foe] = s.pos[other] = _at(s, 2, 3)
    declare(s, me, DISEASE, power=ENERGY_4)
    let_be(s)
    assert (DISEASE, 4, me) in s.maintained[me] and s.attacks == 0  # it was his attack
    moving.walk(s, me, E)
    assert s.life[foe] == s.life[other] == 12 and s.life[me] == 15
    moving.walk(s, me, W)
    moving.walk(s, me, E)
    assert s.life[foe] == s.life[other] == 12
    turn.start(s, me)  # his next turn
    moving.walk(s, me, W)
    moving.walk(s, me, E)
    assert s.life[foe] == s.life[other] == 9


def test_disease_counts_as_his_attack_only_on_the_turn_he_casts_it() -> None:
    """Disease: "It counts as your attack only on the turn you cast it." It spends his
    attack (none left: not castable); a wizard the plague kills that turn is his kill (a
    victory point and the dead man's hand, R8-6), one it kills on a later turn is not
    (R8-21)."""
    s = open_table(3)
    me, foe, other = 0, 1, 2
    s.hands[me] = [DISEASE]
    s.attacks = 0
    assert DISEASE not in attacking.castable(s, me)
    s.hands[me], s.attacks = [], 1
    s.pos[foe], s.pos[other] = _at(s, 2, 3), _at(s, 2, 1)
    s.life[foe] = s.life[other] = 3
    s.hands[foe], s.hands[other] = [ZOT], [FIRE_DARTS]
    declare(s, me, DISEASE, power=ENERGY_4)
    let_be(s)
    moving.walk(s, me, E)
    turn.after_event(s)
    assert foe in s.out and s.points[me] == 1 and ZOT in s.hands[me]
    turn.start(s, me)  # a later turn of his
    moving.walk(s, me, W)
    moving.walk(s, me, W)
    turn.after_event(s)
    assert other in s.out and s.points[me] == 1 and FIRE_DARTS in s.discards[0] and FIRE_DARTS not in s.hands[me]


# -- Wall of Earth -------------------------------------------------------------------------------


def test_wall_of_earth_soaks_up_an_attack_and_falls() -> None:
    """Wall of Earth: "Play it against an attack: an earth wall rises on an edge in your line
    of sight ...; it cannot be damaged, soaks up the first attack that runs into it and then
    falls." A Zot of 4 at a wizard a square away does nothing, and no wall is left standing
    (R8-22)."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[foe] = _at(s, 2, 3)
    edges = list(s.map.edges)
    declare(s, me, ZOT, foe, power=ENERGY_4)
    answer(s, foe, WALL_OF_EARTH)
    let_be(s)
    assert s.life[foe] == 15 and ZOT in s.discards[0] and WALL_OF_EARTH in s.discards[0]
    assert s.map.edges == edges and s.maintained[foe] == []


def test_wall_of_earth_stops_a_punch_and_a_thrown_rock() -> None:
    """Wall of Earth stops any attack that runs into it, not only spells ("Spells that are
    not attacks pass it by"): a punch from the next square, and a Large Rock, which then
    lies at the foot of the wall on the thrower's side (R8-22)."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[foe] = _at(s, 2, 3)
    _punch(s, me, foe)
    answer(s, foe, WALL_OF_EARTH)
    let_be(s)
    assert s.life[foe] == 15
    s.attacks = 1
    declare(s, me, LARGE_ROCK, foe, item=True)
    answer(s, foe, WALL_OF_EARTH)
    let_be(s)
    assert s.life[foe] == 15 and (s.pos[me], LARGE_ROCK) in s.floor and LARGE_ROCK not in s.items[me]


def test_wall_of_earth_needs_an_attack_from_across_a_line() -> None:
    """Wall of Earth: "Spells that are not attacks pass it by": not offered against
    Adrenaline; nor against an attack from his own square, where no edge lies between them
    (R8-22)."""
    s = open_table(2)
    me, foe = 0, 1
    s.pos[foe] = _at(s, 2, 3)
    s.hands[foe] = [WALL_OF_EARTH]
    declare(s, me, ADRENALINE, foe)
    assert WALL_OF_EARTH not in attacking.answers(s, foe)
    let_be(s)
    s.pos[foe] = s.pos[me]
    declare(s, me, ZOT, foe)
    assert WALL_OF_EARTH not in attacking.answers(s, foe)


def test_wall_of_earth_stops_only_what_is_aimed_at_him() -> None:
    """R8-15 and R8-22: against Fire Darts at two wizards the wall stops the darts at the one
    behind it; the other's dart still strikes."""
    s = open_table(3)
    me, foe, other = 0, 1, 2
    s.pos[foe], s.pos[other] = _at(s, 2, 3), _at(s, 2, 1)
    s.hands[me].append(ENERGY_4)
    s.hands[me].append(FIRE_DARTS)
    attacking.begin(s, me, FIRE_DARTS)
    attacking.power(s, me, ENERGY_4)
    for aim in (foe, foe, foe, other):
        attacking.aim(s, aim)
    answer(s, foe, WALL_OF_EARTH)
    let_be(s)
    assert s.life[foe] == 15 and s.life[other] == 14
