"""The OpenSpiel games: registration and game facts, the deal as explicit chance (varied and
reproducible), OpenSpiel's random-simulation test with serialization, pickling and
playthroughs for every game and variant, the information-state tensor, bad input, and
OpenSpiel's own algorithms (MCTS, ISMCTS, CFR, MCCFR) running on our games."""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

import wizarena
from wizarena.agents import make_agent
from wizarena.core import WizarenaError
from wizarena.interop import spiel_name

from .conftest import GAMES, IDS

pyspiel = pytest.importorskip("pyspiel")
wos = pytest.importorskip("wizarena.interop.openspiel")

# Wiz-War's and Mickey's games run to hundreds of decisions, and OpenSpiel's test harness and
# playthrough generator read every string and tensor of every seat at every step: these
# tests cut them at a number of decisions (max_steps, a draw there) to stay at seconds.
LONG = {"wizwar": 150, "mickey": 80, "wars": 80}
# A playthrough also prints every tensor of every seat at every step (Wiz-War's
# information state is 6,102 floats): shorter still.
PLAYTHROUGH = {"wizwar": 15, "mickey": 25, "wars": 25}


@pytest.fixture(autouse=True)
def registered() -> None:
    wos.register_all()


def params_for(game_id: str, **more: object) -> dict[str, object]:
    out: dict[str, object] = {"max_steps": LONG[game_id]} if game_id in LONG else {}
    out.update(more)
    return out


def deal(state, rng: np.random.RandomState) -> None:
    """Play the chance nodes of the deal, as OpenSpiel's samplers do."""
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


