"""The stones and trinkets of Wiz-War 8e that act when put into play, carried or used
(eighth/stones.py and the rules they change), one scenario per card from its text in
data/cards-8e.json: the Speedstone, the Brainstone, the Visionstone, the Universal Solvent
and Null Powder (both its uses)."""

from __future__ import annotations

from wizarena import load_game
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.eighth import attacking, cards, combat, items, moving, reach, turn
from wizarena.games.wizwar.eighth.state import (
    ANSWERING,
    LINE_THING,
    MOVE_AND_CAST,
    POWERING,
    SPELL_SLOTS,
    TRIMMING,
    EighthState,
)
from wizarena.games.wizwar.mapstate import WALL

from ..helpers import side
from .scenes import declare, let_be, open_table

SPEEDSTONE = cards.INDEX["speedstone"]
BRAINSTONE = cards.INDEX["brainstone"]
VISIONSTONE = cards.INDEX["visionstone"]
SOLVENT = cards.INDEX["universal_solvent"]
NULL_POWDER = cards.INDEX["null_powder"]
FIREBALL = cards.INDEX["fireball"]
INVISIBLE = cards.INDEX["invisible"]
ZOT = cards.INDEX["zot"]
ENERGY_4 = cards.INDEX["energy_4"]
ENERGY_5 = cards.INDEX["energy_5"]
E = 1
W = 3


def _scene() -> tuple[EighthState, int, int]:
    """An open table; `foe` 2 squares east of `me`."""
    s = open_table(2)
    s.pos[1] = s.pos[0] + 2
    return s, 0, 1


def _put_into_play(s: EighthState, me: int, card: int) -> None:
    declare(s, me, card)
    let_be(s)
    assert s.phase == MOVE_AND_CAST and card in s.items[me]


def _wall_between(s: EighthState, me: int) -> int:
    """Walls on the east and west sides of `me`'s square (the open board wraps round, so
    both ways to `foe` must be shut); sight refreshed. Returns the east one."""
    line = side(s.map.asm, s.pos[me], E)
    assert not s.map.create_edge(line, WALL)
    assert not s.map.create_edge(side(s.map.asm, s.pos[me], W), WALL)
    vision.changed(s)
    return line


def test_speedstone() -> None:
    """Speedstone: "Your base speed goes up by 1 for as long as it is on you." Put into play
    it gives a movement point at once (rule 7), and his next turn starts with 4; dropped,
    it takes the point away again."""
    s, me, _ = _scene()
    moving.begin(s)
    _put_into_play(s, me, SPEEDSTONE)
    assert s.speed[me] == 4 and s.moves == 4
    items.drop(s, me, SPEEDSTONE)
    assert s.speed[me] == 3 and s.moves == 3


def test_brainstone() -> None:
    """Brainstone: "Your hand limit rises by 2 while it is on you. Gaining it for the first
    time brings you 2 fresh cards." """
    s, me, _ = _scene()
    before = len(s.decks[0])
    _put_into_play(s, me, BRAINSTONE)
    assert len(s.hands[me]) == 2 and len(s.decks[0]) == before - 2
    assert turn.limit(s, me) == s.rules.hand_limit + 2


def test_brainstone_parting_costs_two_cards_of_his_choosing() -> None:
    """Brainstone: "... and parting with it costs you 2 cards from your hand, you pick
    which." Dropped in his Move & Cast, he discards 2 of his hand at once, picking which
    (only hand cards are offered), and play goes on."""
    g = load_game("wizwar/8e", players=2)
    s, me, _ = _scene()
    _put_into_play(s, me, BRAINSTONE)
    turn.after_event(s)                                   # the table notes what each carries
    s.hands[me] = [ZOT, ENERGY_4, ENERGY_5]
    drop = next(a for a in g.legal_actions(s, me) if a.kind == "drop-item" and a.fields["card"] == "brainstone")
    g.apply(s, me, drop)
    assert s.phase == TRIMMING and s.owed[me] == 2 and g.view(s, me)["seats"][me]["owes"] == 2
    offered = g.legal_actions(s, me)
    assert {a.kind for a in offered} == {"discard"}
    g.apply(s, me, next(a for a in offered if a.fields["card"] == "zot"))
    g.apply(s, me, next(a for a in g.legal_actions(s, me) if a.fields["card"] == "energy_4"))
    assert s.hands[me] == [ENERGY_5] and s.owed[me] == 0 and s.phase == MOVE_AND_CAST


def test_visionstone() -> None:
    """Visionstone: "Spells you cast may look past one wall or door on their way to a
    target ... items you throw get no such help." """
    s, me, foe = _scene()
    _wall_between(s, me)
    assert foe not in reach.figures_in_sight(s, me)
    s.items[me].append(VISIONSTONE)
    assert foe in reach.figures_in_sight(s, me)
    assert foe not in reach.figures_in_sight(s, me, spell=False)
    s.items[me].append(combat.LARGE_ROCK)
    assert combat.USES[combat.LARGE_ROCK].picks(s, attacking.Cast(me, combat.LARGE_ROCK, True, attack=True, aim=1)) \
        == [t for t in reach.targets_in_sight(s, me, spell=False)]


def test_universal_solvent() -> None:
    """Universal Solvent: "pour it on one object in your line of sight, a wall or a bush for
    instance ... object and solvent are both used up and gone. Using it does not count as
    an attack." """
    s, me, foe = _scene()
    line = _wall_between(s, me)
    s.items[me].append(SOLVENT)
    assert SOLVENT in attacking.usable_items(s, me)
    attacking.begin(s, me, SOLVENT, item=True)
    assert s.phase != POWERING
    attacking.aim(s, LINE_THING + line)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    assert not s.map.blocks_walk(line) and SOLVENT not in s.items[me] and SOLVENT in s.discards[0]
    assert foe in reach.figures_in_sight(s, me)
    assert s.attacks == 1  # not an attack


def test_null_powder_ends_a_lasting_spell() -> None:
    """Null Powder: "on your own turn sprinkle it on a lasting (non-instant) spell to end
    it." Either use spends the powder."""
    s, me, foe = _scene()
    s.maintained[foe].append((INVISIBLE, 3, foe))
    s.items[me].append(NULL_POWDER)
    attacking.begin(s, me, NULL_POWDER, item=True)
    assert attacking.picks(s) == [foe * SPELL_SLOTS]
    attacking.aim(s, foe * SPELL_SLOTS)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    assert s.maintained[foe] == [] and INVISIBLE in s.discards[0] and NULL_POWDER in s.discards[0]
    assert NULL_POWDER not in s.items[me]


def test_null_powder_cancels_a_spell_cast_at_its_carrier() -> None:
    """Null Powder: "throw it in the way of a spell cast at you to cancel that spell"."""
    s, me, foe = _scene()
    s.items[foe].append(NULL_POWDER)
    s.hands[me].append(FIREBALL)
    attacking.begin(s, me, FIREBALL)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    attacking.aim(s, foe)
    assert s.phase == ANSWERING and NULL_POWDER in attacking.answers(s, foe)
    attacking.answer(s, foe, NULL_POWDER)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    assert s.life[foe] == 15 and NULL_POWDER not in s.items[foe] and NULL_POWDER in s.discards[0]

