"""The neutral cards that move a wizard or change the labyrinth (eighth/neutrals.py), one
scenario per card from its text in data/cards-8e.json: Teleport, Windrider, Swap, Mad Dash,
Pass Through Wall, Wallivore, Destroy Wall, Create Wall, Stone Block, Rotate Sector, Seal
Door, Dispel and Create Door. Each casts the card through the whole flow (card, energy, aims, answers,
resolve) on boards with no inner walls: the turn's wizard `me` on c3 (slot 0's centre, his
home base), the other wizard `foe` on h3 (slot 1's centre), in sight along row 3."""

from __future__ import annotations

import random

from wizarena import load_game
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import CELLS, E, N, S, W, rotate_cell
from wizarena.games.wizwar.eighth import attacking, cards, keys, legal, moving, neutrals, reach, treasures, turn
from wizarena.games.wizwar.eighth.casting import SPELLS
from wizarena.games.wizwar.eighth.state import (
    AIMING,
    ANSWERING,
    IN_WALL,
    MOVE_AND_CAST,
    PERMANENT,
    POWERING,
    R_CARD,
    SPELL_SLOTS,
    EighthState,
    copy_state,
)
from wizarena.games.wizwar.mapstate import DOOR, JAMMED, KIND_MASK, OPEN, STONE, WALL

from ..helpers import side, sq
from .scenes import declare, let_be, open_table

ENERGY_4 = cards.INDEX["energy_4"]
ENERGY_5 = cards.INDEX["energy_5"]
INVISIBLE = cards.INDEX["invisible"]
PICK_LOCK = cards.INDEX["pick_lock"]
NEGATE_NEUTRAL = cards.INDEX["negate_neutral"]
NEUTRALS = (neutrals.TELEPORT, neutrals.WINDRIDER, neutrals.SWAP, neutrals.MAD_DASH, neutrals.PASS_THROUGH_WALL,
            neutrals.WALLIVORE, neutrals.DESTROY_WALL, neutrals.CREATE_WALL, neutrals.STONE_BLOCK,
            neutrals.ROTATE_SECTOR, neutrals.SEAL_DOOR, neutrals.DISPEL, neutrals.CREATE_DOOR)


