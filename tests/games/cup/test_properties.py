"""Properties that hold for every legal game: it ends, cards never vanish or double,
chips stay within two, illegal actions change nothing, records replay exactly."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizarena.agents import make_agent
from wizarena.core import IllegalAction, play, replay
from wizarena.games.cup.game import ACTIONS
from wizarena.games.cup.state import CHOICE, ORDER, OVER, SELECT, CupState

from .helpers import GAME, SWAP_GAME


def check_zones(s: CupState) -> None:
    """Every card is in exactly one zone of its owner's at every step."""
    for p in (0, 1):
        six = s.six[p]
        assert len(set(six)) == len(six) and s.chips[p] <= 2
        if s.phase == SELECT:
            assert 1 <= len(six) <= 6 and s.pick[p] in six
            continue
        assert len(six) == 6
        if s.phase == ORDER:  # placed so far + still to place, or the five and the Sub Card
            waiting = [a.data for a in s.legal[p]] or [s.sub[p]]
            assert sorted(s.deck[p] + waiting) == sorted(six)
        elif s.phase in (CHOICE, OVER):
            zones = s.deck[p] + s.discard[p] + [c for c in (s.field[p], s.sub[p]) if c >= 0]
            assert sorted(zones) == sorted(six)


def random_game(game, seed: int, check=None) -> CupState:
    rng = random.Random(seed)
    s = game.new_state(seed)
    steps = 0
    while game.to_act(s):
        seat = rng.choice(game.to_act(s))
        game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
        steps += 1
        assert steps <= game.max_game_length
        if check:
            check(s)
    return s


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**63 - 1), st.booleans())
def test_random_legal_play_always_ends_with_cards_in_one_zone(seed, swap):
    game = SWAP_GAME if swap else GAME
    s = random_game(game, seed, check_zones)
    out = game.outcome(s)
    assert s.phase == OVER and out is not None
    assert max(s.chips) == 2 and len(s.history) <= 3
    assert len(out.winners) <= 1


def test_thousands_of_seeds_end():
    for seed in range(3000):
        s = random_game(GAME if seed % 2 else SWAP_GAME, seed)
        assert GAME.outcome(s) is not None


def _snapshot(game, s):
    return ([game.view(s, p) for p in (0, 1, None)], len(s.log), s.rng.state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.data())
def test_illegal_actions_are_refused_and_change_nothing(seed, data):
    game = SWAP_GAME if seed % 2 else GAME
    rng = random.Random(seed)
    s = game.new_state(seed)
    while game.to_act(s):
        before = _snapshot(game, s)
        seat = data.draw(st.sampled_from([0, 1, 2, -1]))
        action = data.draw(st.sampled_from(ACTIONS))
        legal = game.legal_actions(s, seat) if seat in (0, 1) else []
        if action not in legal:
            try:
                game.apply(s, seat, action)
            except IllegalAction as exc:
                assert exc.reason and exc.rule
            else:
                raise AssertionError(f"{action} accepted for seat {seat}")
            assert _snapshot(game, s) == before
        seat = rng.choice(game.to_act(s))
        game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))


def test_records_replay_exactly():
    for seed in range(40):
        game = SWAP_GAME if seed % 2 else GAME
        agents = [make_agent("random", seed), make_agent("random", seed + 1)]
        record, final = play(game, agents, seed, log=True)
        game2, again = replay(record)
        assert again.log == final.log
        for seat in (0, 1, None):
            assert game2.view(again, seat) == game.view(final, seat)
