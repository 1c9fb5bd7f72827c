"""The observation tensor and the information key, read straight off the state.

The tensor is joined from ready float32 blocks (view.py); `reference` below is the plain
entry-by-entry writer it replaced, and the two must agree everywhere: the layout and the
values are a contract with learning code. The key must be equal for any two tables the
seat cannot tell apart (which copy of a card, the other hand) and differ where it can."""

from __future__ import annotations

import random

import numpy as np

from wizarena.games.wars import battlefield
from wizarena.games.wars.cards import N
from wizarena.games.wars.state import DICE, MULLIGAN, WarsState
from wizarena.games.wars.view import SIZE, _acting

from .helpers import GAME, act, table
from .test_information import positions


def reference(s: WarsState, seat: int) -> np.ndarray:
    out = np.zeros(SIZE, dtype=np.float32)
    out[s.phase] = 1.0
    out[5 + min(s.round, 3) - 1] = 1.0
    i = 8
    for q in (seat, 1 - seat):
        out[i + min(s.wins[q], 1)] = 1.0 if s.wins[q] else 0.0
        out[i + 1] = 1.0 if s.wins[q] >= 2 else out[i + 1]
        i += 2
    out[i] = 1.0 if s.cur == seat else 0.0
    out[i + 1] = 1.0 if s.first == seat else 0.0
    out[i + 2] = 1.0 if s.did else 0.0
    out[i + 3] = 1.0 if _acting(s, seat) else 0.0
    i += 4
    for j in range(3):
        out[i + 6 * j + s.dice[j]] = 1.0
    i += 18
    for q in (seat, 1 - seat):
        hidden = s.phase == DICE and q != seat
        for j in range(3):
            if not hidden:
                out[i + 6 * j + s.dice[3 + 3 * q + j]] = 1.0
        i += 18
    secret = s.phase == MULLIGAN
    for q in (seat, 1 - seat):
        for u in s.row[q]:
            out[i + s.card[u]] = min(out[i + s.card[u]] + 0.25, 1.0)
            if s.tapped[u]:
                out[i + N + s.card[u]] = min(out[i + N + s.card[u]] + 0.25, 1.0)
        for u in s.gear[q]:
            out[i + s.card[u]] = min(out[i + s.card[u]] + 0.25, 1.0)
        for g in s.grave[q]:
            out[i + 2 * N + s.card[g]] = min(out[i + 2 * N + s.card[g]] + 0.25, 1.0)
        i += 3 * N
        out[i] = min(battlefield.score(s, q) / 60.0, 1.0)
        out[i + 1] = 1.0 if s.passed[q] else 0.0
        other = secret and q != seat
        out[i + 2] = min((s.shown[2 * q] if other else len(s.hand[q])) / 20.0, 1.0)
        out[i + 3] = min((s.shown[2 * q + 1] if other else len(s.deck[q])) / 40.0, 1.0)
        out[i + 4] = 0.0 if other else min(len(s.mull[q]) / 2.0, 1.0)
        out[i + 5] = min(s.points[q] / 20.0, 1.0)
        i += 6
    for k in s.known[1 - seat]:
        out[i + s.card[k]] = min(out[i + s.card[k]] + 0.25, 1.0)
    i += N
    for k in s.hand[seat]:
        out[i + s.card[k]] = min(out[i + s.card[k]] + 0.25, 1.0)
    i += N
    for k in s.mull[seat]:
        out[i + s.card[k]] = min(out[i + s.card[k]] + 0.5, 1.0)
    return out


def test_the_joined_tensor_is_the_tensor_written_entry_by_entry():
    checked = 0
    for seed in range(6):
        for s in positions(seed, log=False):
            for seat in (0, 1):
                assert np.array_equal(GAME.observation_tensor(s, seat), reference(s, seat)), (seed, seat)
                checked += 1
    assert checked > 500


