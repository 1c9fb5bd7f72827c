"""The damage cards and weapons of Wiz-War 8e (eighth/combat.py), one scenario per card from
its text in data/cards-8e.json: Zot, Fireball, Powerthrust, Stone Dead, Ka-Bong, Fire
Darts, Psychic Storm, and the Large Rock, the Dagger, the Boomstone and the Wizardblade
used as the turn's attack. Each goes through the whole cast flow (card or item, energy,
aims, answers, resolve)."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, N, S, W
from wizarena.games.wizwar.eighth import attacking, cards, combat, legal
from wizarena.games.wizwar.eighth.actions import POWER_NONE, USES_OF
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import (
    ANSWERING,
    LINE_THING,
    MOVE_AND_CAST,
    POWERING,
    SQUARE_THING,
    STABBING,
    STUNNING,
    EighthState,
)

from ..helpers import open_map, side, sq
from .scenes import answer, declare, let_be

ENERGY_4 = cards.INDEX["energy_4"]
ENERGY_5 = cards.INDEX["energy_5"]
FULL_SHIELD = cards.INDEX["full_shield"]
SHIELD = cards.INDEX["shield"]
INVISIBLE = cards.INDEX["invisible"]
POWERSTONE = cards.INDEX["powerstone"]
MIGHTSTONE = cards.INDEX["mightstone"]


def _scene(n: int = 2) -> tuple[EighthState, int, int]:
    """Boards with no inner walls, past the first round; the turn's wizard `me` at slot 0's
    centre, the next wizard `foe` in his square, the others at their own slots' centres;
    hands emptied into the discard pile."""
    s = deal(1, n)
    s.map = open_map(n)
    s.sight = vision.rows_for(s.map)
    s.turn = 0
    s.pos = [sq(s.map.asm, q, 2, 2) for q in range(n)]
    s.round = 2
    me, foe = 0, 1
    s.pos[foe] = s.pos[me]
    for q in range(n):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    return s, me, foe




def _inner_wall(s: EighthState, me: int, heading: int = N) -> int:
    """A stone wall built on one side of `me`'s square; its line."""
    line = side(s.map.asm, s.pos[me], heading)
    s.map.create_wall(line)
    vision.changed(s)
    return line


# -- Zot ---------------------------------------------------------------------------------------


def test_zot_damage_equal_to_its_energy_objects_too() -> None:
    """Zot: "Choose one against a target in your line of sight: it takes magical damage
    equal to this spell's energy (objects may be chosen too) ...\""""
    s, me, foe = _scene()
    declare(s, me, combat.ZOT, foe, power=ENERGY_4)
    let_be(s)
    assert s.life[foe] == 15 - 4 and ENERGY_4 in s.discards[0] and combat.ZOT in s.discards[0]
    line = _inner_wall(s, me)
    s.attacks = 1
    declare(s, me, combat.ZOT, LINE_THING + line, power=ENERGY_5)
    let_be(s)
    assert s.cracks[line] == 1


def test_zot_or_a_stun_of_2_turns() -> None:
    """Zot: "... or a wizard or creature is stunned for 2 turns.\""""
    s, me, foe = _scene()
    declare(s, me, combat.ZOT, STUNNING + foe)
    let_be(s)
    assert s.stun[foe] == 2 and s.life[foe] == 15


def test_zot_s_stun_is_a_spell_aimed_at_him() -> None:
    """Full Shield: "Play it when a spell is cast with you as its target"; R8-15: "Invisible
    and Gnome Form roll against every attack on their bearer, Zot's stun included." The stun
    choice aims Zot at the wizard: he may answer it."""
    s, me, foe = _scene()
    declare(s, me, combat.ZOT, STUNNING + foe)
    s.hands[foe] = [FULL_SHIELD, INVISIBLE, SHIELD]
    assert FULL_SHIELD in attacking.answers(s, foe) and INVISIBLE in attacking.answers(s, foe)
    s.hands[foe] = []
    answer(s, foe, FULL_SHIELD)
    let_be(s)
    assert s.stun[foe] == 0


