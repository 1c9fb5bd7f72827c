"""Both search agents against the kernel protocol: legal choices from many positions,
reproducible for a seed, and blind to the true state."""

from __future__ import annotations

import pytest

import wizarena
from wizarena.agents import GreedyAgent, ISMCTSAgent, LookaheadAgent, agent_names, make_agent
from wizarena.core import Turn, WizarenaError, play

from .helpers import SealedTurn, StateLeak, decision_points, play_sealed

GAMES = ["cup", "cup/swap"]
SPECS = ["greedy", "greedy:samples=2", "lookahead", "lookahead:samples=2,width=3", "ismcts:iterations=40",
         "ismcts:iterations=25,c=1.4"]


def test_agents_are_registered_by_name():
    assert {"random", "greedy", "ismcts"} <= set(agent_names())
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("lookahead:depth=2"), LookaheadAgent)
    agent = make_agent("ismcts:iterations=300,c=0.5", seed=3)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 300 and agent.c == 0.5


@pytest.mark.parametrize("spec", ["ismcts:iterations=0", "greedy:samples=0", "ismcts:seconds=-1",
                                  "ismcts:depth=3", "greedy:iterations=5", "lookahead:width=0",
                                  "lookahead:budget=0", "lookahead:depth=-1", "lookahead:c=1"])
def test_bad_options_are_one_line_errors(spec):
    with pytest.raises(WizarenaError):
        make_agent(spec)


@pytest.mark.parametrize(("spec", "named"), [
    ("ismcts:iterations=2.5", "iterations"), ("ismcts:iterations=abc", "iterations"),
    ("ismcts:iterations=1e12", "iterations"), ("ismcts:seconds=nan", "seconds"), ("ismcts:seconds=inf", "seconds"),
    ("ismcts:seconds=0", "seconds"), ("ismcts:c=-1", "c"), ("ismcts:c=nan", "c"), ("greedy:samples=1.5", "samples"),
    ("greedy:samples=many", "samples"), ("lookahead:samples=1.5", "samples"), ("lookahead:width=9e9", "width"),
])
def test_an_option_of_the_wrong_type_or_range_is_named_with_its_value(spec, named):
    """The same message from the compiled and the interpreted agents: the option and value."""
    with pytest.raises(WizarenaError) as err:
        make_agent(spec)
    message = str(err.value)
    assert f"{named} must be" in message and ", not " in message and "\n" not in message


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_a_legal_action_from_many_positions(game_id, spec):
    game = wizarena.load_game(game_id)
    points = decision_points(game, range(6), every=2)
    assert len(points) > 60
    agent = make_agent(spec, seed=11)
    for state, seat in points:
        before = game.view(state, seat)
        turn = SealedTurn(game, state, seat)
        action = agent.act(turn)
        assert not turn.touched
        assert action in game.legal_actions(state, seat)
        assert game.view(state, seat) == before  # searching never moves the real table


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("spec", ["greedy", "lookahead", "ismcts:iterations=60"])
def test_whole_games_through_sealed_turns(game_id, spec):
    game = wizarena.load_game(game_id)
    for seed in range(3):
        agents = [make_agent(spec, seed=seed), make_agent("random", seed=seed + 50)]
        if seed % 2:
            agents.reverse()
        _, state = play_sealed(game, agents, seed)
        assert game.outcome(state) is not None


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("spec", ["greedy", "lookahead", "ismcts:iterations=80"])
def test_same_seed_same_choices(game_id, spec):
    game = wizarena.load_game(game_id)

    def moves(seed: int) -> list[tuple[int, int]]:
        record, _ = play(game, [make_agent(spec, seed=seed), make_agent(spec, seed=seed + 1)], 21)
        return record.moves

    assert moves(4) == moves(4)
    # and per position, with fresh agents
    for state, seat in decision_points(game, range(2), every=3):
        a = make_agent(spec, seed=9).act(Turn(game, state, seat))
        b = make_agent(spec, seed=9).act(Turn(game, state, seat))
        assert a is b


def test_different_seeds_can_differ():
    """The seed does reach the search (a guard against an agent ignoring it)."""
    game = wizarena.load_game("cup")
    state = game.new_state(5, log=False)
    choices = {make_agent("ismcts:iterations=30", seed=s).act(Turn(game, state, 0)).id for s in range(12)}
    assert len(choices) > 1


class _Cheater:
    name = "cheater"

    def __init__(self, how: str) -> None:
        self.how = how

    def act(self, turn: Turn):
        if self.how == "attribute":
            state = turn._state
        elif self.how == "getattr":
            state = object.__getattribute__(turn, "_state")
        else:  # the slot descriptor of the base class, round the subclass's property
            state = Turn._state.__get__(turn, Turn)
        return turn.game.legal_actions(state, turn.seat)[0]


@pytest.mark.parametrize("how", ["attribute", "getattr", "slot"])
def test_the_sealed_turn_catches_a_cheat(how):
    game = wizarena.load_game("cup")
    with pytest.raises((StateLeak, AttributeError)):
        play_sealed(game, [_Cheater(how), make_agent("random")], 0)


def test_the_sealed_turn_still_offers_the_legal_ways_in():
    game = wizarena.load_game("cup")
    state = game.new_state(2)
    turn = SealedTurn(game, state, 1)
    assert turn.legal_actions() == game.legal_actions(state, 1)
    assert turn.view() == game.view(state, 1)
    assert turn.events() == game.events(state, 1)
    assert game.to_act(turn.determinize(__import__("random").Random(0)))
    assert not turn.touched


def test_seconds_budget_stops_the_search():
    game = wizarena.load_game("cup")
    agent = ISMCTSAgent(seed=1, seconds=0.05)
    state = game.new_state(8, log=False)
    action = agent.act(Turn(game, state, 0))
    assert action in game.legal_actions(state, 0)
    assert 0 < agent.last_iterations < 1 << 40
    capped = ISMCTSAgent(seed=1, iterations=50, seconds=60)
    capped.act(Turn(game, state, 0))
    assert capped.last_iterations == 50
