"""The attack cards that deal damage (their texts in data/cards-8e.json, in our words):
Zot, Fireball, Powerthrust, Stone Dead, Ka-Bong, Fire Darts and Psychic Storm, and the
weapons carried as items: the Large Rock, the Dagger, the Boomstone and the Wizardblade.

Each is a `Spell` entry (spells.py): what it may be aimed at, and what it does once no
answer stopped it. Damage to figures goes through striking.strike (evasion, Shield,
armour, fire); damage to walls, doors and filled squares makes cracks (brief rule 14).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..places import square_name
from . import cards, cracks, reach, striking
from .spells import FIGURE, SQUARE, Spell, one_pick
from .state import LINE_THING, SQUARE_THING, STABBING, STUNNING, Cast, EighthState

R_CARD: Final = striking.R_CARD


def _index(card_id: str) -> int:
    return cards.INDEX[card_id]


ZOT: Final = _index("zot")
FIREBALL: Final = _index("fireball")
POWERTHRUST: Final = _index("powerthrust")
STONE_DEAD: Final = _index("stone_dead")
KA_BONG: Final = _index("ka_bong")
FIRE_DARTS: Final = _index("fire_darts")
PSYCHIC_STORM: Final = _index("psychic_storm")
LARGE_ROCK: Final = _index("large_rock")
DAGGER: Final = _index("dagger")
BOOMSTONE: Final = _index("boomstone")
WIZARDBLADE: Final = _index("wizardblade")


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


SPELLS: Final[dict[int, Spell]] = {
    ZOT: Spell(FIGURE, one_pick(_zot_picks), _zot, attack=True),
    FIREBALL: Spell(FIGURE, one_pick(_targets), _fireball, attack=True),
    POWERTHRUST: Spell(FIGURE, one_pick(_targets), _powerthrust, attack=True),
    STONE_DEAD: Spell(FIGURE, one_pick(_wizards), _stone_dead, attack=True),
    KA_BONG: Spell(FIGURE, one_pick(_targets), _ka_bong, attack=True),
    FIRE_DARTS: Spell(FIGURE, _darts_picks, _darts, attack=True),
    PSYCHIC_STORM: Spell(SQUARE, one_pick(_storm_picks), _storm, attack=True),
}

USES: Final[dict[int, Spell]] = {
    LARGE_ROCK: Spell(FIGURE, one_pick(_thrown), _rock, attack=True, item=True),
    DAGGER: Spell(FIGURE, one_pick(_dagger_picks), _dagger, attack=True, item=True),
    BOOMSTONE: Spell(FIGURE, one_pick(_thrown), _boomstone, attack=True, item=True),
    WIZARDBLADE: Spell(FIGURE, one_pick(_blade_picks), _blade, attack=True, item=True, powered=True),
}
