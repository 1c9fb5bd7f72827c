"""Neutral cards that change the labyrinth (6e 5, 8), and Negate Neutral, the one answer
to a neutral (cards.json).

Casting one is two decisions: the card, then where it goes (a line between squares or a
square), so that the action list stays small and a menu reads naturally. Then every other
living wizard is asked, in turn order, whether he negates it: all are asked, holding
Negate Neutral or not, so the asking reveals no hand. A Negate Neutral may be answered by
the caster's Anti-Anti, and that by the negator's, as with any counteraction (6e 7).

So far: Create Wall, Destroy Wall, Solid Stone, Thornbush, Pick Lock, Remove Lock, Jam
Lock, Pass Through Wall, Dispel Creation and Speed; Mist-Body and Wall of Fire, whose
NUMBER card (their duration, `s.number_card`) goes into the air with them and is discarded
with them, negated or not (effects.py keeps their timers); and the Master Key, an object
whose use nobody is asked about. Illusion Wall, Rotate and Relocate Sector, Around the
Corner and Reuse Spell take the same path, their effects in illusions.py, sectors.py,
spellcraft.py.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, effects, forced, illusions, sectors, spellcraft, stones
from .mapstate import CREATED, DOOR, ILLUSION, KIND_MASK, STONE, full_hp
from .places import line_name, square_name
from .state import R_COUNTER, R_MAP, R_NUMBER, WizWarState, holds, is_out, mark_played, one_of

CREATE_WALL: Final[int] = cards.INDEX["create_wall"]
DESTROY_WALL: Final[int] = cards.INDEX["destroy_wall"]
SOLID_STONE: Final[int] = cards.INDEX["solid_stone"]
THORNBUSH: Final[int] = cards.INDEX["thornbush"]
PICK_LOCK: Final[int] = cards.INDEX["pick_lock"]
REMOVE_LOCK: Final[int] = cards.INDEX["remove_lock"]
JAM_LOCK: Final[int] = cards.INDEX["jam_lock"]
NEGATE: Final[int] = cards.INDEX["negate_neutral"]
SPEED: Final[int] = cards.INDEX["speed"]
PASS_THROUGH: Final[int] = cards.INDEX["pass_through_wall"]
DISPEL: Final[int] = cards.INDEX["dispel_creation"]
MASTER_KEY: Final[int] = cards.INDEX["master_key"]
MIST_BODY: Final[int] = effects.MIST_BODY
WALL_OF_FIRE: Final[int] = effects.WALL_OF_FIRE
# map cards and spell modifiers (sectors.py, illusions.py, spellcraft.py)
ILLUSION_WALL: Final[int] = illusions.ILLUSION_WALL
ROTATE: Final[int] = sectors.ROTATE
RELOCATE: Final[int] = sectors.RELOCATE
AROUND: Final[int] = spellcraft.AROUND
REUSE: Final[int] = spellcraft.REUSE

ON_LINES: Final[tuple[int, ...]] = (CREATE_WALL, DESTROY_WALL, PICK_LOCK, REMOVE_LOCK, JAM_LOCK, PASS_THROUGH,
                                    DISPEL, MASTER_KEY, WALL_OF_FIRE, ILLUSION_WALL)
ON_SQUARES: Final[tuple[int, ...]] = (SOLID_STONE, THORNBUSH, DISPEL)
# Fear is nobody's to answer (game.py casts it at once)
ON_SELF: Final[tuple[int, ...]] = (SPEED, MIST_BODY, forced.UGLY, forced.FEAR, AROUND)
# aimed at slots (sectors.py); Reuse Spell is aimed at a card (spellcraft.py)
ON_SECTORS: Final[tuple[int, ...]] = (ROTATE, RELOCATE)
CASTABLE: Final[tuple[int, ...]] = (CREATE_WALL, DESTROY_WALL, PICK_LOCK, REMOVE_LOCK, JAM_LOCK, PASS_THROUGH, DISPEL,
                                    SOLID_STONE, THORNBUSH, SPEED, MIST_BODY, WALL_OF_FIRE, forced.UGLY, forced.FEAR,
                                    ILLUSION_WALL, ROTATE, RELOCATE, AROUND, REUSE)


def occupied(s: WizWarState, square: int) -> bool:
    """Someone or something is there: a living wizard, a treasure or an object (6e 8)."""
    for q in range(s.n):
        if s.pos[q] == square and not is_out(s, q):
            return True
    if holds(s.treasure_at, square):
        return True
    for sq, _card in s.floor:
        if sq == square:
            return True
    return False


def has_target(s: WizWarState, seat: int, card: int) -> bool:
    """Whether `card` has somewhere to go for `seat` now (asked on every turn: it stops at
    the first)."""
    if one_of(card, ON_SELF):
        return True
    if one_of(card, ON_SECTORS):
        return sectors.has_target(s, card)
    if card == REUSE:
        return bool(spellcraft.candidates(s, seat))
    return bool(one_of(card, ON_LINES) and lines_for(s, seat, card, 1)
                or one_of(card, ON_SQUARES) and squares_for(s, seat, card, 1))


def lines_for(s: WizWarState, seat: int, card: int, enough: int = 1 << 30) -> list[int]:
    """The lines `card` may go on for `seat` now (the first `enough` of them)."""
    m = s.map
    here = s.pos[seat]
    if card == CREATE_WALL or card == DESTROY_WALL or card == DISPEL or card == WALL_OF_FIRE or card == ILLUSION_WALL:
        found: list[int] = []
        seen = effects.line_sight(s, seat)  # sight first: a row read, cheaper than what fits
        for e in range(m.asm.n_edges):
            if not seen[e]:
                continue
            if card == CREATE_WALL or card == WALL_OF_FIRE or card == ILLUSION_WALL:
                fits = m.may_create_edge(e)
            elif card == DISPEL:
                fits = m.edges[e] & CREATED != 0 and m.edges[e] & KIND_MASK != 0
            elif m.kind(e) == ILLUSION:  # a believer may attack it as a wall (illusions.py)
                fits = illusions.destroyable(s, seat, e)
            else:
                fits = m.may_attack_edge(e)
            if fits:
                found.append(e)
                if len(found) >= enough:
                    break
        return found
    out: list[int] = []
    for d in range(4):  # the locks, the key, passing through: a line on a side of one's own square
        e = m.asm.side_edge[here * 4 + d]
        if card == PASS_THROUGH:
            beyond = m.asm.step[here * 4 + d]
            believed = bool(s.belief[seat]) and illusions.stops(s, seat, here, d)  # a wall to him (illusions.py)
            if e >= 0 and (m.blocks_walk(e) or believed) and beyond >= 0 and not m.cells[beyond] & STONE \
                    and s.moves > 0 and e not in out:
                out.append(e)
            continue
        if card == MASTER_KEY:
            if e >= 0 and m.kind(e) == DOOR and not m.check_open_door(e) and m.hp[e] == full_hp(DOOR) \
                    and e not in out:
                out.append(e)
            continue
        if e < 0 or m.edges[e] & KIND_MASK != DOOR or e in out:
            continue
        if card == PICK_LOCK and not m.check_open_door(e) or card == REMOVE_LOCK and not m.check_open_door(e) \
                or card == JAM_LOCK:
            out.append(e)
    return out


def squares_for(s: WizWarState, seat: int, card: int, enough: int = 1 << 30) -> list[int]:
    """The squares Solid Stone or a Thornbush may fill for `seat` now (the first `enough`)."""
    m = s.map
    found: list[int] = []
    seen = effects.square_sight(s, seat)
    for sq in range(m.asm.n_squares):
        if not seen[sq]:
            continue
        if card == DISPEL:
            fits = m.cells[sq] != 0
        else:
            fits = m.may_fill(sq) and not occupied(s, sq)
        if fits:
            found.append(sq)
            if len(found) >= enough:
                break
    return found


def cast(s: WizWarState, seat: int, card: int, line: int, square: int, where: str = "") -> None:
    """The card leaves the hand and waits for the others' answer (`s.pending`), with the
    NUMBER card chosen for its duration (`s.number_card`, -1 none); `where` names a target
    that is not a line or a square."""
    s.hands[seat].remove(card)
    spellcraft.record(s, seat, card)
    s.flight.append(card)
    mark_played(s, seat, card)
    if s.number_card >= 0:
        s.hands[seat].remove(s.number_card)
        s.flight.append(s.number_card)
        mark_played(s, seat, s.number_card)
    stones.forget(s, seat)
    s.pending = (seat, card, line, square)
    s.asking = [(seat + k) % s.n for k in range(1, s.n) if not is_out(s, (seat + k) % s.n)]
    s.chain = []
    if s.log is not None:
        if not where:
            asm = s.map.asm
            where = f"line {line_name(asm, line)}" if line >= 0 else square_name(asm, square) if square >= 0 \
                else "himself"
        if one_of(card, ON_SELF):
            where = "himself"
        if s.number_card >= 0:
            where += f" with a {cards.NUMBER[s.number_card]}"
        say(s, "neutral", R_NUMBER, f"P{seat} casts {cards.NAME[card]} on {where}")


def answerer(s: WizWarState) -> int:
    """The next wizard asked, or, in an exchange over a Negate Neutral, the side to answer."""
    if not s.chain:
        return s.asking[0]
    return s.pending[0] if len(s.chain) % 2 == 1 else s.asking[0]


def negate(s: WizWarState, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.flight.append(card)
    s.chain.append(card)
    mark_played(s, seat, card)
    spellcraft.record(s, seat, card)
    if s.log is not None:
        what = "Negate Neutral" if card == NEGATE else f"Anti-Anti against {cards.NAME[s.chain[-2]]}"
        say(s, "counter", R_COUNTER, f"P{seat} answers with {what}")


def pass_on(s: WizWarState, seat: int) -> bool:
    """`seat` lets it be (or lets the exchange rest). True when nobody is left to ask and
    the neutral should take effect; the caller then calls `resolve`."""
    if s.chain:
        negated = (len(s.chain) - 1) % 2 == 0  # an even number of Anti-Antis above it
        answers = s.chain
        s.chain = []
        for c in answers:
            s.flight.remove(c)
            s.discard.append(c)
        if negated:
            caster, card, _line, _square = s.pending
            s.flight.remove(card)
            s.discard.append(card)
            number_card = s.number_card
            if number_card >= 0:  # the number card goes with the cancelled neutral (6e 7)
                s.flight.remove(number_card)
                s.discard.append(number_card)
                s.number_card = -1
            s.pending = (-1, -1, -1, -1)
            s.asking = []
            if s.log is not None:
                with_number = f", its {cards.NAME[number_card]} with it" if number_card >= 0 else ""
                say(s, "counter", R_COUNTER, f"Negate Neutral stands: P{caster}'s {cards.NAME[card]} is cancelled"
                    + with_number)
            return False
        if s.log is not None:
            say(s, "counter", R_COUNTER, "the Negate Neutral is cancelled")
    s.asking.pop(0)
    return not s.asking


def resolve(s: WizWarState) -> list[tuple[int, int]]:
    """The neutral takes effect. Returns the damage it does, as (seat, amount), for the
    game to deal (not an attack: nobody earns cards from it)."""
    q, card, line, square = s.pending
    s.pending = (-1, -1, -1, -1)
    s.flight.remove(card)
    s.discard.append(card)
    number_card, s.number_card = s.number_card, -1
    turns = stones.number_value(s, q, number_card) if number_card >= 0 else 1
    if number_card >= 0:
        s.flight.remove(number_card)
        s.discard.append(number_card)
    m = s.map
    hurt: list[tuple[int, int]] = []
    if card == CREATE_WALL:
        m.create_wall(line)
        _say(s, f"a wall of {cards.VALUE[card]} points rises on line {line_name(m.asm, line)}")
    elif card == DESTROY_WALL and m.kind(line) == ILLUSION:
        illusions.destroyed(s, q, line)
    elif card == DESTROY_WALL:
        m.destroy_edge(line)
        _say(s, f"the {'door' if m.printed[line] & KIND_MASK == DOOR else 'wall'} on line {line_name(m.asm, line)} "
             "falls")
        beside = [sq for sq in m.asm.edge_squares(line) if sq >= 0]
        for p in range(s.n):
            if not is_out(s, p) and s.pos[p] in beside:
                hurt.append((p, cards.VALUE[card]))
    elif card == SOLID_STONE:
        m.fill_stone(square, False)
        _say(s, f"{square_name(m.asm, square)} fills with solid stone")
    elif card == THORNBUSH:
        m.plant_thornbush(square, False, cards.VALUE[card])
        _say(s, f"a thornbush grows on {square_name(m.asm, square)}")
    elif card == PICK_LOCK:
        m.open_door(line)
        _say(s, f"P{q} picks the lock of the door on line {line_name(m.asm, line)}: it is open for one passage")
    elif card == REMOVE_LOCK:
        m.remove_lock(line)
        _say(s, f"the door on line {line_name(m.asm, line)} loses its lock and stays open")
    elif card == JAM_LOCK:
        m.jam_lock(line)
        _say(s, f"the lock of the door on line {line_name(m.asm, line)} is jammed")
    elif card == SPEED:
        s.extra[q] += 1
        _say(s, f"P{q} will take another whole turn when this one ends")
    elif card == PASS_THROUGH:
        d = next(d for d in range(4) if m.asm.side_edge[s.pos[q] * 4 + d] == line)
        s.pos[q] = m.asm.step[s.pos[q] * 4 + d]
        s.moves -= 1
        s.walked = True  # a step, if through a wall (Swap must come before it)
        _say(s, f"P{q} steps through line {line_name(m.asm, line)} to {square_name(m.asm, s.pos[q])} "
                 f"({s.moves} squares of movement left)")
    elif card == WALL_OF_FIRE:
        effects.light(s, q, line, turns)
    elif card == MIST_BODY:
        effects.self_cast(s, q, card, turns)
    elif card == ILLUSION_WALL:
        illusions.create(s, q, line)
    elif one_of(card, ON_SECTORS):
        sectors.resolve(s, q, card, line, square)
    elif card == AROUND:
        s.bend = q
        _say(s, f"P{q}'s next attack spell this turn may go around one corner")
    elif card == REUSE:
        spellcraft.lend(s, q, square)
    elif card == DISPEL:
        if line >= 0:
            m.remove_creation(line)
            _say(s, f"what a card made on line {line_name(m.asm, line)} is gone")
        else:
            m.clear_square(square)
            _say(s, f"{square_name(m.asm, square)} is clear again")
    return hurt


def use_key(s: WizWarState, seat: int, line: int) -> None:
    """Master Key: an object, not a spell or a neutral card, so nobody is asked; it opens
    a sound door on a side of one's square for one passage, as often as one likes."""
    s.map.open_door(line)
    mark_played(s, seat, MASTER_KEY)  # used, though it stays in hand
    _say(s, f"P{seat} opens the door on line {line_name(s.map.asm, line)} with the Master Key, for one passage")


def _say(s: WizWarState, text: str) -> None:
    if s.log is not None:
        say(s, "map", R_MAP, text)

