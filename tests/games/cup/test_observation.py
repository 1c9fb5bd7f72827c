"""The observation tensor and the information key, read straight off the state.

The tensor is joined from ready blocks (observation.py); `reference` below writes it the
plain way, entry by entry from the layout, and the two must agree on every position: the
layout and the values are what a trained policy was trained on. The key must be equal for
any two tables the seat cannot tell apart and differ where it can."""

from __future__ import annotations

import random

import numpy as np
import pytest

from wizarena.games.cup.game import ENCODER, NAMES, N
from wizarena.games.cup.observation import MAX_DECK, MAX_MATCHES, MAX_POWER, MAX_SELECTED, MAX_SWAPS, MOD_RANGE
from wizarena.games.cup.state import CHOICE, ORDER, SELECT, SWAP, CupState

from .helpers import GAME, SWAP_GAME, act
from .test_information import hidden_relabel, positions


def reference(s: CupState, me: int) -> np.ndarray:
    """The tensor written one entry at a time from the layout `ENCODER.describe` names."""
    at = {name: start for name, start, _ in ENCODER.describe()}
    out = np.zeros(ENCODER.size, np.float32)
    op = 1 - me

    def one(name: str, i: int) -> None:
        out[at[name] + i] = 1.0

    one("seat", me)
    one("phase", s.phase)
    one("match", min(s.match, MAX_MATCHES) - 1)
    if s.swap:
        one("swap_variant", 0)
    together = s.phase in (SELECT, ORDER, SWAP)
    if me in s.to_act:
        one("to_act", 0)
    if op in s.to_act or together:
        one("to_act", 1)
    one("my_chips", min(s.chips[me], 2))
    one("opp_chips", min(s.chips[op], 2))
    for i, winners in enumerate(s.history[:MAX_MATCHES]):
        if me in winners:
            one("match_winners", 2 * i)
        if op in winners:
            one("match_winners", 2 * i + 1)
    for c in s.six[me]:
        one("my_six", c)
    for i, c in enumerate(s.deck[me][:MAX_DECK]):
        one("my_deck", i * N + c)
    if s.sub[me] >= 0:
        one("my_sub", s.sub[me])
    if s.phase != SELECT:
        for c in range(N):
            if c not in s.six[me]:
                one("my_unused", c)
    if s.swap_out[me] >= 0:
        one("my_swap_out", s.swap_out[me])
    one("my_random_card", s.pick[me])
    one("opp_random_card", s.pick[op])
    for c in range(N):
        if s.seen[op] >> c & 1:
            one("opp_known", c)
        if s.doubt[op] >> c & 1:
            one("opp_maybe_swapped_away", c)
    for who, p in (("my", me), ("opp", op)):
        if s.field[p] >= 0:
            one(f"{who}_field", s.field[p])
            one(f"{who}_power", min(GAME.power(s, p), MAX_POWER))
            one(f"{who}_mod", max(-MOD_RANGE, min(MOD_RANGE, s.fmod[p])) + MOD_RANGE)
        for c in s.discard[p]:
            one(f"{who}_discard", c)
        if s.discard[p]:
            one(f"{who}_top", s.discard[p][-1])
        one(f"{who}_deck_count", min(0 if p == op and s.phase == ORDER else len(s.deck[p]), MAX_DECK))
        if s.sub[p] >= 0 and (p == me or s.phase != ORDER):
            one(f"{who}_has_sub", 0)
        one(f"{who}_swaps", min(s.swaps[p], MAX_SWAPS))
        if s.phase == SELECT:
            one(f"{who}_selected", min(len(s.six[p]) - 1 if p == me else 0, MAX_SELECTED))
    if s.phase == CHOICE and s.pending is not None:
        one("pending_seat", 0 if s.pending[0] == me else 1)
        one("pending_card", s.pending[1])
    return out


@pytest.mark.parametrize("game", [GAME, SWAP_GAME], ids=["cup", "swap"])
def test_the_joined_tensor_is_the_tensor_written_entry_by_entry(game):
    checked = 0
    for seed in range(25):
        for s in positions(seed, game):
            for seat in (0, 1):
                t = game.observation_tensor(s, seat)
                assert np.array_equal(t, reference(s, seat)), (seed, seat)
                checked += 1
    assert checked > 1000


def test_every_tensor_is_a_fresh_writable_array():
    s = GAME.new_state(3)
    a, b = GAME.observation_tensor(s, 0), GAME.observation_tensor(s, 0)
    assert a.flags.writeable and a.dtype == np.float32 and a.shape == GAME.observation_shape
    a[:] = 7.0  # a learner may scale its copy in place
    assert np.array_equal(b, GAME.observation_tensor(s, 0)) and not np.shares_memory(a, b)


def test_a_large_modifier_and_power_read_at_their_bounds():
    s = GAME.setup_battle((["Golem", "Paladin"], ["Hermit", "Bard"]))
    s.fmod[0], s.fmod[1] = 40, -40
    for seat in (0, 1):
        assert np.array_equal(GAME.observation_tensor(s, seat), reference(s, seat))


def key(s: CupState, seat: int) -> int:
    return GAME.information_key(s, seat)


def test_the_key_ignores_the_opponents_hidden_cards_and_sees_its_own():
    rng = random.Random(2)
    differ = 0
    for seed in range(10):
        for s in positions(seed):
            if s.result is not None:
                continue
            t = hidden_relabel(s, 0, rng)  # P1's unseen cards shuffled among themselves
            assert key(t, 0) == key(s, 0)
            if (t.six[1], t.deck[1], t.sub[1]) != (s.six[1], s.deck[1], s.sub[1]):
                assert key(t, 1) != key(s, 1)  # P1 knows its own cards
                differ += 1
            assert key(GAME.determinize(s, 0, rng), 0) == key(s, 0)
            assert key(s, 0) != key(s, 1)
    assert differ > 50


def test_a_revealed_card_changes_the_key_of_the_seat_that_saw_it():
    s = GAME.setup_battle((["Detective", "Golem"], ["Hermit", "Paladin"]), ("Frost Witch", "Bard"))
    assert s.pending == (0, NAMES.index("Detective"))
    before = (key(s, 0), key(s, 1))
    act(GAME, s, 0, "use ability")  # the Sub Card Frost Witch takes the field, face up
    assert s.seen[0] >> NAMES.index("Frost Witch") & 1
    assert key(s, 1) != before[1]
    seen = s.copy()
    seen.seen[0] |= 1 << NAMES.index("Golem")  # P1 learns one more of P0's cards ...
    assert key(seen, 1) != key(s, 1)
    assert key(seen, 0) == key(s, 0)  # ... which P0's own key, of what P0 knows, does not hold


def test_the_opponents_secret_progress_during_selection_leaves_the_key_alone():
    s = GAME.new_state(5)
    mine, theirs = key(s, 0), key(s, 1)
    act(GAME, s, 1, GAME.legal_actions(s, 1)[0].text)  # P1 selects a card, secretly
    assert key(s, 0) == mine and key(s, 1) != theirs
    act(GAME, s, 0, GAME.legal_actions(s, 0)[0].text)
    assert key(s, 0) != mine


def test_the_order_of_selection_is_no_part_of_the_key():
    a, b = GAME.new_state(6), GAME.new_state(6)
    first, second = GAME.legal_actions(a, 0)[:2]
    for s, order in ((a, (first, second)), (b, (second, first))):
        for action in order:
            GAME.apply(s, 0, action)
    assert a.six[0] != b.six[0] and sorted(a.six[0]) == sorted(b.six[0])
    assert key(a, 0) == key(b, 0)
