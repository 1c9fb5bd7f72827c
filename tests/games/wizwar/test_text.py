"""The Wiz-War terminal picture (text.py) in words a person reads as English."""

from __future__ import annotations

import wizarena
from wizarena.agents import make_agent
from wizarena.core import Turn


def test_the_attack_in_the_air_reads_you_cast_or_p1_casts() -> None:
    """Issue 27: the line said "in the air: you casts Powerthrust"."""
    game = wizarena.load_game("wizwar", players=2)
    for seed in range(40):
        state = game.new_state(seed)
        agents = [make_agent("random", seed=seed * 2 + seat) for seat in range(2)]
        for _ in range(3000):
            if game.outcome(state) is not None:
                break
            attack = game.view(state, 0)["attack"]
            if attack and attack["card"] != "punch":
                attacker = attack["attacker"]
                mine = game.render_text(game.view(state, attacker))
                theirs = game.render_text(game.view(state, 1 - attacker))
                assert f"in the air: you cast {attack['card']}" in mine
                assert f"in the air: P{attacker} casts {attack['card']}" in theirs
                return
            seat = game.to_act(state)[0]
            game.apply(state, seat, agents[seat].act(Turn(game, state, seat)))
    raise AssertionError("no spell was cast in 40 random games")


def test_a_square_the_board_does_not_have_is_named_in_the_refusal() -> None:
    """Issue 27: `to e9` said only that it was not a legal action; it says there is no
    such square, and what the board's squares are."""
    import pytest

    from wizarena.core import IllegalAction

    game = wizarena.load_game("wizwar", players=2)
    state = game.new_state(14)
    seat = game.to_act(state)[0]
    for typed in ("to e9", "z1", "walk to e99"):
        with pytest.raises(IllegalAction, match=r"there is no square '\w+' on this board \(columns a-j, rows 1-5\)"):
            game.parse_plan(state, seat, typed)
