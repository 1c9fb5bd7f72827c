"""Hidden information: a seat's view, events, errors and determinizations depend only on
what that seat may know. The method: build a second state that differs from the first
only in what the seat cannot see, and demand that nothing the seat receives differs."""

from __future__ import annotations

import random

import pytest

from wizarena.core import IllegalAction
from wizarena.games.cup.game import ACTIONS, NAMES, PLACE_A, SELECT_A, SWAP_IN_A, SWAP_OUT_A, N
from wizarena.games.cup.state import FIELDS, CupState

from .helpers import GAME, SWAP_GAME, act

SLOTS = [n for n in FIELDS if n not in ("log", "rng", "seed")]


def hidden_relabel(s: CupState, seat: int, rng: random.Random) -> CupState:
    """A copy in which the opponent's cards that `seat` has never seen are shuffled among
    themselves: a different six, deck order and Sub Card, the same public table."""
    o = 1 - seat
    t = s.copy()
    fixed = t.seen[o] | t.doubt[o]
    for c in t.discard[o] + [t.field[o]]:
        if c >= 0:
            fixed |= 1 << c
    unknown = [c for c in range(N) if not fixed >> c & 1]
    image = unknown[:]
    rng.shuffle(image)
    pi = dict(zip(unknown, image, strict=True))

    def m(c: int) -> int:
        return pi.get(c, c)

    t.six[o] = [m(c) for c in t.six[o]]
    t.deck[o] = [m(c) for c in t.deck[o]]
    t.sub[o] = m(t.sub[o]) if t.sub[o] >= 0 else -1
    t.swap_out[o] = m(t.swap_out[o]) if t.swap_out[o] >= 0 else -1
    kinds = {id(a): table for table in (SELECT_A, PLACE_A, SWAP_OUT_A, SWAP_IN_A) for a in table}
    legal = []
    for a in t.legal[o]:
        table = kinds.get(id(a))
        legal.append(a if table is None else table[m(a.data)])
    if t.phase == 0:  # selection: the opponent may still pick any card it has not got
        legal = [SELECT_A[c] for c in range(N) if c not in t.six[o]] if t.legal[o] else []
    if t.phase == 3 and t.swap_out[o] >= 0:
        legal = [SWAP_IN_A[c] for c in range(N) if c not in t.six[o]]
    t.legal[o] = sorted(legal, key=lambda a: a.id)
    t.legal[seat] = s.legal[seat]
    return t


def positions(seed: int, game=GAME):
    """Every position of one random game, with the state at that moment."""
    rng = random.Random(seed)
    s = game.new_state(seed)
    while game.to_act(s):
        yield s
        seat = rng.choice(game.to_act(s))
        game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
    yield s


def state_tuple(s: CupState):
    out = []
    for n in SLOTS:
        v = getattr(s, n)
        if n == "legal":
            v = [[a.id for a in seat] for seat in v]
        out.append(repr(v))
    return out


@pytest.mark.parametrize("game", [GAME, SWAP_GAME], ids=["cup", "swap"])
def test_view_and_determinize_ignore_what_the_seat_cannot_see(game):
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        for s in positions(seed, game):
            if s.result is not None:  # at the end every card is public (test_view_at_the_end)
                continue
            for seat in (0, 1):
                t = hidden_relabel(s, seat, rng)
                assert game.view(t, seat) == game.view(s, seat)
                assert game.legal_actions(t, seat) == game.legal_actions(s, seat)
                k = rng.getrandbits(32)
                d1 = game.determinize(s, seat, random.Random(k))
                d2 = game.determinize(t, seat, random.Random(k))
                assert state_tuple(d1) == state_tuple(d2)
                # and the determinization is a state the seat could be in
                assert game.view(d1, seat) == game.view(s, seat)
                checked += 1
            assert game.view(s, None) == game.view(hidden_relabel(s, 0, rng), None)
    assert checked > 1000


def test_relabelling_really_changes_hidden_cards():
    rng = random.Random(0)
    changed = sum(state_tuple(hidden_relabel(s, 0, rng)) != state_tuple(s) for s in positions(3))
    assert changed > 10