def test_counts_cap_at_one_and_numbers_keep_their_values_out_of_the_usual_range():
    s = table((["Mountain Goat"] * 3, ["Hill Ogre"]), (["Rally"] * 6, ["Scorch"] * 25),
              graves=(["Scorch"] * 7, []), decks=(["Rally"] * 45, []))
    s.points = [-3, 70]  # no rule makes points below 0; the tensor still says what they are
    s.mull[0] = [s.hand[0].pop(), s.hand[0].pop(), s.hand[0].pop()]
    for seat in (0, 1):
        t = GAME.observation_tensor(s, seat)
        assert np.array_equal(t, reference(s, seat))
        assert t.flags.writeable and t.dtype == np.float32 and t.shape == GAME.observation_shape
    assert (GAME.observation_tensor(s, 0) < 0).any()


def test_the_score_is_the_power_of_the_units_plus_the_points():
    """`battlefield.score` sums `power` in one pass when no equipment is out: the same sum."""
    checked = 0
    for seed in range(8):
        for s in positions(seed, log=False):
            for p in (0, 1):
                units = [u for u in s.row[p] if battlefield.TYPE[s.card[u]] == battlefield.UNIT]
                assert battlefield.score(s, p) == s.points[p] + sum(battlefield.power(s, u) for u in units)
                checked += bool(units)
    s = table((["Hill Ogre", "Mountain Goat"], ["Hill Ogre"]), round=3)
    for u, (damage, boost, counters) in zip(s.row[0] + s.row[1], ((5, 0, 0), (1, -9, 2), (0, 3, 4)), strict=True):
        s.damage[u], s.boost[u], s.counters[u] = damage, boost, counters
    for p in (0, 1):
        assert battlefield.score(s, p) == s.points[p] + sum(battlefield.power(s, u) for u in s.row[p])
    assert checked > 200


def key(s: WarsState, seat: int) -> int:
    return GAME.information_key(s, seat)


def test_the_key_ignores_the_other_hand_and_deck_order():
    rng = random.Random(1)
    for seed in range(4):
        for s in positions(seed, log=False):
            for seat in (0, 1):
                k = key(s, seat)
                for _ in range(3):
                    assert key(GAME.determinize(s, seat, rng), seat) == k
            assert key(s, 0) != key(s, 1)


def test_the_key_sees_the_own_hand_and_what_is_known_of_the_other():
    a = table((["Mountain Goat"], []), (["Rally"], ["Scorch", "Mountain Goat"]))
    b = table((["Mountain Goat"], []), (["Rally"], ["Rally", "Mountain Goat"]))
    assert key(a, 0) == key(b, 0)  # P1's hand differs: P0 cannot tell
    assert key(a, 1) != key(b, 1)  # P1 can
    known = a.copy()
    known.known[1] = [known.hand[1][0]]  # P0 saw P1 draw that Scorch (an Echo card)
    assert key(known, 0) != key(a, 0)


def test_the_key_names_cards_not_copies():
    """Which copy of a card the other player played is nobody's knowledge: two tables that
    differ only in it share the key (determinizations redraw copies)."""
    a = table(([], []), ([], ["Mountain Goat", "Mountain Goat"]), cur=1)
    b = a.copy()
    b.hand[1].reverse()  # the other copy comes first, so it is the one played
    act(a, 1, "play Mountain Goat at left end")
    act(b, 1, "play Mountain Goat at left end")
    assert a.row[1] != b.row[1]
    assert key(a, 0) == key(b, 0) and key(a, 1) == key(b, 1)


def test_the_key_sees_every_fact_of_a_card_on_the_battlefield():
    s = table((["Hill Ogre", "Mountain Goat"], []))
    base = key(s, 1)
    unit = s.row[0][0]
    for field, value in (("damage", 1), ("counters", 1), ("bounty", 1), ("boost", -1), ("tapped", True),
                         ("status", 1)):
        t = s.copy()
        getattr(t, field)[unit] = value
        assert key(t, 1) != base, field
    swapped = s.copy()
    swapped.row[0].reverse()
    assert key(swapped, 1) != base


def test_the_other_players_secret_mulligans_leave_the_key_alone():
    s = GAME.new_state(3, log=False)
    mine, theirs = key(s, 0), key(s, 1)
    mulligan = next(a for a in GAME.legal_actions(s, 1) if a.text != "keep")
    GAME.apply(s, 1, mulligan)
    assert key(s, 0) == mine and key(s, 1) != theirs
