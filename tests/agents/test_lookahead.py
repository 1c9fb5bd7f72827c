"""The look-ahead agent: it plays a move through to its answers before judging it, judges by
its lead over the field, and never stalls; in Wiz-War it avoids what made the one-ply
player look foolish (issue 25: dropping what it then picks up, dropping a carried treasure
short of home, turns that never end)."""

from __future__ import annotations

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
