"""The cards that reach for things lying on the board (eighth/reaching.py), one scenario per
card from its text in data/cards-8e.json: Glue, Stretch and Extra Arms. On boards with no
inner walls: the turn's wizard `me` on c3, the other wizard `foe` on h3, in sight."""

from __future__ import annotations

from wizarena.games.wizwar.eighth import attacking, cards, items, reaching, reactions, treasures, turn
from wizarena.games.wizwar.eighth.state import (
    DISCARD_AND_DRAW,
    GRAB_ITEM,
    GRAB_TREASURE,
    MOVE_AND_CAST,
    PUNCHING,
    PUT_ITEM,
    PUT_TREASURE,
    REACTING,
    EighthState,
)

from ..helpers import sq
from .scenes import answer, declare, let_be, loaded, open_table

LARGE_ROCK = cards.INDEX["large_rock"]
DAGGER = cards.INDEX["dagger"]
GNOME_FORM = cards.INDEX["gnome_form"]
ENERGY_4 = cards.INDEX["energy_4"]


def _scene(n: int = 2) -> EighthState:
    s = open_table(n)
    s.phase, s.attacks, s.moves = MOVE_AND_CAST, 1, 3
    s.treasure_at = [-1] * (2 * n)
    s.carried = [-1] * n
    return s


def _at(s: EighthState, row: int, col: int) -> int:
    return sq(s.map.asm, 0, row, col)


def test_glue() -> None:
    """Glue: "Stick a loose object or treasure in your line of sight to its square: while
    the spell lasts no one can pick it up or shift it." It lasts as many of its caster's
    turns as its energy."""
    s = _scene()
    me, foe = 0, 1
    there = s.pos[foe]
    s.floor = [(there, LARGE_ROCK), (there, DAGGER)]
    s.treasure_at[0] = there
    declare(s, me, reaching.GLUE, there, GRAB_ITEM + LARGE_ROCK, power=ENERGY_4)
    let_be(s)
    assert (reaching.GLUE, 4, treasures.glue_mark(there, GRAB_ITEM + LARGE_ROCK)) in s.maintained[me]
    s.moves = 3
    assert items.takeable(s, foe) == [DAGGER]           # the rock is stuck; the dagger is not
    assert treasures.takeable(s, foe) == [0]
    s.maintained[me] = []
    declare(s, me, reaching.GLUE, there, GRAB_TREASURE + 0)
    let_be(s)
    assert treasures.takeable(s, foe) == [] and LARGE_ROCK in items.takeable(s, foe)
    turn.time_passes(s, me)                            # energy 1: it ends in his next Time Passes
    assert s.maintained[me] == [] and treasures.takeable(s, foe) == [0]


def test_stretch_lifts_and_puts_down() -> None:
    """Stretch: "Reach into a square in your line of sight to do one thing: pick up a loose
    item or treasure there at the usual cost, put down one you carry ..." An item costs a
    movement point; a treasure ends his Move & Cast, as in his own square."""
    s = _scene()
    me, foe = 0, 1
    far = _at(s, 2, 4)                                  # e3, two squares east
    s.floor = [(far, LARGE_ROCK)]
    declare(s, me, reaching.STRETCH, far, GRAB_ITEM + LARGE_ROCK)
    let_be(s)
    assert s.items[me] == [LARGE_ROCK] and s.floor == [] and s.moves == 2 and s.phase == MOVE_AND_CAST
    declare(s, me, reaching.STRETCH, far, PUT_ITEM + LARGE_ROCK)
    let_be(s)
    assert s.items[me] == [] and s.floor == [(far, LARGE_ROCK)]
    s.treasure_at[2] = far                              # the foe's treasure
    declare(s, me, reaching.STRETCH, far, GRAB_TREASURE + 2)
    let_be(s)
    assert s.carried[me] == 2 and s.treasure_at[2] == -1
    assert s.phase == REACTING and s.reacting == [foe]  # a lifted treasure is reacted to (R8-9)
    reactions.let_be(s, foe)
    assert s.phase == DISCARD_AND_DRAW


