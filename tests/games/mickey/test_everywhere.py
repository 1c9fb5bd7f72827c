"""Wizards of Mickey everywhere the kernel goes: the agents play it to the end, and every
`wizarena` command that takes a game takes it, driven in-process through `main(argv)`."""

from __future__ import annotations

import io
import json
import sys
from importlib import resources
from pathlib import Path

import pytest

from tests.typed import any_choice
from wizarena.agents import make_agent
from wizarena.cli import main
from wizarena.core import play, read_records, replay
from wizarena.games.mickey.effects import CARDS

from .helpers import MINI, OFFICIAL

DECKS = Path(str(resources.files("wizarena.games.mickey").joinpath("data/decks")))



# -- agents ------------------------------------------------------------------------------------
@pytest.mark.parametrize("specs", [
    ("random", "random"),
    ("greedy", "random"),
    ("random", "greedy"),
    ("ismcts:iterations=50", "greedy"),
    ("random", "ismcts:iterations=50"),
])
def test_agents_play_minisfida_to_the_end(specs: tuple[str, str]) -> None:
    agents = [make_agent(spec, seed) for seed, spec in enumerate(specs)]
    record, final = play(MINI, agents, 11, log=True)
    out = MINI.outcome(final)
    assert out is not None and MINI.to_act(final) == ()
    assert record.meta["agents"] == [a.name for a in agents]
    _, again = replay(record)
    assert again.log == final.log


def test_greedy_plays_the_official_challenge_through_its_setup_decisions() -> None:
    """Support exchanges, line-up and chosen Castles are decisions too; greedy tries each
    on determinized tables, so each must be legal there as well."""
    record, final = play(OFFICIAL, [make_agent("greedy:samples=2", 1), make_agent("greedy:samples=2", 2)], 5)
    assert OFFICIAL.outcome(final) is not None
    texts = [OFFICIAL.actions[a].text for _, a in record.moves]
    assert any(t.startswith("line up ") for t in texts) and any(t.startswith("bring ") for t in texts)


# -- cards, decks --------------------------------------------------------------------------------
def test_greedy_reads_the_challenge_in_progress_and_beats_random() -> None:
    """The heuristic weighs the stake by who leads the count as it stands (7.8); a greedy
    player that cannot see that plays no better than chance (it scored 46% before)."""
    wins = 0
    for seed in range(100):
        agents = [make_agent("greedy", seed), make_agent("random", seed + 1)]
        if seed % 2:
            agents.reverse()
        _, state = play(MINI, agents, seed)
        wins += state.result.winners == ((0,) if seed % 2 == 0 else (1,))
    assert wins >= 62  # 74 of these 100; chance would give 50 +- 5


