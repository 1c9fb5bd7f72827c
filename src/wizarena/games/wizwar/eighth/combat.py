"""The attack cards that deal damage or move by force (their texts in data/cards-8e.json,
in our words): Zot, Fireball, Powerthrust, Stone Dead, Ka-Bong, Fire Darts, Psychic Storm,
Lightning Bolt, Globe of Pain and Mental Force, and the weapons carried as items: the
Large Rock, the Dagger, the Boomstone and the Wizardblade.

Each is a `Spell` entry (spells.py): what it may be aimed at, and what it does once no
answer stopped it. Damage to figures goes through striking.strike (evasion, Shield,
armour, fire); damage to walls, doors and filled squares makes cracks (brief rule 14).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..places import square_name
from . import cards, cracks, reach, striking, treasures
from .spells import FIGURE, HEADING, SQUARE, Spell, one_pick
from .state import LINE_THING, R_CARD, SQUARE_THING, STABBING, STEPPING, STOP, STUNNING, Cast, EighthState


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
            striking.stun(s, aim - STUNNING, 2)
    else:
        striking.strike_thing(s, cast, aim, cast.energy)


def _fireball(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], 5, "fire")


def _powerthrust(s: EighthState, cast: Cast) -> None:
    striking.strike_thing(s, cast, cast.aims[0], cast.energy + 2)


def _stone_dead(s: EighthState, cast: Cast) -> None:
    """Stone Dead: the spell's energy, and 1 more for each magic stone he carries."""
    target = cast.aims[0]
    stones = sum(1 for card in s.items[target] if card in striking.MAGIC_STONES)
    striking.strike(s, cast, target, cast.energy + stones)


def _ka_bong(s: EighthState, cast: Cast) -> None:
    """Ka-Bong: 4 physical; a figure that loses life to it is stunned for 1 turn."""
    aim = cast.aims[0]
    if striking.strike_thing(s, cast, aim, 4) > 0:
        striking.stun(s, aim, 1)


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
            striking.hurt(s, figure, max(0, cast.energy - cast.cut[figure] - striking.armour(s, figure)), cast.seat)


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
    s.discard.append(cast.card)


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
    takes 3 magical damage and is stunned for 1 turn."""
    m = s.map
    square, heading = s.pos[cast.seat], cast.aims[0]
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
                striking.stun(s, figure, 1)
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
    out = [STEPPING + h for h in range(4) if s.map.step_to(here, h) >= 0]
    return out + [STOP] if steps else out


def _globe_picks(s: EighthState, cast: Cast) -> list[int]:
    """Globe of Pain: a path of up to 6 squares from the caster, turning corners."""
    return _path_picks(s, s.pos[cast.seat], cast.aims, GLOBE_SQUARES)


def _globe(s: EighthState, cast: Cast) -> None:
    """Globe of Pain: "only the figure or object it stops on takes magical damage equal to
    this spell's energy": the first figure in the square where it stops (ruling R8-15: no
    figure there, it fades)."""
    square = _path_end(s, s.pos[cast.seat], cast.aims)
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
}

USES: Final[dict[int, Spell]] = {
    LARGE_ROCK: Spell(FIGURE, one_pick(_thrown), _rock, attack=True, item=True),
    DAGGER: Spell(FIGURE, one_pick(_dagger_picks), _dagger, attack=True, item=True),
    BOOMSTONE: Spell(FIGURE, one_pick(_thrown), _boomstone, attack=True, item=True),
    WIZARDBLADE: Spell(FIGURE, one_pick(_blade_picks), _blade, attack=True, item=True, powered=True),
}
