"""What a figure can reach (the 8e chapter's "Attacking" and "Punching"; brief rule 12):
the figures, squares and lines a spell may be aimed at, by the card's range.

Ranges: *los*, anything in the caster's line of sight (the shared sight of vision.py,
symmetric, through wraps and portals); *adjacent*, his own square and the orthogonal
neighbours a step would reach (a wall or closed door between stops it, as it stops a
punch); *self*, himself; *any*, anywhere. A figure is a living wizard or creature.
"""

from __future__ import annotations

from typing import Final

from .. import vision
from . import cards, cracks, harm, moving, weather
from .state import LINE_THING, SQUARE_THING, EighthState

VISIONSTONE: Final[int] = cards.INDEX["visionstone"]
HOMUNCULUS: Final[int] = cards.INDEX["homunculus"]
BIG_MAN_FORM: Final[int] = cards.INDEX["big_man_form"]


def alive(s: EighthState, figure: int) -> bool:
    """Whether `figure` is on the board: a wizard whose player is not out, or a creature
    with life left whose controller is not out (R8-6: his creatures vanish)."""
    return s.life[figure] > 0 and (figure not in s.out if figure < s.n else s.controller[figure] not in s.out)


def untargetable(s: EighthState, figure: int) -> bool:
    """Whether no one may target `figure`: a Homunculus (ruling R8-7). Effects on a whole
    square or path (`figures`) still reach it."""
    return figure >= s.n and any(card == HOMUNCULUS and on == figure for spells in s.maintained
                                 for card, _, on in spells)


def figures(s: EighthState) -> list[int]:
    """Every figure on the board."""
    return [f for f in range(len(s.pos)) if alive(s, f)]


def neighbours(s: EighthState, figure: int) -> list[int]:
    """`figure`'s own square and the squares one step from it (brief rule 12: "in or
    orthogonally adjacent"; a wall or a closed door between stops the reach)."""
    here = s.pos[figure]
    out = [here]
    for heading in range(4):
        there = moving.step_to(s, figure, heading)
        if there >= 0 and there not in out:
            out.append(there)
    return out


def eye(s: EighthState, figure: int, spell: bool = True) -> int:
    """The square `figure`'s sight is drawn from: his own, or, for the turn's wizard's next
    spell after an Astral Projection, the square it is cast from (shaping.py)."""
    if spell and figure == s.turn and s.origin >= 0:
        return s.origin
    return s.pos[figure]


def sight_row(s: EighthState, figure: int, spell: bool = True) -> bytes:
    """Per square: 1 where `figure` sees it. A wizard carrying a Visionstone sees past one
    wall or door for the spells he casts ("items you throw get no such help"). Under Fog a
    line of sight reaches 1 square at most (weather.py), counted along rows and columns.
    His spells see from his Homunculus's square too (R8-7). The turn's wizard's next spell
    after Around the Corner sees, besides, whatever is seen from a square he sees (one bend,
    shaping.py). Remembered while a legal list is made (`s.seen`)."""
    memo = s.seen
    if memo is not None:
        known = memo.get(figure * 2 + spell)
        if known is None:
            known = memo[figure * 2 + spell] = _sight_row(s, figure, spell)
        return known
    return _sight_row(s, figure, spell)


def _sight_row(s: EighthState, figure: int, spell: bool) -> bytes:
    seen = _row_from(s, figure, eye(s, figure, spell), spell)
    helpers = eyes_lent(s, figure) if spell else []
    bent = spell and figure == s.turn and s.bend
    if not helpers and not bent:
        return seen
    more = bytearray(seen)
    for square in helpers:
        _widen(more, _row_from(s, figure, square, spell))
    if bent:
        for corner in [q for q in range(len(more)) if more[q]]:
            _widen(more, _row_from(s, figure, corner, spell))
    return bytes(more)


def _widen(seen: bytearray, further: bytes) -> None:
    for q in range(len(further)):
        if further[q]:
            seen[q] = 1


def eyes_lent(s: EighthState, figure: int) -> list[int]:
    """The squares of the Homunculi wizard `figure` controls: his spells see from there as
    well (R8-7)."""
    if figure >= s.n or len(s.pos) == s.n:
        return []
    return [s.pos[f] for f in range(s.n, len(s.pos)) if s.controller[f] == figure and alive(s, f)
            and untargetable(s, f)]