def test_determinize_does_change_hidden_cards():
    s = next(s for s in positions(5) if s.phase == 1 and s.deck[1])
    draws = {tuple(GAME.determinize(s, 0, random.Random(k)).six[1]) for k in range(30)}
    assert len(draws) > 5


def test_errors_for_a_seat_do_not_depend_on_hidden_cards():
    for seed in range(10):
        rng = random.Random(seed)
        for s in positions(seed):
            for seat in (0, 1):
                t = hidden_relabel(s, seat, rng)
                for a in ACTIONS[::7]:
                    msgs = []
                    for st in (s, t):
                        try:
                            GAME.apply(st.copy(), seat, a)
                            msgs.append("ok")
                        except IllegalAction as exc:
                            msgs.append(str(exc))
                    assert msgs[0] == msgs[1]


def test_events_of_secret_selection_and_order_reveal_nothing_to_the_other_seat():
    """Two tables, same seed, same choices for seat 0; seat 1 picks and orders other
    cards. Until the battle starts, seat 0 receives exactly the same events and views."""
    tables = [GAME.new_state(21), GAME.new_state(21)]
    pick1 = NAMES[tables[0].pick[1]]
    free1 = [n for n in NAMES if n != pick1]
    choices1 = [free1[:5], free1[-5:]]
    free0 = [n for n in NAMES if n != NAMES[tables[0].pick[0]]][2:7]
    for s, mine in zip(tables, choices1, strict=True):
        for n in free0:
            act(GAME, s, 0, f"select {n}")
        for n in mine:
            act(GAME, s, 1, f"select {n}")
        order1 = sorted([pick1] + mine)
        for n in order1[:5]:
            act(GAME, s, 1, f"place {n}")
        for n in sorted(NAMES[c] for c in s.six[0])[:4]:
            act(GAME, s, 0, f"place {n}")
    a, b = tables
    assert [e for e in GAME.events(a, 0)] == [e for e in GAME.events(b, 0)]
    assert GAME.view(a, 0) == GAME.view(b, 0)
    assert GAME.events(a, None) == GAME.events(b, None)
    # seat 1 itself is told its own choices
    assert any("you select" in e.text for e in GAME.events(a, 1))
    own = {f"you select {n}" for n in free0}
    assert {e.text for e in GAME.events(a, 0) if e.text.startswith("you select")} == own


def test_sub_card_stays_secret_in_battle():
    s = GAME.setup_battle((["Detective", "Golem"], ["Hermit", "Paladin"]), ("Frost Witch", "Bard"))
    assert s.pending == (0, NAMES.index("Detective"))
    v = GAME.view(s, 1)["players"][0]
    assert v["has_sub"] and "sub" not in v and "Frost Witch" not in str(v)
    assert all("Frost Witch" not in e.text for e in GAME.events(s, 1))
    assert GAME.view(s, 0)["players"][0]["sub"] == "Frost Witch"


def test_a_card_seen_going_to_the_bottom_of_the_deck_stays_there_in_determinizations():
    """Priestess puts a wizard at the bottom of its owner's deck in full view: the opponent
    knows where it is, so every determinization keeps it there."""
    s = GAME.setup_battle((["Salamander", "Priestess", "Botanist", "Pyromancer"], ["Golem", "Paladin"]),
                          (None, "Hermit"))
    assert s.pending == (0, NAMES.index("Priestess"))  # Golem beat Salamander
    act(GAME, s, 0, "use ability")
    # Priestess lost to Golem too; Botanist now waits on its own choice, mid-battle.
    assert s.pending == (0, NAMES.index("Botanist"))
    salamander = NAMES.index("Salamander")
    assert s.deck[0] == [NAMES.index("Pyromancer"), salamander]
    for seat in (1, None):
        assert GAME.view(s, seat)["players"][0]["deck_bottom_known"] == ["Salamander"]
    for k in range(20):
        assert GAME.determinize(s, 1, random.Random(k)).deck[0][-1] == salamander