def _scene() -> tuple[EighthState, int, int]:
    """Two wizards on open boards, `me` on c3 to move with 3 movement points, `foe` on h3;
    each player's treasures on his slot's treasure marks, b2 and d4 (g2 and i4)."""
    s = open_table(2)
    me, foe = 0, 1
    s.moves, s.boosted = 3, False
    s.treasure_at = [sq(s.map.asm, t // 2, 1 + 2 * (t % 2), 1 + 2 * (t % 2)) for t in range(4)]
    s.carried = [-1, -1]
    return s, me, foe


def _at(s: EighthState, slot: int, row: int, col: int) -> int:
    return sq(s.map.asm, slot, row, col)


def _wall(s: EighthState, square: int, heading: int) -> int:
    """A stone wall built on one side of `square`; its line."""
    line = side(s.map.asm, square, heading)
    assert s.map.create_wall(line) == ""
    vision.changed(s)
    return line


def _card_events(s: EighthState) -> list[str]:
    assert s.log is not None
    return [e.text for e in s.log if e.rule == R_CARD]


def test_every_neutral_is_built_and_is_no_attack() -> None:
    """Each card of this module has its behaviour, and none is the turn's attack (rule 11)."""
    for card in NEUTRALS:
        assert card in SPELLS and not SPELLS[card].attack, cards.NAME[card]


def test_teleport() -> None:
    """Teleport: "Jump up to 4 squares, counted along rows and columns and ignoring walls,
    doors and objects; then you may move no more this turn." """
    s, me, foe = _scene()
    _wall(s, s.pos[me], E)                     # a wall between c3 and d3 is no matter
    s.map.fill_stone(_at(s, 0, 2, 4), False)   # e3: solid stone, no one lands there
    vision.changed(s)
    s.hands[me].append(neutrals.TELEPORT)
    attacking.begin(s, me, neutrals.TELEPORT)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    offered = attacking.picks(s)
    assert _at(s, 1, 2, 1) in offered          # g3, four squares east
    assert _at(s, 1, 2, 2) not in offered      # h3, five
    assert _at(s, 0, 2, 4) not in offered      # stone
    assert s.pos[me] not in offered
    attacking.aim(s, _at(s, 1, 2, 1))
    let_be(s)
    assert s.pos[me] == _at(s, 1, 2, 1) and s.phase == MOVE_AND_CAST
    assert s.moves <= 0 and moving.headings(s, me) == [] and moving.boosters(s, me) == []
    s.hands[me].append(ENERGY_5)
    assert moving.boosters(s, me) == []        # no boost brings the movement back
    assert neutrals.TELEPORT in s.discards[0]
    assert any("teleports" in t for t in _card_events(s))


def test_windrider() -> None:
    """Windrider: "Ride the wind in one straight direction for as many squares as this
    spell's energy; a wall, door, object, wizard or creature in the way stops you." """
    s, me, foe = _scene()
    _wall(s, s.pos[me], N)
    s.hands[me].append(neutrals.WINDRIDER)
    s.hands[me].append(ENERGY_5)
    attacking.begin(s, me, neutrals.WINDRIDER)
    attacking.power(s, me, ENERGY_5)
    assert s.phase == AIMING and N not in attacking.picks(s)   # the wall stops a ride at once
    attacking.aim(s, E)
    let_be(s)
    # energy 5 would carry him d3, e3, f3, g3, h3; the foe on h3 stops him on g3
    assert s.pos[me] == _at(s, 1, 2, 1) and s.moves == 3
    # an object in the way: from d2 southward, the treasure lying on d4 stops him on d3
    s.pos[me] = _at(s, 0, 1, 3)
    declare(s, me, neutrals.WINDRIDER, S, power=ENERGY_4)
    let_be(s)
    assert s.pos[me] == _at(s, 0, 2, 3)        # d3: the treasure on d4 stops him
    assert any("rides the wind" in t for t in _card_events(s))


def test_swap() -> None:
    """Swap: "You and a wizard or creature in your line of sight exchange squares; you may
    not move again this turn." """
    s, me, foe = _scene()
    mine, theirs = s.pos[me], s.pos[foe]
    s.hands[me].append(neutrals.SWAP)
    attacking.begin(s, me, neutrals.SWAP)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert attacking.picks(s) == [foe]
    attacking.aim(s, foe)
    let_be(s)
    assert s.pos[me] == theirs and s.pos[foe] == mine
    assert s.moves <= 0 and moving.headings(s, me) == []
    _wall(s, s.pos[me], W)                     # walled off on both sides of row 3 (it wraps):
    _wall(s, s.pos[me], E)                     # nobody in sight to swap with
    s.hands[me].append(neutrals.SWAP)
    assert neutrals.SWAP not in attacking.castable(s, me)


def test_mad_dash() -> None:
    """Mad Dash: "Every movement point you still have this turn becomes two. The price: any
    treasure you hold falls into your square, and you may not take one up again before your
    next turn." """
    s, me, foe = _scene()
    s.carried[me], s.treasure_at[2] = 2, -1
    s.moves = 2
    declare(s, me, neutrals.MAD_DASH)
    let_be(s)
    assert s.moves == 4
    assert s.carried[me] == -1 and s.treasure_at[2] == s.pos[me]
    assert treasures.takeable(s, me) == []     # it lies at his feet, and he may not take it up
    turn.start(s, foe)
    assert treasures.takeable(s, me) == []     # not on another's turn either
    turn.start(s, me)
    assert treasures.takeable(s, me) == [2]    # his next turn lifts the bar
    s.moves = -1                               # a debt is not doubled
    declare(s, me, neutrals.MAD_DASH)
    let_be(s)
    assert s.moves == -1


def test_pass_through_wall() -> None:
    """Pass Through Wall: "Step once through one wall on an edge of your square as if it
    were not there." (A step: 1 movement point.)"""
    s, me, foe = _scene()
    _wall(s, s.pos[me], N)
    s.hands[me].append(neutrals.PASS_THROUGH_WALL)
    attacking.begin(s, me, neutrals.PASS_THROUGH_WALL)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert attacking.picks(s) == [N]
    attacking.aim(s, N)
    let_be(s)
    assert s.pos[me] == _at(s, 0, 1, 2) and s.moves == 2 and s.walked
    # an outer wall is never offered: on a1, north and west are the board's edge
    s.pos[me] = _at(s, 0, 0, 0)
    s.hands[me].append(neutrals.PASS_THROUGH_WALL)
    assert neutrals.PASS_THROUGH_WALL not in attacking.castable(s, me)
    # nor with no movement point left
    s.pos[me] = _at(s, 0, 2, 2)
    s.moves = 0
    assert neutrals.PASS_THROUGH_WALL not in attacking.castable(s, me)


def test_wallivore() -> None:
    """Wallivore: "Devour one stone wall on an edge of your square (never an outer wall):
    it is gone and you gain 2 life." """
    s, me, foe = _scene()
    line = _wall(s, s.pos[me], E)
    s.cracks[line] = 2
    declare(s, me, neutrals.WALLIVORE, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == OPEN and s.cracks[line] == 0 and s.life[me] == 17
    assert moving.step_to(s, me, E) == _at(s, 0, 2, 3)
    s.life[me] = 19
    line = _wall(s, s.pos[me], W)
    declare(s, me, neutrals.WALLIVORE, line)
    let_be(s)
    assert s.life[me] == s.rules.life_cap == 20
    s.pos[me] = _at(s, 0, 0, 0)                # a1: only outer walls about him
    s.hands[me].append(neutrals.WALLIVORE)
    assert neutrals.WALLIVORE not in attacking.castable(s, me)


def test_destroy_wall() -> None:
    """Destroy Wall: "Knock down one wall segment or door in your line of sight (outer walls
    excepted); each wizard and creature beside it takes 2 physical damage that no counter
    can evade. Casting it is not an attack." """
    s, me, foe = _scene()
    s.pos[foe] = _at(s, 0, 2, 3)               # d3, beside the wall east of c3
    s.maintained[foe].append((INVISIBLE, PERMANENT, foe))  # no roll evades it
    line = _wall(s, s.pos[me], E)
    s.cracks[line] = 4
    attacks = s.attacks
    s.hands[me].append(neutrals.DESTROY_WALL)
    attacking.begin(s, me, neutrals.DESTROY_WALL)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    offered = attacking.picks(s)
    assert line in offered
    assert side(s.map.asm, _at(s, 0, 0, 0), N) not in offered  # an outer wall
    attacking.aim(s, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == OPEN and s.cracks[line] == 0
    assert s.life[me] == 13 and s.life[foe] == 13
    assert s.attacks == attacks and s.points == [0, 0]   # not an attack: the attack is still his
    # a door too
    door = side(s.map.asm, s.pos[me], W)
    s.map.create_edge(door, DOOR)
    vision.changed(s)
    declare(s, me, neutrals.DESTROY_WALL, door)
    let_be(s)
    assert s.map.edges[door] & KIND_MASK == OPEN and s.life[me] == 11 and s.life[foe] == 13


def test_create_wall() -> None:
    """Create Wall: "Build a one-square stone wall on an edge in your line of sight that has
    no wall or door yet. It stops movement and sight until 5 cracks bring it down." (The
    spell stays in play; the wall going when it ends another way is not built.)"""
    s, me, foe = _scene()
    s.pos[me], s.pos[foe] = _at(s, 0, 1, 2), _at(s, 0, 1, 4)   # c2 and e2: row 2 does not wrap
    line = side(s.map.asm, s.pos[me], E)
    assert foe in reach.figures_in_sight(s, me)
    declare(s, me, neutrals.CREATE_WALL, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == WALL
    assert (neutrals.CREATE_WALL, PERMANENT, line) in s.maintained[me]
    assert moving.step_to(s, me, E) < 0 and foe not in reach.figures_in_sight(s, me)
    s.hands[me].append(neutrals.CREATE_WALL)
    attacking.begin(s, me, neutrals.CREATE_WALL)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    offered = attacking.picks(s)
    assert line not in offered                                  # a wall stands there now
    assert side(s.map.asm, _at(s, 0, 0, 2), N) not in offered   # the board's outer edge


def test_stone_block() -> None:
    """Stone Block: "Fill an empty square in your line of sight with a block of stone. It
    stops movement and sight, breaks after 8 cracks and is not a wall." """
    s, me, foe = _scene()
    s.pos[me], s.pos[foe] = _at(s, 0, 1, 2), _at(s, 0, 1, 4)   # c2 and e2: row 2 does not wrap
    s.hands[me].append(neutrals.STONE_BLOCK)
    attacking.begin(s, me, neutrals.STONE_BLOCK)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    offered = attacking.picks(s)
    assert s.pos[me] not in offered and s.pos[foe] not in offered     # figures stand there
    assert s.treasure_at[0] not in offered                            # a treasure lies on b2
    assert _at(s, 0, 2, 2) not in offered                             # c3, a home base
    d2 = _at(s, 0, 1, 3)
    assert d2 in offered
    attacking.aim(s, d2)
    let_be(s)
    assert s.map.cells[d2] & STONE and (neutrals.STONE_BLOCK, PERMANENT, d2) in s.maintained[me]
    assert moving.step_to(s, me, E) < 0 and foe not in reach.figures_in_sight(s, me)


def test_rotate_sector() -> None:
    """Rotate Sector: "Turn one sector board by a quarter or a half turn, either way round;
    everything standing on it turns with it." Aimed at the sector's north-west corner, then
    at the corner it is turned to."""
    s, me, foe = _scene()
    s.pos[foe] = _at(s, 0, 0, 1)                            # b1
    line = _wall(s, _at(s, 0, 1, 1), N)                     # between b1 and b2
    s.cracks[line] = 2
    s.maintained[me].append((neutrals.CREATE_WALL, PERMANENT, line))
    bush = _at(s, 0, 3, 0)                                  # a4: a thornbush, and a trap token on a5
    assert s.map.plant_thornbush(bush, False, 1) == ""
    s.maintained[foe].append((cards.INDEX["thornbush"], PERMANENT, bush))
    s.traps = [(_at(s, 0, 4, 0), foe, 1)]
    s.hands[me].append(neutrals.ROTATE_SECTOR)
    attacking.begin(s, me, neutrals.ROTATE_SECTOR)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert attacking.picks(s) == [0, CELLS]                 # a1, f1: one corner a sector
    attacking.aim(s, 0)
    assert attacking.picks(s) == [rotate_cell(0, q) for q in (1, 2, 3)]
    attacking.aim(s, rotate_cell(0, 1))                     # a1 to e1: a quarter turn clockwise
    let_be(s)
    assert s.pos[me] == _at(s, 0, 2, 2)                     # the centre stays
    assert s.pos[foe] == _at(s, 0, 1, 4)                    # b1 to e2
    assert s.treasure_at[0] == _at(s, 0, 1, 3)              # b2 to d2
    assert s.treasure_at[2] == _at(s, 1, 1, 1)              # the other sector's stay
    turned = side(s.map.asm, _at(s, 0, 1, 3), E)            # the wall north of b2 is east of d2
    assert s.map.edges[turned] & KIND_MASK == WALL and s.cracks[turned] == 2
    assert s.map.edges[line] & KIND_MASK == OPEN
    assert (neutrals.CREATE_WALL, PERMANENT, turned) in s.maintained[me]
    assert (cards.INDEX["thornbush"], PERMANENT, _at(s, 0, 0, 1)) in s.maintained[foe]   # a4 to b1
    assert s.map.cells[_at(s, 0, 0, 1)] and s.traps == [(_at(s, 0, 0, 0), foe, 1)]        # a5 to a1
    assert any("turns the sector" in t for t in _card_events(s))


def test_seal_door() -> None:
    """Seal Door: "Seal a door in your line of sight: from now on no one, you included, can
    open or unlock it, though it can still be destroyed." """
    s, me, foe = _scene()
    door = side(s.map.asm, s.pos[me], N)
    s.map.create_edge(door, DOOR)
    vision.changed(s)
    assert door in keys.locked_beside(s, me)
    declare(s, me, neutrals.SEAL_DOOR, door)
    let_be(s)
    assert s.map.edges[door] & JAMMED and (neutrals.SEAL_DOOR, PERMANENT, door) in s.maintained[me]
    assert keys.locked_beside(s, me) == []                     # Pick Lock has nothing to open
    s.hands[me].append(PICK_LOCK)
    assert PICK_LOCK not in attacking.castable(s, me)
    s.hands[me].append(neutrals.DESTROY_WALL)
    attacking.begin(s, me, neutrals.DESTROY_WALL)               # it can still be destroyed
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert door in attacking.picks(s)


def test_dispel() -> None:
    """Dispel: "Choose a spell in play that is not instant: it ends at once, and so does
    every spell that changes it." A creation's spell ends with what it made."""
    s, me, foe = _scene()
    s.maintained[foe].append((INVISIBLE, PERMANENT, foe))
    declare(s, me, neutrals.DISPEL, foe * SPELL_SLOTS)
    let_be(s)
    assert s.maintained[foe] == [] and INVISIBLE in s.discards[0]
    line = side(s.map.asm, s.pos[me], E)
    declare(s, me, neutrals.CREATE_WALL, line)
    let_be(s)
    declare(s, me, neutrals.DISPEL, me * SPELL_SLOTS)
    let_be(s)
    assert s.maintained[me] == [] and s.map.edges[line] & KIND_MASK == OPEN
    s.hands[me].append(neutrals.DISPEL)
    assert neutrals.DISPEL not in attacking.castable(s, me)     # no spell in play to choose


def test_negate_neutral_stops_a_neutral() -> None:
    """A neutral is answered by Negate Neutral: Create Wall cancelled builds nothing."""
    s, me, foe = _scene()
    line = side(s.map.asm, s.pos[me], E)
    declare(s, me, neutrals.CREATE_WALL, line)
    assert s.phase == ANSWERING and s.asking == [foe]
    s.hands[foe].append(NEGATE_NEUTRAL)
    attacking.answer(s, foe, NEGATE_NEUTRAL)
    if s.phase == POWERING:
        attacking.power(s, foe, -1)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == OPEN and s.maintained[me] == []


def test_every_pick_offered_resolves() -> None:
    """The picks offer only what the resolve does: in states met in random three-player
    play, every first pick of every card of this module is cast and resolved to the end."""
    game = load_game("wizwar/8e", players=3)
    rng = random.Random(5)
    tried = 0
    for seed in range(2):
        s = game.new_state(seed)
        for _ in range(300):
            if game.outcome(s) is not None:
                break
            (p,) = game.to_act(s)
            if s.phase == MOVE_AND_CAST and p == s.turn and rng.random() < 0.05:
                tried += _try_all(s, p)
            game.apply(s, p, rng.choice(game.legal_actions(s, p)))
    assert tried > 0


def _try_all(s: EighthState, me: int) -> int:
    """Every card of this module, as if in `me`'s hand, cast at every first pick offered
    (later picks: the first offered), on copies of `s`; how many casts were tried."""
    tried = 0
    for card in NEUTRALS:
        probe = copy_state(s)
        probe.hands[me].append(card)
        if card not in attacking.castable(probe, me):
            continue
        attacking.begin(probe, me, card)
        if probe.phase == POWERING:
            attacking.power(probe, me, -1)
        for aim in attacking.picks(probe) if probe.phase == AIMING else [None]:
            t = copy_state(probe)
            if aim is not None:
                attacking.aim(t, aim)
                while t.phase == AIMING:
                    attacking.aim(t, attacking.picks(t)[0])
            let_be(t)
            assert t.phase != AIMING and len(t.cracks) == len(s.cracks)
            assert not any(t.map.cells[t.pos[f]] & STONE for f in reach.figures(t))  # no one stands in stone
            tried += 1
    return tried


def test_create_door_in_a_wall() -> None:
    """Create Door: "Fit a door into a stone wall or an empty edge in your line of sight.
    The door is yours: shut and locked to others, it opens for you as your home doors do."
    Cut into a printed wall, the wall stands again when the spell ends."""
    s, me, foe = _scene()
    s.pos[me], s.pos[foe] = _at(s, 0, 1, 2), _at(s, 0, 1, 3)   # c2 and d2, side by side
    line = side(s.map.asm, s.pos[me], E)
    s.map.edges[line] = WALL                                    # a printed wall between them
    vision.changed(s)
    assert moving.step_to(s, me, E) < 0
    declare(s, me, neutrals.CREATE_DOOR, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == DOOR
    assert (neutrals.CREATE_DOOR, PERMANENT, line + IN_WALL) in s.maintained[me]
    assert keys.maker(s, line) == me
    assert moving.step_to(s, me, E) == s.pos[foe]             # his own door: no lock to him
    assert moving.step_to(s, foe, W) < 0                      # locked to the others
    s.turn = me
    moving.walk(s, me, E)
    assert s.pos[me] == s.pos[foe]
    assert any("fits a door of his own into the wall" in text for text in _card_events(s))
    turn.end_at(s, me, s.maintained[me].index((neutrals.CREATE_DOOR, PERMANENT, line + IN_WALL)))
    assert s.map.edges[line] & KIND_MASK == WALL              # the wall is whole again


def test_create_door_on_an_empty_line_is_its_maker_s_alone() -> None:
    """Create Door on an empty edge: "shut and locked to others" even on another player's
    board, whose own printed doors are no lock to him (R8-10); knocked down, the spell goes."""
    s, me, foe = _scene()
    s.pos[foe] = _at(s, 1, 2, 3)                               # i3, on his own board
    line = side(s.map.asm, s.pos[foe], E)
    assert line in reach.lines_in_sight(s, me)
    declare(s, me, neutrals.CREATE_DOOR, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == DOOR and keys.maker(s, line) == me
    assert not keys.own_door(s, line, foe) and moving.step_to(s, foe, E) < 0
    s.hands[me].append(neutrals.DESTROY_WALL)
    s.attacks = 1
    declare(s, me, neutrals.DESTROY_WALL, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == OPEN
    assert all(card != neutrals.CREATE_DOOR for card, _, _ in s.maintained[me])
    assert neutrals.CREATE_DOOR in s.discards[0]


def test_teleport_in_answer_to_an_attack() -> None:
    """Teleport: "Cast in answer to an attack, the attack misses if its maker can no longer
    see you." The answerer picks where he jumps; out of sight, the Zot misses him."""
    s, me, foe = _scene()
    s.attacks = 1
    zot = cards.INDEX["zot"]
    declare(s, me, zot, foe)
    assert s.phase == ANSWERING and s.asking == [foe]
    s.hands[foe].append(neutrals.TELEPORT)
    attacking.answer(s, foe, neutrals.TELEPORT)
    if s.phase == POWERING:
        attacking.power(s, foe, -1)
    assert s.phase == AIMING and legal.actor(s) == foe
    hidden = next(q for q in attacking.picks(s)
                  if not reach.sight_row(s, me)[q])                       # a square out of his sight
    g = load_game("wizwar/8e", players=2)
    assert all(a.kind == "aim-square" for a in g.legal_actions(s, foe))
    attacking.aim(s, hidden)
    let_be(s)
    assert s.pos[foe] == hidden and s.life[foe] == 15 and neutrals.TELEPORT in s.discards[0]


def test_teleport_in_answer_still_seen_does_not_save() -> None:
    """If the attacker still sees him where he lands, the attack strikes him there."""
    s, me, foe = _scene()
    s.attacks = 1
    zot = cards.INDEX["zot"]
    declare(s, me, zot, foe)
    s.hands[foe].append(neutrals.TELEPORT)
    attacking.answer(s, foe, neutrals.TELEPORT)
    if s.phase == POWERING:
        attacking.power(s, foe, -1)
    seen = next(q for q in attacking.picks(s) if reach.sight_row(s, me)[q])
    attacking.aim(s, seen)
    let_be(s)
    assert s.pos[foe] == seen and s.life[foe] == 14