def test_cards_lists_the_collection(run) -> None:
    code, out, err = run("cards", "mickey", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert len(rows) == len(CARDS)
    assert {r["kind"] for r in rows} == {"wizard", "magic", "castle"}
    assert all({"id", "kind", "name", "colours", "text"} <= set(r) for r in rows)
    assert all("power" in r for r in rows if r["kind"] == "magic")
    code, out, _ = run("cards", "mickey")
    assert code == 0
    assert f"Wizards of Mickey cards ({len(CARDS)})" in out
    assert all(c.name in out for c in CARDS)


def test_deck_check_a_ready_deck(run) -> None:
    path = str(DECKS / "mini-ember.toml")
    code, out, err = run("deck", "check", "mickey", path, "--format", "mini")
    assert code == 0, err
    assert out.splitlines() == [f"{path}: legal mini deck (Ember Sparks)"]
    code, out, _ = run("deck", "check", "mickey", path)  # the file says mini itself
    assert code == 0 and "legal mini deck" in out


def test_deck_check_every_ready_deck_in_its_own_format(run) -> None:
    for path in sorted(DECKS.glob("*.toml")):
        code, out, err = run("deck", "check", "mickey", str(path))
        assert code == 0, (path.name, out, err)
        assert f"legal {path.name.split('-')[0]} deck" in out.splitlines()[0]


def test_deck_check_a_broken_copy_lists_each_violation(run, tmp_path: Path) -> None:
    text = (DECKS / "mini-ember.toml").read_text(encoding="utf-8")
    assert '"Emberbolt" = 2' in text
    text = text.replace('"Emberbolt" = 2', '"Emberbolt" = 4') + '"Ripple" = 1\n'
    broken = tmp_path / "broken.toml"
    broken.write_text(text, encoding="utf-8")
    code, out, err = run("deck", "check", "mickey", str(broken), "--format", "mini")
    assert code == 1 and err == ""
    assert out.splitlines() == [
        "4.1: the Magic deck has 28 cards; a mini deck needs exactly 25",
        "1.3: 4 copies of Emberbolt in the Magic deck; at most 3",
        "4.1: Ripple is blue, but no team Wizard is blue",
    ]
    # the same file is one line short of legal in no other way: its Castles are fine
    code, out, _ = run("deck", "check", "mickey", str(broken), "--format", "grande")
    assert code == 1 and "the Castle deck has 5 cards; a grande deck needs exactly 8" in out


# -- simulate and replay -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("mickey") / "mini.jsonl"
    buf = io.StringIO()
    real = sys.stdout
    sys.stdout = buf
    try:
        code = main(["simulate", "mickey/mini", "--games", "12", "--agents", "random,greedy:samples=1",
                     "--workers", "1", "--seed", "5", "--out", str(path), "--json"])
    finally:
        sys.stdout = real
    assert code == 0
    return path, json.loads(buf.getvalue())


def test_simulate_minisfida(records) -> None:
    path, data = records
    assert data["game"] in ("mickey/mini", "mickey")
    assert data["games"] == 12 and data["agents"] == ["random", "greedy:samples=1"] and data["seed"] == 5
    assert sum(data["wins"]) + data["draws"] == 12 == sum(data["seat_wins"]) + data["draws"]
    assert data["mean_steps"] > 0
    recs = list(read_records(path))
    assert len(recs) == 12
    assert {(r.game, r.variant) for r in recs} == {("mickey", "mini")}
    assert [r.seed for r in recs] == list(range(5, 17))


def test_simulate_table_and_other_formats(run) -> None:
    code, out, err = run("simulate", "mickey", "--variant", "official", "--games", "4", "--workers", "1")
    assert code == 0, err
    assert "95% CI" in out and "mean game length" in out
    code, out, err = run("simulate", "mickey/grande", "--games", "4", "--workers", "1", "--json",
                         "--config", '{"max_turns": 3}')
    assert code == 0, err
    assert json.loads(out)["games"] == 4


def test_replay_verifies_and_narrates_with_rule_citations(run, records) -> None:
    path, _ = records
    code, out, err = run("replay", str(path), "--verify")
    assert code == 0, err
    assert "ok: 12 record(s) replay exactly" in out
    code, out, err = run("replay", str(path), "--index", "3")
    assert code == 0, err
    assert "record 3: Wizards of Mickey (mickey/mini)" in out
    assert "[WoM 7.2]" in out and "[WoM 7.3]" in out and "game over:" in out
    assert "you draw" not in out  # a spectator reads no private events
    code, out, _ = run("replay", str(path), "--index", "3", "--seat", "1")
    assert code == 0 and "you draw" in out and "P0 draws 5 cards" in out


def test_tampered_mickey_record_names_the_step(run, records, tmp_path: Path) -> None:
    path, _ = records
    lines = path.read_text().splitlines()
    data = json.loads(lines[0])
    data["moves"][0][0] = 1 - data["moves"][0][0]  # the other seat chooses the first player
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text(json.dumps(data) + "\n")
    code, out, err = run("replay", str(tampered), "--verify")
    assert code == 1 and err.startswith("error: record 0 diverges at step 0: ")


# -- bench ------------------------------------------------------------------------------------------
def test_bench_json(run) -> None:
    code, out, err = run("bench", "mickey", "--seconds", "0.2", "--json")
    assert code == 0, err
    data = json.loads(out)
    for key in ("game", "steps_per_s", "games_per_s", "mean_steps", "reference", "ratio"):
        assert key in data
    assert data["game"].startswith("mickey") and data["steps_per_s"] > 0 and data["mean_steps"] > 0


# -- play ---------------------------------------------------------------------------------------------
def test_play_minisfida_against_random(run) -> None:
    code, out, err = run("play", "mickey/mini", "--vs", "random", "--seed", "7", stdin=any_choice(400))
    assert code == 0, err
    assert "Wizards of Mickey (mickey/mini), seed 7: you are P0" in out
    assert "P0>" in out and "game over:" in out
    assert "[WoM 6.1.3]" in out and "[WoM 7.2]" in out  # events are narrated with their rule
    assert "you draw" in out  # the seat's own private events
    assert "Traceback" not in out + err


def test_play_other_seat_and_hotseat(run) -> None:
    code, out, err = run("play", "mickey", "--variant", "mini", "--seat", "1", "--seed", "3", stdin=any_choice(400))
    assert code == 0, err
    assert "you are P1" in out and "game over:" in out
    code, out, err = run("play", "mickey/mini", "--hotseat", "--seed", "2", stdin=any_choice(800))
    assert code == 0, err
    assert "pass the terminal to P1" in out and "game over:" in out


def test_play_bad_input_and_quitting(run) -> None:
    code, out, err = run("play", "mickey/mini", "--vs", "random", "--seed", "7",
                         stdin="frobnicate\n999\np\n" + any_choice(400))
    assert code == 0, err
    refusals = [line for line in out.splitlines() if "not accepted" in line]
    assert "'frobnicate' is not a legal action" in refusals[0]
    assert "there is no choice 999" in refusals[1]
    assert all("there is no choice" in line for line in refusals[3:])  # any_choice's numbers not on offer
    assert "ambiguous" in refusals[2]
    assert "game over:" in out
    code, out, err = run("play", "mickey/mini", "--vs", "random", "--seed", "7", stdin="1\nquit\n")
    # An abandoned game is no success: exit status 1, one line on stderr.
    assert code == 1 and "game abandoned" in err and "Traceback" not in out + err
