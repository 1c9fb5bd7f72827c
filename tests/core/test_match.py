"""The match runner and the window (`Turn`) through which an agent sees its seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizarena.agents import make_agent
from wizarena.core import Action, Event, IllegalAction, Turn, WizarenaError, load_game, play, visible

from .support import random_agents, views
from .toy import ToyGame

GAME = ToyGame()


class Spy:
    """A random player that checks, at every decision, that its Turn is an honest window."""

    name = "spy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.turns = 0

    def act(self, turn: Turn) -> Action:
        self.turns += 1
        view = turn.view()
        legal = turn.legal_actions()
        assert view["seat"] == turn.seat and turn.seat in view["to_act"]
        assert view["legal"] == [a.text for a in legal] and legal
        assert all(e.visible_to(turn.seat) for e in turn.events())
        sample = turn.determinize(random.Random(self.turns))
        assert turn.game.view(sample, turn.seat) == view
        turn.game.apply(sample, turn.seat, legal[0])  # a sample is the agent's to mutate
        assert turn.view() == view
        return self.rng.choice(legal)


@pytest.mark.parametrize("game_id", ["toy", "toy/quick", "cup", "cup/swap"])
def test_turn_shows_the_seat_and_nothing_more(game_id: str) -> None:
    game = load_game(game_id)
    for seed in range(5):
        spies = [Spy(seed * 10 + i) for i in range(game.num_players)]
        record, state = play(game, spies, seed, log=True)
        assert sum(s.turns for s in spies) == len(record.moves)
        assert record.meta == {"agents": ["spy"] * game.num_players}


def test_events_since_counts_only_the_seats_own_events() -> None:
    """`since` indexes what the seat may read, so other seats' secrets do not shift it."""
    state = GAME.new_state(2)
    for seat, n in ((0, 1), (1, 2), (2, 2)):
        GAME.apply(state, seat, GAME.action(n - 1))
    for seat in (0, 1, 2, None):
        mine = visible(state.log, seat)
        for since in range(len(mine) + 1):
            assert GAME.events(state, seat, since) == mine[since:]


class Catcher:
    """Remembers how many events it had read, and asks only for newer ones next time."""

    name = "catcher"

    def __init__(self) -> None:
        self.seen: list[Event] = []

    def act(self, turn: Turn) -> Action:
        self.seen += turn.events(len(self.seen))
        assert self.seen == turn.events(), "the pieces read so far do not add up to the seat's log"
        return turn.legal_actions()[0]


def test_a_seat_can_read_only_new_events() -> None:
    play(GAME, [Catcher(), Catcher(), Catcher()], 3, log=True)


def test_play_asks_the_first_waiting_seat() -> None:
    record, _ = play(GAME, random_agents(GAME, 0), 0)
    assert [seat for seat, _ in record.moves[:3]] == [0, 1, 2]  # the commits of round 1


def test_agents_with_the_same_seeds_play_the_same_game() -> None:
    a, sa = play(GAME, [make_agent("random", i) for i in range(3)], 12, log=True)
    b, sb = play(GAME, [make_agent("random", i) for i in range(3)], 12, log=True)
    assert a == b and sa.log == sb.log and views(GAME, sa) == views(GAME, sb)


def test_play_stops_a_game_that_does_not_end() -> None:
    with pytest.raises(WizarenaError, match="no end after 4 steps"):
        play(GAME, random_agents(GAME, 0), 0, max_steps=4)


class Cheat:
    name = "cheat"

    def act(self, turn: Turn) -> Any:
        return Action(3, "challenge")  # not legal while numbers are being committed


def test_an_illegal_move_from_an_agent_is_refused() -> None:
    with pytest.raises(IllegalAction):
        play(GAME, [Cheat(), Cheat(), Cheat()], 0)
