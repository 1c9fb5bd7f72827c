"""Properties of random legal play with every card of the deck, 2 to 4 players: every game
ends; every card is in exactly one place at every step; treasures are conserved; at most
one attack a turn; a wizard out of the game is never to act and never wins; and what a
seat may know (its view, its events, its legal actions, the error it gets for an illegal
action) does not change when only what it cannot see does.

The compiled build plays many more seeds (a few thousand in all) than the interpreted
one, which CI runs as well; both draw the same seeds from the start of the range."""

from __future__ import annotations

import random

import pytest

from wizarena import engine
from wizarena.core import Action, IllegalAction
from wizarena.games.wizwar import doors, structures
from wizarena.games.wizwar.actions import ACTIONS
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import HELD
from wizarena.games.wizwar.state import AIM, OVER, TREASURES, TURN, WINDOW, WizWarState

GAMES = {n: WizWarGame(None, n) for n in (2, 3, 4)}
SEEDS = 1000 if engine.engine() == "compiled" else 40
STEP_CAP = 50_000  # far past the round cap (ruling R1): a game this long would be a bug


def where_cards_are(s: WizWarState) -> int:
    """Deck, hands (displayed stones are in them), discard pile, cards in the air (an attack,
    its answers, a neutral, a deal's cards) and objects lying on the board."""
    return len(s.deck) + sum(len(h) for h in s.hands) + len(s.discard) + len(s.flight) + len(s.floor)


def play_out(game: WizWarGame, seed: int) -> WizWarState:
    s = game.new_state(seed, log=False)
    rng = random.Random(seed)
    for _ in range(STEP_CAP):
        acting = game.to_act(s)
        if not acting:
            return s
        seat = acting[0]
        legal = game.legal_actions(s, seat)
        assert legal, f"seed {seed}: P{seat} has no legal action in phase {s.phase}"
        before, spent = s.phase, s.attacked  # `attacked` is cleared as each turn starts (Speed's too)
        game.apply(s, seat, rng.choice(legal))
        # An attack the turn's wizard makes opens a window with him as the attacker.
        # So does one at a wall, door or thornbush, once the weapon is chosen (structures.py);
        # an object thrown at a square is no attack (throwing.py).
        if before == TURN and (s.phase == WINDOW and s.window[0] == s.turn
                               or s.phase == AIM and s.aim in structures.WEAPONS and not s.throwing):
            assert not spent, f"seed {seed}: a second attack in one turn"
        assert where_cards_are(s) == 125, f"seed {seed}: a card was lost or made"
        # 6e 1, 2: a wizard out of the game is never asked anything, and his death is decided
        # as soon as the event that killed him is over (a returning half may still be in the air)
        assert not set(game.to_act(s)) & set(s.out), f"seed {seed}: a wizard out of the game is to act"
        assert not s.deaths or s.phase == WINDOW, f"seed {seed}: a death left undecided"
        assert s.result is None or not set(s.result.winners) & set(s.out), f"seed {seed}: a dead winner"
        carried = [t for t in s.carried if t >= 0]
        assert len(set(carried)) == len(carried), f"seed {seed}: one treasure carried twice"
        assert sorted(t for t, at in enumerate(s.treasure_at) if at < 0) == sorted(carried)
        assert len(s.treasure_at) == TREASURES * s.n
        for p, line in enumerate(s.holding):  # a door is held only by a wizard beside it (doors.py)
            assert line < 0 or s.map.edges[line] & HELD and doors.beside(s.map, s.pos[p], line), \
                f"seed {seed}: P{p} holds the door on line {line} from afar"
    raise AssertionError(f"seed {seed}: no end after {STEP_CAP} steps")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_play_from_many_seeds_ends_and_conserves_everything(n: int) -> None:
    for seed in range(SEEDS):
        s = play_out(GAMES[n], seed)
        assert s.result is not None and s.phase == OVER


def _illegal_for(game: WizWarGame, s: WizWarState, seat: int) -> Action:
    legal = set(game.legal_actions(s, seat))
    return next(a for a in ACTIONS if a not in legal)


@pytest.mark.parametrize("n", [2, 4])
def test_what_a_seat_may_know_does_not_change_with_what_it_cannot_see(n: int) -> None:
    """`determinize` deals again everything `seat` cannot see (other hands, the deck's
    order, other seats' private rolls): the seat's view, its events, its legal actions
    and the error for an illegal action must come out the same."""
    game = GAMES[n]
    checked = 0
    for seed in range(12):
        s = game.new_state(seed)
        rng = random.Random(seed)
        for step in range(400):
            acting = game.to_act(s)
            if not acting:
                break
            if step % 7 == 0:
                for seat in range(n):
                    twin = game.determinize(s, seat, random.Random(step))
                    twin.log = s.log[:] if s.log is not None else None
                    assert game.view(twin, seat) == game.view(s, seat)
                    assert game.events(twin, seat) == game.events(s, seat)
                    if seat in acting:
                        assert game.legal_actions(twin, seat) == game.legal_actions(s, seat)
                        bad = _illegal_for(game, s, seat)
                        with pytest.raises(IllegalAction) as mine:
                            game.apply(s, seat, bad)
                        with pytest.raises(IllegalAction) as theirs:
                            game.apply(twin, seat, bad)
                        assert str(mine.value) == str(theirs.value)
                    checked += 1
            seat = acting[0]
            game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
    assert checked > 100
