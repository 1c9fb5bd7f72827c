"""The agents find choices whose answer is certain: Wizards Cup battle positions built
with `setup_battle`, and a small three-player game where each seat must be credited with
its own reward."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wizarena
from wizarena.agents import GreedyAgent, ISMCTSAgent
from wizarena.core import Action, Game, Outcome

from .helpers import SealedTurn

# Each position is the last match (chips 1-1), so the match decides the game; the
# opponent's deck is empty and its wizard is on the field, so no hidden card can change
# the answer. (decks, subs, seat to choose, the winning choice)
POSITIONS = [
    # Detective (4) loses to Hermit (7); calling the Sub Card Golem (8) wins.
    ((["Detective"], ["Hermit"]), ("Golem", None), 0, "use ability"),
    # The same from the other seat, so the statistics of seat 1 are its own.
    ((["Hermit"], ["Detective"]), (None, "Golem"), 1, "use ability"),
    # Detective (4) beats Salamander (3); the Sub Card Bard (2) would lose: decline.
    ((["Detective"], ["Salamander"]), ("Bard", None), 0, "decline ability"),
    ((["Salamander"], ["Detective"]), (None, "Bard"), 1, "decline ability"),
    # Two wizards to go against Pyromancer (7) alone: Detective (4) and Salamander (3)
    # both lose to it, Night Sovereign (10) from the Sub Card beats it.
    ((["Detective", "Salamander"], ["Pyromancer"]), ("Night Sovereign", None), 0, "use ability"),
]


def _outcomes(game: Any, state: Any, seat: int) -> dict[str, float]:
    """What each choice leads to when the game is played out from the true state; the
    battle has no more choices in these positions, so this is the certain answer."""
    out = {}
    for action in game.legal_actions(state, seat):
        s = game.clone(state)
        game.apply(s, seat, action)
        while seats := game.to_act(s):
            game.apply(s, seats[0], game.legal_actions(s, seats[0])[0])
        out[action.text] = game.outcome(s).reward(seat)
    return out


@pytest.mark.parametrize("decks, subs, seat, answer", POSITIONS)
def test_ismcts_finds_the_winning_choice(decks, subs, seat, answer):
    game = wizarena.load_game("cup")
    state = game.setup_battle(decks, subs, chips=(1, 1))
    assert game.to_act(state) == (seat,)
    truth = _outcomes(game, state, seat)
    assert truth[answer] == 1 and all(v == -1 for k, v in truth.items() if k != answer)
    for seed in range(3):
        agent = ISMCTSAgent(seed=seed, iterations=2000)
        assert agent.act(SealedTurn(game, state, seat)).text == answer


@pytest.mark.parametrize("decks, subs, seat, answer", POSITIONS)
def test_greedy_finds_a_choice_that_ends_the_game(decks, subs, seat, answer):
    game = wizarena.load_game("cup")
    state = game.setup_battle(decks, subs, chips=(1, 1))
    assert GreedyAgent(seed=1).act(SealedTurn(game, state, seat)).text == answer


# -- a three-player game: each seat maximizes its own reward --------------------------------

class _Relay(Game):
    """Seat 0 picks who answers: "ask 1" or "ask 2". Seat 1 then names the winner, seat 0
    or seat 1; seat 2 instead chooses between seat 0 winning and a draw. A seat that
    looks after itself makes "ask 1" a loss for seat 0 and "ask 2" a draw, so seat 0
    must ask 2. A search that credited every node with the root seat's reward would
    think seat 1 hands seat 0 the win and ask 1."""

    id = "relay"
    player_counts = (3,)
    actions = (Action(0, "ask 1"), Action(1, "ask 2"), Action(2, "seat 0 wins"), Action(3, "seat 1 wins"),
               Action(4, "draw"))

    def new_state(self, seed: int = 0, config: Any = None, *, log: bool = True) -> list:
        return [0, None]  # [seat to act, outcome]

    def to_act(self, state: list) -> tuple[int, ...]:
        return () if state[1] is not None else (state[0],)

    def legal_actions(self, state: list, player: int) -> list[Action]:
        a = self.actions
        return [[a[0], a[1]], [a[2], a[3]], [a[2], a[4]]][player]

    def apply(self, state: list, player: int, action: Action) -> None:
        if action.id < 2:
            state[0] = action.id + 1
        else:
            state[1] = Outcome({2: (0,), 3: (1,), 4: ()}[action.id], 3)

    def outcome(self, state: list) -> Outcome | None:
        return state[1]

    def clone(self, state: list) -> list:
        return state[:]

    def determinize(self, state: list, player: int, rng: random.Random) -> list:
        return state[:]

    def view(self, state: list, player: int | None) -> dict:
        return {"to_act": state[0]}

    def heuristic(self, state: list, player: int) -> float:
        return 0.0


def test_ismcts_credits_each_seat_with_its_own_reward():
    game = _Relay()
    state = game.new_state()
    for seed in range(3):
        assert ISMCTSAgent(seed=seed, iterations=500).act(SealedTurn(game, state, 0)).text == "ask 2"
    # and the answering seats look after themselves
    state[0] = 1
    assert ISMCTSAgent(seed=0, iterations=200).act(SealedTurn(game, state, 1)).text == "seat 1 wins"
    state[0] = 2
    assert ISMCTSAgent(seed=0, iterations=200).act(SealedTurn(game, state, 2)).text == "draw"


# -- information sets: a later seat cannot see an earlier seat's secret ----------------------

class _HideAndSeek(Game):
    """Seat 0 hides in one of three places, unseen, or stays home; seat 1, who did not see
    where, then searches one place. Found: seat 1 wins; not found: seat 0 wins; home: a
    draw. Since the seeker guesses right a third of the time at best, hiding is worth
    about +1/3 to seat 0 and staying home 0. A search that let the seeker see the hiding
    place would find every hiding place a certain loss and stay home."""

    id = "hide-and-seek"
    actions = (Action(0, "hide in the attic"), Action(1, "hide in the cellar"), Action(2, "hide in the shed"),
               Action(3, "stay home"), Action(4, "search the attic"), Action(5, "search the cellar"),
               Action(6, "search the shed"))

    def new_state(self, seed: int = 0, config: Any = None, *, log: bool = True) -> list:
        return [0, -1, None]  # [seat to act, where seat 0 hid, outcome]

    def to_act(self, state: list) -> tuple[int, ...]:
        return () if state[2] is not None else (state[0],)

    def legal_actions(self, state: list, player: int) -> list[Action]:
        return list(self.actions[:4] if player == 0 else self.actions[4:])

    def apply(self, state: list, player: int, action: Action) -> None:
        if action.id == 3:
            state[2] = Outcome((), 2)
        elif action.id < 3:
            state[0], state[1] = 1, action.id
        else:
            state[2] = Outcome((1,) if action.id - 4 == state[1] else (0,), 2)

    def outcome(self, state: list) -> Outcome | None:
        return state[2]

    def clone(self, state: list) -> list:
        return state[:]

    def determinize(self, state: list, player: int, rng: random.Random) -> list:
        sample = state[:]
        if player == 1 and sample[1] >= 0:
            sample[1] = rng.randrange(3)  # the seeker cannot know where
        return sample

    def view(self, state: list, player: int | None) -> dict:
        return {"to_act": state[0], "hid": state[1] if player == 0 else None}

    def observation_tensor(self, state: list, player: int) -> list[float]:
        hid = state[1] if player == 0 else -1
        return [float(state[0] == 1)] + [float(hid == place) for place in range(3)]


def test_ismcts_searches_each_decision_from_what_its_seat_knows():
    """Information sets: the seeker's node is one for every hiding place, so hiding pays."""
    game = _HideAndSeek()
    for seed in range(3):
        choice = ISMCTSAgent(seed=seed, iterations=2000).act(SealedTurn(game, game.new_state(), 0))
        assert choice.text.startswith("hide"), choice.text


