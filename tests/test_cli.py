"""The `wizarena` command, driven in-process through `main(argv)` (the console script's
own entry point, error handling included) and once through a real subprocess."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import wizarena
from tests.typed import Typist, any_choice
from wizarena.agents import make_agent
from wizarena.cli import main
from wizarena.core import Turn
from wizarena.core.rng import commitment, derive
from wizarena.engine import describe, engine


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code != 0
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "games.jsonl"
    assert main(["simulate", "cup", "--games", "6", "--agents", "random,random", "--workers", "1",
                 "--out", str(path), "--json"]) == 0
    return path


# -- listing --------------------------------------------------------------------------------------
def test_games_lists_every_variant(run) -> None:
    code, out, _ = run("games")
    assert code == 0
    assert "cup/swap" in out and "Wizards Cup" in out


def test_cards_json_parses(run) -> None:
    code, out, _ = run("cards", "cup", "--json")
    assert code == 0
    cards = json.loads(out)
    assert len(cards) == 18
    assert {"name", "attribute", "power", "kind", "ability", "provenance"} <= set(cards[0])


def test_cards_table_names_every_card(run) -> None:
    _, listing, _ = run("cards", "cup", "--json")
    code, out, _ = run("cards", "cup")
    assert code == 0
    assert all(c["name"] in out for c in json.loads(listing))


def test_help_keeps_extras_in_brackets_and_reflows_its_paragraphs(run) -> None:
    """Issue 27: rich markup swallowed `[ray]`, and help texts kept the line breaks of the
    docstrings they came from. Each paragraph now flows as one text."""
    code, out, _ = run("simulate", "--help")
    assert code == 0 and "wizarena[ray]" in out
    flat = " ".join(out.split())
    assert "each seat equally often; with --no-rotate agent k always sits at seat k" in flat
    assert not any(line.strip() == "count" for line in out.splitlines())  # no word left alone on a line


def test_cards_picks_a_card_by_name_or_by_words(run) -> None:
    """Issue 27: `wizarena cards GAME NAME-OR-WORDS` shows only what was asked for: the card
    of that name, or every card whose facts hold each word."""
    code, out, _ = run("cards", "wizwar/8e", "fireball")
    assert code == 0 and out.splitlines()[0].endswith("cards (1 of 92)") and "Fireball" in out
    code, out, _ = run("cards", "wars", "protector", "--json")
    found = json.loads(out)
    assert code == 0 and len(found) >= 2 and all("Protector" in card["text"] for card in found)
    code, out, _ = run("cards", "wars", "PROTECTOR", "merfolk", "--json")
    assert code == 0 and 1 <= len(json.loads(out)) < len(found)
    code, out, err = run("cards", "cup", "no such card")
    assert assert_one_line_error(code, out, err) == "error: no cup card matches 'no such card'"


def test_cards_piped_are_whole_lines_and_flags_read_as_words(run) -> None:
    """Piped output is for grep and files: no wrapping, no padding, no True/False."""
    _, listing, _ = run("cards", "cup", "--json")
    code, out, _ = run("cards", "cup")
    assert code == 0 and all(line == line.rstrip() for line in out.splitlines())
    assert "False" not in out and "True" not in out
    for card in json.loads(listing):
        if card["ability"]:
            assert f"      ability: {card['ability']}" in out.splitlines()
    detective = next(line for line in out.splitlines() if " Detective " in line)
    assert "  may  " in detective + "  "


def test_no_arguments_shows_help(run) -> None:
    code, out, _ = run()
    assert code == 0 and "simulate" in out


# -- play -------------------------------------------------------------------------------------------
def test_play_a_whole_game_against_random(run) -> None:
    code, out, err = run("play", "cup", "--vs", "random", "--seed", "7", stdin=any_choice(400))
    assert code == 0, err
    assert "game over:" in out
    assert "[Cup 0 Selection]" in out  # events are narrated with their rule
    assert "P0>" in out


def test_play_deals_from_a_secret_seed_and_shows_it_at_the_end(run, tmp_path: Path) -> None:
    """Without --seed the deal is secret: its SHA-256 is printed first, the seed only after
    the result, and the record written with --out proves the game followed from it."""
    out_file = tmp_path / "mine.jsonl"
    code, out, err = run("play", "mickey/mini", "--vs", "random", "--out", str(out_file), stdin=any_choice(3000))
    assert code == 0, err
    pledged = re.search(r"secret seed, SHA-256 ([0-9a-f]{64}): you are P0", out.splitlines()[0])
    revealed = re.search(r"the secret seed was (\d+) ", out)
    assert pledged and revealed and out.index("game over:") < revealed.start()
    seed = int(revealed.group(1))
    assert seed >> 255 == 1 and str(seed) not in out[:revealed.start()]
    assert commitment(seed) == pledged.group(1)
    code, checked, _ = run("replay", str(out_file), "--verify")
    assert code == 0 and "matches the commitment" in checked


def _replayed_events(game_id: str, seed: int, seat: int, spec: str) -> list[str]:
    """The events `seat` may read in the game `play` runs when the person types
    `any_choice`: the same agents with the same seeds, the same moves."""
    game = wizarena.load_game(game_id)
    agents = {s: make_agent(spec, derive(seed, f"agent {s}")) for s in range(game.num_players) if s != seat}
    state = game.new_state(seed, log=True)
    person = Typist()
    while seats := game.to_act(state):
        p = seats[0]
        action = person.choose(game.legal_actions(state, p)) if p == seat else agents[p].act(Turn(game, state, p))
        game.apply(state, p, action)
    return [f"  {e.text}  [{e.rule}]" if e.rule else f"  {e.text}" for e in game.events(state, seat)
            if e.kind != "end"] + [e.rule for e in game.events(state, seat) if e.kind == "end"]


@pytest.mark.parametrize("game_id", ["cup", "cup/swap", "mickey/mini", "mickey/grande", "mickey/official", "wars"])
@pytest.mark.parametrize("seat", [0, 1])
def test_play_narrates_every_event_the_seat_may_read_once_in_order(run, game_id: str, seat: int) -> None:
    """The terminal shows the seat's whole story: each event it may read, once, in order,
    however many events hidden from it happen in between."""
    seed = 11 + seat
    code, out, _ = run("play", game_id, "--vs", "random", "--seat", str(seat), "--seed", str(seed),
                       stdin=any_choice(3000))
    assert code == 0 and "game over" in out
    *expected, ending = _replayed_events(game_id, seed, seat, "random")
    lines = out.splitlines()
    narrated = [ln for ln in lines if ln in set(expected)]
    assert narrated == expected
    # The result is said once, on the last line, with the rule that ended the game.
    assert sum("game over:" in ln for ln in lines) == 1
    assert lines[-1].startswith("game over: ") and lines[-1].endswith(f"[{ending}]")


@pytest.mark.parametrize(("game_id", "menu_line"), [
    ("cup", r"^\s+\d+\) select \w[\w ]* {2}\((Non|Light|Dark|Fire|Water|Grass), power \d+, "
            r"(weak to \w+( and \w+)*|no weakness)(; .+)?\)$"),
    ("mickey/mini", r"^\s+\d+\) (cast|hide) .+ {2}\([a-z/]+, power \d+\)$"),
])
def test_play_menus_show_each_card_s_facts(run, game_id: str, menu_line: str) -> None:
    import re

    code, out, _ = run("play", game_id, "--vs", "random", "--seed", "4", stdin=any_choice(3000))
    assert code == 0
    assert any(re.match(menu_line, line) for line in out.splitlines()), out[-3000:]


def test_play_mickey_board_shows_modified_powers_and_running_totals(run) -> None:
    """While Magics are counted the board gives each its printed and Modified Magic Power
    ("3→4") and each side its running Final Magic Power (a floor while face-down Magics
    hide part of it)."""
    import re

    code, out, _ = run("play", "mickey/mini", "--vs", "random", "--seed", "4", stdin=any_choice(3000))
    assert code == 0
    lines = out.splitlines()
    assert any(re.search(r"\| cast .+ \d+→(\d+|\?)", line) for line in lines), out[-3000:]
    assert any(re.match(r"^(you|P[01]): .*, Magic Power (\d+|≥ \d+ \(face-down Magics unknown\))$", line)
               for line in lines), out[-3000:]


def test_play_default_opponent_and_other_seat(run) -> None:
    code, out, err = run("play", "cup", "--seat", "1", "--seed", "3", stdin=any_choice(400))
    assert code == 0, err
    assert "you are P1" in out and "game over:" in out


def test_play_hotseat_passes_the_terminal(run) -> None:
    code, out, err = run("play", "cup/swap", "--hotseat", "--seed", "2", stdin=any_choice(800))
    assert code == 0, err
    assert "pass the terminal to P1" in out and "game over:" in out


def test_play_bad_input_gets_a_reason_and_the_game_goes_on(run) -> None:
    code, out, err = run("play", "cup", "--vs", "random", "--seed", "7",
                         stdin="frobnicate\n999\nselect\n" + any_choice(400))
    assert code == 0, err
    refusals = [line for line in out.splitlines() if "not accepted" in line]
    assert "'frobnicate' is not a legal action" in refusals[0]
    assert "there is no choice 999 on this menu: the choices are 1-17" in refusals[1]
    assert "ambiguous" in refusals[2]
    assert all("there is no choice" in line for line in refusals[3:])  # any_choice's numbers not on offer
    assert "game over:" in out


@pytest.mark.parametrize("stdin", ["quit\n", "", "select dancer\nexit\n"])
def test_play_quit_or_end_of_input_stops_cleanly(run, stdin: str) -> None:
    """An abandoned game is a failure of the command (more in test_cli_errors.py)."""
    code, out, err = run("play", "cup", "--vs", "random", "--seed", "7", stdin=stdin)
    assert "game abandoned" in assert_one_line_error(code, out, err)


# -- errors: one line, non-zero, no traceback -----------------------------------------------------
@pytest.mark.parametrize("args", [
    ("play", "nosuchgame"),
    ("cards", "nosuchgame"),
    ("play", "cup", "--variant", "nosuchvariant"),
    ("play", "cup", "--vs", "nosuchagent"),
    ("play", "cup", "--seat", "7"),
    ("play", "cup", "--config", "{\"nonsense\": 1}"),
    ("play", "cup", "--config", "[1,"),
    ("simulate", "cup", "--games", "0"),
    ("simulate", "cup", "--games", "-5"),
    ("simulate", "cup", "--games", "3", "--agents", "random,nosuchagent"),
    ("simulate", "cup", "--games", "3", "--agents", "random"),
    ("simulate", "cup", "--games", "3", "--workers", "0"),
    ("replay", "no/such/file.jsonl"),
    ("bench", "cup", "--seconds", "-1"),
    ("nosuchcommand",),
])
def test_errors_are_one_line(run, args: tuple[str, ...]) -> None:
    assert_one_line_error(*run(*args))


def test_unwritable_out_file_is_one_line(run, tmp_path: Path) -> None:
    line = assert_one_line_error(*run("simulate", "cup", "--games", "2", "--workers", "1",
                                      "--out", str(tmp_path / "missing" / "x.jsonl")))
    assert "x.jsonl" in line


@pytest.mark.parametrize("content", ["{not json\n", "[1, 2]\n", "{\"game\": \"cup\"}\n", "\x00\xff\n"])
def test_corrupt_record_file_is_one_line(run, tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="latin-1")
    for extra in ((), ("--verify",)):
        assert_one_line_error(*run("replay", str(path), *extra))


@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_verify_refuses_a_file_without_records(run, tmp_path: Path, content: str) -> None:
    """Nothing verified is not 'ok': an empty file or one of blank lines is an error."""
    path = tmp_path / "empty.jsonl"
    path.write_text(content, encoding="utf-8")
    line = assert_one_line_error(*run("replay", str(path), "--verify"))
    assert "holds no records" in line


def test_tampered_record_reports_the_diverging_step(run, records: Path, tmp_path: Path) -> None:
    lines = records.read_text().splitlines()
    data = json.loads(lines[2])
    data["moves"][12][1] = 0  # a selection where the rules wait for a placement
    lines[2] = json.dumps(data)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    line = assert_one_line_error(*run("replay", str(tampered), "--verify"))
    assert line.startswith("error: record 2 diverges at step 12: ")
    line = assert_one_line_error(*run("replay", str(tampered), "--index", "2"))
    assert "record 2 diverges at step 12" in line
    # The untouched records still replay.
    code, out, _ = run("replay", str(tampered), "--verify", "--index", "1")
    assert code == 0 and "ok: 1 record" in out


def test_verify_names_the_step_where_a_legal_choice_was_changed(run, records: Path, tmp_path: Path) -> None:
    """Another legal choice replays by the rules alone; the step digests name the edited step."""
    from wizarena.core import Record, load_game

    record = Record.from_json(json.loads(records.read_text().splitlines()[3]))
    game = load_game(record.game, record.variant)
    state = game.new_state(record.seed, record.config, log=False)
    for step, (seat, action_id) in enumerate(record.moves):
        swap = [a.id for a in game.legal_actions(state, seat) if a.id != action_id]
        if swap and step >= 5:
            break
        game.apply(state, seat, game.action(action_id))
    data = record.to_json()
    data["moves"][step][1] = swap[0]
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(data) + "\n")
    line = assert_one_line_error(*run("replay", str(edited), "--verify"))
    assert line.startswith(f"error: record 0 diverges at step {step}: ") and "recorded one" in line


def test_verify_says_when_old_records_cannot_be_checked_step_by_step(run, records: Path, tmp_path: Path) -> None:
    data = json.loads(records.read_text().splitlines()[0])
    del data["digests"], data["generator"]
    data["format"] = 1
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps(data) + "\n")
    code, out, _ = run("replay", str(old), "--verify")
    assert code == 0 and "ok: 1 record(s)" in out and "no step digests" in out
    code, out, _ = run("replay", str(old))
    assert code == 0 and "no step digests" in out


# -- simulate ------------------------------------------------------------------------------------
def test_simulate_json(run) -> None:
    code, out, err = run("simulate", "cup", "--games", "40", "--agents", "random,greedy:samples=1",
                         "--workers", "1", "--seed", "9", "--json")
    assert code == 0, err
    data = json.loads(out)  # exactly one JSON object, nothing else on stdout
    for key in ("game", "games", "agents", "seed", "wins", "draws", "mean_steps", "seat_wins", "win_rate_ci"):
        assert key in data
    assert data["agents"] == ["random", "greedy:samples=1"] and data["seed"] == 9
    assert sum(data["wins"]) + data["draws"] == data["games"] == 40
    assert sum(data["seat_wins"]) + data["draws"] == 40
    assert len(data["win_rate_ci"]) == 2 and data["mean_steps"] > 0


def test_simulate_table(run) -> None:
    code, out, _ = run("simulate", "cup", "--games", "20", "--workers", "1")
    assert code == 0
    assert "95% CI" in out and "seat advantage" in out and "mean game length" in out


def test_simulate_same_counts_with_one_or_two_workers(run) -> None:
    results = []
    for workers in ("1", "2"):
        code, out, err = run("simulate", "cup", "--games", "120", "--agents", "random,random",
                             "--seed", "21", "--workers", workers, "--json")
        assert code == 0, err
        data = json.loads(out)
        results.append((data["wins"], data["seat_wins"], data["draws"], data["mean_steps"]))
    assert results[0] == results[1]


def test_simulate_out_replays(run, records: Path) -> None:
    assert len(records.read_text().splitlines()) == 6
    assert json.loads(records.read_text().splitlines()[1])["meta"]["agents"] == ["random", "random"]
    code, out, _ = run("replay", str(records), "--verify")
    assert code == 0 and "ok: 6 record(s)" in out


def test_replay_narrates_with_rule_citations(run, records: Path) -> None:
    code, out, _ = run("replay", str(records), "--index", "1")
    assert code == 0
    assert "[Cup 2 Battle" in out and "game over:" in out
    assert "you select" not in out  # a spectator reads no private events
    code, out, _ = run("replay", str(records), "--index", "1", "--seat", "0")
    assert code == 0 and "you select" in out
    assert_one_line_error(*run("replay", str(records), "--index", "99"))
    assert_one_line_error(*run("replay", str(records), "--seat", "5"))


def test_simulate_progress_off_a_terminal_says_the_time_left(run, monkeypatch) -> None:
    """Piped, progress is a plain line every few seconds, with an estimate of the time left."""
    import wizarena.cli.lab as cli

    monkeypatch.setattr(cli, "PROGRESS_EVERY_S", 0.0)
    code, _, err = run("simulate", "cup", "--games", "6", "--workers", "1")
    assert code == 0
    lines = [ln for ln in err.splitlines() if ln.startswith("simulated ")]
    assert lines and all(" left" in ln and "/6 games, about " in ln for ln in lines)


# -- bench -----------------------------------------------------------------------------------------
def test_bench_json(run) -> None:
    code, out, _ = run("bench", "cup", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("game", "engine", "steps_per_s", "games_per_s", "reference", "reference_steps_per_s", "ratio"):
        assert key in data
    assert data["steps_per_s"] > 0


def test_bench_names_the_engine(run) -> None:
    code, out, _ = run("bench", "cup", "--seconds", "0.1")
    assert code == 0 and out.splitlines()[0] == describe()


def test_version_names_the_engine(run) -> None:
    code, out, _ = run("--version")
    assert code == 0
    assert out.strip() == f"wizarena {wizarena.__version__}, {describe()}"
    assert engine() in out


# -- the real process --------------------------------------------------------------------------------
def test_console_entry_point_in_a_subprocess() -> None:
    cmd = [sys.executable, "-m", "wizarena.cli"]
    done = subprocess.run([*cmd, "play", "cup", "--vs", "random", "--seed", "1"], input=any_choice(400),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "game over:" in done.stdout
    bad = subprocess.run([*cmd, "replay", "no-such-file.jsonl"], capture_output=True, text=True, timeout=60)
    assert_one_line_error(bad.returncode, bad.stdout, bad.stderr)


def test_interrupt_and_internal_errors_are_one_line(run, monkeypatch: pytest.MonkeyPatch) -> None:
    import wizarena.cli.lab as cli

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    def broken(*args: object, **kwargs: object) -> None:
        raise TypeError("a bug")

    monkeypatch.setattr(cli, "run_bench", interrupted)
    code, out, err = run("bench", "cup")
    assert code == 130 and assert_one_line_error(code, out, err) == "error: interrupted"
    monkeypatch.setattr(cli, "run_bench", broken)
    monkeypatch.delenv("WIZARENA_DEBUG", raising=False)
    code, out, err = run("bench", "cup")
    assert "internal error: TypeError: a bug" in assert_one_line_error(code, out, err)


def _command_paths() -> list[tuple[str, ...]]:
    """Every command line that has a help page: the top, each command and each subcommand."""
    import typer.main

    from wizarena.cli import app

    paths: list[tuple[str, ...]] = []

    def walk(command: object, path: tuple[str, ...]) -> None:
        paths.append(path)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return paths


@pytest.mark.parametrize("path", _command_paths(), ids=lambda p: " ".join(p) or "wizarena")
def test_help_names_no_type_for_flags(run, path: tuple[str, ...]) -> None:
    """A flag takes no value, so its help row must not show a `<bool>` placeholder."""
    code, out, _ = run(*path, "--help")
    assert code == 0 and "--help" in out
    assert "<bool>" not in out, out


def test_play_help_name_shows_a_card_and_the_menu_names_squares(run) -> None:
    """`help NAME` explains a card without playing anything; Wiz-War's menu names squares
    as the map labels them, and a square typed alone walks (the Teleport stays in hand)."""
    code, out, _ = run("play", "wizwar", "--vs", "greedy", "--seed", "14",
                       stdin="help teleport\nhelp frobnicate\nc4\nquit\n")
    assert "  Teleport (counteraction, on yourself, 2 in the deck)" in out
    assert "  no help on 'frobnicate'" in out
    assert ") Teleport to c4" in out and "square 17" not in out
    assert "P0 moves S (2 left)" in out and "teleports" not in out
    code, out, _ = run("play", "cup", "--vs", "random", "--seed", "7", stdin="help dancer\nquit\n")
    assert "Dancer (" in out


@pytest.mark.parametrize("game_id", ["cup", "wars", "mickey/mini"])
def test_replay_says_the_result_once_with_its_rule(run, tmp_path: Path, game_id: str) -> None:
    """Issue 27: a replay narrated the closing event and then its own `game over:` line.
    The closing events are cited on the one last line, as `play` does."""
    records = tmp_path / "one.jsonl"
    code, _, err = run("simulate", game_id, "--games", "1", "--workers", "1", "--out", str(records))
    assert code == 0, err
    code, out, err = run("replay", str(records))
    assert code == 0, err
    lines = out.splitlines()
    assert sum("game over" in line.lower() for line in lines) == 1
    assert lines[-1].startswith("game over: ") and lines[-1].endswith("]")


def test_serve_on_a_taken_port_is_one_line_naming_another(run) -> None:
    """Issue 27: with port 8000 taken the server announced its address, then logged an
    error in several lines. The port is tried first; the error says what to do."""
    import socket

    pytest.importorskip("fastapi")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        code, out, err = run("serve", "--port", str(port), "--db", "sqlite://")
    line = assert_one_line_error(code, out, err)
    assert f"port {port} on 127.0.0.1 is taken" in line and f"--port {port + 1}" in line
