"""Throwing objects (6e 8, 9): every object may be thrown, never a treasure; it lands in
the square aimed at or just before the first barrier on its way; it hurts nobody unless
its card says so, and then only when thrown at a wizard it reaches."""

from __future__ import annotations

import pytest

from wizarena.core import Action
from wizarena.games.wizwar import cards, combat, stones
from wizarena.games.wizwar.actions import AIM_SQUARES, END_TURN, TAKE_IT
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.places import square_name
from wizarena.games.wizwar.sight import line_of_sight
from wizarena.games.wizwar.state import AIM, DISCARD, TURN, WINDOW, WizWarState

G2 = WizWarGame(None, 2)
OBJECTS = [c for c in range(len(cards.ID)) if cards.OBJECT[c]]


def act(s: WizWarState, seat: int, action: Action) -> None:
    G2.apply(s, seat, action)


def with_hand(s: WizWarState, seat: int, hand: list[int]) -> None:
    s.deck += [c for h in s.hands for c in h]
    s.hands = [[] for _ in range(s.n)]
    for c in hand:
        (s.deck if c in s.deck else s.discard).remove(c)
        s.hands[seat].append(c)


def throws(s: WizWarState, seat: int, card: int) -> list[Action]:
    s.legal_for = -1  # the tests move wizards and deal hands by hand: no cached list
    return [a for a in G2.legal_actions(s, seat) if a.kind == "throw-object" and a.fields["card"] == cards.ID[card]]


def throw_at(s: WizWarState, seat: int, card: int, square: int) -> None:
    offered = throws(s, seat, card)
    assert len(offered) == 1, f"{cards.NAME[card]} may be thrown"
    act(s, seat, offered[0])
    assert s.phase == AIM and AIM_SQUARES[square] in G2.legal_actions(s, seat)
    act(s, seat, AIM_SQUARES[square])


def a_wall_ahead(s: WizWarState) -> tuple[int, int, int]:
    """Squares x, y, z straight in a row or column: x to y open, a wall between y and z,
    and z out of x's sight: (x, y, z)."""
    m = s.map
    asm = m.asm
    for x in range(asm.n_squares):
        for d in range(4):
            i = x * 4 + d
            y = asm.step[i]
            if y < 0 or m.barrier(asm.side_edge[i]) or m.barrier(asm.far_edge[i]) or m.cells[y]:
                continue
            k = (d + asm.turn[i]) % 4
            j = y * 4 + k
            z = asm.step[j]
            if z >= 0 and z != x and m.kinds[z] == 0 and asm.side_edge[j] == asm.far_edge[j] \
                    and m.kind(asm.side_edge[j]) == 1 and not line_of_sight(m, x, z) and not m.cells[z]:
                return x, y, z
    raise AssertionError("no wall fits")


def second_round(seed: int) -> WizWarState:
    s = G2.new_state(seed)
    for _ in range(2):
        act(s, s.turn, END_TURN[2])
    return s


def test_6e_9_every_object_may_be_thrown_never_a_treasure() -> None:
    """6e 8, FAQ: "objects (never treasures) may be thrown"; 6e 5 names the objects:
    "stones, Dagger, Large Rock, Wizardblade, Master Key, sticks"."""
    s = G2.new_state(4)
    q = s.turn
    with_hand(s, q, OBJECTS)
    t = 2 * (1 - q)  # the other wizard's first treasure, carried
    s.treasure_at[t], s.carried[q] = -1, t
    thrown = {a.fields["card"] for a in G2.legal_actions(s, q) if a.kind == "throw-object"}
    assert thrown == {cards.ID[c] for c in OBJECTS}
    assert len(OBJECTS) == 12 and stones.BLOODSTONE in OBJECTS and combat.WIZARDBLADE in OBJECTS


def test_6e_8_a_thrown_object_lands_in_the_square_aimed_at() -> None:
    """6e 8: "Thrown objects land in the targeted square"; throwing is no attack, so it
    may be done on the first round and does not spend the turn's attack."""
    s = G2.new_state(4)
    q = s.turn
    key = cards.INDEX["master_key"]
    with_hand(s, q, [key, stones.BLOODSTONE])
    m = s.map
    dist = m.asm.grid_distances
    here, far = max(((a, b) for a in range(m.asm.n_squares) for b in range(m.asm.n_squares)
                     if not m.cells[a] and not m.cells[b] and 2 <= dist(a)[b] <= 10 and line_of_sight(m, a, b)),
                    key=lambda ab: dist(ab[0])[ab[1]])
    s.pos[q] = here
    throw_at(s, q, key, far)
    assert s.floor == [(far, key)] and s.hands[q] == [stones.BLOODSTONE]
    assert s.phase == TURN and not s.attacked and s.round == 1
    assert any(e.rule == "WW 6e 8" and "Master Key" in e.text for e in s.log)


