"""Cards that move or strip other wizards, and the decisions they force out of turn:
Go Away, Ugly, Fear, Waterbolt, Swap, Drag, Drop Object and Stone Dead (cards.json).

A wizard made to walk out of his turn decides his own path, one step at a time, in the
FORCED phase: `s.forced` says who decides, for whose card, and how many squares are left;
`s.fleeing` holds the wizards still to move for the same card, in turn order. Only steps
that do what the card demands are offered, and a wizard with nothing he may do is passed
over, so the phase never waits on an empty choice. The caster of Drop Object picks there,
too, between the treasure his target carries and an object of his hand.

Rulings (docs/games/wizwar.md, "Forced moves"): distances are walking distances (walls and
closed doors stop them, through wraps and warps); a wizard turned to stone is never made
to walk, and one under his own Fear is moved neither by Go Away nor by Ugly nor by another
Fear; Fear is checked when cast and whenever a wizard is found newly within its 3 squares.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, effects, illusions, stones, vision
from .mapstate import BUSH, DOOR, STONE
from .places import square_name
from .state import ENDING, FORCED, TURN, WizWarState, holds, is_out, mark_played

GO_AWAY: Final[int] = cards.INDEX["go_away"]
UGLY: Final[int] = cards.INDEX["ugly"]
FEAR: Final[int] = cards.INDEX["fear"]
WATERBOLT: Final[int] = cards.INDEX["waterbolt"]
SWAP: Final[int] = cards.INDEX["swap"]
DRAG: Final[int] = cards.INDEX["drag"]
DROP_OBJECT: Final[int] = cards.INDEX["drop_object"]
STONE_DEAD: Final[int] = cards.INDEX["stone_dead"]
TELEPORT: Final[int] = cards.INDEX["teleport"]
BLINK: Final[int] = cards.INDEX["blink"]

# The attacks whose hit is written here (they deal no damage of their own; Waterbolt's
# bumps are returned to the game to deal). Stone Dead deals its damage as any spell does.
HITS: Final[tuple[int, ...]] = (GO_AWAY, WATERBOLT, SWAP, DRAG, DROP_OBJECT)
NUMBERED_SELF: Final[tuple[int, ...]] = (FEAR, UGLY)   # self-cast neutrals that read a NUMBER card
ON_THINGS: Final[tuple[int, ...]] = (SWAP, DRAG)       # attack-neutrals aimed, as neutrals, at an object or treasure
FEAR_RANGE: Final = 3
NONE: Final = (-1, -1, -1, -1)
FAR: Final = 1 << 20  # a square the caster cannot reach by walking counts as farthest


def _say(s: WizWarState, card: int, text: str, mask: int = -1) -> None:
    if s.log is not None:
        if mask < 0:
            say(s, "forced", f"WW card {cards.NAME[card]}", text)
        else:
            say(s, "forced", f"WW card {cards.NAME[card]}", text, mask)


def _distances(s: WizWarState, square: int) -> list[int]:
    """Walking distance from `square` to every square; out of reach counts as FAR."""
    dist = s.map.walk_distances(square, s.map.asm.n_squares)
    return [FAR if d < 0 else d for d in dist]


def _walks(s: WizWarState, seat: int) -> bool:
    """Whether `seat` can be made to walk at all (a statue cannot)."""
    return not is_out(s, seat) and not effects.has(s, seat, effects.PETRIFIED)


def wizard_squares(s: WizWarState) -> list[int]:
    """Where the living wizards stand (for `vacant`)."""
    return [s.pos[p] for p in range(s.n) if not is_out(s, p)]


def vacant(s: WizWarState, square: int, taken: list[int]) -> bool:
    """A square a wizard may land on by Blink or Teleport ("a vacant space", rules reference
    12): nothing fills it, neither solid stone nor a thornbush (docs ruling), and no living
    wizard stands there (`taken`, from `wizard_squares`, worked out once for many squares).
    An object lying there does not keep him out."""
    return not s.map.cells[square] & (STONE | BUSH) and square not in taken


def _order(s: WizWarState, after: int) -> list[int]:
    """The seats in turn order, starting after `after`."""
    return [(after + k) % s.n for k in range(1, s.n + 1)]


# -- the forced walk -------------------------------------------------------------------
def entry(victim: int, caster: int, reach: int) -> int:
    """One wizard to move, for `s.fleeing`: who, for whose card, by up to `reach` squares
    (-1: as far as the card says)."""
    return (reach + 1) * 64 + caster * 8 + victim


def begin(s: WizWarState, card: int, victims: list[int]) -> None:
    """Everyone in `victims` (see `entry`) moves for `card`, in that order."""
    s.fleeing = victims
    s.forced = (-1, -1, card, -1)
    advance(s)


def advance(s: WizWarState) -> None:
    """On to the next wizard who has a choice to make, or back to the turn."""
    card = s.forced[2]
    while s.fleeing:
        e = s.fleeing.pop(0)
        v, c, reach = e % 8, e // 8 % 8, e // 64 - 1
        s.forced = (v, c, card, reach)
        if not _walks(s, v):
            continue
        if steps(s) or flights(s):
            s.phase = FORCED
            return
    s.forced = NONE
    s.phase = TURN if not s.ended else ENDING


def steps(s: WizWarState) -> list[int]:
    """The directions the wizard who decides may step now."""
    v, c, card, left = s.forced
    if v < 0 or card == DROP_OBJECT or left == 0:
        return []
    m = s.map
    here, there = s.pos[v], s.pos[c]
    out: list[int] = []
    if card == GO_AWAY:
        dist = _distances(s, there)
        for d in range(4):
            t = m.step_to(here, d)
            if t >= 0 and dist[t] > dist[here]:
                out.append(d)
    elif card == UGLY:
        if not vision.sees(s, here, there):
            return []
        for d in range(4):
            t = m.step_to(here, d)
            if t >= 0 and _can_hide(s, t, there, left - 1):
                out.append(d)
    elif card == FEAR:
        dist = _distances(s, there)
        if dist[here] > FEAR_RANGE:
            return []
        free = _clear_of_fear(s, dist)
        for d in range(4):
            t = m.step_to(here, d)
            if t >= 0 and dist[t] == dist[here] + 1 and free[t]:
                out.append(d)
    if s.belief[v]:  # he does not walk into a wall he believes in (illusions.py)
        out = [d for d in out if not illusions.stops(s, v, here, d)]
    return out


def _can_hide(s: WizWarState, start: int, caster_square: int, steps_left: int) -> bool:
    """A square out of sight of `caster_square` lies within `steps_left` steps of `start`."""
    if not vision.sees(s, start, caster_square):
        return True
    if steps_left <= 0:
        return False
    dist = s.map.walk_distances(start, steps_left)
    seen = vision.row(s, caster_square)
    for sq in range(len(dist)):
        if dist[sq] > 0 and not seen[sq]:
            return True
    return False


def _clear_of_fear(s: WizWarState, dist: list[int]) -> list[bool]:
    """Per square: whether walking from it, each step farther from the caster, can get
    beyond FEAR_RANGE."""
    m = s.map
    free = [d > FEAR_RANGE for d in dist]
    for k in range(FEAR_RANGE, -1, -1):
        for sq in range(len(dist)):
            if dist[sq] != k:
                continue
            for d in range(4):
                t = m.step_to(sq, d)
                if t >= 0 and dist[t] == k + 1 and free[t]:
                    free[sq] = True
                    break
    return free


def flights(s: WizWarState) -> list[tuple[int, int]]:
    """Fear only, when walking cannot get him clear: the cards he holds that can, as
    (card, square)."""
    v, c, card, _left = s.forced
    if v < 0 or card != FEAR or steps(s):
        return []
    hand = s.hands[v]
    if not holds(hand, TELEPORT) and not holds(hand, BLINK):
        return []
    dist = _distances(s, s.pos[c])
    here = s.pos[v]
    if dist[here] > FEAR_RANGE:
        return []
    out: list[tuple[int, int]] = []
    taken = wizard_squares(s)
    if holds(hand, BLINK):
        for d in range(4):
            t = s.map.asm.step[here * 4 + d]
            if t >= 0 and dist[t] > FEAR_RANGE and vacant(s, t, taken):
                out.append((BLINK, t))
    if holds(hand, TELEPORT):
        seen = vision.row(s, here)
        for sq in range(len(seen)):
            if seen[sq] and sq != here and dist[sq] > FEAR_RANGE and vacant(s, sq, taken):
                out.append((TELEPORT, sq))
    return out


def walk(s: WizWarState, seat: int, direction: int) -> int:
    """One step of a wizard, through a door that is open (which locks again behind him)."""
    m = s.map
    i = s.pos[seat] * 4 + direction
    to = m.step_to(s.pos[seat], direction)
    if s.belief[seat]:
        illusions.crossing(s, seat, s.pos[seat], direction)
    for e in (m.asm.side_edge[i], m.asm.far_edge[i]):
        if e >= 0 and m.kind(e) == DOOR:
            before = m.edges[e]
            m.pass_door(e)
            if m.edges[e] != before:
                vision.changed(s)
    s.pos[seat] = to
    return to


def step(s: WizWarState, seat: int, direction: int) -> int:
    """The deciding wizard takes one forced step; returns the square he reached. The game
    then applies what the step met (a wall of fire, a thornbush) and calls `go_on`."""
    v, c, card, left = s.forced
    to = walk(s, seat, direction)
    if left > 0:
        left -= 1
    s.forced = (v, c, card, left)
    _say(s, card, f"P{seat} is driven to {square_name(s.map.asm, to)}" + (f" ({left} more)" if left > 0 else ""))
    if s.map.cells[to] & BUSH and not effects.has(s, seat, effects.MIST):
        s.forced = (v, c, card, 0)  # entering a thornbush ends a walk; mist passes on
    return to


def go_on(s: WizWarState) -> None:
    """After a forced step: the same wizard steps again if he can, or the next one moves."""
    if is_out(s, s.forced[0]):
        s.forced = (s.forced[0], s.forced[1], s.forced[2], 0)
    if not steps(s):
        _next(s)


def flee_by_card(s: WizWarState, seat: int, card: int, square: int) -> None:
    """Fear: the wizard who cannot walk clear moves by a card he holds."""
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.discard.append(card)
    mark_played(s, seat, card)
    s.pos[seat] = square
    _say(s, FEAR, f"P{seat} flees from the Fear with {cards.NAME[card]} to {square_name(s.map.asm, square)}")
    _next(s)


def stay(s: WizWarState, seat: int) -> None:
    """Nothing left to do (a position dealt again by a search may leave a flight without
    its card): the wizard stays."""
    _say(s, s.forced[2], f"P{seat} stays where he is")
    _next(s)


def _next(s: WizWarState) -> None:
    advance(s)


def spend_movement(s: WizWarState) -> None:
    """Swap replaces the turn's movement: no walking after it, nor a second Swap (a
    Teleport after it is allowed: it is no walk)."""
    s.moves, s.boosted, s.walked = 0, True, True


# -- Fear and Ugly ---------------------------------------------------------------------
def _numbered(s: WizWarState, seat: int, card: int, number_card: int) -> int:
    """The card and its NUMBER card leave the hand; returns the NUMBER (1 without)."""
    value = 1
    if number_card >= 0:
        value = stones.number_value(s, seat, number_card)
        s.hands[seat].remove(number_card)
        s.discard.append(number_card)
        mark_played(s, seat, number_card)
    stones.forget(s, seat)
    return value


def _with(number_card: int) -> str:
    """ " with a Number 3" when a NUMBER card went with the spell (to the discard pile)."""
    return f" with a {cards.NAME[number_card]}" if number_card >= 0 else ""


def cast_fear(s: WizWarState, seat: int, number_card: int) -> None:
    """Fear is cast on oneself, so nobody can answer it: it starts at once. Who is within
    its reach is checked by `check_fear` when the action is over."""
    turns = _numbered(s, seat, FEAR, number_card)
    s.hands[seat].remove(FEAR)
    stones.forget(s, seat)
    s.discard.append(FEAR)
    mark_played(s, seat, FEAR)
    effects.lay(s, seat, effects.FEAR, turns, seat, "WW card Fear")
    _say(s, FEAR, f"P{seat} casts Fear on himself{_with(number_card)} for {turns} turn(s): nobody may stay "
         f"within {FEAR_RANGE} squares of him")


def fear_lasts(s: WizWarState) -> bool:
    for row in s.status:
        if row[effects.FEAR] > 0:
            return True
    return False


def check_fear(s: WizWarState) -> None:
    """Every wizard found within FEAR_RANGE walking squares of a Fear's caster, who was
    not found there at the last check, must get farther away (the check runs whenever an
    action ends on the turn while some Fear lasts). A wizard who could not get away is
    not driven again until he has left and come back."""
    victims: list[int] = []
    for c in range(s.n):
        bit = 1 << c
        if is_out(s, c) or not effects.has(s, c, effects.FEAR):
            for v in range(s.n):
                s.feared[v] &= ~bit
            continue
        dist = s.map.walk_distances(s.pos[c], FEAR_RANGE)
        for v in _order(s, s.turn):
            if v == c or is_out(s, v) or effects.has(s, v, effects.FEAR) or not _walks(s, v):
                continue
            if dist[s.pos[v]] < 0:
                s.feared[v] &= ~bit
            elif not s.feared[v] & bit:
                s.feared[v] |= bit
                victims.append(entry(v, c, -1))
                _say(s, FEAR, f"P{v} is within {FEAR_RANGE} squares of P{c}'s Fear: he must get farther away")
    if victims:
        begin(s, FEAR, victims)


def prepare_ugly(s: WizWarState, seat: int, number_card: int) -> None:
    """Ugly's NUMBER card goes with it; how far its viewers must walk is kept until the
    others have let it be (the card itself goes through neutrals.cast)."""
    reach = _numbered(s, seat, UGLY, number_card)
    s.forced = (-1, seat, UGLY, reach)


def after_neutral(s: WizWarState, pending: tuple[int, int, int, int]) -> None:
    """A neutral of this module that nobody negated takes effect (`pending`: caster, card,
    line, square as cast)."""
    q, card, _line, square = pending
    if card == UGLY:
        reach = s.forced[3] if s.forced[2] == UGLY and s.forced[1] == q else 1
        s.forced = NONE
        here = s.pos[q]
        victims: list[int] = []
        for v in _order(s, q):
            if v == q or is_out(s, v) or effects.has(s, v, effects.BLIND) or effects.has(s, v, effects.FEAR):
                continue
            if vision.sees(s, s.pos[v], here):
                victims.append(entry(v, q, reach))
        _say(s, UGLY, f"P{q} is too ugly to look at: whoever sees him walks up to {reach} square(s) out of sight")
        begin(s, UGLY, victims)
    elif card == SWAP or card == DRAG:
        kind, what = _thing_at(s, square)
        if kind == 0:
            return
        to = s.pos[q]
        if card == SWAP:
            s.pos[q] = square
        _move_thing(s, kind, what, square, to)
        name = "a treasure" if kind == 1 else cards.NAME[what]
        if card == SWAP:
            _say(s, SWAP, f"P{q} trades places with {name}: he is on {square_name(s.map.asm, square)}, "
                 f"it on {square_name(s.map.asm, to)}")
        else:
            _say(s, DRAG, f"P{q} drags {name} from {square_name(s.map.asm, square)} into his square")


# -- Swap and Drag aimed at things -----------------------------------------------------
def _thing_at(s: WizWarState, square: int) -> tuple[int, int]:
    """What Swap or Drag takes from a square: a treasure lying there first, else the
    object put down there last. (1, treasure), (2, object card), or (0, -1)."""
    for t, at in enumerate(s.treasure_at):
        if at == square:
            return 1, t
    for k in range(len(s.floor) - 1, -1, -1):
        if s.floor[k][0] == square:
            return 2, s.floor[k][1]
    return 0, -1


def _move_thing(s: WizWarState, kind: int, what: int, src: int, to: int) -> None:
    if kind == 1:
        s.treasure_at[what] = to
    else:
        for k in range(len(s.floor) - 1, -1, -1):
            if s.floor[k] == (src, what):
                s.floor.pop(k)
                break
        s.floor.append((to, what))


def thing_squares(s: WizWarState, seat: int, card: int, enough: int = 1 << 30) -> list[int]:
    """The squares in `seat`'s sight holding a treasure or an object that `card` may take
    (the first `enough` found: asked whether there is one, it stops at the first)."""
    here = s.pos[seat]
    found: list[int] = []
    for sq in s.treasure_at:
        if sq >= 0 and sq != here and sq not in found and stones.spell_sight(s, seat, here, sq):
            found.append(sq)
            if len(found) >= enough:
                return found
    for sq, _card in s.floor:
        if sq != here and sq not in found and stones.spell_sight(s, seat, here, sq):
            found.append(sq)
            if len(found) >= enough:
                return found
    return sorted(found)


def may_swap(s: WizWarState) -> bool:
    """Swap comes before any walking or teleporting this turn (it replaces the movement)."""
    return not s.walked


# -- the attacks -----------------------------------------------------------------------
def stone_dead(s: WizWarState, target: int, per: int) -> int:
    """Stone Dead's damage: the target's magic stones, which act and so are shown, times
    `per` (the NUMBER, 1 without)."""
    held = sorted({c for c in s.hands[target] if cards.KIND[c] == "stone"})
    for c in held:
        stones.show(s, target, c, f"Stone Dead counts P{target}'s {cards.NAME[c]}")
    return len(held) * per


def hit(s: WizWarState, attacker: int, card: int, target: int, strength: int) -> int:
    """The attack hits with `strength` (its NUMBER as answered). Returns the physical
    damage a Waterbolt's bumps deal, for the game to deal as the attack's."""
    if card == GO_AWAY:
        if effects.has(s, target, effects.FEAR) or not _walks(s, target):
            _say(s, card, f"P{target} is not moved")
            return 0
        _say(s, card, f"P{target} must walk {strength} square(s), each farther from P{attacker}")
        begin(s, GO_AWAY, [entry(target, attacker, strength)])
    elif card == WATERBOLT:
        return _push(s, attacker, target, strength)
    elif card == SWAP:
        s.pos[attacker], s.pos[target] = s.pos[target], s.pos[attacker]
        _say(s, card, f"P{attacker} and P{target} trade places")
    elif card == DRAG:
        s.pos[target] = s.pos[attacker]
        _say(s, card, f"P{attacker} drags P{target} into his square, {square_name(s.map.asm, s.pos[attacker])}")
    elif card == DROP_OBJECT:
        if s.carried[target] >= 0:
            s.forced = (attacker, attacker, DROP_OBJECT, target)
            s.phase = FORCED
        else:
            drop(s, target, False)
    return 0


def drop(s: WizWarState, target: int, treasure: bool) -> None:
    """Drop Object: the treasure he carries, or an object of his hand drawn at random (the
    caster cannot see the hand), falls onto his square for everyone to see."""
    here = s.pos[target]
    if treasure:
        t = s.carried[target]
        s.carried[target] = -1
        s.treasure_at[t] = here
        _say(s, DROP_OBJECT, f"P{target} drops P{t // 2}'s treasure on {square_name(s.map.asm, here)}")
    else:
        held = [k for k, c in enumerate(s.hands[target]) if cards.OBJECT[c]]
        if not held:
            _say(s, DROP_OBJECT, f"P{target} holds no object: nothing drops")
        else:
            card = s.hands[target].pop(held[s.rng.below(len(held))])
            stones.forget(s, target)
            s.floor.append((here, card))
            _say(s, DROP_OBJECT, f"P{target} drops {cards.NAME[card]} on {square_name(s.map.asm, here)} (drawn at "
                 "random among his objects)")
    if s.phase == FORCED:
        s.forced = NONE
        s.phase = TURN if not s.ended else ENDING


def push_heading(s: WizWarState, a: int, b: int) -> int:
    """Waterbolt's push: along the axis on which the target lies farther from the caster
    on the board as laid out; a tie (a diagonal) is a 50/50 roll of the d4, 1-2 across and
    3-4 along (6e 10), and a target in the caster's own square goes in a rolled direction."""
    asm = s.map.asm
    ax, ay = asm.centre(a)
    bx, by = asm.centre(b)
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        d = s.rng.below(4)
        _say(s, WATERBOLT, f"same square: the d4 sends the push {'NESW'[d]}")
        return d
    across = 1 if dx > 0 else 3
    along = 2 if dy > 0 else 0
    if abs(dx) > abs(dy):
        return across
    if abs(dy) > abs(dx):
        return along
    low = s.rng.below(4) < 2
    d = across if low else along
    _say(s, WATERBOLT, f"a diagonal: the d4 sends the push {'NESW'[d]}")
    return d


def _push(s: WizWarState, attacker: int, target: int, squares: int) -> int:
    m = s.map
    asm = m.asm
    d = push_heading(s, s.pos[attacker], s.pos[target])
    at, left = s.pos[target], squares
    while left > 0:
        i = at * 4 + d
        t = asm.step[i]
        if t < 0 or m.barrier(asm.side_edge[i]) or m.barrier(asm.far_edge[i]) or m.cells[t] & (STONE | BUSH) \
                or holds(s.treasure_at, t) or any(sq == t for sq, _c in s.floor) \
                or any(s.pos[p] == t for p in range(s.n) if not is_out(s, p) and p != target):
            break
        for e in (asm.side_edge[i], asm.far_edge[i]):
            if m.kind(e) == DOOR:
                before = m.edges[e]
                m.pass_door(e)
                if m.edges[e] != before:
                    vision.changed(s)
        at = t
        d = (d + asm.turn[i]) % 4
        left -= 1
    moved = squares - left
    s.pos[target] = at
    _say(s, WATERBOLT, f"P{target} is pushed {moved} square(s) to {square_name(asm, at)}"
         + (f"; {left} square(s) of the push are stopped" if left else ""))
    return left
