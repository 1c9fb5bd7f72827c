"""The neutral cards that move a wizard or change the labyrinth (their texts in
data/cards-8e.json, in our words): Teleport, Windrider, Swap, Mad Dash, Pass Through Wall,
Wallivore, Destroy Wall, Create Wall, Stone Block, Rotate Sector, Seal Door and Dispel.

Each is a `Spell` entry (spells.py) that is not an attack: casting one spends no attack,
nothing rolls to evade it, and Negate Neutral may answer it (counters.py). Its picks offer
only what its resolve will do; every change of the map is followed by `vision.changed`, so
sight is never stale, and every rule applied leaves an event citing the card (R_CARD).

Readings of the texts (each in its function's docstring):

- "you may move no more this turn" (Teleport, Swap): his movement points fall to 0 (or
  stay below) and the turn's speed boost is closed, as points are all it could give;
- a wall, door or object "in the way" (Windrider): any wall or door on the line crossed,
  open or shut; a stone block or bush, an item or a treasure lying there; any figure;
- an outer wall is a line one would leave the board through (cracks.line_limit's test);
- Rotate Sector is two picks of squares: the sector's north-west corner square, then the
  corner square it is to be turned to (north-east: a quarter turn clockwise, south-east:
  a half turn, south-west: a quarter turn the other way round). The figures, treasures,
  items, cracks, held doors and the creations' spells on it go with it;
- a creation (Create Wall, Stone Block) and Seal Door stay in play as maintained spells
  (rule 16), lying on their line or square; however the spell ends (its energy, Dispel,
  Null Powder, the hand-limit cut, its maker's death), what it made goes with it
  (upkeep.spell_ended); a wall or block destroyed by Destroy Wall or Wallivore ends the
  spell that made it (`_spell_gone`).

Teleport may also be cast in answer to an attack on its caster (`ANSWERS`): he jumps, and
the attack misses him if its maker can no longer see him.

Left out, and why: "every spell that changes it" of Dispel: no spell in the engine changes
another yet.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..board import CELLS, DIR_NAMES, rotate_cell
from ..mapstate import DOOR, JAMMED, KIND_MASK, OPEN, STONE, UNLOCKED, WALL
from ..places import line_name, slot_name, square_name
from . import cards, counters, cracks, forms, harm, keys, piles, reach, stones, treasures, turn
from .spells import FIGURE, HEADING, LINE, NO_AIM, SPELL, SQUARE, Spell, nothing_to_pick, one_pick
from .state import IN_WALL, R_CARD, SPELL_SLOTS, STABBING, STEPPING, Cast, EighthState

TELEPORT: Final[int] = cards.INDEX["teleport"]
WINDRIDER: Final[int] = cards.INDEX["windrider"]
SWAP: Final[int] = cards.INDEX["swap"]
MAD_DASH: Final[int] = cards.INDEX["mad_dash"]
PASS_THROUGH_WALL: Final[int] = cards.INDEX["pass_through_wall"]
WALLIVORE: Final[int] = cards.INDEX["wallivore"]
DESTROY_WALL: Final[int] = cards.INDEX["destroy_wall"]
CREATE_WALL: Final[int] = cards.INDEX["create_wall"]
STONE_BLOCK: Final[int] = cards.INDEX["stone_block"]
ROTATE_SECTOR: Final[int] = cards.INDEX["rotate_sector"]
SEAL_DOOR: Final[int] = cards.INDEX["seal_door"]
CREATE_DOOR: Final[int] = keys.CREATE_DOOR
GLUE: Final[int] = treasures.GLUE
GLUE_SQUARE: Final[int] = treasures.GLUE_SQUARE
DISPEL: Final[int] = cards.INDEX["dispel"]

TELEPORT_SQUARES: Final = 4
WALLIVORE_LIFE: Final = 2
FALLING_WALL_DAMAGE: Final = 2
NW_CORNER: Final = 0                    # the cell (row 0, column 0) of a sector
TURN_WORDS: Final = ("", "a quarter turn clockwise", "a half turn", "a quarter turn anticlockwise")
# Maintained spells lying on a line, and on a square (Create Door and Glue have marks of their own).
ON_LINES: Final[tuple[int, ...]] = (CREATE_WALL, SEAL_DOOR, cards.INDEX["wall_of_fire"])
ON_SQUARES: Final[tuple[int, ...]] = (STONE_BLOCK, cards.INDEX["thornbush"], cards.INDEX["rosebush"],
                                      cards.INDEX["dust_cloud"])


def _note(s: EighthState, kind: str, text: str) -> None:
    """An event citing the card's text (the inventory's card, in our words)."""
    if s.log is not None:
        say(s, kind, R_CARD, text)


def _where(s: EighthState, square: int) -> str:
    return square_name(s.map.asm, square)


def _inner(s: EighthState, line: int) -> bool:
    """A line between two squares of the board, not an outer one (those one would leave
    the board through, wraps and portals included): what MW lets a card break or pass."""
    asm = s.map.asm
    return asm.edge_a[line] >= 0 and asm.edge_b[line] >= 0


def _stop_moving(s: EighthState, seat: int) -> None:
    """"You may move no more this turn": his points fall to 0 (a debt stays) and the turn's
    boost is closed, since points are all a boost gives (rules 6 and 7)."""
    if seat != s.turn:
        return
    s.moves = min(s.moves, 0)
    s.boosted = True
    _note(s, "move", f"P{seat} may move no more this turn")


def _moved(s: EighthState, figure: int) -> None:
    """A figure a card has set down somewhere: a wizard carrying an enemy treasure onto his
    home base scores it (R8-1)."""
    if figure < s.n:
        treasures.arrive(s, figure)


# -- Teleport ----------------------------------------------------------------------------


def _teleport_squares(s: EighthState, seat: int) -> list[int]:
    """Teleport: the squares 1 to 4 away counted along rows and columns (through wraps and
    portals), walls, doors and objects ignored; never solid stone, which no one stands in."""
    far = s.map.asm.grid_distances(s.pos[seat])
    cells = s.map.cells
    return [q for q in range(len(far)) if 0 < far[q] <= TELEPORT_SQUARES and not cells[q] & STONE]


def _teleport_answer_squares(s: EighthState, answer: Cast) -> list[int]:
    """Teleport cast in answer: where he may jump, one pick."""
    return [] if answer.aims else _teleport_squares(s, answer.seat)


def _answered_attack(s: EighthState, seat: int, cast: Cast) -> bool:
    """Teleport may answer an attack aimed at him."""
    return cast.attack and counters.aimed_at(s, seat, cast)


def _teleport_away(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Teleport: "Cast in answer to an attack, the attack misses if its maker can no longer
    see you." He jumps first; then, out of the attacker's sight (a punch or a stab: out of
    his reach too, as neither is aimed by sight), the attack misses him."""
    there = answer.aims[0]
    s.pos[seat] = there
    _note(s, "move", f"P{seat} teleports away to {_where(s, there)}")
    _moved(s, seat)
    _stop_moving(s, seat)
    near = cast.card < 0 or any(STABBING <= aim < STEPPING for aim in cast.aims)
    seen = seat in (reach.figures_beside(s, cast.seat) if near else reach.figures_in_sight(s, cast.seat))
    if not seen:
        cast.evaded.append(seat)
    how = "reach" if near else "see"
    _note(s, "evade", f"P{cast.seat} can still {how} him" if seen else
          f"P{cast.seat} can no longer {how} him: the attack misses")


