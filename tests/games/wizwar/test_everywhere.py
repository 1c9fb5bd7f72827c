"""Wiz-War everywhere the kernel goes: the agents play it, every `wizarena` command that
takes a game takes it (driven in-process through `main(argv)`), the research adapters
carry 2 and 4 players (the web table: tests/server/test_wizwar_table.py)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import wizarena
from tests.typed import any_choice
from wizarena.agents import make_agent
from wizarena.core import play, read_records, replay

# Cheap searches: a Wiz-War game is hundreds of decisions long.
SEARCH = "ismcts:iterations=4,cutoff=4"


# -- agents ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "specs"), [
    (2, ("greedy:samples=1", "random")),
    (2, ("random", SEARCH)),
    (3, ("random", "greedy:samples=1", "random")),
    (4, ("random", "random", "random", "greedy:samples=1")),
])
def test_agents_play_wizwar_to_the_end(n: int, specs: tuple[str, ...]) -> None:
    game = wizarena.load_game("wizwar", players=n)
    agents = [make_agent(spec, seed) for seed, spec in enumerate(specs)]
    record, final = play(game, agents, 3, log=True)
    assert game.outcome(final) is not None and game.to_act(final) == ()
    assert record.players == n
    _, again = replay(record)
    assert again.log == final.log


def test_the_heuristic_counts_life_and_treasures_brought_home() -> None:
    game = wizarena.load_game("wizwar", players=2)
    s = game.new_state(1)
    base = game.heuristic(s, 0)
    s.life[0] -= 4
    assert game.heuristic(s, 0) == pytest.approx(base - 4)  # a sum of card worths: not exact in binary
    assert game.rollout_cutoff > 0 and game.heuristic_scale > 0


# -- the command line ----------------------------------------------------------------------------
def test_cards_lists_the_deck_with_provenance(run) -> None:
    code, out, err = run("cards", "wizwar", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert len(rows) == len(wizarena.load_game("wizwar").cards)
    assert all(r["source"] and r["confidence"] for r in rows)
    assert {"attack", "counteraction", "neutral", "number"} <= {r["kind"] for r in rows}
    code, out, _ = run("cards", "wizwar")
    assert code == 0 and "Fireball" in out and "source" in out


def test_games_lists_wizwar_for_two_to_four(run) -> None:
    code, out, err = run("games")
    assert code == 0, err
    assert any("wizwar" in line and "2-4" in line for line in out.splitlines())


@pytest.mark.parametrize(("players", "agents"), [
    ("2", "random,greedy:samples=1"),
    ("3", f"random,{SEARCH},random"),
    ("4", "random,random,greedy:samples=1,random"),
])
def test_simulate_and_replay(run, tmp_path: Path, players: str, agents: str) -> None:
    path = tmp_path / "ww.jsonl"
    code, out, err = run("simulate", "wizwar", "--players", players, "--games", "2", "--agents", agents,
                         "--workers", "1", "--seed", "3", "--out", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 2 and sum(data["wins"]) + data["draws"] >= 2
    records = list(read_records(path))
    assert [r.players for r in records] == [int(players)] * 2
    code, out, err = run("replay", str(path), "--verify")
    assert code == 0, err
    code, out, err = run("replay", str(path), "--index", "0")
    assert code == 0, err and "game over" in out


def test_bench(run) -> None:
    code, out, err = run("bench", "wizwar", "--seconds", "0.5", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["steps_per_s"] > 0


def test_play_draws_the_map_and_walks_a_typed_path(run) -> None:
    # P0 against random; "n"/"e"/... and "to c4" are walks, "3" a menu choice, and the
    # game goes on until the input runs out.
    stdin = "n s e w\nto a1\n" + any_choice(7)
    code, out, err = run("play", "wizwar", "--players", "2", "--vs", "random", "--seed", "5", stdin=stdin)
    assert code == 1 and "game abandoned" in err, err  # the input ran out before the end
    assert "your hand (" in out and "+---+" in out and "you: life" in out
    assert "walk by typing directions" in out


def test_play_hotseat_for_three(run) -> None:
    code, out, err = run("play", "wizwar", "--players", "3", "--hotseat", "--seed", "2", stdin="\n" + any_choice(5))
    assert code == 1 and "game abandoned" in err, err  # the input ran out before the end
    assert "hot-seat for 3 players" in out and "pass the terminal to P" in out


# -- research adapters ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
def test_pettingzoo_has_one_agent_per_player(n: int) -> None:
    kit = pytest.importorskip("pettingzoo.test")
    pz = pytest.importorskip("wizarena.interop.pettingzoo")
    e = pz.env("wizwar", players=n)
    assert e.possible_agents == [f"player_{i}" for i in range(n)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kit.api_test(e, num_cycles=60)


@pytest.mark.parametrize("n", [2, 4])
def test_gymnasium_one_learner_against_the_others(n: int) -> None:
    wgym = pytest.importorskip("wizarena.interop.gymnasium")
    e = wgym.WizarenaEnv("wizwar", players=n, seat=n - 1, opponents="random")
    obs, info = e.reset(seed=3)
    assert obs.shape == wizarena.load_game("wizwar", players=n).observation_shape
    assert np.all((obs >= 0) & (obs <= 1))
    for _ in range(2000):
        obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            break
    assert terminated


@pytest.mark.parametrize("n", [2, 4])
def test_openspiel_takes_players_as_a_parameter(n: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    wos = pytest.importorskip("wizarena.interop.openspiel")
    name = wos.register("wizwar") if "wizarena_wizwar" not in pyspiel.registered_names() else "wizarena_wizwar"
    game = pyspiel.load_game(name, {"players": n, "seed": 2})
    assert game.num_players() == n
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.returns()) == n and abs(sum(state.returns())) < 1e-9