def test_stretch_punches_as_the_attack() -> None:
    """Stretch: "... or punch a figure there as your attack." The punch spends the turn's
    attack, and is offered only while he may attack."""
    s = _scene()
    me, foe = 0, 1
    life = s.life[foe]
    declare(s, me, reaching.STRETCH, s.pos[foe], PUNCHING + foe)
    assert s.attacks == 0
    let_be(s)
    assert s.life[foe] == life - 1
    s.hands[me].append(reaching.STRETCH)
    attacking.begin(s, me, reaching.STRETCH)
    assert s.pos[foe] not in attacking.picks(s)       # nothing else to do there, and no attack left


def test_r8_24_a_treasure_put_down_on_the_home_base_from_afar_does_not_score() -> None:
    """R8-24: a treasure scores when its carrier brings it home (R8-1), not when Stretch
    puts it down there from afar."""
    s = _scene()
    foe = 1
    home = s.map.home_base(foe)
    s.pos[foe] = _at(s, 2, 4)
    s.turn = foe
    s.carried[foe] = 0                                  # my treasure, in his hands
    assert s.pos[foe] != home
    declare(s, foe, reaching.STRETCH, home, PUT_TREASURE)
    let_be(s)
    assert s.treasure_at[0] == home and s.points[foe] == 0 and 0 not in s.spent


def test_extra_arms_items_do_not_count_toward_the_hand_limit() -> None:
    """Extra Arms: "While it lasts your carried items do not count toward your hand
    limit ..." It is a form: the one he wore ends."""
    s = _scene()
    me = 0
    s.hands[me] = [ENERGY_4] * 7
    s.items[me] = [LARGE_ROCK, DAGGER]
    assert turn.over_limit(s, me) == 2
    s.maintained[me] = [(GNOME_FORM, 2, me)]
    s.hands[me].pop()
    declare(s, me, reaching.EXTRA_ARMS)
    let_be(s)
    assert [card for card, _, _ in s.maintained[me]] == [reaching.EXTRA_ARMS] and GNOME_FORM in s.discards[0]
    assert turn.over_limit(s, me) == 0


def test_extra_arms_gathers_everything_for_one_point() -> None:
    """Extra Arms: "... 1 movement point picks up everything in your square (one treasure
    included) without ending your phase ..." """
    s = _scene()
    me, foe = 0, 1
    here = s.pos[me]
    s.maintained[me] = [(reaching.EXTRA_ARMS, 3, me)]
    s.floor = [(here, LARGE_ROCK), (here, DAGGER)]
    s.treasure_at[2] = here
    assert reaching.gatherable(s, me) == [-1, 2]
    reaching.gather(s, me, 2)
    assert sorted(s.items[me]) == sorted([LARGE_ROCK, DAGGER]) and s.floor == [] and s.carried[me] == 2
    assert s.moves == 2 and s.phase == REACTING
    reactions.let_be(s, foe)
    assert s.phase == MOVE_AND_CAST                     # his Move & Cast goes on


def test_extra_arms_punch_hits_every_figure_in_reach() -> None:
    """Extra Arms: "... and your punch hits every figure within reach." """
    s = _scene(3)
    me = 0
    s.pos[1], s.pos[2] = s.pos[me], _at(s, 2, 3)      # one in his square, one next to it
    s.maintained[me] = [(reaching.EXTRA_ARMS, 3, me)]
    lives = s.life[:]
    attacking.punch(s, me)
    let_be(s)
    assert s.life[1] == lives[1] - 1 and s.life[2] == lives[2] - 1 and s.attacks == 0


def test_stretch_punch_is_an_attack_on_the_figure_punched() -> None:
    """Stretch's punch is "your attack" on the figure: Shield answers it like any attack on him."""
    s = _scene()
    me, foe = 0, 1
    s.items[me] = [cards.INDEX["mightstone"]]                 # a punch of 1 + a d4
    s.rng = loaded(4)                                         # 5 in all
    declare(s, me, reaching.STRETCH, s.pos[foe], PUNCHING + foe)
    answer(s, foe, cards.INDEX["shield"])                     # energy 1: 3 off
    let_be(s)
    assert s.life[foe] == 15 - 2