def _teleport(s: EighthState, cast: Cast) -> None:
    """Teleport: "Jump up to 4 squares ...; then you may move no more this turn." """
    seat, there = cast.seat, cast.aims[0]
    s.pos[seat] = there
    _note(s, "move", f"P{seat} teleports to {_where(s, there)}")
    _moved(s, seat)
    _stop_moving(s, seat)


# -- Windrider ---------------------------------------------------------------------------


def _object_at(s: EighthState, square: int) -> bool:
    """Something lies in `square` that a ride stops at: a stone block or bush, an item
    marker, a treasure (its marker is an object on the board)."""
    if s.map.cells[square]:
        return True
    if any(q == square for q, _ in s.floor):
        return True
    return any(at == square for t, at in enumerate(s.treasure_at) if t not in s.spent)


def _ride_step(s: EighthState, square: int, heading: int) -> int:
    """The next square of a ride from `square`, or -1 where a wall or door (open or shut)
    on the line, an object or a figure in the square beyond stops it (Windrider's text).
    Wraps and portals carry it on as they carry a step."""
    m = s.map
    asm = m.asm
    i = square * 4 + heading
    there = asm.step[i]
    if there < 0:
        return -1
    for line in (asm.side_edge[i], asm.far_edge[i]):
        if line >= 0 and m.edges[line] & KIND_MASK != OPEN:
            return -1
    if _object_at(s, there) or any(s.pos[f] == there for f in reach.figures(s)):
        return -1
    return there