# -- Fireball ----------------------------------------------------------------------------------


def test_fireball_five_fire_damage_breaking_magic_stones() -> None:
    """Fireball: "it takes 5 magical fire damage"; rule 3: "fire destroys carried magic
    stones"."""
    s, me, foe = _scene()
    s.items[foe] = [POWERSTONE, combat.DAGGER]
    declare(s, me, combat.FIREBALL, foe)
    let_be(s)
    assert s.life[foe] == 10
    assert s.items[foe] == [combat.DAGGER] and POWERSTONE in s.discards[0]


def test_fireball_on_a_wall_makes_one_crack() -> None:
    """Fireball at "an object"; rule 14: "One attack puts 1 crack on it for every full 3
    of its damage": 5 damage is 1 crack."""
    s, me, _ = _scene()
    line = _inner_wall(s, me)
    declare(s, me, combat.FIREBALL, LINE_THING + line)
    let_be(s)
    assert s.cracks[line] == 1 and s.phase == MOVE_AND_CAST


# -- Powerthrust ---------------------------------------------------------------------------------


def test_powerthrust_energy_plus_2() -> None:
    """Powerthrust: "it takes magical damage equal to this spell's energy plus 2.\""""
    s, me, foe = _scene()
    declare(s, me, combat.POWERTHRUST, foe)
    let_be(s)
    assert s.life[foe] == 15 - 3
    s.attacks = 1
    declare(s, me, combat.POWERTHRUST, foe, power=ENERGY_4)
    let_be(s)
    assert s.life[foe] == 15 - 3 - 6


# -- Stone Dead ----------------------------------------------------------------------------------


def test_stone_dead_one_more_for_each_magic_stone() -> None:
    """Stone Dead: "A wizard in your line of sight takes magical damage equal to this
    spell's energy, plus one more for each magic stone he has on him.\""""
    s, me, foe = _scene()
    s.items[foe] = [POWERSTONE, MIGHTSTONE, combat.DAGGER]
    line = _inner_wall(s, me)
    s.hands[me] = [combat.STONE_DEAD]
    attacking.begin(s, me, combat.STONE_DEAD)
    assert attacking.picks(s) == [foe] and LINE_THING + line not in attacking.picks(s)  # wizards only
    attacking.aim(s, foe)
    let_be(s)
    assert s.life[foe] == 15 - 1 - 2
    assert s.items[foe] == [POWERSTONE, MIGHTSTONE, combat.DAGGER]  # not fire: they stay


# -- Ka-Bong -------------------------------------------------------------------------------------


def test_ka_bong_four_physical_and_a_stun_if_it_hurts() -> None:
    """Ka-Bong: "hits a target in your line of sight for 4 physical damage; a wizard or
    creature that loses any life to it is stunned for 1 turn.\""""
    s, me, foe = _scene()
    declare(s, me, combat.KA_BONG, foe)
    let_be(s)
    assert s.life[foe] == 11 and s.stun[foe] == 1
    s.attacks = 1
    declare(s, me, combat.KA_BONG, foe)
    answer(s, foe, SHIELD, ENERGY_4)  # 6 off the 4: no life lost, no stun
    let_be(s)
    assert s.life[foe] == 11 and s.stun[foe] == 1


def test_ka_bong_on_a_wall() -> None:
    """4 damage at a wall: 1 crack, nothing stunned."""
    s, me, foe = _scene()
    line = _inner_wall(s, me)
    declare(s, me, combat.KA_BONG, LINE_THING + line)
    let_be(s)
    assert s.cracks[line] == 1 and s.stun == [0, 0]


# -- Fire Darts ----------------------------------------------------------------------------------


