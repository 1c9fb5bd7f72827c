"""At the end of a game every card is public, as at a real table when the players turn
their cards over: every seat and every spectator gets the same view, and it shows each
player's hidden cards (the Cup's six, deck order and Sub Card; Mickey's hands, face-down
Magics, Castle and Support decks and the Diamagic colours; Wiz-War's hands; Wizard Wars'
hands and decks)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wizarena

GAMES = ["cup", "cup/swap", "mickey/mini", "mickey/grande", "mickey/official", "wizwar", "wars"]
SEEDS = range(4)
MAX_STEPS = 5000


def finished(game_id: str, seed: int) -> tuple[Any, Any]:
    """A random game played to its end, and the game object."""
    name, _, variant = game_id.partition("/")
    game = wizarena.load_game(name, variant or None)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        seats = game.to_act(state)
        if not seats:
            break
        p = seats[0]
        game.apply(state, p, rng.choice(game.legal_actions(state, p)))
    assert game.outcome(state) is not None, "the random game did not end"
    return game, state


def without_seat(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "seat"}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_and_spectator_sees_the_same_table_at_the_end(game_id: str, seed: int) -> None:
    game, state = finished(game_id, seed)
    views = [without_seat(game.view(state, seat)) for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", ["cup", "cup/swap"])
def test_cup_shows_both_sixes_decks_and_sub_cards_at_the_end(game_id: str, seed: int) -> None:
    game, state = finished(game_id, seed)
    from wizarena.games.cup.game import NAMES
    for seat in (0, 1, None):
        for q, info in enumerate(game.view(state, seat)["players"]):
            assert info["six"] == [NAMES[c] for c in sorted(state.six[q])]
            assert info["deck"] == [NAMES[c] for c in state.deck[q]]
            assert info["sub"] == (NAMES[state.sub[q]] if state.sub[q] >= 0 else None)
            assert info["six_total_power"] is not None


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", ["mickey/mini", "mickey/grande", "mickey/official"])
def test_mickey_shows_both_hands_face_down_magics_and_diamagic_at_the_end(game_id: str, seed: int) -> None:
    game, state = finished(game_id, seed)
    from wizarena.games.mickey.effects import LABEL
    for seat in (0, 1, None):
        view = game.view(state, seat)
        assert None not in view["stake"]
        for q, p in enumerate(view["players"]):
            assert [c["name"] for c in p["hand"]] == [LABEL[c] for c in sorted(state.hand[q])]
            assert p["castles"] == sorted(LABEL[c] for c in state.cdeck[q])
            for w in p["team"]:
                for m in [w.get("cast"), w.get("hidden"), *w.get("kept", [])]:
                    assert m is None or "name" in m


def test_the_reveal_waits_for_the_end() -> None:
    """Mid-game the other seat's hidden cards stay hidden (the twin tests check this in
    depth; here, that the end-of-game rule does not leak early)."""
    game = wizarena.load_game("cup")
    state = game.new_state(seed=1)
    for seat in (0, 1):
        assert "six" not in game.view(state, seat)["players"][1 - seat]
    game = wizarena.load_game("mickey", "mini")
    state = game.new_state(seed=1)
    for seat in (0, 1):
        assert "hand" not in game.view(state, seat)["players"][1 - seat]


@pytest.mark.parametrize("seed", SEEDS)
def test_wizwar_turns_every_hand_over_at_the_end(seed: int) -> None:
    game, state = finished("wizwar", seed)
    from wizarena.games.wizwar.cards import NAME
    for seat in (0, 1, None):
        view = game.view(state, seat)
        assert view["hands"] == [sorted(NAME[c] for c in h) for h in state.hands] and view["hand"] == []