def _windrider_headings(s: EighthState, seat: int) -> list[int]:
    """Windrider: the headings in which he can ride at least one square."""
    here = s.pos[seat]
    return [h for h in range(4) if _ride_step(s, here, h) >= 0]


def _windrider(s: EighthState, cast: Cast) -> None:
    """Windrider: "Ride the wind in one straight direction for as many squares as this
    spell's energy; a wall, door, object, wizard or creature in the way stops you." No
    movement point is spent; a treasure carried over his home base scores there (R8-1)."""
    seat, heading = cast.seat, cast.aims[0]
    ridden = 0
    for _ in range(cast.energy):
        there = _ride_step(s, s.pos[seat], heading)
        if there < 0:
            break
        s.pos[seat] = there
        ridden += 1
        _moved(s, seat)
    _note(s, "move", f"P{seat} rides the wind {DIR_NAMES[heading]} {ridden} square{'' if ridden == 1 else 's'} "
          f"to {_where(s, s.pos[seat])}")


# -- Swap --------------------------------------------------------------------------------


def _swap(s: EighthState, cast: Cast) -> None:
    """Swap: "You and a wizard or creature in your line of sight exchange squares; you may
    not move again this turn." Not an attack: nothing evades it."""
    seat, other = cast.seat, cast.aims[0]
    s.pos[seat], s.pos[other] = s.pos[other], s.pos[seat]
    _note(s, "move", f"P{seat} and P{other} exchange squares: P{seat} on {_where(s, s.pos[seat])}, "
          f"P{other} on {_where(s, s.pos[other])}")
    _moved(s, seat)
    _moved(s, other)
    _stop_moving(s, seat)


# -- Mad Dash ----------------------------------------------------------------------------


def _mad_dash(s: EighthState, cast: Cast) -> None:
    """Mad Dash: "Every movement point you still have this turn becomes two. The price: any
    treasure you hold falls into your square, and you may not take one up again before your
    next turn." Points at 0 or below stay as they are (a debt is not doubled)."""
    seat = cast.seat
    if seat == s.turn and s.moves > 0:
        s.moves *= 2
    _note(s, "move", f"Mad Dash: P{seat} has {s.moves} movement points and may lift no treasure before his "
          "next turn")
    if s.carried[seat] >= 0:
        treasures.drop(s, seat)
    s.barred |= 1 << seat


# -- Pass Through Wall -------------------------------------------------------------------


def _may_step(s: EighthState, seat: int) -> bool:
    """Whether the turn's wizard may take a step now: a movement point left, and, stunned,
    not after his attack (R8-4; Adrenaline's exception, forms.move_after_attack)."""
    return seat == s.turn and s.moves > 0 and (not (s.dazed and s.struck) or forms.move_after_attack(s, seat))


