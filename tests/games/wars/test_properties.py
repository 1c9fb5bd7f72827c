"""Properties of every legal game: it ends, every card is in exactly one zone, nine dice,
illegal actions change nothing, a replay reproduces the game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizarena.core import IllegalAction, Record, replay
from wizarena.games.wars.state import WarsState

from .helpers import GAME


def check(s: WarsState) -> None:
    zones = []
    for p in (0, 1):
        zones += s.deck[p] + s.hand[p] + s.row[p] + s.gear[p] + s.grave[p] + s.sideboard[p] + s.mull[p]
    zones += s.banished + s.acting
    assert sorted(zones) == list(range(len(s.card)))
    assert len(s.dice) == 9 and all(0 <= d < 6 for d in s.dice)
    for p in (0, 1):
        assert len(s.row[p]) <= 16
        for i in s.row[p] + s.gear[p]:
            assert s.side[i] == p


def random_game(seed: int, checking: bool = True) -> tuple[WarsState, list[tuple[int, int]]]:
    rng = random.Random(seed)
    s = GAME.new_state(seed)
    moves = []
    while GAME.to_act(s):
        seat = rng.choice(GAME.to_act(s))
        a = rng.choice(GAME.legal_actions(s, seat))
        GAME.apply(s, seat, a)
        moves.append((seat, a.id))
        assert len(moves) <= GAME.max_game_length
        if checking:
            check(s)
    return s, moves


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**40))
def test_random_legal_play_always_ends_with_every_card_in_one_zone(seed):
    s, _ = random_game(seed)
    assert GAME.outcome(s) is not None and len(s.results) in (2, 3)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 400))
def test_illegal_actions_are_refused_with_the_state_unchanged(seed, step):
    rng = random.Random(seed)
    s = GAME.new_state(seed)
    for _ in range(step):
        if not GAME.to_act(s):
            break
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    seats = GAME.to_act(s)
    for seat in (0, 1):
        allowed = GAME.legal_actions(s, seat) if seat in seats else []
        before = (GAME.view(s, None), GAME.view(s, 0), GAME.view(s, 1), len(s.log), s.rng.state)
        for a in rng.sample(GAME.actions, 25):
            if a in allowed:
                continue
            try:
                GAME.apply(s, seat, a)
            except IllegalAction as exc:
                assert exc.rule.startswith("Wars")
            else:
                raise AssertionError(f"{a} was accepted")
            assert (GAME.view(s, None), GAME.view(s, 0), GAME.view(s, 1), len(s.log), s.rng.state) == before


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**40))
def test_replay_of_the_action_list_reproduces_the_game(seed):
    s, moves = random_game(seed, checking=False)
    rec = Record("wars", None, seed, {}, moves, s.result.to_json())
    _, again = replay(rec)
    assert GAME.view(again, None) == GAME.view(s, None) and [e.text for e in again.log] == [e.text for e in s.log]


def test_a_thousand_seeds_of_random_play_end():
    for seed in range(1000):
        rng = random.Random(seed)
        s = GAME.new_state(seed, log=False)
        n = 0
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            n += 1
        assert GAME.outcome(s) is not None and n <= GAME.max_game_length


def test_clone_is_independent():
    s, _ = random_game(4, checking=False)
    s = GAME.new_state(9)
    c = GAME.clone(s)
    seat = GAME.to_act(c)[0]
    GAME.apply(c, seat, GAME.legal_actions(c, seat)[0])
    assert GAME.view(s, None) != GAME.view(c, None) or len(s.log) != len(c.log)
