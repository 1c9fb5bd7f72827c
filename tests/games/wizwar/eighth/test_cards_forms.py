"""The transformations, curses and lasting spells on oneself of Wiz-War 8e
(eighth/forms.py, eighth/upkeep.py), each from its text in data/cards-8e.json. Each
scenario casts the card through the whole cast flow (card, energy, aim, answers, resolve,
hand-limit cut), then plays what the card changes."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, W
from wizarena.games.wizwar.eighth import (
    attacking,
    cards,
    combat,
    forms,
    harm,
    moving,
    reach,
    striking,
    treasures,
    turn,
    upkeep,
)
from wizarena.games.wizwar.eighth.casting import SPELLS, USES
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import (
    ANSWERING,
    DISCARD_AND_DRAW,
    GRAB_ITEM,
    GRAB_TREASURE,
    LINE_THING,
    MOVE_AND_CAST,
    PERMANENT,
    POWERING,
    Cast,
    EighthState,
)
from wizarena.games.wizwar.mapstate import DOOR, KIND_MASK, STONE

from ..helpers import open_map, side
from .scenes import let_be, loaded

ENERGY_4 = cards.INDEX["energy_4"]
ZOT = cards.INDEX["zot"]
FIREBALL = cards.INDEX["fireball"]
LARGE_ROCK = cards.INDEX["large_rock"]
DISEASE = cards.INDEX["disease"]


def _scene(seed: int = 1, n: int = 2) -> tuple[EighthState, int, int]:
    """A game past its first round (attacks allowed), the turn's wizard `me` with 3
    movement points and another wizard `foe` standing in his square, hands emptied."""
    s = deal(seed, n)
    s.round = 2
    me = s.turn
    foe = (me + 1) % n
    s.pos[foe] = s.pos[me]
    s.moves = 3
    for q in range(n):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    return s, me, foe


def _cast(s: EighthState, me: int, card: int, *aims: int, power: int = -1, answer: int = -1) -> None:
    """`me` casts `card` (put in his hand), powers it with `power` (-1: energy 1), aims it;
    the first seat asked answers with `answer` (put in his hand; -1: lets it be), the rest
    let it be."""
    s.hands[me].append(card)
    if power >= 0:
        s.hands[me].append(power)
    assert card in attacking.castable(s, me)
    attacking.begin(s, me, card)
    if s.phase == POWERING:
        attacking.power(s, me, power)
    for aim in aims:
        assert aim in attacking.picks(s)
        attacking.aim(s, aim)
    if answer >= 0:
        s.hands[s.asking[0]].append(answer)
        attacking.answer(s, s.asking[0], answer)
        if s.phase == POWERING:
            attacking.power(s, s.answer.seat if s.answer else me, -1)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)


def _punch(s: EighthState, me: int, foe: int) -> None:
    assert foe in attacking.punchable(s, me)
    attacking.punch(s, me)
    attacking.aim(s, foe)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)


def _log(s: EighthState) -> str:
    assert s.log is not None
    return "\n".join(e.text for e in s.log if e.to is None)


def test_each_entry_has_its_card_type() -> None:
    """R8-9 and the data: a card of type "attack" is the turn's attack, the others not; each
    stays in play; Stone Spikes' fling is an attack used from the play area."""
    for card, spell in forms.SPELLS.items():
        assert spell.attack == (cards.TYPE[card] == "attack"), cards.ID[card]
        assert SPELLS[card] is spell and spell.stays and not spell.item
    assert USES[forms.STONE_SPIKES].attack and forms.STONE_SPIKES in USES


# -- the forms ----------------------------------------------------------------------------