def random_play(state, rng: np.random.RandomState, steps: int | None = None):
    """Play uniformly at random, chance included, for `steps` steps or to the end."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.is_chance_node():
            deal(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        done += 1
    return state


# -- registration and facts -------------------------------------------------------------------
def test_every_game_and_variant_is_registered():
    names = wos.register_all()
    assert {"wizarena_cup", "wizarena_cup_swap", "wizarena_toy", "wizarena_toy_quick"} <= set(names)
    assert set(names) <= set(pyspiel.registered_names())
    assert wos.register_all() == names  # again: nothing new, nothing lost


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_game_facts(game_id, variant):
    ours = wizarena.load_game(game_id, variant)
    game = pyspiel.load_game(spiel_name(game_id, variant))
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_distinct_actions() == ours.num_distinct_actions
    assert game.num_players() == ours.num_players
    assert game.max_game_length() == ours.max_game_length
    assert game.max_chance_outcomes() == 256
    assert game.observation_tensor_shape() == list(ours.observation_shape)
    # bounded: the observation plus three rows over the action ids, whatever the game's length
    assert game.information_state_tensor_size() == ours.observation_shape[0] + 3 * ours.num_distinct_actions
    params = game.get_parameters()
    assert (params["rng_seed"], params["deals"], params["seed"], params["max_steps"]) == (0, 256**3, -1, 0)


def test_the_classes_are_importable_by_name():
    from wizarena.interop.openspiel import WizarenaCupGame, WizarenaCupSwapGame

    assert WizarenaCupGame is wos.game_class("cup") and WizarenaCupSwapGame is wos.game_class("cup", "swap")
    assert type(pyspiel.load_game("wizarena_cup")) is WizarenaCupGame
    assert pickle.loads(pickle.dumps(WizarenaCupGame)) is WizarenaCupGame
    with pytest.raises(AttributeError):
        wos.WizarenaNoSuchGame  # noqa: B018


# -- chance: the deal ---------------------------------------------------------------------------
def test_the_root_deals_by_explicit_chance():
    game = pyspiel.load_game("wizarena_cup")
    s = game.new_initial_state()
    assert s.is_chance_node() and s.wizarena_state is None and s.wizarena_seed is None
    for step, digit in enumerate((1, 2, 3)):
        outcomes = s.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256)) and s.legal_actions() == list(range(256))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0) and len({p for _, p in outcomes}) == 1
        assert s.information_state_string(0) == s.information_state_string(1)  # nothing dealt, nothing seen
        assert not any(s.information_state_tensor(0))
        assert s.action_to_string(pyspiel.PlayerId.CHANCE, digit).startswith(f"deal digit {step + 1} of 3")
        s.apply_action(digit)
    number = (1 * 256 + 2) * 256 + 3
    assert s.wizarena_seed == number and s.history() == [1, 2, 3] and not s.is_chance_node()
    assert s.wizarena_state.pick == wizarena.load_game("cup").new_state(number).pick


def test_deal_numbers_name_wizarena_games_per_rng_seed():
    game = pyspiel.load_game("wizarena_cup", {"rng_seed": 5, "deals": 512})
    s = game.new_initial_state()
    assert len(s.chance_outcomes()) == 2
    s.apply_action(1)
    s.apply_action(7)
    assert s.wizarena_seed == 5 * 512 + 256 + 7
    pinned = pyspiel.load_game("wizarena_cup", {"seed": 9}).new_initial_state()
    assert pinned.chance_outcomes() == [(0, 1.0)]
    pinned.apply_action(0)
    assert pinned.wizarena_seed == 9
    direct = game.new_initial_state("12")  # wizarena game 12, dealt
    assert direct.wizarena_seed == 12 and direct.history() == [0] and not direct.is_chance_node()
    assert wos.deal_radices(1) == (1,) and wos.deal_radices(256) == (256,)
    assert wos.deal_radices(512) == (2, 256) and wos.deal_radices(256**3) == (256, 256, 256)


def test_rl_environment_resets_vary_and_reproduce():
    from open_spiel.python import rl_environment

    def seeds(env_seed: int, rng_seed: int = 0) -> list[int]:
        env = rl_environment.Environment(pyspiel.load_game("wizarena_cup", {"rng_seed": rng_seed}))
        env.seed(env_seed)
        out = []
        for _ in range(8):
            env.reset()
            out.append(env.get_state.wizarena_seed)
        return out

    first = seeds(3)
    assert len(set(first)) == 8  # every reset a new deal
    assert seeds(3) == first  # and the same ones again from the same seed
    assert seeds(4) != first
    other_book = seeds(3, rng_seed=1)
    assert [s - 256**3 for s in other_book] == first  # rng_seed 1: the next book of deals


def test_rng_seed_minus_one_draws_a_book_and_names_it():
    game = pyspiel.load_game("wizarena_cup", {"rng_seed": -1})
    drawn = game.get_parameters()["rng_seed"]
    assert drawn >= 0
    assert pyspiel.load_game(str(game)).get_parameters()["rng_seed"] == drawn  # the string reproduces it


# -- OpenSpiel's test harness, serialization, pickling, playthroughs -----------------------------
@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_openspiel_random_sim_test_with_serialization(game_id, variant):
    name = spiel_name(game_id, variant)
    # 8: a path where two legal actions once read alike (the harness fails such a state)
    extras = [{}] if game_id in LONG else [{}, {"rng_seed": 8, "deals": 512}, {"seed": 8}]
    for extra in extras:
        game = pyspiel.load_game(name, params_for(game_id, **extra))
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_pickle_and_serialize_round_trips(game_id, variant):
    game = pyspiel.load_game(spiel_name(game_id, variant), {"config": ""})
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.new_initial_state().is_chance_node()
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    checkpoints = [state.clone()]
    state.apply_action(7)
    checkpoints.append(state.clone())  # in the middle of the deal
    deal(state, rng)
    checkpoints.append(state.clone())
    random_play(state, rng, steps=15)
    checkpoints.append(state.clone())
    random_play(state, rng)
    checkpoints.append(state)  # over
    for s in checkpoints:
        for copy in (pickle.loads(pickle.dumps(s)), pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, s))[1]):
            assert type(copy) is type(s)
            assert str(copy) == str(s) and copy.history() == s.history()
            assert copy.move_number() == s.move_number() and copy.returns() == s.returns()
            if not s.is_chance_node():
                for p in range(game.num_players()):
                    assert copy.information_state_string(p) == s.information_state_string(p)
                    assert copy.information_state_tensor(p) == s.information_state_tensor(p)
            if not s.is_terminal():
                a = random_play(s.clone(), np.random.RandomState(5), steps=6)
                b = random_play(copy, np.random.RandomState(5), steps=6)
                assert a.history() == b.history() and str(a) == str(b)


@pytest.mark.parametrize(("game_id", "variant"), GAMES, ids=IDS)
def test_playthrough_generates_and_replays(game_id, variant):
    from open_spiel.python.algorithms import generate_playthrough

    params = {"max_steps": PLAYTHROUGH[game_id]} if game_id in PLAYTHROUGH else {}
    game = pyspiel.load_game(spiel_name(game_id, variant), params)
    text = generate_playthrough.playthrough(str(game), None, seed=3)
    assert "GameType.chance_mode = ChanceMode.EXPLICIT_STOCHASTIC" in text
    assert "ChanceOutcomes() = [(0,0.00390625), (1,0.00390625)" in text and "IsTerminal() = True" in text
    actions = [int(a) for a in re.findall(r"^action: (\d+)$", text, re.M)]
    assert len(actions) > 3
    # the same text again from the game string and the recorded actions alone
    assert generate_playthrough.playthrough(str(game), actions, seed=99) == text


def test_a_pickled_state_loads_in_a_fresh_process():
    """Nothing registered there: unpickling imports the module and registers the game."""
    state = random_play(pyspiel.load_game("wizarena_cup_swap", {"rng_seed": 4}).new_initial_state(),
                        np.random.RandomState(2), steps=12)
    code = ("import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); "
            "print(s.get_game()); print(s.history()); print(s.information_state_string(0))")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True,
                         check=True).stdout.decode().splitlines()
    assert out == [str(state.get_game()), str(state.history()), state.information_state_string(0)]


def test_config_survives_the_game_string():
    game = pyspiel.load_game("wizarena_toy", {"config": '{"rounds": 2, "target": 2}'})
    assert "," not in game.get_parameters()["config"]  # kept escaped: OpenSpiel splits on commas
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.config == {"rounds": 2, "target": 2}
    s = random_play(again.new_initial_state(), np.random.RandomState(0), steps=3)
    assert s.wizarena_state.rounds == 2


def test_max_steps_ends_the_game_as_a_draw():
    game = pyspiel.load_game("wizarena_cup", {"max_steps": 4})
    assert game.max_game_length() == 4
    s = random_play(game.new_initial_state(), np.random.RandomState(0))
    assert s.is_terminal() and len(s.history()) == 3 + 4 and s.returns() == [0.0, 0.0]
    assert s.legal_actions() == [] and s.wizarena_game.outcome(s.wizarena_state) is None


# -- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize(("params", "message"), [
    ({"rng_seed": -2}, "rng_seed must be an integer from -1"),
    ({"seed": -3}, "seed must be an integer from -1"),
    ({"deals": 0}, "deals must be an integer from 1"),
    ({"deals": 300}, "deals must be at most 256 or m \\* 256\\*\\*k"),
    ({"max_steps": -1}, "max_steps must be an integer from 0"),
    ({"config": "swap"}, "config must be a JSON object"),
    ({"config": "[1]"}, "config must be a JSON object, not list"),
    ({"config": '{"colour": 1}'}, "unknown config for cup: colour"),
])
def test_bad_parameters_are_refused_with_one_line(params, message):
    with pytest.raises(Exception, match=message) as info:
        pyspiel.load_game("wizarena_cup", params)
    assert "\n" not in str(info.value).strip()


def test_corrupt_or_foreign_serialized_input_is_refused():
    game = pyspiel.load_game("wizarena_cup")
    state = game.new_initial_state("5")
    state._table.trail.append(9999)  # a serialized state whose history holds a step the game refuses
    with pytest.raises(WizarenaError, match="step 1 \\(action 9999\\) does not replay: no action has id 9999"):
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    with pytest.raises(WizarenaError, match="does not replay"):
        wos._replay(str(game), 0, (256, 256, 256), (1, 2, 3, 9999))
    with pytest.raises(WizarenaError, match="bad deal"):
        wos._replay(str(game), -4, (256,), ())
    with pytest.raises(WizarenaError, match="no \\[Game\\] section"):
        wos.load_state("not a state")
    with pytest.raises(WizarenaError, match="no wizarena game is called 'wizarena_nothing'"):
        wos.load("wizarena_nothing(players=2)")
    with pytest.raises(WizarenaError, match="wizarena game number"):
        game.new_initial_state("twelve")
    sample = random_play(game.new_initial_state(), np.random.RandomState(0), steps=5).resample_from_infostate(
        0, pyspiel.UniformProbabilitySampler(0, 0.0, 1.0))
    with pytest.raises(WizarenaError, match="cannot be serialized"):
        pickle.dumps(sample)
    with pytest.raises(WizarenaError, match="chance node"):
        wos.act(make_agent("random", seed=0), game.new_initial_state())


# -- the information state --------------------------------------------------------------------
def test_information_state_tensor_summarises_own_actions():
    game = pyspiel.load_game("wizarena_cup")
    n = game.num_distinct_actions()
    obs = game.observation_tensor_size()
    state = game.new_initial_state("3")
    taken = []
    while len(taken) < 3:
        if state.current_player() == 0:
            taken.append(state.legal_actions()[0])
        state.apply_action(state.legal_actions()[0])
    t = np.array(state.information_state_tensor(0))
    assert np.array_equal(t[:obs], state.observation_tensor(0))
    counts = t[obs:obs + n]
    assert sorted(np.flatnonzero(counts)) == sorted(set(taken)) and set(counts[counts > 0]) == {0.5}
    last = t[obs + n:].reshape(2, n)
    assert np.flatnonzero(last[0]).tolist() == [taken[-1]] and np.flatnonzero(last[1]).tolist() == [taken[-2]]
    assert json.loads(state.information_state_string(0))["own_actions"] == taken


# -- OpenSpiel's algorithms on our games ---------------------------------------------------------
def test_returns_are_the_outcome():
    game = pyspiel.load_game("wizarena_cup_swap", {"rng_seed": 2})
    rng = np.random.RandomState(0)
    s = game.new_initial_state()
    while not s.is_terminal():
        assert s.returns() == [0.0, 0.0]
        random_play(s, rng, steps=1)
    outcome = s.wizarena_game.outcome(s.wizarena_state)
    assert s.returns() == [outcome.reward(0), outcome.reward(1)]


def test_openspiel_mcts_and_ismcts_play_our_games():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("wizarena_cup", {"rng_seed": 3})
    rollout = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 2.0, 20, rollout, random_state=np.random.RandomState(1)),
            ismcts.ISMCTSBot(game, rollout, 2.0, 20, random_state=np.random.RandomState(2))]
    s = game.new_initial_state()
    deal(s, np.random.RandomState(3))
    while not s.is_terminal():
        s.apply_action(bots[s.current_player()].step(s))
    assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_ismcts_against_our_ismcts():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("wizarena_cup")
    theirs = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 25,
                              random_state=np.random.RandomState(1))
    ours = make_agent("ismcts:iterations=25", seed=1)
    s = game.new_initial_state("4")
    while not s.is_terminal():
        s.apply_action(theirs.step(s) if s.current_player() == 0 else wos.act(ours, s))
    assert s.returns()[0] == -s.returns()[1]


def test_tabular_cfr_reaches_a_low_nash_conv_on_a_small_configuration():
    """One round of the three-seat toy, one deal: small enough for OpenSpiel's tabular CFR
    and for computing NashConv exactly."""
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game("wizarena_toy", {"seed": 1, "config": '{"rounds": 1}'})
    solver = cfr.CFRSolver(game)
    start = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(20):
        solver.evaluate_and_update_policy()
    end = exploitability.nash_conv(game, solver.average_policy())
    assert start > 1.0 and end < 0.25 * start
    table = solver.average_policy().action_probability_array
    assert np.allclose(table.sum(axis=1), 1.0)


def test_a_small_book_of_deals_is_honest_chance_for_tree_algorithms():
    """With two deals the root is a fair coin between wizarena games 0 and 1: the game's value
    under any policy is the mean of the two pinned games' values, and CFR's tree, its policy
    table and a best response agree on one tree."""
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    config = '{"rounds": 1}'
    book = pyspiel.load_game("wizarena_toy", {"deals": 2, "config": config})
    pinned = [pyspiel.load_game("wizarena_toy", {"seed": k, "config": config}) for k in (0, 1)]

    def value(game) -> np.ndarray:
        uniform = policy_lib.UniformRandomPolicy(game)
        return np.array(expected_game_score.policy_value(game.new_initial_state(), [uniform] * 3))

    values = [value(g) for g in pinned]
    assert not np.allclose(values[0], values[1])  # the two deals really differ (the toy's die rolls)
    assert np.allclose(value(book), (values[0] + values[1]) / 2)
    solver = cfr.CFRSolver(book)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(book, solver.average_policy()) < exploitability.nash_conv(
        book, policy_lib.UniformRandomPolicy(book))


def test_outcome_sampling_mccfr_runs_on_full_cup():
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("wizarena_cup")
    np.random.seed(0)  # OpenSpiel's MCCFR samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = random_play(game.new_initial_state(), np.random.RandomState(1), steps=4)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1.0)
