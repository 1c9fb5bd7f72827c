"""Walking (6e 4, 5): a step at a time, a NUMBER card to walk farther, doors that lock
again behind the walker, and what a step meets: a wall of fire, a thornbush.
"""

from __future__ import annotations

from wizarena.core import say

from . import cards, effects, forced, harm, illusions, stones, turn, vision
from .board import DIR_NAMES
from .mapstate import BUSH, DOOR
from .places import square_name
from .state import OVER, R_MOVE, R_NUMBER, WizWarState, is_out, mark_played


def step(s: WizWarState, seat: int, d: int) -> None:
    m = s.map
    i = s.pos[seat] * 4 + d
    to = effects.step_to(s, seat, d)
    burned = effects.fire_crossed(s, s.pos[seat], d)
    for e in (m.asm.side_edge[i], m.asm.far_edge[i]):
        if e >= 0 and m.kind(e) == DOOR:  # 6e 8: an opened door locks again behind
            before = m.edges[e]
            m.pass_door(e)
            if m.edges[e] != before:
                vision.changed(s)
    if s.belief[seat]:
        illusions.crossing(s, seat, s.pos[seat], d)
    s.pos[seat] = to
    s.moves -= 1
    s.walked = True
    if s.log is not None:
        say(s, "move", R_MOVE, f"P{seat} moves {DIR_NAMES[d]} ({s.moves} left)")
    if burned:
        cross_fire(s, seat)
    if m.cells[to] & BUSH and not is_out(s, seat) and s.phase != OVER:
        enter_thornbush(s, seat)


def boost(s: WizWarState, seat: int, card: int) -> None:
    value = stones.number_value(s, seat, card)
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.discard.append(card)
    mark_played(s, seat, card)
    s.moves += value
    s.boosted = True
    if s.log is not None:
        say(s, "move", R_NUMBER, f"P{seat} adds a {cards.NUMBER[card]} to the turn's movement ({s.moves} left)")


def cross_fire(s: WizWarState, seat: int, own_walk: bool = True) -> None:
    """Wall of Fire: crossing it costs 4 magical damage, not an attack; mist passes
    unharmed. A wizard it kills on his own walk ends his turn there (a driven one:
    `_forced_step`)."""
    if effects.has(s, seat, effects.MIST):
        if s.log is not None:
            say(s, "move", "WW card Mist-Body", f"P{seat} passes through the wall of fire as mist, unharmed")
        return
    if s.log is not None:
        say(s, "move", "WW card Wall of Fire", f"P{seat} crosses a wall of fire")
    harm.damage(s, seat, effects.FIRE_DAMAGE, -1, False)
    if own_walk and s.phase != OVER and is_out(s, seat) and seat == s.turn:
        turn.next_turn(s)


def enter_thornbush(s: WizWarState, seat: int, own_walk: bool = True) -> None:
    """Thornbush: walking into it costs 1 physical damage, not an attack; mist passes
    unharmed and walks on. On his own walk it also costs the rest of the turn's movement,
    a NUMBER card's included, and a wizard it kills ends his turn there; a driven wizard
    keeps his movement (the walk was not his) and stops there (`_forced_step`)."""
    if effects.has(s, seat, effects.MIST):
        if s.log is not None:
            say(s, "move", "WW card Mist-Body", f"P{seat} passes into the thornbush as mist, unharmed")
        return
    if own_walk:
        s.moves, s.boosted = 0, True
    if s.log is not None:
        say(s, "move", "WW card Thornbush", f"P{seat} {'walks' if own_walk else 'is driven'} into the thornbush "
            f"on {square_name(s.map.asm, s.pos[seat])}" + (": his movement ends for the turn" if own_walk else ""))
    harm.damage(s, seat, effects.THORN_DAMAGE, -1, True)
    if own_walk and s.phase != OVER and is_out(s, seat) and seat == s.turn:
        turn.next_turn(s)


def forced_step(s: WizWarState, seat: int, d: int) -> None:
    """A driven step meets what any step meets: a wall of fire crossed burns, a thornbush
    entered pricks and ends the walk (forced.step). A driven wizard whom it kills on his
    own turn (a Go Away reflected back to its caster) ends that turn there."""
    burned = effects.fire_crossed(s, s.pos[seat], d)
    to = forced.step(s, seat, d)
    if burned:
        cross_fire(s, seat, False)
    if s.map.cells[to] & BUSH and not is_out(s, seat) and s.phase != OVER:
        enter_thornbush(s, seat, False)
    if s.phase == OVER:
        return
    if is_out(s, seat) and seat == s.turn:
        s.fleeing, s.forced = [], forced.NONE
        turn.next_turn(s)
        return
    forced.go_on(s)