def test_gnome_form() -> None:
    """Gnome Form: "You shrink into a gnome: your base speed is 2, and each attack on you
    misses if a d4 shows 1 or 2. It may be cast in answer to an attack." """
    s, me, foe = _scene(1)
    _cast(s, me, forms.GNOME_FORM)
    assert s.speed[me] == 2 and s.moves == 2  # rule 7: the points left fall by the difference
    assert (forms.GNOME_FORM, PERMANENT, me) in s.maintained[me] and harm.upon(s, me, forms.GNOME_FORM)
    # in answer to an attack, on someone else's turn
    s2, me2, foe2 = _scene(2)
    s2.turn = foe2  # foe2 is attacking me2 on his own turn
    s2.hands[foe2].append(ZOT)
    attacking.begin(s2, foe2, ZOT)
    if s2.phase == POWERING:
        attacking.power(s2, foe2, -1)
    attacking.aim(s2, me2)
    s2.hands[me2].append(forms.GNOME_FORM)
    assert forms.GNOME_FORM in attacking.answers(s2, me2)
    attacking.answer(s2, me2, forms.GNOME_FORM)
    if s2.phase == POWERING:
        attacking.power(s2, me2, -1)
    while s2.phase == ANSWERING:
        attacking.answer(s2, s2.asking[0], -1)
    assert s2.speed[me2] == 2 and harm.upon(s2, me2, forms.GNOME_FORM)
    assert "Gnome Form: P" in _log(s2)  # the d4 was rolled against the Zot


def test_golem_form() -> None:
    """Golem Form: "You become a golem: base speed 2, punches of 2, 2 less damage from every
    source, and only counter spells may be cast." With 1 point left he is left with 0
    (rule 7's example)."""
    s, me, foe = _scene(3)
    s.moves = 1
    _cast(s, me, forms.GOLEM_FORM)
    assert s.speed[me] == 2 and s.moves == 0 and not moving.headings(s, me)
    s.hands[me] = [ZOT, forms.GNOME_FORM]
    assert attacking.castable(s, me) == [forms.GNOME_FORM]  # Zot is no counter; Gnome Form is
    life = s.life[foe]
    _punch(s, me, foe)
    assert s.life[foe] == life - 2


def test_werewolf_form() -> None:
    """Werewolf Form: "You become a werewolf: base speed 4, each punch deals physical damage
    equal to a d4 roll, and you may cast only counter spells." """
    s, me, foe = _scene(4)
    _cast(s, me, forms.WEREWOLF_FORM)
    assert s.speed[me] == 4 and s.moves == 4
    s.hands[me] = [ZOT, FIREBALL]
    assert attacking.castable(s, me) == []
    life = s.life[foe]
    _punch(s, me, foe)
    assert 1 <= life - s.life[foe] <= 4


def test_slime_form() -> None:
    """Slime Form: "You become a slime of base speed 3 ... you cannot attack and may cast
    only counter spells." """
    s, me, foe = _scene(5)
    s.hands[me] = [ZOT]
    _cast(s, me, forms.SLIME_FORM)
    assert s.speed[me] == 3 and s.moves == 3
    assert not turn.may_attack(s, me) and not attacking.punchable(s, me)
    s.hands[me] = [ZOT, forms.INVISIBLE]
    assert attacking.castable(s, me) == [forms.INVISIBLE]


def test_golem_form_picks_up_a_treasure_for_a_movement_point() -> None:
    """Golem Form: "Picking up a treasure costs you 1 movement point rather than ending
    your phase." With no point left, the pick-up ends it as anyone's does."""
    s, me, foe = _scene(3)
    s.maintained[me] = [(forms.GOLEM_FORM, 2, me)]
    t = 2 * foe
    s.treasure_at[t] = s.pos[me]
    s.moves = 2
    treasures.pick_up(s, me, t)
    assert s.carried[me] == t and s.moves == 1 and s.phase == MOVE_AND_CAST
    treasures.drop(s, me)
    s.moves = 0
    treasures.pick_up(s, me, t)
    assert s.carried[me] == t and s.phase == DISCARD_AND_DRAW