def _through(s: EighthState, square: int, heading: int) -> int:
    """The square beyond the wall on side `heading` of `square`, -1 where there is no such
    wall (an inner stone wall) or solid stone fills the square beyond."""
    m = s.map
    asm = m.asm
    i = square * 4 + heading
    line, there = asm.side_edge[i], asm.step[i]
    if there < 0 or line != asm.far_edge[i] or not _inner(s, line) or m.edges[line] & KIND_MASK != WALL:
        return -1
    return -1 if m.cells[there] & STONE else there


def _walls_to_pass(s: EighthState, seat: int) -> list[int]:
    """Pass Through Wall: the headings of the inner walls on the sides of his square, while
    he may step."""
    if not _may_step(s, seat):
        return []
    here = s.pos[seat]
    return [h for h in range(4) if _through(s, here, h) >= 0]


def _pass_through_wall(s: EighthState, cast: Cast) -> None:
    """Pass Through Wall: "Step once through one wall on an edge of your square as if it
    were not there": a step, for 1 movement point (rule 5)."""
    seat, heading = cast.seat, cast.aims[0]
    there = _through(s, s.pos[seat], heading)
    s.moves -= 1
    s.walked = True
    s.pos[seat] = there
    _note(s, "move", f"P{seat} steps {DIR_NAMES[heading]} through the wall to {_where(s, there)} "
          f"({s.moves} left)")
    _moved(s, seat)


# -- Wallivore, Destroy Wall -------------------------------------------------------------


def _spell_gone(s: EighthState, card: int, on: int) -> None:
    """What a spell made is gone (a created wall broken): the spell that made it ends."""
    for seat in range(s.n):
        for k, (held, _, lies_on) in enumerate(s.maintained[seat]):
            if held == card and lies_on == on:
                _note(s, "spell", f"P{seat}'s {cards.NAME[card]} ends with what it made")
                turn.end_at(s, seat, k)
                return


def _door_gone(s: EighthState, seat: int, line: int) -> None:
    """A made door is knocked down: the Create Door that made it leaves play (the line
    stays open: what the wall was is gone with the door)."""
    for k, (held, _, on) in enumerate(s.maintained[seat]):
        if held == CREATE_DOOR and on % IN_WALL == line:
            _note(s, "spell", f"P{seat}'s Create Door ends with the door it made")
            del s.maintained[seat][k]
            piles.discard(s, seat, held)
            return


def _knock_down(s: EighthState, line: int) -> None:
    """The wall or door on `line` is gone, its cracks with it, and sight follows; a created
    wall's spell ends."""
    wall = s.map.edges[line] & KIND_MASK == WALL
    made = keys.maker(s, line) if s.map.edges[line] & KIND_MASK == DOOR else -1
    s.map.destroy_edge(line)
    s.cracks[line] = 0
    vision.changed(s)
    if wall:
        _spell_gone(s, CREATE_WALL, line)
    elif made >= 0:
        _door_gone(s, made, line)


def _edible_walls(s: EighthState, seat: int) -> list[int]:
    """Wallivore: the inner stone walls on the sides of his square."""
    m = s.map
    asm = m.asm
    here = s.pos[seat]
    out: list[int] = []
    for i in range(here * 4, here * 4 + 4):
        line = asm.side_edge[i]
        if line >= 0 and line not in out and _inner(s, line) and m.edges[line] & KIND_MASK == WALL:
            out.append(line)
    return out


def _wallivore(s: EighthState, cast: Cast) -> None:
    """Wallivore: "Devour one stone wall on an edge of your square (never an outer wall):
    it is gone and you gain 2 life" (never above the cap)."""
    seat, line = cast.seat, cast.aims[0]
    _knock_down(s, line)
    harm.heal(s, seat, WALLIVORE_LIFE)
    _note(s, "map", f"P{seat} devours the wall on {line_name(s.map.asm, line)} and has {s.life[seat]} life")


