"""The attack cards that deal damage or move by force (their texts in data/cards-8e.json,
in our words): Zot, Fireball, Powerthrust, Stone Dead, Ka-Bong, Fire Darts, Psychic Storm,
Lightning Bolt, Globe of Pain, Mental Force and Waterbolt, and the weapons carried as
items: the Large Rock, the Dagger, the Boomstone and the Wizardblade.

Each is a `Spell` entry (spells.py): what it may be aimed at, and what it does once no
answer stopped it. Damage to figures goes through striking.strike (evasion, Shield,
armour, Featherweight, fire); damage to walls, doors and filled squares makes cracks
(brief rule 14). Knock-back moves a figure square by square (pushing.py, ruling R8-20).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..mapstate import FIREWALL, KIND_MASK
from ..places import line_name, square_name
from . import cards, cracks, harm, piles, pushing, reach, striking, treasures, turn, weather
from .spells import FIGURE, HEADING, SQUARE, Spell, one_pick
from .state import (
    LINE_THING,
    R_CARD,
    SPLIT,
    SQUARE_THING,
    STABBING,
    STEPPING,
    STOP,
    STUNNING,
    Cast,
    EighthState,
)


def _index(card_id: str) -> int:
    return cards.INDEX[card_id]


ZOT: Final[int] = _index("zot")
FIREBALL: Final[int] = _index("fireball")
POWERTHRUST: Final[int] = _index("powerthrust")
STONE_DEAD: Final[int] = _index("stone_dead")
KA_BONG: Final[int] = _index("ka_bong")
FIRE_DARTS: Final[int] = _index("fire_darts")
PSYCHIC_STORM: Final[int] = _index("psychic_storm")
LARGE_ROCK: Final[int] = _index("large_rock")
DAGGER: Final[int] = _index("dagger")
BOOMSTONE: Final[int] = _index("boomstone")
WIZARDBLADE: Final[int] = _index("wizardblade")
LIGHTNING_BOLT: Final[int] = _index("lightning_bolt")
GLOBE_OF_PAIN: Final[int] = _index("globe_of_pain")
MENTAL_FORCE: Final[int] = _index("mental_force")
WATERBOLT: Final[int] = _index("waterbolt")
WALL_OF_FIRE: Final[int] = _index("wall_of_fire")
ACID_BATH: Final[int] = _index("acid_bath")
GLOBE_SQUARES: Final = 6


def _targets(s: EighthState, seat: int) -> list[int]:
    return reach.targets_in_sight(s, seat)


def _thrown(s: EighthState, seat: int) -> list[int]:
    """What a thrown item may hit: a target in his own sight (no Visionstone's help)."""
    return reach.targets_in_sight(s, seat, spell=False)


def _wizards(s: EighthState, seat: int) -> list[int]:
    return [f for f in reach.figures_in_sight(s, seat) if f < s.n]


def _zot_picks(s: EighthState, seat: int) -> list[int]:
    """Zot: magical damage to any target in sight, or a stun of 2 on a figure in sight."""
    return _targets(s, seat) + [STUNNING + f for f in reach.figures_in_sight(s, seat)]


def _zot(s: EighthState, cast: Cast) -> None:
    aim = cast.aims[0]
    if aim >= STUNNING:
        if aim - STUNNING not in cast.evaded and not striking.evades(s, aim - STUNNING):
            harm.stun(s, aim - STUNNING, 2)
    else:
        striking.strike_thing(s, cast, aim, cast.energy)


def _fireball(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], 5, "fire")


def _powerthrust(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], cast.energy + 2)


def _stone_dead(s: EighthState, cast: Cast) -> None:
    """Stone Dead: the spell's energy, and 1 more for each magic stone he carries."""
    target = cast.aims[0]
    stones = sum(1 for card in s.items[target] if card in harm.MAGIC_STONES)
    striking.strike(s, cast, target, cast.energy + stones)


def _ka_bong(s: EighthState, cast: Cast) -> None:
    """Ka-Bong: 4 physical; a figure that loses life to it is stunned for 1 turn."""
    aim = cast.aims[0]
    if striking.strike_thing(s, cast, aim, 4) > 0:
        harm.stun(s, aim, 1)


def _darts_picks(s: EighthState, cast: Cast) -> list[int]:
    """Fire Darts: one pick per dart, as many darts as the spell's energy."""
    return _targets(s, cast.seat) if len(cast.aims) < cast.energy else []


def _darts(s: EighthState, cast: Cast) -> None:
    """Each dart is 1 fire damage; the darts at one target strike it together (ruling R8-15)."""
    for aim in sorted(set(cast.aims)):
        striking.strike_thing(s, cast, aim, cast.aims.count(aim), "fire")