def test_r8_30_mist_drifts_through_and_slime_oozes_past_a_thornbush() -> None:
    """Mist Body: "you drift through everything except walls and stone blocks"; Slime Form
    "oozes past doors and objects". R8-30: a mist takes nothing from a thornbush and goes
    on; a slime goes on too, pricked (1 damage) but not stopped or stunned."""
    thornbush = cards.INDEX["thornbush"]
    for form, harmed in ((forms.MIST_BODY, 0), (forms.SLIME_FORM, 1)):
        s, me, foe = _scene(4)
        s.map = open_map(2)
        s.sight = vision.rows_for(s.map)
        s.pos[me] = s.map.home_base(me)
        s.pos[foe] = s.map.home_base(foe)
        bush = moving.step_to(s, me, E)
        assert s.map.plant_thornbush(bush, False, 1) == ""
        s.maintained[foe] = [(thornbush, PERMANENT, bush)]
        s.maintained[me] = [(form, 3, me)]
        s.moves = 3
        moving.walk(s, me, E)
        assert s.pos[me] == bush and s.moves == 2 and s.stun[me] == 0
        assert s.life[me] == 15 - harmed


def test_big_man_form_fills_his_square_and_shoves() -> None:
    """Big Man Form: "You swell to fill your square: ... no one may enter or cross your
    square ..., figures in your path are shoved ahead of you" """
    s, me, foe = _scene(6)
    s.map = open_map(2)
    s.sight = vision.rows_for(s.map)
    here = s.map.home_base(me)
    s.pos[me], s.pos[foe] = here, here
    east = moving.step_to(s, me, E)
    s.pos[foe] = east
    s.maintained[me] = [(forms.BIG_MAN_FORM, 2, me)]
    assert moving.step_to(s, foe, W) < 0                          # no one enters his square
    beyond = moving.step_to(s, foe, E)
    s.moves = 3
    moving.walk(s, me, E)
    assert s.pos[me] == east and s.pos[foe] == beyond               # shoved on ahead of him
    assert s.map.create_wall(side(s.map.asm, beyond, E)) == ""
    vision.changed(s)
    assert moving.step_to(s, me, E) < 0                             # he cannot be shoved into a wall


def test_slime_form_oozes_under_doors_and_stings() -> None:
    """Slime Form: "... oozes past doors and objects but not walls or stone blocks
    (squeezing under a shut door makes you drop your treasure). Each figure in a square you
    enter takes 1 physical damage (not an attack)" """
    s, me, foe = _scene(5)
    s.map = open_map(2)
    s.sight = vision.rows_for(s.map)
    s.pos[me] = s.map.home_base(foe)                                 # on the other's board: his doors
    door = side(s.map.asm, s.pos[me], E)
    assert s.map.create_edge(door, DOOR) == ""
    vision.changed(s)
    assert moving.step_to(s, me, E) < 0                             # shut to a wizard
    s.maintained[me] = [(forms.SLIME_FORM, 3, me)]
    t = 2 * foe
    s.carried[me], s.treasure_at[t] = t, -1
    here = s.pos[me]
    beyond = moving.step_to(s, me, E)
    assert beyond >= 0                                              # not to a slime
    s.pos[foe] = beyond
    life = s.life[foe]
    s.moves = 3
    moving.walk(s, me, E)
    assert s.pos[me] == beyond and s.carried[me] == -1 and s.treasure_at[t] == here   # left at the door
    assert s.life[foe] == life - 1                                  # the slime washes over him
    assert harm.upon(s, me, forms.SLIME_FORM) and s.life[me] == 15


def test_big_man_form() -> None:
    """Big Man Form: "You swell to fill your square: base speed 3, ... and your punch deals
    3." """
    s, me, foe = _scene(6)
    _cast(s, me, forms.BIG_MAN_FORM)
    assert s.speed[me] == 3
    life = s.life[foe]
    _punch(s, me, foe)
    assert s.life[foe] == life - 3


