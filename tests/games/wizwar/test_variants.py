"""The official variants (6e 11, "Variants") as options a game is made with: each is
declared, checked, and recorded, so that a record replays on the same board and rules."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wizarena.core import Record, load_game, replay
from wizarena.core.record import record_of
from wizarena.games.wizwar.board import CROSSED

# Every option alone, for a player count it fits.
OPTIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {"crossed": True}),
    (2, {"own_doors": True}),
    (3, {"own_doors": True}),
    (2, {"crossed": True, "own_doors": True}),
    (4, {"teams": True}),
]


def played(players: int, config: dict[str, Any], seed: int, steps: int = 400) -> tuple[Record, Any]:
    """A game with `config`, played by random legal moves for up to `steps` steps, and its record."""
    game = load_game("wizwar", players=players)
    state = game.new_state(seed, config)
    rng = random.Random(seed)
    moves: list[tuple[int, int]] = []
    while len(moves) < steps and game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        game.apply(state, seat, action)
        moves.append((seat, action.id))
    return record_of(game, state, seed, moves, {}), state


@pytest.mark.parametrize(("players", "config"), OPTIONS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_6e_11_a_record_replays_on_the_board_and_rules_it_was_played_with(
        players: int, config: dict[str, Any], seed: int) -> None:
    """"Variants (official, optional): ... Two-player crossed-exits variant ... Doors variant:
    a wizard may open the doors of his own sector without a key." A record holds every
    option, so replaying it (through its JSON) rebuilds the same labyrinth and rules and
    reaches the same position."""
    record, state = played(players, config, seed)
    assert record.config == config
    game, again = replay(Record.from_json(json.loads(json.dumps(record.to_json()))))
    assert game.config_of(again) == config
    assert (again.map.asm.name == CROSSED) == config.get("crossed", False)
    assert again.map.own_doors == config.get("own_doors", False)
    assert again.teams == config.get("teams", False)
    for seat in (None, *range(players)):
        assert game.view(again, seat) == game.view(state, seat)


def test_a_plain_game_records_no_options() -> None:
    record, _ = played(2, {}, 5, steps=30)
    assert record.config == {}


def test_the_variants_are_declared_with_the_player_counts_they_fit() -> None:
    game = load_game("wizwar", players=2)
    declared = {o.key: o for o in game.options}
    assert set(declared) == {"crossed", "own_doors", "teams"}
    assert [n for n in (2, 3, 4) if declared["teams"].fits(n)] == [4]
    assert declared["crossed"].fits(2) and not declared["crossed"].fits(4)
    assert all(declared["own_doors"].fits(n) for n in (2, 3, 4))


@pytest.mark.parametrize(("players", "config", "message"), [
    (2, {"mirror": True}, "unknown config key 'mirror'"),
    (2, {"crossed": 1}, "'crossed' is true or false"),
    (3, {"crossed": True}, "'crossed' is for 2 players, not 3"),
])
def test_a_config_outside_the_options_is_refused_by_name(players: int, config: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_game("wizwar", players=players).new_state(1, config)