def test_a_tree_of_moves_lets_the_seeker_see_the_hiding_place():
    """The single-observer tree, `tree=moves`, keeps a seeker's node per hiding place, as
    if he had watched: every hiding place looks lost and the search stays home."""
    game = _HideAndSeek()
    for seed in range(3):
        choice = ISMCTSAgent(seed=seed, iterations=2000, tree="moves").act(SealedTurn(game, game.new_state(), 0))
        assert choice.text == "stay home"


def test_the_information_key_tells_apart_what_a_seat_can():
    game = _HideAndSeek()
    attic, cellar = game.new_state(), game.new_state()
    game.apply(attic, 0, game.actions[0])
    game.apply(cellar, 0, game.actions[1])
    assert game.information_key(attic, 1) == game.information_key(cellar, 1)  # the seeker cannot
    assert game.information_key(attic, 0) != game.information_key(cellar, 0)  # the hider can
    assert game.information_key(attic, 0) != game.information_key(attic, 1)


def _wide_position() -> tuple[Game, Any, int]:
    """A Wiz-War position with many legal actions: the first with 20 or more."""
    game = wizarena.load_game("wizwar")
    state = game.new_state(3, log=False)
    rng = random.Random(3)
    while True:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) >= 20:
            return game, state, seat
        game.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("widen", [0.3, 0.5])