def _in_a_row(seed: int = 6) -> tuple[EighthState, int, int, int]:
    """Three wizards side by side on one row of an open board: P0 (the turn's), the Big Man
    P1 next to him, P2 beyond (squares so close that no other route of sight, round a
    wrap, joins P0 and P2); the turn's wizard `me` holds nothing yet."""
    s = deal(seed, 3)
    s.map = open_map(3)
    s.sight = vision.rows_for(s.map)
    s.turn, s.round, s.moves = 0, 2, 3
    for q in range(3):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    asm = s.map.asm
    s.pos[0], s.pos[1], s.pos[2] = asm.square(0, 0, 0), asm.square(0, 0, 1), asm.square(0, 0, 2)
    s.maintained[1] = [(forms.BIG_MAN_FORM, 2, 1)]
    return s, 0, 1, 2


def test_big_man_form_blocks_sight_and_casting_past_him() -> None:
    """Big Man Form: "fills the square and blocks LOS; nobody can enter, pass or cast past"
    (ruling R8-32): the wizard behind him is out of sight and cannot be aimed at; the Big
    Man himself can; he sees out as anyone does; when the form ends, sight is back."""
    s, me, big, behind = _in_a_row()
    assert big in reach.figures_in_sight(s, me) and behind not in reach.figures_in_sight(s, me)
    assert s.pos[behind] not in reach.squares_in_sight(s, me)
    assert {me, behind} <= set(reach.figures_in_sight(s, big))          # his own sight is his
    s.hands[me] = [FIREBALL]
    attacking.begin(s, me, FIREBALL)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert big in attacking.picks(s) and behind not in attacking.picks(s)
    s2, me2, big2, behind2 = _in_a_row()
    s2.maintained[big2] = []                                              # the form ends
    assert behind2 in reach.figures_in_sight(s2, me2)


def test_big_man_form_is_a_visionstone_s_one_barrier() -> None:
    """Ruling R8-32: "A Visionstone's one barrier may be him": a wizard carrying one sees
    past the Big Man as past one wall, and no further. A labyrinth walled everywhere but
    between the caster and the Big Man: the wizard beyond, behind one more wall, is seen
    past the wall alone (no Big Man), past the Big Man alone (no wall), not past both."""
    s, me, big, behind = _in_a_row()
    s.items[me].append(reach.VISIONSTONE)
    asm = s.map.asm
    m = s.map = s.map.copy()
    between = [asm.side_edge[s.pos[big] * 4 + h] for h in range(4)
               if asm.step[s.pos[big] * 4 + h] in (s.pos[me], s.pos[behind])]
    for line in range(asm.n_edges):
        if asm.is_edge(line) and not m.check_create_edge(line) and line not in between:
            m.create_wall(line)
    vision.changed(s)
    assert behind in reach.figures_in_sight(s, me)                      # past the Big Man alone
    assert behind not in reach.figures_in_sight(s, me, spell=False)    # a thrown item gets no such help
    m.create_wall(next(line for line in between if line in asm.side_edge[s.pos[behind] * 4:s.pos[behind] * 4 + 4]))
    vision.changed(s)
    assert big in reach.figures_in_sight(s, me) and behind not in reach.figures_in_sight(s, me)
    s.maintained[big] = []                                              # the form ends: the wall alone
    assert behind in reach.figures_in_sight(s, me)


def test_no_path_runs_past_a_big_man() -> None:
    """ "Nobody can ... pass or cast past": a Lightning Bolt strikes the Big Man and turns
    back from his square as from a wall; a Globe of Pain's path stops in it (R8-32)."""
    s, me, big, behind = _in_a_row()
    s.hands[me] = [cards.INDEX["lightning_bolt"], ENERGY_4]
    attacking.begin(s, me, cards.INDEX["lightning_bolt"])
    attacking.power(s, me, ENERGY_4)
    attacking.aim(s, E)
    let_be(s)
    assert s.life[big] < 15 and s.life[behind] == 15                       # he is struck, nothing past him
    t, me, big, behind = _in_a_row()
    steps = [combat.STEPPING + E]
    assert combat._path_picks(t, t.pos[me], steps, 6) == [combat.STOP]     # the globe stops on him
    t.maintained[big] = []
    assert combat.STEPPING + E in combat._path_picks(t, t.pos[me], steps, 6)


