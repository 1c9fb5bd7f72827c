"""The ISMCTS playout cut-off: checked options, the search of old when it is off, playouts
that really stop where it says, and heuristic rewards in [-1, 1] credited to each seat."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import wizarena
from wizarena.agents import ISMCTSAgent, make_agent
from wizarena.agents.ismcts import _Edge, _Node
from wizarena.core import Action, Game, Outcome, Turn, WizarenaError

from ..core.toy import ToyGame
from .helpers import SealedTurn, decision_points

# -- the option -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [-1, 10_001, 2.5, True, "ten"])
def test_a_bad_cutoff_is_a_one_line_error_naming_it(value):
    with pytest.raises(ValueError) as err:
        ISMCTSAgent(cutoff=value)
    message = str(err.value)
    assert "cutoff" in message and repr(value) in message and "\n" not in message


@pytest.mark.parametrize("spec", ["ismcts:cutoff=-3", "ismcts:cutoff=1e9", "ismcts:cutoff=4.5",
                                  "ismcts:cutoff=many", "ismcts:max_rollout=0"])
def test_a_bad_cutoff_in_a_spec_is_a_one_line_error(spec):
    with pytest.raises(WizarenaError) as err:
        make_agent(spec)
    assert spec.split(":")[1].split("=")[0] in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("spec", ["ismcts:tree=forest", "ismcts:tree=3", "ismcts:tree=" + "x" * 5000])
def test_a_bad_tree_is_a_one_line_error_naming_the_choices(spec):
    with pytest.raises(WizarenaError) as err:
        make_agent(spec)
    message = str(err.value)
    assert "tree must be one of info, moves" in message and "\n" not in message and len(message) < 200


def test_good_cutoffs_are_kept():
    assert make_agent("ismcts:cutoff=0").cutoff == 0
    assert make_agent("ismcts:cutoff=12").cutoff == 12
    assert ISMCTSAgent(cutoff=10_000).cutoff == 10_000
    assert ISMCTSAgent().cutoff is None  # the game decides


def test_the_kernel_default_plays_to_the_end():
    assert Game.rollout_cutoff == 0 and Game.heuristic_scale > 0
    for game_id in wizarena.game_ids():
        game = wizarena.load_game(game_id)
        assert isinstance(game.rollout_cutoff, int) and 0 <= game.rollout_cutoff <= 10_000
        assert game.heuristic_scale > 0


# -- off: the search as it was ----------------------------------------------------------------

# Choices of ISMCTS(seed=i, iterations=150) at the i-th decision point with the cut-off off,
# interpreted and compiled. Recorded first before the cut-off existed (commit 33cbfec), then
# again whenever the search itself changed: an outcome's rewards for more than two seats
# became shares of a win and of a loss; a determinization took the other seats' part of a
# simultaneous decision back to its start; and the search became a graph of information
# sets whose new actions start with their node's visits as availability and whose exact
# UCB ties are broken at random (docs/agents.md, ismcts); and a determinization drew its
# cards with the fast generator (core.Rng) instead of `random.Random`'s shuffle.
BEFORE = {
    "toy": (range(3), [1, 2, 1, 3, 3, 1, 1, 1, 1, 4, 2, 2, 2, 2, 3, 3, 1, 2, 2, 3, 3, 2, 2, 0, 2, 3, 0, 0, 0, 0, 3, 3,
                       2, 2, 0, 2, 0, 2, 3, 3, 2, 2, 3, 2, 2, 2, 2, 3, 3, 0, 2, 2, 2, 3]),
    "cup": (range(2), [17, 11, 17, 7, 9, 15, 23, 23, 31, 34, 33, 31, 18, 34, 23, 36, 17, 10, 17, 17, 4, 0, 23, 33, 29,
                       34, 25, 24, 23, 35, 35, 35]),
    "cup/swap": (range(2, 3), [1, 6, 10, 17, 17, 17, 20, 27, 27, 26, 39, 46, 74, 22, 28, 26, 29, 36]),
}


def _load(game_id: str) -> Game:
    return ToyGame() if game_id == "toy" else wizarena.load_game(game_id)


def _choices(game: Game, seeds: range, every: int, iterations: int, **options: Any) -> list[int]:
    return [ISMCTSAgent(seed=i, iterations=iterations, **options).act(SealedTurn(game, state, seat)).id
            for i, (state, seat) in enumerate(decision_points(game, seeds, every))]


@pytest.mark.parametrize("game_id", sorted(BEFORE))
@pytest.mark.parametrize("cutoff", [0, None])
def test_cutoff_zero_searches_as_before(game_id, cutoff):
    """The toy game has three seats and secret simultaneous choices, Cup two seats; with
    the cut-off off (explicitly, or by these games' default) every choice is the old one."""
    seeds, expected = BEFORE[game_id]
    assert _choices(_load(game_id), seeds, 3, 150, cutoff=cutoff) == expected


def test_a_cutoff_no_playout_reaches_is_the_same_as_none():
    """Mickey's random games end within a few hundred steps, so a cut-off of 5,000 never
    comes into play and every choice matches the full playouts'."""
    game = wizarena.load_game("mickey")
    assert _choices(game, range(1), 9, 60, cutoff=5000) == _choices(game, range(1), 9, 60, cutoff=0)


# -- on: playouts stop where it says ----------------------------------------------------------

class _Marathon(Game):
    """Seats take turns for `LENGTH` moves, each choosing "left" or "right"; then seat 0
    wins if "left" was chosen more often than not, else seat 1. Long enough that a random
    playout never ends within a small cut-off. The state is [moves made, lefts, seats].
    The heuristic is whatever the test gives, and every call is recorded."""

    id = "marathon"
    player_counts = (2,)
    actions = (Action(0, "left"), Action(1, "right"))
    LENGTH = 300

    def __init__(self, values: tuple[float, ...] = (0.0, 0.0)) -> None:
        super().__init__()
        self.values = values
        self.applies = 0  # since the last determinization
        self.applies_per_sample: list[int] = []
        self.heuristic_calls: list[tuple[int, int]] = []  # (applies in the sample so far, seat)

    def new_state(self, seed: int = 0, config: Any = None, *, log: bool = True) -> list:
        return [0, 0, self.num_players]

    def to_act(self, state: list) -> tuple[int, ...]:
        return () if state[0] >= self.LENGTH else (state[0] % state[2],)

    def legal_actions(self, state: list, player: int) -> list[Action]:
        return list(self.actions)

    def apply(self, state: list, player: int, action: Action) -> None:
        state[0] += 1
        state[1] += action.id == 0
        self.applies += 1
        self.applies_per_sample[-1] = self.applies

    def outcome(self, state: list) -> Outcome | None:
        if state[0] < self.LENGTH:
            return None
        return Outcome((0,) if 2 * state[1] > state[0] else (1,), state[2])

    def clone(self, state: list) -> list:
        return state[:]

    def determinize(self, state: list, player: int, rng: random.Random) -> list:
        self.applies = 0
        self.applies_per_sample.append(0)
        return state[:]

    def view(self, state: list, player: int | None) -> dict:
        return {"moves": state[0]}

    def heuristic(self, state: list, player: int) -> float:
        self.heuristic_calls.append((self.applies, player))
        return self.values[player]


class _Trio(_Marathon):
    """The marathon for three seats."""

    id = "trio"
    player_counts = (3,)

    def __init__(self, values: tuple[float, ...] = (0.0, 0.0, 0.0)) -> None:
        super().__init__(values)

    def new_state(self, seed: int = 0, config: Any = None, *, log: bool = True) -> list:
        return [0, 0, 3]


def _search(agent: ISMCTSAgent, game: Game, seat: int = 0) -> list[_Edge]:
    """Every edge of a search from the game's first position."""
    return _edges(*agent._search(Turn(game, game.new_state(), seat), 0.0)[:2])


def _edges(root: _Node, nodes: dict[int, _Node]) -> list[_Edge]:
    """Every edge of the search's graph (or tree, `tree=moves`), each once."""
    out: dict[int, _Edge] = {}
    todo = [root, *nodes.values()]
    while todo:
        for edge in todo.pop().edges.values():
            out[id(edge)] = edge
            if edge.after is not None:
                todo.append(edge.after)
    return list(out.values())


@pytest.mark.parametrize("cutoff", [1, 7])
def test_the_cutoff_stops_every_playout(cutoff):
    """With 40 iterations the tree is at most 40 nodes deep, so a sample that applies more
    than 40 + cutoff moves played on past the cut-off; and every sample is scored by the
    heuristic, once per seat, `cutoff` moves after the tree was left."""
    game = _Marathon()
    _search(ISMCTSAgent(seed=3, iterations=40, cutoff=cutoff), game)
    assert len(game.applies_per_sample) == 40
    assert all(cutoff < n <= 40 + cutoff for n in game.applies_per_sample)
    assert sorted(seat for _, seat in game.heuristic_calls) == [0] * 40 + [1] * 40
    # the tree's first iteration expands the root and is then cut: 1 + cutoff moves
    assert game.heuristic_calls[0][0] == 1 + cutoff


def test_without_a_cutoff_every_playout_reaches_the_end():
    game = _Marathon()
    _search(ISMCTSAgent(seed=3, iterations=40, cutoff=0), game)
    assert game.applies_per_sample == [_Marathon.LENGTH] * 40
    assert game.heuristic_calls == []


def test_the_game_sets_the_default_cutoff_and_the_option_overrides_it():
    class Cut(_Marathon):
        rollout_cutoff = 5

    game = Cut()
    _search(ISMCTSAgent(seed=1, iterations=30), game)
    assert max(game.applies_per_sample) <= 30 + 5 and len(game.heuristic_calls) == 60
    game = Cut()
    _search(ISMCTSAgent(seed=1, iterations=30, cutoff=0), game)
    assert game.applies_per_sample == [_Marathon.LENGTH] * 30


def test_max_rollout_below_the_cutoff_counts_an_unfinished_playout_as_a_draw():
    game = _Marathon((5.0, -5.0))
    nodes = _search(ISMCTSAgent(seed=1, iterations=30, cutoff=50, max_rollout=10), game)
    assert game.heuristic_calls == [] and max(game.applies_per_sample) <= 30 + 10
    assert all(node.total == 0.0 for node in nodes)


# -- on: rewards -------------------------------------------------------------------------------

@pytest.mark.parametrize("values", [(1e9, -3e8), (-1e300, 1e300), (7.0, 7.0), (0.25, 0.0)])
def test_heuristic_rewards_stay_in_range(values):
    nodes = _search(ISMCTSAgent(seed=2, iterations=200, cutoff=3), _Marathon(values))
    assert len(nodes) > 50
    assert all(abs(node.total) <= node.visits + 1e-9 for node in nodes)


def test_two_seats_get_opposite_rewards_on_the_games_scale():
    """seat 0 leads by 2 on a scale of 4: its nodes earn tanh(0.5) a visit, seat 1's the negative."""
    class Scaled(_Marathon):
        heuristic_scale = 4.0

    nodes = _search(ISMCTSAgent(seed=4, iterations=120, cutoff=2), Scaled((3.0, 1.0)))
    r = math.tanh(0.5)
    for node in nodes:
        assert node.total == pytest.approx(node.visits * (r if node.seat == 0 else -r))


def test_three_seats_are_each_scored_against_the_others():
    """Seat 2 leads the others by 1 on the unit scale: tanh(1) for its nodes; seats 0 and 1
    are each 0.5 behind the mean of the other two: tanh(-0.5) for theirs."""
    nodes = _search(ISMCTSAgent(seed=5, iterations=150, cutoff=4), _Trio((0.0, 0.0, 1.0)))
    expected = {0: math.tanh(-0.5), 1: math.tanh(-0.5), 2: math.tanh(1.0)}
    assert {node.seat for node in nodes} == {0, 1, 2}
    for node in nodes:
        assert node.total == pytest.approx(node.visits * expected[node.seat])


@pytest.mark.parametrize("game_id", ["mickey", "cup", "cup/swap", "toy"])
def test_real_games_with_a_cutoff_keep_rewards_in_range(game_id):
    """On real positions (two seats, or three with secret simultaneous choices) the
    heuristic's own scale is mapped into [-1, 1] too, and the choice is legal."""
    game = _load(game_id)
    for i, (state, seat) in enumerate(decision_points(game, range(1), every=7)):
        if len(game.legal_actions(state, seat)) < 2:
            continue
        agent = ISMCTSAgent(seed=i, iterations=60, cutoff=3)
        turn = SealedTurn(game, state, seat)
        assert agent.act(turn) in game.legal_actions(state, seat) and not turn.touched
        nodes = _edges(*agent._search(turn, 0.0)[:2])
        assert all(abs(node.total) <= node.visits + 1e-9 for node in nodes)