def test_progressive_widening_keeps_a_node_to_two_times_visits_to_the_power(widen):
    """With `widen` a node takes on a new action only while it has fewer than
    2 * visits^widen; without it, 40 iterations try every root action once first."""
    import time

    from wizarena.core import Turn

    game, state, seat = _wide_position()
    actions = len(game.legal_actions(state, seat))
    iterations = 40
    wide = ISMCTSAgent(seed=1, iterations=iterations, widen=widen)
    root, _, _ = wide._search(Turn(game, state, seat), time.perf_counter())
    assert 2 <= len(root.edges) <= int(2 * iterations ** widen) + 1 < actions
    plain = ISMCTSAgent(seed=1, iterations=iterations)
    root, _, _ = plain._search(Turn(game, state, seat), time.perf_counter())
    assert len(root.edges) == min(actions, iterations)
    with pytest.raises(ValueError, match="widen"):
        ISMCTSAgent(widen=1.5)


def _play_cup_against_random(agent: ISMCTSAgent, seed: int) -> list[tuple[int, int]]:
    """One seeded Cup game, `agent` in seat 0 through a sealed turn, random play in seat 1;
    for each of the agent's searches, (the root's visits kept from before, the visits the
    kept graph had for that information set just before the search)."""
    game = wizarena.load_game("cup")
    state = game.new_state(seed, log=False)
    rng = random.Random(seed)
    seen: list[tuple[int, int]] = []
    while (seats := game.to_act(state)):
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            kept = agent._graph.get(game.information_key(state, 0))
            before = kept.visits if kept is not None else 0
            action = agent.act(SealedTurn(game, state, 0))
            seen.append((agent.last_reused, before))
        else:
            action = rng.choice(legal)
        game.apply(state, seat, action)
    return seen


def test_a_decision_starts_from_what_the_last_search_learned_of_it():
    """`reuse`: "each search starts from the graph the last one left ... and its root
    starts with the visits it had" (ismcts's docstring). In seeded Cup games most of the
    agent's decisions were met by its previous search; the root's visits are exactly
    those, and without `reuse` every search starts from nothing."""
    seen = [pair for seed in range(3)
            for pair in _play_cup_against_random(ISMCTSAgent(seed=seed, iterations=200), seed)]
    assert all(reused == before for reused, before in seen)
    assert sum(1 for reused, _ in seen if reused > 0) > len(seen) // 2
    fresh = [pair for seed in range(3)
             for pair in _play_cup_against_random(ISMCTSAgent(seed=seed, iterations=200, reuse="no"), seed)]
    assert all(pair == (0, 0) for pair in fresh)


def test_the_kept_graph_holds_only_what_the_last_search_passed_through():
    """The memory is bounded by one search: nodes it did not reach are let go."""
    game = wizarena.load_game("cup")
    state = game.new_state(5, log=False)
    seat = game.to_act(state)[0]
    agent = ISMCTSAgent(seed=5, iterations=300)
    agent.act(SealedTurn(game, state, seat))
    first = agent._stamp
    assert first == 300 and agent._graph
    assert all(0 < node.passed <= first for node in agent._graph.values())
    game.apply(state, seat, game.legal_actions(state, seat)[0])
    while game.to_act(state) and game.to_act(state)[0] != seat:
        other = game.to_act(state)[0]
        game.apply(state, other, game.legal_actions(state, other)[0])
    agent.act(SealedTurn(game, state, seat))
    assert all(node.passed > first for node in agent._graph.values())
    with pytest.raises(ValueError, match="reuse"):
        ISMCTSAgent(reuse="maybe")