def _door_step(s: EighthState, figure: int) -> tuple[int, int] | None:
    """A square and heading where only a door of someone else's colour stops a step."""
    m = s.map
    asm = m.asm
    for square in range(len(m.cells)):
        for heading in range(4):
            i = square * 4 + heading
            there = asm.step[i]
            if there < 0 or m.cells[there] & STONE or m.cells[square] & STONE:
                continue
            lines = {asm.side_edge[i], asm.far_edge[i]}
            if any(m.edges[e] & KIND_MASK == DOOR and m.blocks_walk(e) and not m.door_of(e, figure) for e in lines) \
                    and not any(m.blocks_walk(e) and m.edges[e] & KIND_MASK != DOOR for e in lines):
                return square, heading
    return None


def test_mist_body() -> None:
    """Mist Body: "You turn to mist for as long as the spell lasts: you drift through
    everything except walls and stone blocks, you can neither attack nor be attacked, and
    you keep carrying your items and treasure." (Objects other than doors are not built.)"""
    s, me, foe = _scene(7)
    _cast(s, me, forms.MIST_BODY, power=ENERGY_4)
    assert (forms.MIST_BODY, 4, me) in s.maintained[me]
    assert not turn.may_attack(s, me)
    found = _door_step(s, me)
    assert found is not None
    square, heading = found
    s.pos[me] = square
    assert moving.step_to(s, me, heading) >= 0  # under the locked door
    s.maintained[me].remove((forms.MIST_BODY, 4, me))
    assert moving.step_to(s, me, heading) < 0  # not without the mist
    s.maintained[me].append((forms.MIST_BODY, 4, me))
    # attacked: the Zot passes through him
    s.pos[foe] = s.pos[me]
    s.turn = foe
    s.attacks = 1
    life = s.life[me]
    _cast(s, foe, ZOT, me, power=ENERGY_4)
    assert s.life[me] == life and "passes through" in _log(s)


def test_one_form_at_a_time_and_back_to_base_speed() -> None:
    """Our ruling (upkeep.py): a new form ends the old one; a form that ends (cut for the
    hand limit, or out of tokens) gives back base speed 3."""
    s, me, _ = _scene(8)
    _cast(s, me, forms.GOLEM_FORM)
    _cast(s, me, forms.GNOME_FORM)  # a counter may still be cast by a golem
    assert [c for c, _, _ in s.maintained[me]] == [forms.GNOME_FORM] and forms.GOLEM_FORM in s.discards[0]
    assert s.speed[me] == 2
    turn.end_spell(s, me, forms.GNOME_FORM)
    assert s.speed[me] == 3 and s.moves == 3
    s.maintained[me].append((forms.WEREWOLF_FORM, 1, me))  # a form with one token left
    upkeep.settle_speed(s, me)
    assert s.speed[me] == 4
    turn.time_passes(s, me)
    assert s.maintained[me] == [] and s.speed[me] == 3


# -- the lasting spells on oneself -------------------------------------------------------------


def test_invisible() -> None:
    """Invisible: "While this spell lasts, each attack on you misses if a d4 shows 2, 3 or 4.
    It may be cast in answer to an attack." Cast on his own turn, it lies on him with its
    energy in tokens."""
    s, me, foe = _scene(9)
    _cast(s, me, forms.INVISIBLE, power=ENERGY_4)
    assert (forms.INVISIBLE, 4, me) in s.maintained[me]
    misses = sum(striking.evades(s, me) for _ in range(200))
    assert 100 < misses < 200  # 3 in 4
    turn.time_passes(s, me)
    assert (forms.INVISIBLE, 3, me) in s.maintained[me]


