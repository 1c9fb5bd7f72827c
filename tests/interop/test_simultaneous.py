"""Simultaneous decisions through the research adapters: OpenSpiel and PettingZoo ask the
seats of one decision one after another (turn-based, as OpenSpiel's own
turn-based-simultaneous wrapper presents a simultaneous game), so every choice an earlier
seat can make must leave a later seat's information state, observation and action mask
exactly as they were: the later seat's information set holds all of the earlier choices."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from wizarena.core.together import step_is_secret
from wizarena.interop import openspiel, spiel_name

from .conftest import GAMES, IDS

TOGETHER = [(g, v) for g, v in GAMES if g in ("cup", "wars", "toy")]


def _secret_for_every_choice(wz, st, mover, legal) -> bool:
    """Whether every legal step of `mover` here is a secret step of a simultaneous decision."""
    out = True
    for aid in legal:
        after = wz.clone(st)
        wz.apply(after, mover, wz.action(aid))
        out &= step_is_secret(mover, wz.to_act(st), wz.simultaneous(st), wz.to_act(after), wz.simultaneous(after))
    return out


@pytest.mark.parametrize(("game_id", "variant"), TOGETHER, ids=[i for i, gv in zip(IDS, GAMES, strict=True)
                                                                 if gv in TOGETHER])
def test_openspiel_later_seats_learn_nothing_of_an_earlier_choice(game_id, variant):
    openspiel.register_all()
    game = pyspiel.load_game(spiel_name(game_id, variant))
    n = game.num_players()
    compared = 0
    for seed in range(3):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state(str(seed))
        while not state.is_terminal():
            mover = state.current_player()
            legal = state.legal_actions()
            wz, st = state.wizarena_game, state.wizarena_state
            if len(legal) > 1 and _secret_for_every_choice(wz, st, mover, legal):
                seen = None
                for aid in legal:
                    child = state.child(aid)
                    now = [(child.information_state_string(p), child.information_state_tensor(p),
                            child.observation_string(p), child.observation_tensor(p))
                           for p in range(n) if p != mover]
                    assert seen is None or now == seen, (seed, mover, aid)
                    seen = now
                    compared += 1
            state.apply_action(int(rng.choice(legal)))
    assert compared > 20


@pytest.mark.parametrize(("game_id", "variant"), TOGETHER, ids=[i for i, gv in zip(IDS, GAMES, strict=True)
                                                                 if gv in TOGETHER])
def test_pettingzoo_later_agents_observe_the_same_whatever_an_earlier_one_chose(game_id, variant):
    from wizarena.interop.pettingzoo import env

    e = env(game_id, variant)
    wz = e.game
    compared = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        while e.agents and not all(e.terminations.values()):
            agent = e.agent_selection
            mover = e.possible_agents.index(agent)
            mask = e.observe(agent)["action_mask"]
            legal = [int(a) for a in np.flatnonzero(mask)]
            st = e.game_state
            if len(legal) > 1 and _secret_for_every_choice(wz, st, mover, legal):
                seen = None
                for aid in legal:
                    after = wz.clone(st)
                    wz.apply(after, mover, wz.action(aid))
                    e.game_state = after
                    now = [(e.observe(other)["observation"].tobytes(), e.observe(other)["action_mask"].tobytes())
                           for other in e.possible_agents if other != agent]
                    assert seen is None or now == seen, (seed, mover, aid)
                    seen = now
                    compared += 1
                e.game_state = st
            e.step(int(rng.choice(legal)))
    assert compared > 20