def _storm_picks(s: EighthState, seat: int) -> list[int]:
    return reach.squares_in_sight(s, seat)


def _storm(s: EighthState, cast: Cast) -> None:
    """Psychic Storm: every figure on the square or the four beside it, the caster too;
    walls do not shelter them, wraps and portals do not carry it; no evasion."""
    centre = cast.aims[0]
    asm = s.map.asm
    steps = range(centre * 4, centre * 4 + 4)
    area = [centre] + [asm.step[i] for i in steps if asm.step[i] >= 0 and asm.side_edge[i] == asm.far_edge[i]]
    if s.log is not None:
        say(s, "storm", R_CARD, f"the storm breaks over {square_name(s.map.asm, centre)} and the squares beside it")
    for figure in reach.figures(s):
        if s.pos[figure] in area:
            dealt = max(0, cast.energy - cast.cut[figure] - harm.armour(s, figure))
            if dealt > 0 and harm.upon(s, figure, striking.FEATHERWEIGHT):  # pushed from the storm's centre
                dealt = pushing.lighten(s, figure, centre, dealt)
            harm.hurt(s, figure, dealt, cast.seat)


def _thrown_to(s: EighthState, cast: Cast, aim: int) -> None:
    """A thrown item lands in its target's square (a wall or door: in front of the thrower)."""
    if aim < LINE_THING:
        square = s.pos[aim]
    elif aim < SQUARE_THING:
        square = s.pos[cast.seat]  # ruling R8-15: at a wall or door, it falls back at his feet
    else:
        square = aim - SQUARE_THING
    s.floor.append((square, cast.card))
    if s.log is not None:
        say(s, "item", R_CARD, f"{cards.NAME[cast.card]} lies on {square_name(s.map.asm, square)}")


def _rock(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], 2)
    _thrown_to(s, cast, cast.aims[0])


def _dagger_picks(s: EighthState, seat: int) -> list[int]:
    """The Dagger: stab a figure in or beside his square, or throw it at a target in sight."""
    return [STABBING + f for f in reach.figures_beside(s, seat)] + _thrown(s, seat)


def _dagger(s: EighthState, cast: Cast) -> None:
    aim = cast.aims[0]
    if aim >= STABBING:
        striking.strike(s, cast, aim - STABBING, 2)
        s.items[cast.seat].append(cast.card)
    else:
        striking.strike_thing(s, cast, aim, 2)
        _thrown_to(s, cast, aim)


def _boomstone(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], 4, "fire")
    piles.discard(s, cast.seat, cast.card)


def _blade_picks(s: EighthState, seat: int) -> list[int]:
    """The Wizardblade, "a target in or next to your square": a figure in or beside his
    square (ruling R8-15), or an object beside him ("against an object every point is a
    crack"): a wall or door on a side of his square, a stone block or bush next to it with
    nothing between."""
    asm, m, here = s.map.asm, s.map, s.pos[seat]
    out = reach.figures_beside(s, seat)
    for heading in range(4):
        i = here * 4 + heading
        if cracks.line_limit(s, asm.side_edge[i]):
            out.append(LINE_THING + asm.side_edge[i])
        there = asm.step[i]
        if (there >= 0 and cracks.square_limit(s, there) and not m.blocks_walk(asm.side_edge[i])
                and not m.blocks_walk(asm.far_edge[i])):
            out.append(SQUARE_THING + there)
    return out


def _blade(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], cast.energy, every_point=True)
    s.items[cast.seat].append(cast.card)



# -- paths: Lightning Bolt, Globe of Pain, Mental Force ----------------------------------


def _bolt_picks(s: EighthState, cast: Cast) -> list[int]:
    """Lightning Bolt: one heading, along a row or column."""
    return [] if cast.aims else [0, 1, 2, 3]


def _bolt(s: EighthState, cast: Cast) -> None:
    """Lightning Bolt: it runs as many squares as its energy, turning back when something
    blocks movement; each time it passes through a figure (not its caster), that figure
    takes 3 magical damage and is stunned for 1 turn. A Big Man is passed by nothing: the
    bolt strikes him and turns back from his square as from a wall (ruling R8-32)."""
    m = s.map
    square, heading = reach.eye(s, cast.seat), cast.aims[0]
    bulk = reach.big_men(s, cast.seat)
    for _ in range(cast.energy):
        there = m.step_to(square, heading)
        if there < 0:
            heading = (heading + 2) % 4
            there = m.step_to(square, heading)
            if there < 0:
                break
        square = there
        for figure in reach.figures(s):
            if figure != cast.seat and s.pos[figure] == square and striking.strike(s, cast, figure, 3, "lightning") > 0:
                harm.stun(s, figure, 1)
        if square in bulk:
            heading = (heading + 2) % 4
    if s.log is not None:
        say(s, "bolt", R_CARD, f"the bolt ends its run on {square_name(s.map.asm, square)}")


