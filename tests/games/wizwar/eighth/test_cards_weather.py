"""The global spells of Wiz-War 8e (eighth/weather.py), one scenario per card from its text
in data/cards-8e.json: Fog, Gravity and Flood, each cast through the whole flow and then
changing the rule it names while it lasts."""

from __future__ import annotations

from wizarena.games.wizwar.eighth import attacking, cards, items, reach, treasures, turn
from wizarena.games.wizwar.eighth.state import MOVE_AND_CAST, PERMANENT, SPLIT, EighthState
from wizarena.games.wizwar.mapstate import FIREWALL, KIND_MASK, OPEN

from ..helpers import side
from .scenes import answer, declare, let_be, open_table

FOG = cards.INDEX["fog"]
GRAVITY = cards.INDEX["gravity"]
FLOOD = cards.INDEX["flood"]
FIREBALL = cards.INDEX["fireball"]
FIRE_CLOAK = cards.INDEX["fire_cloak"]
BOOMSTONE = cards.INDEX["boomstone"]
DAGGER = cards.INDEX["dagger"]


def _scene() -> tuple[EighthState, int, int]:
    """An open table; `foe` 3 squares east of `me`, in plain sight."""
    s = open_table(2)
    s.pos[1] = s.pos[0] + 3
    return s, 0, 1


def _cast(s: EighthState, me: int, card: int) -> None:
    declare(s, me, card)
    let_be(s)
    assert s.phase == MOVE_AND_CAST


def test_fog() -> None:
    """Fog: "While this spell lasts, every line of sight on the board reaches 1 square at
    most." A wizard 3 squares off in plain sight can no longer be aimed at; one beside the
    caster still can; when the Fog's energy runs out, sight is whole again."""
    s, me, foe = _scene()
    assert foe in reach.figures_in_sight(s, me)
    _cast(s, me, FOG)
    assert any(card == FOG for card, _, _ in s.maintained[me])
    assert foe not in reach.figures_in_sight(s, me)
    assert all(s.map.asm.grid_distances(s.pos[me])[q] <= 1 for q in reach.squares_in_sight(s, me))
    s.pos[foe] = s.pos[me] + 1
    assert foe in reach.figures_in_sight(s, me)
    turn.time_passes(s, me)  # energy 1: one Time Passes ends it
    s.pos[foe] = s.pos[me] + 3
    assert foe in reach.figures_in_sight(s, me)


def test_gravity() -> None:
    """Gravity: "Every wizard and creature lets fall all the items and treasures it carries,
    and while the spell lasts nothing can be picked up." """
    s, me, foe = _scene()
    s.items[foe] = [DAGGER]
    s.carried[foe], s.treasure_at[0] = 0, -1
    _cast(s, me, GRAVITY)
    assert s.items[foe] == [] and (s.pos[foe], DAGGER) in s.floor
    assert s.carried[foe] == -1 and s.treasure_at[0] == s.pos[foe]
    s.turn = foe
    s.moves = 3
    assert items.takeable(s, foe) == [] and treasures.takeable(s, foe) == []


def test_flood() -> None:
    """Flood: "Water sweeps the board: every fire spell ends and every fire item or object is
    destroyed, and while it lasts no fire spell or item can be used." A carried Fire Cloak
    and a Boomstone lying about are destroyed, a Dagger is not; a Fireball cannot be cast."""
    s, me, foe = _scene()
    s.items[foe] = [FIRE_CLOAK, DAGGER]
    s.floor = [(s.pos[foe], BOOMSTONE)]
    _cast(s, me, FLOOD)
    assert s.items[foe] == [DAGGER] and s.floor == []
    assert FIRE_CLOAK in s.discards[0] and BOOMSTONE in s.discards[0]
    s.hands[me].append(FIREBALL)
    assert FIREBALL not in attacking.castable(s, me)


def test_flood_puts_out_flame_and_acid_and_sweeps_the_tacks() -> None:
    """Flood: "every fire spell ends and every fire item or object is destroyed": a curtain
    of flame goes with its Wall of Fire; Acid Bath lasts "until a Water spell touches it";
    the Tacks: "water sweeps them away"."""
    s, me, foe = _scene()
    wall_of_fire, acid_bath = cards.INDEX["wall_of_fire"], cards.INDEX["acid_bath"]
    tacks = cards.INDEX["handful_of_tacks"]
    line = side(s.map.asm, s.pos[foe], 0)
    assert s.map.create_edge(line, FIREWALL) == ""
    s.maintained[foe] = [(wall_of_fire, PERMANENT, line), (acid_bath, 2, me)]
    s.floor = [(s.pos[foe], tacks)]
    _cast(s, me, FLOOD)
    assert s.map.edges[line] & KIND_MASK == OPEN and s.maintained[foe] == []
    assert s.floor == [] and {wall_of_fire, acid_bath, tacks} <= set(s.discards[0])


def test_flood_in_answer_to_a_fire_attack() -> None:
    """Flood: "... it may be cast in answer to an attack": against a Fireball, the fire
    spell under way ends with every other; the Flood stays in play."""
    s, me, foe = _scene()
    s.attacks = 1
    declare(s, me, FIREBALL, foe)
    answer(s, foe, FLOOD)
    let_be(s)
    assert s.life[foe] == 15 and FIREBALL in s.discards[0]
    assert any(card == FLOOD for card, _, _ in s.maintained[foe])


def test_wall_of_fire_against_a_water_spell() -> None:
    """Wall of Fire: "... or play it against a Water spell so that both spells are
    cancelled." A Waterbolt at him meets it: neither does anything."""
    s, me, foe = _scene()
    s.attacks = 1
    waterbolt, wall_of_fire = cards.INDEX["waterbolt"], cards.INDEX["wall_of_fire"]
    declare(s, me, waterbolt, foe, SPLIT + 0)
    answer(s, foe, wall_of_fire)
    let_be(s)
    assert s.life[foe] == 15 and {waterbolt, wall_of_fire} <= set(s.discards[0])
    assert not any(s.map.edges[e] & KIND_MASK == FIREWALL for e in range(s.map.asm.n_edges))