def _breakable_lines(s: EighthState, seat: int) -> list[int]:
    """Destroy Wall: the walls and doors in his sight that are not outer walls."""
    return [line for line in reach.lines_in_sight(s, seat) if cracks.line_limit(s, line)]


def _destroy_wall(s: EighthState, cast: Cast) -> None:
    """Destroy Wall: "Knock down one wall segment or door in your line of sight (outer walls
    excepted); each wizard and creature beside it takes 2 physical damage that no counter
    can evade. Casting it is not an attack." Beside it: in a square on either side of the
    line, the caster too. Armour (Golem Form, the Bloodshard) still takes its part, as it
    does from every source; no kill is credited (not an attack, R8-6)."""
    line = cast.aims[0]
    what = "door" if s.map.edges[line] & KIND_MASK == DOOR else "wall"
    beside = s.map.asm.edge_squares(line)
    _knock_down(s, line)
    _note(s, "map", f"the {what} on {line_name(s.map.asm, line)} falls")
    for figure in reach.figures(s):
        if s.pos[figure] in beside:
            dealt = max(0, FALLING_WALL_DAMAGE - harm.armour(s, figure))
            _note(s, "damage", f"the falling {what} strikes P{figure}")
            harm.hurt(s, figure, dealt, -1)


# -- Create Wall, Stone Block ------------------------------------------------------------


def _empty_lines(s: EighthState, seat: int) -> list[int]:
    """Create Wall: the lines in his sight with no wall or door yet, between two squares."""
    m = s.map
    return [line for line in reach.lines_in_sight(s, seat) if _inner(s, line) and m.may_create_edge(line)]


def _create_wall(s: EighthState, cast: Cast) -> None:
    """Create Wall: "Build a one-square stone wall on an edge in your line of sight that has
    no wall or door yet. It stops movement and sight until 5 cracks bring it down." The
    spell stays in play, lying on the line."""
    line = cast.aims[0]
    s.map.create_wall(line)
    s.cracks[line] = 0
    vision.changed(s)
    _note(s, "map", f"P{cast.seat} builds a stone wall on {line_name(s.map.asm, line)}")


def _empty_squares(s: EighthState, seat: int) -> list[int]:
    """Stone Block: the empty squares in his sight (no figure, treasure, item or fill); not
    a home base, where the shared labyrinth creates nothing (mapstate.may_fill)."""
    m = s.map
    return [q for q in reach.empty_squares_in_sight(s, seat) if m.may_fill(q)]


def _stone_block(s: EighthState, cast: Cast) -> None:
    """Stone Block: "Fill an empty square in your line of sight with a block of stone. It
    stops movement and sight, breaks after 8 cracks and is not a wall." The spell stays in
    play, lying on the square."""
    square = cast.aims[0]
    s.map.fill_stone(square, False)
    s.cracks[s.map.asm.n_edges + square] = 0
    vision.changed(s)
    _note(s, "map", f"P{cast.seat} fills {_where(s, square)} with a block of stone")


# -- Create Door -------------------------------------------------------------------------


def _fittable(s: EighthState, seat: int) -> list[int]:
    """Create Door: the lines in his sight between two squares that are empty or a printed
    stone wall."""
    m = s.map
    return [line for line in reach.lines_in_sight(s, seat) if m.may_fit_door(line)]


def _create_door(s: EighthState, cast: Cast) -> None:
    """Create Door: "Fit a door into a stone wall or an empty edge in your line of sight.
    The door is yours: shut and locked to others, it opens for you as your home doors do."
    The spell lies on the line (with IN_WALL when a wall was there)."""
    line = cast.aims[0]
    walled = s.map.edges[line] & KIND_MASK == WALL
    s.map.fit_door(line)
    s.cracks[line] = 0
    vision.changed(s)
    cast.aims[0] = line + (IN_WALL if walled else 0)
    _note(s, "door", f"P{cast.seat} fits a door of his own into the {'wall' if walled else 'line'} on "
          f"{line_name(s.map.asm, line)}")


