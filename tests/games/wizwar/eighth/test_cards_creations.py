"""The creation cards (eighth/creations.py, eighth/footing.py), one scenario per card from its
text in data/cards-8e.json: Thornbush, Rosebush, Dust Cloud, Booby Trap, Homunculus, the
Handful of Tacks and Wall of Fire's curtain of flame. Each casts the card through the whole
flow (card, energy, aims, answers, resolve) on boards with no inner walls: the turn's
wizard `me` on c3 (slot 0's centre, his home base), the other wizard `foe` on h3 (slot 1's
centre), in sight along row 3."""

from __future__ import annotations

from wizarena import load_game
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, N, W
from wizarena.games.wizwar.eighth import attacking, cards, cracks, moving, reach, striking, turn
from wizarena.games.wizwar.eighth.casting import SPELLS, USES
from wizarena.games.wizwar.eighth.state import DISCARD_AND_DRAW, PERMANENT, SQUARE_THING, Cast, EighthState, copy_state
from wizarena.games.wizwar.mapstate import BUSH, DUST, FIREWALL, KIND_MASK, OPEN

from ..helpers import side, sq
from .scenes import declare, let_be, loaded, open_table

THORNBUSH = cards.INDEX["thornbush"]
ROSEBUSH = cards.INDEX["rosebush"]
DUST_CLOUD = cards.INDEX["dust_cloud"]
BOOBY_TRAP = cards.INDEX["booby_trap"]
HOMUNCULUS = cards.INDEX["homunculus"]
TACKS = cards.INDEX["handful_of_tacks"]
WALL_OF_FIRE = cards.INDEX["wall_of_fire"]
FIREBALL = cards.INDEX["fireball"]


def _scene() -> tuple[EighthState, int, int]:
    """Two wizards on open boards, `me` on c3 to move with 3 movement points, `foe` on h3."""
    s = open_table(2)
    me, foe = 0, 1
    s.moves, s.boosted = 3, False
    return s, me, foe


def _at(s: EighthState, slot: int, row: int, col: int) -> int:
    return sq(s.map.asm, slot, row, col)


def test_every_creation_is_built_and_is_no_attack() -> None:
    """Each creation card has its behaviour, none is the turn's attack, and each stays in
    play as a maintained spell (rule 16); the Tacks are an item's use."""
    for card in (THORNBUSH, ROSEBUSH, DUST_CLOUD, BOOBY_TRAP, HOMUNCULUS, WALL_OF_FIRE):
        assert card in SPELLS and not SPELLS[card].attack and SPELLS[card].stays, cards.NAME[card]
    assert TACKS in USES and not USES[TACKS].attack and USES[TACKS].item


def test_thornbush() -> None:
    """Thornbush: "Grow a thornbush on an empty square in your line of sight; it blocks sight
    and a single crack or any fire damage destroys it. Whoever steps into its square stops
    there for the turn, takes 1 physical damage and is stunned for 1 turn." """
    s, me, foe = _scene()
    s.pos[me], s.pos[foe] = _at(s, 0, 1, 2), _at(s, 0, 1, 4)   # c2 and e2: row 2 does not wrap
    d2 = _at(s, 0, 1, 3)                                        # d2, between them
    s.hands[me].append(THORNBUSH)
    attacking.begin(s, me, THORNBUSH)
    offered = attacking.picks(s)
    assert s.pos[me] not in offered and s.pos[foe] not in offered and d2 in offered
    attacking.aim(s, d2)
    let_be(s)
    assert s.map.cells[d2] & BUSH and (THORNBUSH, PERMANENT, d2) in s.maintained[me]
    assert foe not in reach.figures_in_sight(s, me)                  # it blocks sight
    assert s.attacks == 1                                             # no attack spent
    moving.walk(s, me, E)                                             # into it
    assert s.pos[me] == d2 and s.moves <= 0 and moving.headings(s, me) == []
    assert s.life[me] == 14 and s.stun[me] == 1
    # a single crack destroys it
    assert cracks.crack_square(s, d2, 3) and not s.map.cells[d2]
    # any fire damage destroys it, 1 point is enough
    d3 = _at(s, 0, 2, 3)
    s.map.plant_thornbush(d3, False, 1)
    striking.strike_thing(s, Cast(foe, FIREBALL, attack=True), SQUARE_THING + d3, 1, "fire")
    assert not s.map.cells[d3]