def test_fire_darts_split_among_targets_each_countered_on_its_own() -> None:
    """Fire Darts: "Shoot as many darts as this spell's energy, sharing them out as you like
    among targets in your line of sight; each dart deals 1 magical fire damage and is
    countered on its own"; R8-15: "A counter played against Fire Darts ... protects its
    player only".\""""
    s, me, a = _scene(3)
    b = 2
    s.pos[b] = s.pos[me]
    declare(s, me, combat.FIRE_DARTS, a, a, a, b, power=ENERGY_4)
    assert s.phase == ANSWERING
    let_be(s)
    assert s.life[a] == 12 and s.life[b] == 14
    s.attacks = 1
    declare(s, me, combat.FIRE_DARTS, a, a, b, b, power=ENERGY_4)
    attacking.answer(s, a, -1)
    answer(s, b, FULL_SHIELD)
    let_be(s)
    assert s.life[a] == 10 and s.life[b] == 14


# -- Psychic Storm -------------------------------------------------------------------------------


def test_psychic_storm_hits_the_caster_and_the_squares_beside() -> None:
    """Psychic Storm: "every wizard and creature on it or on the four squares beside it,
    you included, takes magical damage equal to this spell's energy. Walls do not shelter
    those squares\"."""
    s, me, foe = _scene(3)
    asm = s.map.asm
    centre = asm.step[s.pos[me] * 4 + E]
    s.pos[foe] = asm.step[centre * 4 + S]
    s.map.create_wall(side(asm, centre, S))  # no shelter
    vision.changed(s)
    far = 2
    s.pos[far] = asm.step[asm.step[centre * 4 + E] * 4 + E]  # two squares off: untouched
    declare(s, me, combat.PSYCHIC_STORM, centre, power=ENERGY_4)
    let_be(s)
    assert s.life[me] == 11 and s.life[foe] == 11 and s.life[far] == 15


def test_psychic_storm_never_wraps_round_the_board() -> None:
    """"... but the storm never wraps round the board or passes a portal.\""""
    s, me, foe = _scene()
    asm = s.map.asm
    top = sq(asm, 0, 0, 2)        # its north side is a wrap to the bottom row
    s.pos[me] = sq(asm, 0, 1, 2)
    s.pos[foe] = asm.step[top * 4 + N]
    assert s.pos[foe] >= 0 and s.pos[foe] != s.pos[me]
    declare(s, me, combat.PSYCHIC_STORM, top)
    let_be(s)
    assert s.life[me] == 14 and s.life[foe] == 15


# -- the weapons ---------------------------------------------------------------------------------


def test_large_rock_lands_in_the_target_square() -> None:
    """Large Rock: "hurl it at a target in your line of sight for 2 physical damage.
    Afterwards it lies in the target's square for anyone to pick up.\""""
    s, me, foe = _scene()
    s.pos[foe] = s.map.asm.step[s.pos[me] * 4 + W]
    declare(s, me, combat.LARGE_ROCK, foe, item=True)
    assert s.phase == ANSWERING and legal.legal_list(s, foe)[0].kind == "let-be"
    let_be(s)
    assert s.life[foe] == 13
    assert s.items[me] == [] and (s.pos[foe], combat.LARGE_ROCK) in s.floor


def test_large_rock_at_a_wall_falls_back_at_the_thrower_s_feet() -> None:
    """R8-15: "An item thrown at a wall or a door falls back in the thrower's square"."""
    s, me, _ = _scene()
    line = _inner_wall(s, me)
    declare(s, me, combat.LARGE_ROCK, LINE_THING + line, item=True)
    let_be(s)
    assert (s.pos[me], combat.LARGE_ROCK) in s.floor and s.cracks[line] == 0  # 2: no crack


def test_dagger_stab_keeps_it_throw_lands() -> None:
    """Dagger (R8-8): "stab a figure in your square or a square next to it for 2 physical
    damage and keep the dagger, or throw it at a target in your line of sight for 2
    physical damage, after which it lies in the target's square.\""""
    s, me, foe = _scene()
    declare(s, me, combat.DAGGER, STABBING + foe, item=True)
    let_be(s)
    assert s.life[foe] == 13 and s.items[me] == [combat.DAGGER]
    s.attacks = 1
    s.pos[foe] = s.map.asm.step[s.map.asm.step[s.pos[me] * 4 + E] * 4 + E]
    declare(s, me, combat.DAGGER, item=True)
    assert STABBING + foe not in attacking.picks(s) and foe in attacking.picks(s)
    attacking.aim(s, foe)
    let_be(s)
    assert s.life[foe] == 11 and s.items[me] == [] and (s.pos[foe], combat.DAGGER) in s.floor