# -- Rotate Sector -----------------------------------------------------------------------


def _rotate_picks(s: EighthState, cast: Cast) -> list[int]:
    """Rotate Sector: first a sector, named by its north-west corner square; then the
    corner square that corner is to be turned to (a quarter turn either way, or a half)."""
    if not cast.aims:
        return [slot * CELLS + NW_CORNER for slot in range(s.map.asm.players)]
    if len(cast.aims) == 1:
        slot = cast.aims[0] // CELLS
        return [slot * CELLS + rotate_cell(NW_CORNER, q) for q in (1, 2, 3)]
    return []


def _quarter_turns(corner: int) -> int:
    """The clockwise quarter turns that bring the north-west corner to `corner`'s cell."""
    return next(q for q in (1, 2, 3) if rotate_cell(NW_CORNER, q) == corner % CELLS)


def _roll(s: EighthState, rolls: list[int]) -> int:
    """The d4 rolled for a 50/50 at an altered junction (the shared map's rule), kept so the
    event shows it."""
    face = s.rng.below(4)
    rolls.append(face + 1)
    return face


def _rotate_sector(s: EighthState, cast: Cast) -> None:
    """Rotate Sector: "Turn one sector board by a quarter or a half turn, either way round;
    everything standing on it turns with it": figures, treasures and items lying there,
    the cracks on its walls and blocks, a door held open (its holder with it), and the
    spells lying on its lines and squares."""
    slot, q = cast.aims[0] // CELLS, _quarter_turns(cast.aims[1])
    m = s.map
    rolls: list[int] = []
    lines: list[int] = []
    dest = m.rotate_sector(slot, q, lambda: _roll(s, rolls), lines)
    _carry(s, dest, lines)
    vision.changed(s)
    _note(s, "map", f"P{cast.seat} turns the sector {slot_name(m.asm, slot)} {TURN_WORDS[q]}, with everything on it")
    if rolls:
        _note(s, "map", "the 50/50 roll at each altered junction (1-2 the turning sector keeps the change): "
              + ", ".join(str(r) for r in rolls))
    for figure in reach.figures(s):
        _moved(s, figure)


def _carry(s: EighthState, dest: list[int], lines: list[int]) -> None:
    """What lies on squares and lines goes where they went (`dest`, `lines`: -1 where what
    stood on a line did not survive the move, whose cracks are then lost)."""
    n_edges = s.map.asm.n_edges
    s.pos = [dest[p] for p in s.pos]
    s.treasure_at = [dest[t] if t >= 0 else t for t in s.treasure_at]
    s.floor = [(dest[q], card) for q, card in s.floor]
    s.traps = [(dest[q], owner, trap) for q, owner, trap in s.traps]
    s.origin = dest[s.origin] if s.origin >= 0 else -1   # an Astral Projection's square
    moved = [0] * len(s.cracks)
    for line in range(n_edges):
        if lines[line] >= 0:
            moved[lines[line]] = s.cracks[line]
    for q in range(len(dest)):
        moved[n_edges + dest[q]] = s.cracks[n_edges + q]
    s.cracks = moved
    s.holding = [lines[line] if line >= 0 else -1 for line in s.holding]
    for seat in range(s.n):
        s.maintained[seat] = [(card, tokens, _carried_on(card, on, dest, lines)) for card, tokens, on in
                              s.maintained[seat]]