def test_rosebush() -> None:
    """Rosebush: "Grow a rosebush on an empty square in your line of sight. It blocks sight, a
    single crack or any fire damage destroys it, and stepping into its square costs 3
    physical damage (not an attack)." """
    s, me, foe = _scene()
    s.pos[me], s.pos[foe] = _at(s, 0, 1, 2), _at(s, 0, 1, 4)   # c2 and e2: row 2 does not wrap
    d2 = _at(s, 0, 1, 3)                                        # d2, between them
    declare(s, me, ROSEBUSH, d2)
    let_be(s)
    assert s.map.cells[d2] & BUSH and (ROSEBUSH, PERMANENT, d2) in s.maintained[me]
    assert foe not in reach.figures_in_sight(s, me)
    moving.walk(s, me, E)
    assert s.life[me] == 12 and s.stun[me] == 0 and s.moves == 2     # he may walk on
    assert s.dying == []
    turn.end_at(s, me, 0)                                             # its spell ends: the bush goes
    assert not s.map.cells[d2] and ROSEBUSH in s.discards[0]


def test_dust_cloud() -> None:
    """Dust Cloud: "Fill an empty square in your line of sight with dust that blocks sight.
    Whoever tries to leave it goes in a random direction on each try, and a wall in the way
    costs him 1 movement point." """
    s, me, foe = _scene()
    s.pos[me], s.pos[foe] = _at(s, 0, 1, 2), _at(s, 0, 1, 4)   # c2 and e2: row 2 does not wrap
    d2 = _at(s, 0, 1, 3)                                        # d2, between them
    declare(s, me, DUST_CLOUD, d2)
    let_be(s)
    assert s.map.cells[d2] & DUST and (DUST_CLOUD, PERMANENT, d2) in s.maintained[me]
    assert foe not in reach.figures_in_sight(s, me)                  # it blocks sight
    assert cracks.square_limit(s, d2) == 0                           # dust is nothing to attack
    assert SQUARE_THING + d2 not in reach.targets_in_sight(s, me)
    assert moving.step_to(s, me, E) >= 0                             # it does not stop a step
    s.pos[me], s.moves = d2, 3
    north = side(s.map.asm, d2, N)
    assert s.map.create_wall(north) == ""
    s.rng = loaded(1, 2)                                              # north into the wall, then east
    moving.walk(s, me, W)
    assert s.pos[me] == d2 and s.moves == 2                           # the wall cost him a point
    moving.walk(s, me, W)
    assert s.pos[me] == _at(s, 0, 1, 4) and s.moves == 1              # the d4 sent him east, not west
    turn.end_at(s, me, 0)
    assert not s.map.cells[d2] and foe in reach.figures_in_sight(s, me)


def test_booby_trap() -> None:
    """Booby Trap: "Secretly lay 4 face-down tokens, one trap and three blanks, on empty
    squares in your line of sight. An enemy who steps on one turns it up: a blank is
    removed, but the trap deals 4 magical damage (not an attack) and clears every token." """
    s, me, foe = _scene()
    row = [_at(s, 0, 2, 3), _at(s, 0, 2, 4), _at(s, 1, 2, 0), _at(s, 1, 2, 1)]   # d3 e3 f3 g3
    s.hands[me].append(BOOBY_TRAP)
    attacking.begin(s, me, BOOBY_TRAP)
    for k, square in enumerate(row):
        offered = attacking.picks(s)
        assert square in offered and not set(row[:k]) & set(offered)   # four different squares
        attacking.aim(s, square)
    let_be(s)
    assert sorted(at for at, _, _ in s.traps) == sorted(row) and all(o == me for _, o, _ in s.traps)
    assert sum(t for _, _, t in s.traps) == 1                          # one trap, three blanks
    (trap,) = [at for at, _, t in s.traps if t]
    assert s.log is not None
    told = [e for e in s.log if "your trap" in e.text]
    assert len(told) == 1 and told[0].to == 1 << me                   # only the owner is told
    assert copy_state(s).traps == s.traps
    moving.walk(s, me, E)                                             # his own token: nothing
    assert s.life[me] == 15 and len(s.traps) == 4
    s.turn, s.moves = foe, 4
    for _ in range(4):                                                 # the foe walks west along row 3
        before = s.life[foe]
        moving.walk(s, foe, W)
        if s.pos[foe] == trap:
            assert s.life[foe] == before - 4 and s.traps == [] and s.maintained[me] == []
            assert BOOBY_TRAP in s.discards[0]
            break
        assert s.life[foe] == before and s.pos[foe] not in [at for at, _, _ in s.traps]  # a blank, removed
    assert s.life[foe] == 11


def test_homunculus() -> None:
    """Homunculus: "Summon a Homunculus (5 life, speed 1, no attack) that you control onto an
    empty square in your line of sight. No one may target it, but effects on a whole square
    or path hurt it." """
    s, me, foe = _scene()
    e3 = _at(s, 0, 2, 4)
    declare(s, me, HOMUNCULUS, e3)
    let_be(s)
    h = 2
    assert len(s.pos) == 3 and s.pos[h] == e3 and s.life[h] == 5 and s.speed[h] == 1
    assert s.controller[h] == me and s.stun[h] == 0
    assert (HOMUNCULUS, PERMANENT, h) in s.maintained[me]
    assert h in reach.figures(s)
    assert h not in reach.figures_in_sight(s, foe) and h not in reach.targets_in_sight(s, foe)
    assert h not in reach.figures_in_sight(s, me)                     # nor its own master
    assert e3 not in reach.empty_squares_in_sight(s, me)               # it fills its square
    turn.end_at(s, me, 0)                                             # its spell ends: it is gone
    assert h not in reach.figures(s)