def test_dagger_stab_is_an_attack_on_him() -> None:
    """Shield: "Play it against an attack on you": a stab is an attack on the stabbed."""
    s, me, foe = _scene()
    declare(s, me, combat.DAGGER, STABBING + foe, item=True)
    answer(s, foe, SHIELD)
    let_be(s)
    assert s.life[foe] == 15 and s.items[me] == [combat.DAGGER]


def test_boomstone_is_spent() -> None:
    """Boomstone: "Lob it as your attack: an object, wizard or creature in your line of
    sight suffers 4 magical fire damage and the stone is spent.\""""
    s, me, foe = _scene()
    declare(s, me, combat.BOOMSTONE, foe, item=True)
    let_be(s)
    assert s.life[foe] == 11
    assert s.items[me] == [] and combat.BOOMSTONE in s.discards[0]
    assert all(card != combat.BOOMSTONE for _, card in s.floor)


def test_boomstone_goes_off_in_a_fire() -> None:
    """Boomstone: "If fire breaks your magic stones while you hold it, it goes off in your
    hands for 4 fire damage to you." A Fireball's 5, then the stone's 4."""
    s, me, foe = _scene()
    s.items[foe] = [combat.BOOMSTONE]
    declare(s, me, combat.FIREBALL, foe)
    let_be(s)
    assert s.items[foe] == [] and combat.BOOMSTONE in s.discards[0]
    assert s.life[foe] == 15 - 5 - 4


def test_wizardblade_needs_a_discarded_card() -> None:
    """Wizardblade: "strike a target in or next to your square and discard a Magic card:
    the target takes magical damage equal to that card's energy value\"."""
    s, me, foe = _scene()
    s.items[me] = [combat.WIZARDBLADE]
    assert combat.WIZARDBLADE not in attacking.usable_items(s, me)  # no card to discard
    s.hands[me] = [ENERGY_5]
    assert USES_OF[combat.WIZARDBLADE] in legal.legal_list(s, me)
    attacking.begin(s, me, combat.WIZARDBLADE, item=True)
    assert s.phase == POWERING and POWER_NONE not in legal.legal_list(s, me)
    attacking.power(s, me, ENERGY_5)
    attacking.aim(s, foe)
    let_be(s)
    assert s.life[foe] == 10 and s.items[me] == [combat.WIZARDBLADE] and ENERGY_5 in s.discards[0]


def test_wizardblade_makes_every_point_a_crack() -> None:
    """Wizardblade: "against an object every point is a crack"; rule 14: "Shatter and the
    Wizardblade make every point a crack": 5 damage at the wall beside him fells it."""
    s, me, foe = _scene()
    line = _inner_wall(s, me, E)
    block = s.map.asm.step[s.pos[me] * 4 + S]
    s.map.fill_stone(block, occupied=False)
    vision.changed(s)
    declare(s, me, combat.WIZARDBLADE, item=True, power=ENERGY_5)
    assert {LINE_THING + line, SQUARE_THING + block, foe} <= set(attacking.picks(s))
    attacking.aim(s, LINE_THING + line)
    let_be(s)
    assert s.phase == MOVE_AND_CAST and not s.map.blocks_walk(line)  # 5 cracks: fallen
    s.attacks = 1
    declare(s, me, combat.WIZARDBLADE, SQUARE_THING + block, power=ENERGY_4, item=True)
    let_be(s)
    assert s.cracks[s.map.asm.n_edges + block] == 4 and s.items[me] == [combat.WIZARDBLADE]