def test_adrenaline() -> None:
    """Adrenaline: "A wizard or creature in your line of sight gains a second attack each
    turn while the spell lasts; when stunned, it chooses between one attack plus movement
    and two attacks without moving." """
    s, me, foe = _scene(10)
    _cast(s, me, forms.ADRENALINE, me, power=ENERGY_4)
    assert s.attacks == 2
    _punch(s, me, foe)
    _punch(s, me, foe)
    assert not turn.may_attack(s, me)
    turn.start(s, me)  # his next turn: a second attack again
    assert s.attacks == 2
    # stunned: one attack, then movement
    s.dazed, s.walked, s.struck = True, False, False
    _punch(s, me, foe)
    assert s.struck and turn.may_attack(s, me) and forms.move_after_attack(s, me)
    s.walked = True  # he moves: the second attack is gone
    assert not turn.may_attack(s, me)
    # stunned, having moved first: one attack still
    s.attacks, s.walked, s.struck = 2, True, False
    assert turn.may_attack(s, me)
    assert foe in forms.SPELLS[forms.ADRENALINE].picks(s, Cast(me, forms.ADRENALINE, aim=1))


def test_strength() -> None:
    """Strength: "While this spell lasts your physical damage is doubled ..." A punch of 1
    deals 2; Fireball's fire is not physical."""
    s, me, foe = _scene(11)
    _cast(s, me, forms.STRENGTH)
    life = s.life[foe]
    _punch(s, me, foe)
    assert s.life[foe] == life - 2
    s.attacks = 1
    _cast(s, me, FIREBALL, foe)
    assert s.life[foe] == life - 2 - 5  # 5 fire, not doubled


def test_strength_wrench() -> None:
    """Strength: "... and as your attack you may try to wrench a treasure or item from a
    figure in your square, succeeding if a d4 shows 2, 3 or 4." The spell stays in play."""
    s, me, foe = _scene(13)
    dagger = cards.INDEX["dagger"]
    s.maintained[me] = [(forms.STRENGTH, 2, me)]
    s.items[foe] = [dagger]
    t = 2 * me
    s.carried[foe], s.treasure_at[t] = t, -1
    assert forms.STRENGTH in attacking.usable_items(s, me)
    s.rng = loaded(1)                                          # a 1: he fails
    attacking.begin(s, me, forms.STRENGTH, item=True)
    assert attacking.picks(s) == [foe]
    attacking.aim(s, foe)
    assert attacking.picks(s) == [GRAB_TREASURE + t, GRAB_ITEM + dagger]
    attacking.aim(s, GRAB_ITEM + dagger)
    let_be(s)
    assert s.items[foe] == [dagger] and (forms.STRENGTH, 2, me) in s.maintained[me] and s.attacks == 0
    s.attacks = 1
    s.rng = loaded(2)                                          # a 2: he has it
    attacking.begin(s, me, forms.STRENGTH, item=True)
    attacking.aim(s, foe)
    attacking.aim(s, GRAB_TREASURE + t)
    let_be(s)
    assert s.carried[me] == t and s.carried[foe] == -1


def test_pain_link() -> None:
    """Pain Link: "While this spell lasts, whoever attacks you takes the same damage the
    attack deals you. Cast it on your turn or in answer to an attack; casting it is not an
    attack." """
    s, me, foe = _scene(12)
    _cast(s, me, forms.PAIN_LINK)
    assert s.attacks == 1 and harm.upon(s, me, forms.PAIN_LINK)
    s.turn, s.attacks = foe, 1
    mine, theirs = s.life[me], s.life[foe]
    _cast(s, foe, ZOT, me, power=ENERGY_4)
    assert mine - s.life[me] == 4 and theirs - s.life[foe] == 4
    # in answer to an attack
    s2, me2, foe2 = _scene(13)
    mine, theirs = s2.life[me2], s2.life[foe2]
    _cast(s2, me2, ZOT, foe2, power=ENERGY_4, answer=forms.PAIN_LINK)
    assert harm.upon(s2, foe2, forms.PAIN_LINK)
    assert theirs - s2.life[foe2] == 4 and mine - s2.life[me2] == 4


