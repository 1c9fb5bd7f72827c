"""Attacks on walls, doors and thornbushes (6e 6, structures.py): the weapon, then the line
or square; the turn's one attack; points taken off until the thing is gone."""

from __future__ import annotations

from wizarena.games.wizwar import cards, combat, illusions, structures, vision
from wizarena.games.wizwar.mapstate import BUSH, DOOR, WALL, MapState
from wizarena.games.wizwar.state import AIM, TURN, WizWarState

from .test_conditions import do, num
from .test_turn import G2, duel, second_round, texts

HIT = "punch a wall, door or thornbush"


def sides(m: MapState, square: int) -> list[int]:
    return [m.asm.side_edge[square * 4 + d] for d in range(4)]


def walled_square(m: MapState, kind: int = WALL) -> tuple[int, int]:
    """A square with a wall (or door) of `kind` that leads somewhere on one of its sides,
    and that line."""
    for square in range(m.asm.n_squares):
        for e in sides(m, square):
            if m.kind(e) == kind and m.may_attack_edge(e):
                return square, e
    raise AssertionError("no such square")


def aimed(s: WizWarState, q: int, what: str) -> list[int]:
    return sorted(int(x.split()[-1]) for x in texts(G2, s, q) if x.startswith(f"aim at {what}"))


def test_ww_6e_6_a_punch_hits_a_wall_on_a_side_of_one_s_square_and_is_the_turn_s_attack() -> None:
    s, q, t = duel([], [])
    square, wall = walled_square(s.map)
    s.pos[q] = s.pos[t] = square
    do(G2, s, q, HIT)
    assert s.phase == AIM
    lines = aimed(s, q, "line")
    assert wall in lines and all(e in sides(s.map, square) and s.map.may_attack_edge(e) for e in lines)
    do(G2, s, q, f"aim at line {wall}")
    assert s.map.hp[wall] == 19 and s.attacked
    assert s.phase == TURN and G2.to_act(s) == (q,)  # a wall has nobody to ask
    assert s.log is not None and "punches the wall on line" in s.log[-1].text and s.log[-1].rule == "WW 6e 6"
    legal = texts(G2, s, q)  # one attack a turn: neither the wizard nor another wall
    assert HIT not in legal and f"punch P{t}" not in legal


def test_ww_6e_6_a_wall_of_20_points_falls_to_the_damage_that_takes_its_last() -> None:
    s, q, t = duel([combat.FIREBALL, combat.LIGHTNING, num(4)], [])
    square, wall = walled_square(s.map)
    s.pos[q] = s.pos[t] = square
    beyond = next(b for b in s.map.asm.edge_squares(wall) if b != square)
    do(G2, s, q, "cast Lightning Blast at a wall, door or thornbush with a 4")
    do(G2, s, q, f"aim at line {wall}")
    assert s.map.hp[wall] == 16 and combat.LIGHTNING in s.discard and num(4) in s.discard
    assert s.lost[t] == 0  # nobody was stunned
    s.map.hp[wall] = 5
    s.attacked = False
    do(G2, s, q, "cast Fireball at a wall, door or thornbush")
    do(G2, s, q, f"aim at line {wall}")
    assert s.map.kind(wall) == 0 and "it is destroyed" in s.log[-1].text if s.log else False
    assert s.life == [15, 15]  # it falls on nobody
    if beyond >= 0:
        assert vision.sees(s, square, beyond) and s.map.asm.adjacent(square, beyond)


def test_ww_6e_6_a_door_has_15_points() -> None:
    s, q, t = duel([combat.WIZARDBLADE], [])
    square, door = walled_square(s.map, DOOR)
    s.pos[q] = s.pos[t] = square
    do(G2, s, q, "strike a wall, door or thornbush with Wizardblade")
    do(G2, s, q, f"aim at line {door}")
    assert s.map.hp[door] == 15 - cards.VALUE[combat.WIZARDBLADE] and s.map.kind(door) == DOOR
    assert combat.WIZARDBLADE in s.hands[q]  # the blade stays in hand


def test_ww_6e_6_a_thornbush_is_punched_from_beside_it_and_5_damage_destroys_it() -> None:
    s, q, t = duel([combat.DAGGER], [])
    m = s.map
    here = s.pos[q]
    d = next(d for d in range(4) if m.step_to(here, d) >= 0 and not m.cells[m.step_to(here, d)])
    bush = m.step_to(here, d)
    s.pos[t] = m.home_base(t) if m.home_base(t) != bush else here
    m.plant_thornbush(bush, False, cards.VALUE[cards.INDEX["thornbush"]])
    vision.changed(s)
    do(G2, s, q, HIT)
    assert bush in aimed(s, q, "square")
    do(G2, s, q, f"aim at square {bush}")
    assert m.cell_hp[bush] == 4 and m.cells[bush] & BUSH
    s.attacked = False
    do(G2, s, q, "throw Dagger at a thornbush")
    do(G2, s, q, f"aim at square {bush}")
    assert m.cell_hp[bush] == 1 and (bush, combat.DAGGER) in s.floor  # it lies where it struck
    s.attacked = False
    do(G2, s, q, HIT)
    do(G2, s, q, f"aim at square {bush}")
    assert not m.cells[bush] and "it is destroyed" in (s.log[-1].text if s.log else "")


def test_ww_6e_6_nothing_physical_passes_a_wall_to_a_thornbush() -> None:
    s, q, t = duel([], [])
    m = s.map
    square, wall = walled_square(m)
    beyond = next(b for b in m.asm.edge_squares(wall) if b != square)
    if beyond < 0:  # a wall on a wrap: the square a step beyond
        beyond = m.asm.step[square * 4 + sides(m, square).index(wall)]
    s.pos[q] = square
    m.plant_thornbush(beyond, False, 5)
    vision.changed(s)
    assert beyond not in structures.squares_for(s, q, structures.FIST)


def test_ww_6e_3_no_attack_on_a_wall_in_the_first_round() -> None:
    s = G2.new_state(1)
    q = s.turn
    assert s.round == 1 and not [x for x in texts(G2, s, q) if "wall, door or thornbush" in x]
    s = second_round(G2)
    s.pos[s.turn] = walled_square(s.map)[0]
    assert HIT in texts(G2, s, s.turn)


def test_ww_6e_6_a_believed_illusion_wall_is_attacked_and_gone_for_him_alone() -> None:
    s, q, t = duel([], [])
    m = s.map
    here = s.pos[q]
    line = next(e for e in sides(m, here) if m.may_create_edge(e))
    illusions.create(s, t, line)
    illusions._set(s, q, m.hp[line], illusions.BELIEVES)
    do(G2, s, q, HIT)
    assert line in aimed(s, q, "line")
    do(G2, s, q, f"aim at line {line}")
    assert illusions.state_of(s, q, m.hp[line]) == illusions.GONE and s.attacked
    assert m.kind(line) != 0  # it stands for everyone else
    illusions._set(s, q, m.hp[line], illusions.DOUBTS)  # a doubter sees nothing there to hit
    assert line not in structures.lines_for(s, q, structures.FIST)
