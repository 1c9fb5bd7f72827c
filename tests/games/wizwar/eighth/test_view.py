"""What a seat of an 8e game sees (eighth/view.py), from the brief's "Views": "everything
public is public ...; hands, the deck and Booby Trap identities are not; determinize
redeals only what a seat cannot see"."""

from __future__ import annotations

import random

from wizarena import load_game
from wizarena.games.wizwar.eighth import attacking, cards
from wizarena.games.wizwar.eighth.state import EighthState

from .scenes import declare, let_be, open_table

BOOBY_TRAP = cards.INDEX["booby_trap"]
GAME = load_game("wizwar/8e", players=2)


def _trapped() -> tuple[EighthState, list[int]]:
    """Seat 0 has laid his four Booby Trap tokens on open squares next to him."""
    s = open_table(2)
    here = s.pos[0]
    squares = [s.map.step_to(here, h) for h in range(4)]
    declare(s, 0, BOOBY_TRAP, *squares)
    let_be(s)
    assert len(s.traps) == 4
    return s, squares


def test_booby_trap_tokens_are_public_and_their_identity_is_not() -> None:
    """Every seat sees where the tokens lie and whose they are; only their owner sees which
    is the trap, in his view and in his events."""
    s, squares = _trapped()
    mine, theirs = GAME.view(s, 0)["traps"], GAME.view(s, 1)["traps"]
    assert sorted(t["square"] for t in theirs) == sorted(squares) and all(t["owner"] == 0 for t in theirs)
    assert all("trap" not in t for t in theirs) and all("trap" not in t for t in GAME.view(s, None)["traps"])
    assert sum(t["trap"] for t in mine) == 1
    trap_square = next(t["square"] for t in mine if t["trap"])
    where = {e.text for e in GAME.events(s, 0)} - {e.text for e in GAME.events(s, 1)}
    assert any("your trap" in text for text in where)
    assert not any("your trap" in e.text for e in GAME.events(s, 1))
    assert trap_square in squares


def test_determinize_deals_another_players_trap_again() -> None:
    """Seat 1 cannot know which token is the trap: its determinized worlds put the trap
    under different tokens, and never change where the tokens lie; seat 0's own worlds keep
    his trap where it is."""
    s, squares = _trapped()
    rng = random.Random(3)
    seen = {next(q for q, _, trap in GAME.determinize(s, 1, rng).traps if trap) for _ in range(40)}
    assert len(seen) > 1 and seen <= set(squares)
    actual = next(q for q, _, trap in s.traps if trap)
    assert all(next(q for q, _, trap in GAME.determinize(s, 0, rng).traps if trap) == actual for _ in range(10))


def test_a_cast_under_way_shows_its_picks_in_words() -> None:
    """WW8 Attacking: the target is declared before anyone answers, so every seat sees what
    a cast under way is aimed at, in the words of the action that picked it, on the board
    and in the terminal."""
    s = open_table(2)
    declare(s, 0, cards.INDEX["fireball"], 1)
    for seat in (0, 1):
        view = GAME.view(s, seat)
        assert view["cast"]["picked"] == ["aim at P1"]
        assert "picked: aim at P1" in GAME.render_text(view)
    unaimed = open_table(2)
    unaimed.hands[0].append(cards.INDEX["fireball"])
    attacking.begin(unaimed, 0, cards.INDEX["fireball"])
    assert GAME.view(unaimed, 1)["cast"]["picked"] == []
    assert "not aimed yet" in GAME.render_text(GAME.view(unaimed, 1))