def _carried_on(card: int, on: int, dest: list[int], lines: list[int]) -> int:
    """Where a spell lying on a line or square lies after the move (-1: nothing left)."""
    if on < 0:
        return on
    if card in ON_LINES:
        return lines[on]
    if card in ON_SQUARES:
        return dest[on]
    if card == CREATE_DOOR:
        return -1 if lines[on % IN_WALL] < 0 else lines[on % IN_WALL] + on // IN_WALL * IN_WALL
    if card == GLUE:
        return dest[on // GLUE_SQUARE] * GLUE_SQUARE + on % GLUE_SQUARE
    return on


# -- Seal Door ---------------------------------------------------------------------------


def _sealable(s: EighthState, seat: int) -> list[int]:
    """Seal Door: the doors in his sight not sealed yet (nor lockless)."""
    edges = s.map.edges
    return [line for line in reach.lines_in_sight(s, seat)
            if edges[line] & KIND_MASK == DOOR and not edges[line] & (JAMMED | UNLOCKED)]


def _seal_door(s: EighthState, cast: Cast) -> None:
    """Seal Door: "Seal a door in your line of sight: from now on no one, you included, can
    open or unlock it, though it can still be destroyed." An open door shuts as it is
    sealed; no card opens it (mapstate.check_open_door refuses a jammed lock). The spell
    stays in play, lying on the line."""
    line = cast.aims[0]
    s.map.jam_lock(line)
    vision.changed(s)
    _note(s, "door", f"P{cast.seat} seals the door on {line_name(s.map.asm, line)}: no one can open it now")


# -- Dispel ------------------------------------------------------------------------------


def _dispel(s: EighthState, cast: Cast) -> None:
    """Dispel: "Choose a spell in play that is not instant: it ends at once, and so does
    every spell that changes it." Every maintained spell is a lasting one; a creation's
    ends with what it made."""
    owner, k = divmod(cast.aims[0], SPELL_SLOTS)
    if k >= len(s.maintained[owner]):
        _note(s, "spell", "Dispel finds no spell there any more")
        return
    card = s.maintained[owner][k][0]
    _note(s, "spell", f"P{cast.seat} dispels P{owner}'s {cards.NAME[card]}: it ends")
    turn.end_at(s, owner, k)  # what a creation made goes with it (upkeep.spell_ended)


SPELLS: Final[dict[int, Spell]] = {
    TELEPORT: Spell(SQUARE, one_pick(_teleport_squares), _teleport, attack=False),
    WINDRIDER: Spell(HEADING, one_pick(_windrider_headings), _windrider, attack=False),
    SWAP: Spell(FIGURE, one_pick(reach.figures_in_sight), _swap, attack=False),
    MAD_DASH: Spell(NO_AIM, nothing_to_pick, _mad_dash, attack=False),
    PASS_THROUGH_WALL: Spell(HEADING, one_pick(_walls_to_pass), _pass_through_wall, attack=False),
    WALLIVORE: Spell(LINE, one_pick(_edible_walls), _wallivore, attack=False),
    DESTROY_WALL: Spell(LINE, one_pick(_breakable_lines), _destroy_wall, attack=False),
    CREATE_WALL: Spell(LINE, one_pick(_empty_lines), _create_wall, attack=False, stays=True),
    STONE_BLOCK: Spell(SQUARE, one_pick(_empty_squares), _stone_block, attack=False, stays=True),
    ROTATE_SECTOR: Spell(SQUARE, _rotate_picks, _rotate_sector, attack=False),
    SEAL_DOOR: Spell(LINE, one_pick(_sealable), _seal_door, attack=False, stays=True),
    CREATE_DOOR: Spell(LINE, one_pick(_fittable), _create_door, attack=False, stays=True, powered=False),
    DISPEL: Spell(SPELL, one_pick(stones.lasting_spells), _dispel, attack=False),
}

ANSWERS: Final[dict[int, counters.Answer]] = {
    TELEPORT: counters.Answer(_answered_attack, _teleport_away, aim=SQUARE, picks=_teleport_answer_squares),
}