def _path_end(s: EighthState, start: int, aims: list[int]) -> int:
    """Where a path of STEPPING picks from `start` ends."""
    square = start
    for aim in aims:
        if STEPPING <= aim < STOP:
            square = s.map.step_to(square, aim - STEPPING)
    return square


def _path_picks(s: EighthState, start: int, steps: list[int], most: int) -> list[int]:
    """The next square of a path: each heading a step may take from where it is, while it
    has steps left, then STOP (a path may stop anywhere, the start excepted)."""
    if steps and steps[-1] == STOP or len(steps) >= most:
        return []
    here = _path_end(s, start, steps)
    if steps and here != start and here in reach.big_men(s, -1):  # no path goes past a Big Man (R8-32)
        return [STOP]
    out = [STEPPING + h for h in range(4) if s.map.step_to(here, h) >= 0]
    return out + [STOP] if steps else out


def _globe_picks(s: EighthState, cast: Cast) -> list[int]:
    """Globe of Pain: a path of up to 6 squares from the caster, turning corners."""
    return _path_picks(s, reach.eye(s, cast.seat), cast.aims, GLOBE_SQUARES)


def _globe(s: EighthState, cast: Cast) -> None:
    """Globe of Pain: "only the figure or object it stops on takes magical damage equal to
    this spell's energy": the first figure in the square where it stops (ruling R8-15: no
    figure there, it fades)."""
    square = _path_end(s, reach.eye(s, cast.seat), cast.aims)
    here = [f for f in reach.figures(s) if s.pos[f] == square and f != cast.seat]
    if s.log is not None:
        say(s, "globe", R_CARD, f"the globe stops on {square_name(s.map.asm, square)}"
            + ("" if here else ", where nothing stands: it fades"))
    if here:
        striking.strike(s, cast, here[0], cast.energy)


def _force_picks(s: EighthState, cast: Cast) -> list[int]:
    """Mental Force: a figure in sight, then its path, up to the energy plus 3 squares."""
    if not cast.aims:
        return reach.figures_in_sight(s, cast.seat)
    return _path_picks(s, s.pos[cast.aims[0]], cast.aims[1:], cast.energy + 3)


def _force(s: EighthState, cast: Cast) -> None:
    """Mental Force: the figure moves along the path picked (no movement points; an
    evaded attack leaves it where it stood)."""
    figure = cast.aims[0]
    if figure in cast.evaded or striking.evades(s, figure):
        return
    s.pos[figure] = _path_end(s, s.pos[figure], cast.aims[1:])
    if s.log is not None:
        say(s, "move", R_CARD, f"Mental Force moves P{figure} to {square_name(s.map.asm, s.pos[figure])}")
    if figure < s.n:
        treasures.arrive(s, figure)  # carried home by a spell still scores (R8-1)


# -- Waterbolt -------------------------------------------------------------------------------


def _flames_in_sight(s: EighthState, seat: int) -> list[int]:
    """The curtains of flame (Wall of Fire) in his sight: fire objects a Waterbolt puts out."""
    edges = s.map.edges
    return [LINE_THING + line for line in reach.lines_in_sight(s, seat) if edges[line] & KIND_MASK == FIREWALL]


def _waterbolt_picks(s: EighthState, cast: Cast) -> list[int]:
    """Waterbolt: "a target in your line of sight, yourself allowed" (himself, the targets
    in sight, a curtain of flame); against a figure, then the split, SPLIT + the squares of
    knock-back (the rest is damage); then the knock-back's path, a step at a time (R8-20)."""
    if not cast.aims:
        return [cast.seat] + _targets(s, cast.seat) + _flames_in_sight(s, cast.seat)
    if cast.aims[0] >= LINE_THING:
        return []  # an object takes all the energy as damage: no split
    if len(cast.aims) == 1:
        return [SPLIT + k for k in range(cast.energy + 1)]
    return _knock_back_picks(s, cast)


def _knock_back_picks(s: EighthState, cast: Cast) -> list[int]:
    """The next square of the knock-back (R8-20): a step the figure could walk that takes
    it farther from the caster's square, while squares bought are left; STOP once it has
    moved. The path ends when no such step is left."""
    figure, squares, steps = cast.aims[0], cast.aims[1] - SPLIT, cast.aims[2:]
    if len(steps) >= squares or steps and steps[-1] == STOP:
        return []
    source = s.pos[cast.seat]
    here = s.pos[figure]
    for aim in steps:
        here = pushing.step_from(s, figure, here, aim - STEPPING)
    out: list[int] = []
    for heading in range(4):
        there = pushing.step_from(s, figure, here, heading)
        if there >= 0 and pushing.away(s, here, there, source):
            out.append(STEPPING + heading)
    return out + [STOP] if out and steps else out