def big_men(s: EighthState, figure: int) -> list[int]:
    """The squares of the Big Men other than `figure`. Big Man Form: "fills the square and
    blocks LOS; nobody can enter, pass or cast past": his square blocks sight through it
    as stone does, so no one sees, aims or casts past him; he is seen himself, and sees
    out as anyone does (ruling R8-32)."""
    if not harm.in_play(s, BIG_MAN_FORM):
        return []
    return [s.pos[f] for f in figures(s) if f != figure and harm.upon(s, f, BIG_MAN_FORM)]


def _row_from(s: EighthState, figure: int, here: int, spell: bool) -> bytes:
    """One straight leg of `figure`'s sight, from `here`; a Big Man's square (`big_men`)
    blocks it as stone does (a Visionstone's one barrier may be him)."""
    bulk = [square for square in big_men(s, figure) if square != here]
    if spell and figure < s.n and VISIONSTONE in s.items[figure]:  # past one wall, or one Big Man
        seen = vision.through_row(s, here, bulk)
    else:
        seen = vision.rows_past(s, here, bulk)[0] if bulk else vision.row(s, here)
    if not weather.fogged(s):
        return seen
    far = s.map.asm.grid_distances(here)
    return bytes(1 if seen[q] and far[q] <= 1 else 0 for q in range(len(seen)))


def squares_in_sight(s: EighthState, figure: int, spell: bool = True) -> list[int]:
    """Every square `figure` sees, its own included."""
    seen = sight_row(s, figure, spell)
    return [q for q in range(len(seen)) if seen[q]]


def lines_in_sight(s: EighthState, figure: int) -> list[int]:
    """Every line whose midpoint `figure` sees (under Fog, the lines of his own square);
    from his Homunculus's square too; after Around the Corner, the lines seen from the
    squares he sees."""
    helpers = eyes_lent(s, figure)
    if not (figure == s.turn and s.bend) and not helpers:
        return _lines_from(s, figure, eye(s, figure))
    out: set[int] = set()
    for corner in squares_in_sight(s, figure) if figure == s.turn and s.bend else [eye(s, figure)] + helpers:
        out.update(_lines_from(s, figure, corner))
    return sorted(out)


def _lines_from(s: EighthState, figure: int, here: int) -> list[int]:
    bulk = [square for square in big_men(s, figure) if square != here]
    seen = vision.rows_past(s, here, bulk)[1] if bulk else vision.edge_row(s, here)
    if weather.fogged(s):
        asm = s.map.asm
        near = {asm.side_edge[i] for i in range(here * 4, here * 4 + 4)}
        return [e for e in range(len(seen)) if seen[e] and e in near]
    return [e for e in range(len(seen)) if seen[e]]


def figures_in_sight(s: EighthState, figure: int, spell: bool = True) -> list[int]:
    """The other figures `figure` sees (never himself: no attack at oneself, rule 11); a
    spell's sight, or a thrown item's (`spell` False)."""
    seen = sight_row(s, figure, spell)
    return [f for f in figures(s) if f != figure and seen[s.pos[f]] and not untargetable(s, f)]


def figures_beside(s: EighthState, figure: int) -> list[int]:
    """The other figures in `figure`'s square or a square next to it: a punch's reach."""
    near = neighbours(s, figure)
    return [f for f in figures(s) if f != figure and s.pos[f] in near and not untargetable(s, f)]


def empty_squares_in_sight(s: EighthState, figure: int) -> list[int]:
    """Squares `figure` sees with nothing in them: no figure, no treasure, no marker, no fill."""
    cells = s.map.cells
    taken = {s.pos[f] for f in figures(s)} | {q for q in s.treasure_at if q >= 0} | {q for q, _ in s.floor}
    return [q for q in squares_in_sight(s, figure) if not cells[q] and q not in taken]


def targets_in_sight(s: EighthState, figure: int, spell: bool = True) -> list[int]:
    """What `figure` may attack in his line of sight: the other figures, then the walls and
    doors that can take cracks (`LINE_THING` + line), then the filled squares
    (`SQUARE_THING` + square) (brief rule 14)."""
    seen = sight_row(s, figure, spell)
    out = [f for f in figures(s) if f != figure and seen[s.pos[f]] and not untargetable(s, f)]
    out += [LINE_THING + e for e in lines_in_sight(s, figure) if cracks.line_limit(s, e)]
    cells = s.map.cells
    out += [SQUARE_THING + q for q in range(len(seen)) if seen[q] and cells[q] and cracks.square_limit(s, q)]
    return out