def test_shatter() -> None:
    """Shatter: "For as long as the spell is in play, each point of damage you inflict on an
    object cracks it once, rather than once per full 3 points." A Zot of 1 cracks a wall."""
    s, me, _ = _scene(14)
    walls = [t for t in reach.targets_in_sight(s, me) if LINE_THING <= t < LINE_THING + 1000]
    assert walls
    wall = walls[0] - LINE_THING
    _cast(s, me, forms.SHATTER)
    _cast(s, me, ZOT, walls[0])
    assert s.cracks[wall] == 1


def test_stone_spikes() -> None:
    """Stone Spikes: "While this spell lasts you may, as your attack, fling a stone spike at
    a target in your line of sight for 3 physical damage." """
    s, me, foe = _scene(15)
    _cast(s, me, forms.STONE_SPIKES, power=ENERGY_4)
    assert s.attacks == 1 and (forms.STONE_SPIKES, 4, me) in s.maintained[me]
    assert forms.STONE_SPIKES in attacking.usable_items(s, me)
    life = s.life[foe]
    attacking.begin(s, me, forms.STONE_SPIKES, item=True)
    attacking.aim(s, foe)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    assert s.life[foe] == life - 3 and s.attacks == 0 and s.phase == MOVE_AND_CAST
    assert (forms.STONE_SPIKES, 4, me) in s.maintained[me]  # it stays, tokens and all
    assert forms.STONE_SPIKES not in attacking.usable_items(s, me)  # the turn's attack is spent


# -- the curses ---------------------------------------------------------------------------


def test_acid_bath() -> None:
    """Acid Bath: "Acid eats at a wizard or creature in your line of sight: it suffers 2
    magical damage in each of your Time Passes phases until the spell runs out ... After
    the turn it is cast, the spell no longer uses up your attack." """
    s, me, foe = _scene(16)
    life = s.life[foe]
    _cast(s, me, forms.ACID_BATH, foe)
    assert s.attacks == 0 and s.life[foe] == life and (forms.ACID_BATH, 1, foe) in s.maintained[me]
    turn.start(s, me)  # his next Time Passes: it burns, then runs out
    assert s.life[foe] == life - 2 and s.maintained[me] == [] and s.attacks == 1
    assert "Acid Bath eats at P" in _log(s)


def test_acid_bath_evaded_does_not_stay() -> None:
    """An attack that misses (here a Mist Body) lays no curse: the card is discarded."""
    s, me, foe = _scene(17)
    s.maintained[foe].append((forms.MIST_BODY, 3, foe))
    _cast(s, me, forms.ACID_BATH, foe)
    assert s.maintained[me] == [] and forms.ACID_BATH in s.discards[0]


def test_slow_death() -> None:
    """Slow Death: "Curse a wizard in your line of sight: while it lasts he takes 1 magical
    damage for every card he draws, and he may choose not to draw. It counts as your attack
    only on the turn you cast it." """
    s, me, foe = _scene(18)
    _cast(s, me, forms.SLOW_DEATH, foe, power=ENERGY_4)
    assert (forms.SLOW_DEATH, 4, foe) in s.maintained[me] and s.attacks == 0
    life = s.life[foe]
    turn.draw(s, foe, 0)
    assert s.life[foe] == life
    turn.draw(s, foe, 2)
    assert s.life[foe] == life - 2 and len(s.hands[foe]) == 2


def test_slow_death_kills_the_drawer() -> None:
    """A draw that kills him ends him; the curse earns no point (R8-6)."""
    s, me, foe = _scene(19)
    s.maintained[me].append((forms.SLOW_DEATH, 3, foe))
    s.life[foe] = 1
    turn.draw(s, foe, 1)
    assert foe in s.out and s.points[me] == 0