def _waterbolt(s: EighthState, cast: Cast) -> None:
    """Waterbolt: "Split this spell's energy as you like between damage and squares of
    knock-back ... It also ends fire spells on the target and destroys any fire object it
    strikes." A figure it does not miss is knocked back along its path, then takes the
    water damage where it stops, then is doused (R8-20); a wall, door or filled square
    takes the whole energy as damage (cracks); a curtain of flame is put out."""
    aim = cast.aims[0]
    if aim >= LINE_THING:
        line = aim - LINE_THING
        if aim < SQUARE_THING and s.map.edges[line] & KIND_MASK == FIREWALL:
            _put_out(s, line)
        else:
            striking.strike_thing(s, cast, aim, cast.energy, "water")
        return
    if striking.misses(s, cast, aim):
        return
    squares = cast.aims[1] - SPLIT
    for step in cast.aims[2:]:  # a square on the way may kill him: the dead are not carried on
        if step == STOP or s.life[aim] <= 0 or not pushing.shove(s, aim, step - STEPPING):
            break
    striking.land(s, cast, aim, cast.energy - squares, "water")
    _douse(s, aim)


def _douse(s: EighthState, figure: int) -> None:
    """The water ends the fire spells lying on `figure` (turn.end_at: what they made goes
    with them) and Acid Bath ("until ... a Water spell touches it"), and destroys the fire
    items it carries (the Fire Cloak: "any water damage to you destroys the cloak"). A
    creation lies on a line or a square, never on a figure, so none is read as one."""
    for seat in range(s.n):
        for k in range(len(s.maintained[seat]) - 1, -1, -1):
            card, _, on = s.maintained[seat][k]
            doused = (weather.is_fire(card) and "creation" not in cards.KEYWORDS_OF[card]) or card == ACID_BATH
            if on == figure and doused:
                if s.log is not None:
                    say(s, "water", R_CARD, f"the water ends P{seat}'s {cards.NAME[card]} on P{figure}")
                turn.end_at(s, seat, k)
    if figure < s.n:
        burnt = [card for card in s.items[figure] if weather.is_fire(card)]
        if burnt:
            s.items[figure] = [card for card in s.items[figure] if not weather.is_fire(card)]
            piles.discard_all(s, figure, burnt)
            if s.log is not None:
                say(s, "water", R_CARD, f"the water destroys P{figure}'s {cards.names(burnt)}")


def _put_out(s: EighthState, line: int) -> None:
    """A curtain of flame struck by the water goes out: the Wall of Fire lying on its line
    ends (turn.end_at, which takes the flame away)."""
    if s.log is not None:
        say(s, "water", R_CARD, f"the water puts out the curtain of flame on {line_name(s.map.asm, line)}")
    for seat in range(s.n):
        for k, (card, _, on) in enumerate(s.maintained[seat]):
            if card == WALL_OF_FIRE and on == line:
                turn.end_at(s, seat, k)
                return


SPELLS: Final[dict[int, Spell]] = {
    ZOT: Spell(FIGURE, one_pick(_zot_picks), _zot, attack=True),
    FIREBALL: Spell(FIGURE, one_pick(_targets), _fireball, attack=True),
    POWERTHRUST: Spell(FIGURE, one_pick(_targets), _powerthrust, attack=True),
    STONE_DEAD: Spell(FIGURE, one_pick(_wizards), _stone_dead, attack=True),
    KA_BONG: Spell(FIGURE, one_pick(_targets), _ka_bong, attack=True),
    FIRE_DARTS: Spell(FIGURE, _darts_picks, _darts, attack=True),
    PSYCHIC_STORM: Spell(SQUARE, one_pick(_storm_picks), _storm, attack=True),
    LIGHTNING_BOLT: Spell(HEADING, _bolt_picks, _bolt, attack=True),
    GLOBE_OF_PAIN: Spell(FIGURE, _globe_picks, _globe, attack=True),
    MENTAL_FORCE: Spell(FIGURE, _force_picks, _force, attack=True),
    WATERBOLT: Spell(FIGURE, _waterbolt_picks, _waterbolt, attack=True),
}

USES: Final[dict[int, Spell]] = {
    LARGE_ROCK: Spell(FIGURE, one_pick(_thrown), _rock, attack=True, item=True),
    DAGGER: Spell(FIGURE, one_pick(_dagger_picks), _dagger, attack=True, item=True),
    BOOMSTONE: Spell(FIGURE, one_pick(_thrown), _boomstone, attack=True, item=True),
    WIZARDBLADE: Spell(FIGURE, one_pick(_blade_picks), _blade, attack=True, item=True, powered=True),
}