def test_homunculus_walks_and_lends_its_sight() -> None:
    """Homunculus: "It walks on your turns, and your spells may take their sight and range
    from its square." (R8-7: its own movement points, its speed, in its controller's Move &
    Cast.)"""
    s, me, foe = _scene()
    s.pos[foe] = _at(s, 0, 4, 4)                                      # e5, hidden behind a block on d4
    assert s.map.fill_stone(_at(s, 0, 3, 3), False) == ""
    vision.changed(s)
    assert foe not in reach.figures_in_sight(s, me)
    e3 = _at(s, 0, 2, 4)
    declare(s, me, HOMUNCULUS, _at(s, 0, 1, 4))                       # e2
    let_be(s)
    h = 2
    turn.start(s, me)
    assert s.strides[h] == 1 and moving.creatures_of(s, me) == [h]
    g = load_game("wizwar/8e", players=2)
    steps = [a for a in g.legal_actions(s, me) if a.kind == "step-creature"]
    assert "S" in {a.fields["direction"] for a in steps}
    south = next(a for a in steps if a.fields["direction"] == "S")
    moves = s.moves
    g.apply(s, me, south)
    assert s.pos[h] == e3 and s.strides[h] == 0 and s.moves == moves   # its points, not his
    assert not [a for a in g.legal_actions(s, me) if a.kind == "step-creature"]
    assert foe in reach.figures_in_sight(s, me)                       # its square sees e5 down column e


def test_handful_of_tacks_gathered_up() -> None:
    """Handful of Tacks: "A wizard beside them can gather them up by spending his whole Move
    and Cast phase." Offered before he has done anything in the phase."""
    s, me, foe = _scene()
    g = load_game("wizwar/8e", players=2)
    s.floor = [(_at(s, 0, 2, 3), TACKS)]                               # d3, beside c3
    turn.start(s, me)
    gather = [a for a in g.legal_actions(s, me) if a.kind == "gather-tacks"]
    assert len(gather) == 1
    g.apply(s, me, gather[0])
    assert s.floor == [] and TACKS in s.items[me] and s.phase == DISCARD_AND_DRAW
    s.floor = [(_at(s, 0, 2, 3), TACKS)]
    s.items[me] = []
    turn.start(s, me)
    step = [a for a in g.legal_actions(s, me) if a.kind == "move"][0]
    g.apply(s, me, step)                                               # a step first: too late
    assert not [a for a in g.legal_actions(s, me) if a.kind == "gather-tacks"]


def test_handful_of_tacks() -> None:
    """Handful of Tacks: "Scatter them on an empty square next to you; whoever enters that
    square takes 3 physical damage (not an attack)." """
    s, me, foe = _scene()
    d3 = _at(s, 0, 2, 3)
    s.hands[me].append(TACKS)
    attacking.begin(s, me, TACKS)                                     # cast from the hand: into play
    let_be(s)
    assert TACKS in s.items[me]
    declare(s, me, TACKS, item=True)
    offered = attacking.picks(s)
    assert s.pos[me] not in offered and d3 in offered and _at(s, 0, 2, 4) not in offered
    attacking.aim(s, d3)
    let_be(s)
    assert TACKS not in s.items[me] and (d3, TACKS) in s.floor and s.attacks == 1
    s.turn, s.moves = foe, 6
    s.pos[foe] = _at(s, 0, 2, 4)                                      # e3
    moving.walk(s, foe, W)
    assert s.pos[foe] == d3 and s.life[foe] == 12


def test_wall_of_fire() -> None:
    """Wall of Fire: "raise a curtain of flame on an edge in your line of sight, which deals 4
    magical fire damage (not an attack) to anyone who crosses it". """
    s, me, foe = _scene()
    d3 = _at(s, 0, 2, 3)
    line = side(s.map.asm, d3, E)                                     # between d3 and e3
    declare(s, me, WALL_OF_FIRE, line)
    let_be(s)
    assert s.map.edges[line] & KIND_MASK == FIREWALL and (WALL_OF_FIRE, PERMANENT, line) in s.maintained[me]
    moving.walk(s, me, E)                                             # c3 to d3: no flame crossed
    assert s.life[me] == 15
    moving.walk(s, me, E)                                             # d3 to e3 through the flame
    assert s.pos[me] == _at(s, 0, 2, 4) and s.life[me] == 11
    turn.end_at(s, me, 0)
    assert s.map.edges[line] & KIND_MASK == OPEN