def test_6e_8_a_thrown_object_lands_just_before_an_intervening_barrier() -> None:
    """6e 8: "Thrown objects land in the targeted square, or immediately before an
    intervening barrier"; a rock that does not reach the wizard beyond hurts nobody."""
    s = second_round(4)
    q, t = s.turn, 1 - s.turn
    with_hand(s, q, [combat.LARGE_ROCK])
    x, y, z = a_wall_ahead(s)
    s.pos[q], s.pos[t] = x, z
    assert f"throw Large Rock at P{t}" not in [a.text for a in G2.legal_actions(s, q)]  # he is out of sight
    throw_at(s, q, combat.LARGE_ROCK, z)
    assert s.floor == [(y, combat.LARGE_ROCK)] and s.life[t] == 15 and s.phase == TURN
    assert any(e.rule == "WW 6e 8" and f"lands on {square_name(s.map.asm, y)}" in e.text for e in s.log)


def test_6e_8_a_thrown_object_deals_no_damage_unless_its_card_says_so() -> None:
    """6e 8, FAQ: "thrown objects deal no damage unless the card says so": the Dagger's
    card deals its damage when it is thrown at a wizard as the turn's attack, not when it
    is thrown at a square where someone stands."""
    s = second_round(4)
    q, t = s.turn, 1 - s.turn
    with_hand(s, q, [combat.DAGGER, combat.DAGGER])
    here = s.pos[q]
    there = next(sq for sq in range(s.map.asm.n_squares) if sq != here and line_of_sight(s.map, here, sq)
                 and s.map.asm.grid_distances(here)[sq] <= 10 and not s.map.cells[sq])
    s.pos[t] = there
    throw_at(s, q, combat.DAGGER, there)
    assert s.life[t] == 15 and s.phase == TURN and not s.attacked
    assert s.floor == [(there, combat.DAGGER)]
    attack = next(a for a in G2.legal_actions(s, q) if a.text == f"throw Dagger at P{t}")
    act(s, q, attack)
    assert s.phase == WINDOW
    act(s, t, TAKE_IT)
    assert s.life[t] == 12


def test_6e_3_a_brainstone_thrown_leaves_the_hand_cut_down_to_seven() -> None:
    """6e 3: "Hand limit 7 (Brainstone: 9 ...). Over-limit: discard immediately": a
    Brainstone thrown away takes the higher limit with it."""
    s = G2.new_state(4)
    q = s.turn
    with_hand(s, q, [stones.BRAINSTONE] + [c for c in s.deck if cards.KIND[c] == "number"][:8])
    beside = next(t for t in (s.map.asm.step[s.pos[q] * 4 + d] for d in range(4)) if t >= 0 and not s.map.cells[t])
    throw_at(s, q, stones.BRAINSTONE, beside)
    assert len(s.hands[q]) == 8 and s.phase == DISCARD and G2.to_act(s) == (q,)
    act(s, q, G2.legal_actions(s, q)[0])
    assert len(s.hands[q]) == 7 and s.phase == TURN


@pytest.mark.parametrize("how", ["drop", "discard"])
def test_6e_3_a_brainstone_dropped_or_discarded_leaves_the_hand_cut_down_to_seven(how: str) -> None:
    """6e 3: "Hand limit 7 (Brainstone: 9 ...). Over-limit: discard immediately": a
    Brainstone dropped on one's own square, or discarded on one's own turn, takes the
    higher limit with it, as a thrown one does: eight cards left are one over 7."""
    s = G2.new_state(4)
    q = s.turn
    with_hand(s, q, [stones.BRAINSTONE] + [c for c in s.deck if cards.KIND[c] == "number"][:8])
    act(s, q, next(a for a in G2.legal_actions(s, q) if a.kind == how and a.data[1] == stones.BRAINSTONE))
    assert len(s.hands[q]) == 8 and s.phase == DISCARD and G2.to_act(s) == (q,)
    act(s, q, G2.legal_actions(s, q)[0])
    assert len(s.hands[q]) == 7 and s.phase == TURN
