"""The look-ahead agent: it plays a move through to its answers before judging it, judges by
its lead over the field, and never stalls; in Wiz-War it avoids what made the one-ply
player look foolish (issue 25: dropping what it then picks up, dropping a carried treasure
short of home, turns that never end)."""

from __future__ import annotations

import math
import random

import wizarena
from wizarena.agents import make_agent
from wizarena.agents.lookahead import LookaheadAgent
from wizarena.core import Match, Turn
from wizarena.games.wizwar.actions import K_DROP, K_DROP_OBJECT, K_PICK_OBJECT
from wizarena.games.wizwar.state import TURN


def test_a_finished_game_outranks_any_estimate() -> None:
    """At Cup's last decision that wins, the look-ahead takes the win (as greedy does)."""
    game = wizarena.load_game("cup")
    agent = LookaheadAgent(seed=1)
    for seed in range(4):
        _, state = wizarena.core.play(game, [agent, make_agent("random", seed=seed)], seed)
        assert game.outcome(state) is not None


def test_the_default_opponent_of_wizwar_is_the_lookahead() -> None:
    game = wizarena.load_game("wizwar")
    assert isinstance(make_agent(game.default_agent), LookaheadAgent)
    assert wizarena.load_game("cup").default_agent == "greedy"


def _watch(seed: int) -> list[str]:
    """Play one two-player game of the look-ahead against greedy and list every foolish
    thing the look-ahead did."""
    game = wizarena.load_game("wizwar", players=2)
    mine = seed % 2
    agents = [make_agent("lookahead" if s == mine else "greedy", seed=2 * seed + s) for s in range(2)]
    match = Match(game, agents, seed)
    state = match.state
    faults: list[str] = []
    run = 0
    dropped: set[int] = set()
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = agents[seat].act(Turn(game, state, seat))
        if seat == mine:
            code, card = action.data[0], action.data[1]
            if code == K_DROP_OBJECT:
                dropped.add(card)
            elif code == K_PICK_OBJECT and card in dropped and state.turn == mine:
                faults.append(f"round {state.round}: picked up the {card} it had dropped")
            elif code == K_DROP and state.pos[mine] != state.map.home_base(mine):
                carried = state.carried[mine]
                if carried // 2 != mine:
                    faults.append(f"round {state.round}: dropped an enemy treasure short of home")
            run = run + 1 if state.turn == mine and state.phase == TURN else 0
            if run > 45:
                faults.append(f"round {state.round}: a turn of more than 45 decisions")
                break
        if state.turn != mine:
            dropped.clear()
        match.apply(seat, action)
    return faults


def test_in_wizwar_it_does_nothing_foolish() -> None:
    for seed in range(2):
        assert _watch(seed) == []


# -- the look-ahead as ISMCTS's prior (ismcts:prior=lookahead) -------------------------------

def test_a_search_of_one_iteration_guided_by_the_lookahead_plays_its_choice() -> None:
    """PUCT with nothing tried ranks the root's actions by the prior alone, and with
    `prior=lookahead` the prior is the look-ahead's scores through a softmax: one iteration
    plays the look-ahead's favourite, wherever that favourite is the only best."""
    game = wizarena.load_game("wizwar", players=2)
    state = game.new_state(5)
    walker = make_agent("greedy", seed=5)
    compared = 0
    for step in range(120):
        seats = game.to_act(state)
        if not seats:
            break
        turn = Turn(game, state, seats[0])
        legal = turn.legal_actions()
        if len(legal) > 1 and step % 3 == 0:
            seed = 100 + step
            scores = LookaheadAgent(random.Random(seed).getrandbits(32)).scores(turn, legal)
            best = max(scores)
            if scores.count(best) == 1:
                searched = make_agent("ismcts:iterations=1,prior=lookahead", seed=seed).act(turn)
                assert searched == legal[scores.index(best)]
                compared += 1
        game.apply(state, seats[0], walker.act(turn))
    assert compared >= 5


def test_a_search_guided_by_the_lookahead_plays_whole_games_and_repeats_with_its_seed() -> None:
    game = wizarena.load_game("wizwar/8e")
    spec = "ismcts:iterations=30,prior=lookahead"
    records = [wizarena.core.play(game, [make_agent(spec, seed=3), make_agent("greedy", seed=4)], 8)[0]
               for _ in range(2)]
    assert records[0].moves == records[1].moves
    assert records[0].outcome is not None


def test_the_lookahead_prior_is_sharp_a_tenth_of_the_scale_behind_is_nearly_nothing() -> None:
    """The look-ahead's scores differ by tenths between moves it rightly tells apart, so
    the prior is a softmax at a hundredth of the game's heuristic scale: an action scored a
    tenth of the scale below the best gets at most e^-10 of the best's weight."""
    from wizarena.agents.ismcts import ISMCTSAgent
    game = wizarena.load_game("wizwar", players=2)
    state = game.new_state(7)
    walker = make_agent("greedy", seed=7)
    seen = 0
    for step in range(60):
        seat = game.to_act(state)[0]
        turn = Turn(game, state, seat)
        legal = turn.legal_actions()
        if len(legal) > 1 and step % 4 == 0:
            agent = ISMCTSAgent(seed=step, prior="lookahead")
            assert agent._judge is not None
            prior = agent._lookahead_prior(agent._judge, turn)
            scores = LookaheadAgent(random.Random(step).getrandbits(32)).scores(turn, legal)
            assert abs(sum(prior.values()) - 1.0) < 1e-9
            best = max(scores)
            for action, score in zip(legal, scores, strict=True):
                if score <= best - game.heuristic_scale / 10:
                    assert prior[action.id] <= max(prior.values()) * math.exp(-10) * 1.000001
                    seen += 1
        game.apply(state, seat, walker.act(turn))
    assert seen > 0
