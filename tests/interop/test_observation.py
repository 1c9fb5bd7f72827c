"""Observation tensors and strings: a fixed shape, values in [0, 1], and nothing a seat
cannot know. The method for the last: `game.determinize(state, seat, rng)` redraws exactly
what the seat cannot see, so every tensor and string of that seat must come out the same
for the real state and for the redrawn one — through the kernel, the PettingZoo
environment and the OpenSpiel game alike."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import wizarena
from wizarena.core import Game
from wizarena.interop import legal_mask

from .conftest import GAMES, IDS

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")


def positions(game: Game, seed: int) -> Iterator[Any]:
    """Every position of one random game, the finished one included."""
    rng = random.Random(seed)
    s = game.new_state(seed, log=False)
    while game.to_act(s):
        yield s
        seat = game.to_act(s)[0]
        game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
    yield s


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_a_fixed_shape_of_zeros_to_ones(game_id, variant):
    game = wizarena.load_game(game_id, variant)
    shape = game.observation_shape
    for seed in range(15):
        for s in positions(game, seed):
            for seat in range(game.num_players):
                t = np.asarray(game.observation_tensor(s, seat))
                assert t.shape == shape and t.dtype == np.float32
                assert np.all((t >= 0) & (t <= 1))


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_the_action_mask_marks_exactly_the_legal_ids_of_the_seat(game_id, variant):
    game = wizarena.load_game(game_id, variant)
    for seed in range(5):
        for s in positions(game, seed):
            for seat in range(game.num_players):
                mask = legal_mask(game, s, seat)
                assert mask.shape == (game.num_distinct_actions,) and mask.dtype == np.int8
                assert set(np.flatnonzero(mask)) == {a.id for a in game.legal_actions(s, seat)}
                mask[:] = 0  # a fresh, writable array each time, never the game's own
                assert legal_mask(game, s, seat).sum() == len(game.legal_actions(s, seat))


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_kernel_tensor_ignores_what_the_seat_cannot_see(game_id, variant):
    game = wizarena.load_game(game_id, variant)
    pairs = 0
    for seed in range(30):
        rng = random.Random(seed)
        for s in positions(game, seed):
            for seat in range(game.num_players):
                d = game.determinize(s, seat, rng)
                assert np.array_equal(game.observation_tensor(d, seat), game.observation_tensor(s, seat))
                pairs += 1
    assert pairs > 500



@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_information_key_tells_apart_what_the_seat_can_and_nothing_more(game_id, variant):
    """Search keys its information sets by `information_key`: it must not see through a
    determinization (the seat cannot tell the redrawn state from the real one), and must
    not merge two positions whose tensors differ (the seat can tell those apart), nor two
    where the seat to act has different legal actions (a node is expanded once, with the
    actions of the first position that reached it)."""
    game = wizarena.load_game(game_id, variant)
    by_key: dict[int, bytes] = {}
    legal: dict[int, list[int]] = {}
    for seed in range(20):
        rng = random.Random(seed)
        for s in positions(game, seed):
            for seat in range(game.num_players):
                key = game.information_key(s, seat)
                assert game.information_key(game.determinize(s, seat, rng), seat) == key
                tensor = np.asarray(game.observation_tensor(s, seat)).tobytes()
                assert by_key.setdefault(key, tensor) == tensor, "one key for two tensors"
            for seat in game.to_act(s):
                ids = sorted(a.id for a in game.legal_actions(s, seat))
                assert legal.setdefault(game.information_key(s, seat), ids) == ids, "one key for two legal sets"


def test_cup_determinizations_really_differ_in_hidden_cards():
    """The invariance test above is only worth something if the pairs differ."""
    game = wizarena.load_game("cup")
    differ = 0
    for s in positions(game, 4):
        d = game.determinize(s, 0, random.Random(1))
        differ += (d.six[1], d.deck[1], d.sub[1]) != (s.six[1], s.deck[1], s.sub[1])
    assert differ > 10


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_openspiel_strings_and_tensors_ignore_what_the_seat_cannot_see(game_id, variant):
    from wizarena.interop import openspiel, spiel_name

    openspiel.register_all()
    game = pyspiel.load_game(spiel_name(game_id, variant))
    n = game.num_players()
    checked = 0
    for seed in range(4):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state(str(seed))
        while True:
            for p in range(n):
                sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
                assert sample.information_state_string(p) == state.information_state_string(p)
                assert sample.observation_string(p) == state.observation_string(p)
                assert sample.information_state_tensor(p) == state.information_state_tensor(p)
                assert sample.observation_tensor(p) == state.observation_tensor(p)
                checked += 1
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_pettingzoo_observations_ignore_what_the_seat_cannot_see(game_id, variant):
    from wizarena.interop.pettingzoo import env

    e = env(game_id, variant)
    game = e.game
    for seed in range(5):
        rng = random.Random(seed)
        e.reset(seed=seed)
        real = e.game_state
        for s in positions(game, seed):
            for seat, agent in enumerate(e.possible_agents):
                e.game_state = s
                before = e.observe(agent)
                e.game_state = game.determinize(s, seat, rng)
                after = e.observe(agent)
                assert np.array_equal(before["observation"], after["observation"])
                assert np.array_equal(before["action_mask"], after["action_mask"])
        e.game_state = real


def test_a_later_seat_learns_nothing_from_an_earlier_secret_choice():
    """Cup's selection is simultaneous; the environment asks P0 first. Whatever P0 picks,
    P1 must then observe the same thing."""
    from wizarena.interop.pettingzoo import env

    seen = set()
    for first in range(3):
        e = env("cup")
        e.reset(seed=9)
        for _ in range(5):
            assert e.agent_selection == "player_0"
            legal = np.flatnonzero(e.observe("player_0")["action_mask"])
            e.step(int(legal[first]))
        assert e.agent_selection == "player_1"
        seen.add(e.observe("player_1")["observation"].tobytes())
    assert len(seen) == 1


def test_cup_tensor_shows_the_seat_its_own_cards_and_only_known_opponent_cards():
    game = wizarena.load_game("cup")
    from wizarena.games.cup.game import ENCODER

    blocks = {name: (start, width) for name, start, width in ENCODER.describe()}
    assert sum(w for _, w in blocks.values()) == game.observation_shape[0]

    def part(t: np.ndarray, name: str) -> set[int]:
        start, width = blocks[name]
        return set(np.flatnonzero(t[start:start + width]).tolist())

    for s in positions(game, 12):
        for seat in (0, 1):
            t = game.observation_tensor(s, seat)
            o = 1 - seat
            assert part(t, "my_six") == set(s.six[seat])
            assert part(t, "opp_known") == {c for c in range(18) if s.seen[o] >> c & 1}
            assert part(t, "my_random_card") == {s.pick[seat]}
            assert part(t, "opp_discard") == set(s.discard[o])
