"""Designed experiments on top of `simulate`: which deck wins, which card is too strong,
does going first matter.

A study plays pairings and pools them:
- in a game with decks (a config taking `{"decks": [seat 0's, seat 1's]}`), every pair of
  decks, each deck in both seats for half the games, one agent piloting both sides; both
  seat orders use the same seeds, so each deck meets the same shuffles from either seat;
- in a game without decks (Cup, whose players pick from the same cards; Wiz-War), every
  pair of agents, the seats rotating from game to game; a single agent plays itself;
- with more than two players, one line-up of the agents named, the seats rotating.

From the pooled games it reports the matchup matrix (the row's win rate against the
column, both seat orders together), the cards (the win rate of the side that used each
card, as the game's `cards_used` hook says), and the seats (each seat's win rate and the
game-length distribution). Intervals are Wilson's at 95%; a draw is not a win.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from contextlib import nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wizarena.core import WizarenaError, load_game
from wizarena.core.decks import games_ready_decks

from .backends import RayCluster
from .simulate import simulate
from .stats import rate, wilson

KINDS = ("matchups", "cards", "seats")
MAX_ENTRANTS = 16  # 120 pairings: beyond that a study is a job for several runs


class StudyError(WizarenaError):
    """A study that cannot be designed as asked: a deck that is unknown or illegal, too many
    entrants, a kind the game cannot answer."""


def _deck_label(spec: str) -> str:
    return Path(spec).stem if spec.endswith(".toml") else spec


def _ready_decks(game: Any) -> list[str]:
    """The ready decks that shipped with the game and are legal in this variant (a format's
    decks are legal in it alone)."""
    legal = []
    for name in games_ready_decks(game):
        try:
            game.new_state(0, {"decks": [name, name]}, log=False)
        except ValueError:
            continue
        legal.append(name)
    return legal


def _check_decks(game: Any, specs: list[str]) -> dict[str, Any]:
    """label -> the deck as the game's config takes it (a deck file read here, on the
    command line's machine); an unknown or illegal deck fails once, in one line."""
    decks: dict[str, Any] = {}
    for spec in specs:
        label = _deck_label(spec)
        if label in decks:
            raise StudyError(f"deck {label!r} is named twice")
        try:
            config = game.read_local_config({"decks": [spec, spec]})
            game.new_state(0, config, log=False)
        except (ValueError, WizarenaError) as exc:
            message = str(exc).replace("P0's deck", "the deck")
            raise StudyError(f"deck {label}: {message}") from None
        decks[label] = config["decks"][0]
    return decks


def _has_decks(game: Any) -> bool:
    return bool(game.deck_rules)


def run_study(
    game_id: str,
    kinds: list[str],
    *,
    decks: list[str] | None = None,
    agents: list[str] | None = None,
    games: int = 200,
    seed: int = 0,
    players: int | None = None,
    workers: int | None = None,
    backend: str = "pool",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the study and return its results as the dict `report.write_report` takes.

    `games` is per pairing. `progress(done, total)` is called as games finish."""
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        raise StudyError(f"--kind is one or more of {', '.join(KINDS)}, not {', '.join(bad) or 'nothing'}")
    if games < 2:
        raise StudyError(f"a study needs at least 2 games a pairing, not {games}")
    game = load_game(game_id, players=players)
    with_decks = _has_decks(game) and game.num_players == 2
    if decks and not with_decks:
        raise StudyError(f"{game.full_id} has no decks to study: compare agents with --agents")
    specs = agents or (["greedy"] if with_decks else ["random", "greedy"])
    started = time.perf_counter()
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    pairings: list[tuple[str, str, list[str], dict[str, Any] | None, bool]] = []  # a, b, agents, config, rotate
    if with_decks:
        if len(specs) != 1:
            raise StudyError("a deck study has one agent pilot every deck: give one --agents spec")
        chosen = _check_decks(game, decks) if decks else {d: d for d in _ready_decks(game)}
        if len(chosen) < 2:
            raise StudyError(f"{game.full_id} needs two or more decks to compare (--decks A,B,...)")
        entrants, entrant_kind = list(chosen), "deck"
        half = (games + 1) // 2
        for a, b in itertools.combinations(entrants, 2):
            pairings.append((a, b, specs * 2, {"decks": [chosen[a], chosen[b]]}, False))
            pairings.append((b, a, specs * 2, {"decks": [chosen[b], chosen[a]]}, False))
        per_run = half
    elif game.num_players == 2:
        entrants, entrant_kind = list(dict.fromkeys(specs)), "agent"
        pairs = list(itertools.combinations(entrants, 2)) or [(entrants[0], entrants[0])]
        pairings = [(a, b, [a, b], None, True) for a, b in pairs]
        per_run = games
    else:
        if "matchups" in kinds:
            raise StudyError(f"a matchup matrix compares two sides; {game.full_id} is made for "
                             f"{game.num_players} players here: use --kind cards,seats or --players 2")
        line_up = specs * game.num_players if len(specs) == 1 else specs
        if len(line_up) != game.num_players:
            raise StudyError(f"give one agent, or {game.num_players} (one a seat), not {len(specs)}")
        entrants, entrant_kind = list(dict.fromkeys(line_up)), "agent"
        pairings = [("", "", line_up, None, True)]
        per_run = games
    if len(entrants) > MAX_ENTRANTS:
        raise StudyError(f"at most {MAX_ENTRANTS} {entrant_kind}s a study, not {len(entrants)}")
    usage = game.card_usage
    want_cards = "cards" in kinds and bool(usage)
    total = per_run * len(pairings)
    results = []
    # One Ray for the whole study: each run finds it started and leaves it running.
    with RayCluster(address, workers) if backend == "ray" else nullcontext():
        for k, (a, b, line_up, config, rotate) in enumerate(pairings):
            offset = k * per_run

            def tick(done: int, offset: int = offset) -> None:
                if progress is not None:
                    progress(offset + done, total)

            r = simulate(game.id, line_up, per_run, seed, workers=workers, variant=game.variant, config=config,
                         players=players, rotate=rotate, backend=backend, address=address, cards=want_cards,
                         progress=tick)
            if r.interrupted:
                raise KeyboardInterrupt
            results.append((a, b, r))
    study: dict[str, Any] = {
        "game": game.full_id, "title": game.title, "kinds": list(kinds), "entrant_kind": entrant_kind,
        "entrants": entrants, "agents": list(dict.fromkeys(specs)), "games_per_pairing": per_run * (2 if with_decks
                                                                                                    else 1),
        "seed": seed, "players": game.num_players, "games": total, "backend": backend, "started": started_at,
    }
    if "matchups" in kinds:
        study["matchups"] = _matchups(entrants, results, with_decks)
    if "cards" in kinds:
        study["cards"] = _cards(usage, results)
    if "seats" in kinds:
        study["seats"] = _seats(game.num_players, results)
    study["seconds"] = round(time.perf_counter() - started, 2)
    return study


def _matchups(entrants: list[str], results: list[tuple[str, str, Any]], with_decks: bool) -> dict[str, Any]:
    # (a, b) -> [games, a's wins, draws, a's games in seat 0, in seat 1, a's wins in seat 0]
    pooled: dict[tuple[str, str], list[int]] = {}
    for a, b, r in results:
        if with_decks:  # a sat at seat 0 in this run: a deck run keeps its seats
            key, a_wins, first = ((a, b), r.seat_wins[0], True) if a < b else ((b, a), r.seat_wins[1], False)
        else:  # agents rotate: agent 0 is a
            key, a_wins, first = (a, b), r.wins[0], None
        row = pooled.setdefault(key, [0, 0, 0, 0, 0, 0])
        row[0] += r.games
        row[1] += a_wins
        row[2] += r.draws
        if first is True:
            row[3] += r.games
            row[5] += a_wins
        elif first is False:
            row[4] += r.games
    index = {name: i for i, name in enumerate(entrants)}
    n = len(entrants)
    matrix: list[list[float | None]] = [[None] * n for _ in range(n)]
    matrix_ci: list[list[list[float] | None]] = [[None] * n for _ in range(n)]
    pairs = []
    for (a, b), (played, wins, draws, first_games, second_games, first_wins) in pooled.items():
        losses = played - wins - draws
        ci = wilson(wins, played)
        pairs.append({"a": a, "b": b, "games": played, "wins": wins, "draws": draws, "losses": losses,
                      "win_rate": rate(wins, played), "ci": list(ci), "score": rate(2 * wins + draws, 2 * played),
                      **({"a_first": {"games": first_games, "wins": first_wins},
                          "a_second": {"games": second_games, "wins": wins - first_wins}} if with_decks else {})})
        i, j = index[a], index[b]
        if i != j:
            matrix[i][j], matrix_ci[i][j] = rate(wins, played), list(ci)
            matrix[j][i], matrix_ci[j][i] = rate(losses, played), list(wilson(losses, played))
    return {"pairs": pairs, "matrix": matrix, "matrix_ci": matrix_ci}


def _cards(usage: str, results: list[tuple[str, str, Any]]) -> dict[str, Any]:
    pooled: dict[str, list[int]] = {}
    for _, _, r in results:
        for name, (used, won) in r.cards.items():
            mine = pooled.setdefault(name, [0, 0])
            mine[0] += used
            mine[1] += won
    rows: list[dict[str, Any]] = []
    for name, (used, won) in pooled.items():
        lo, hi = wilson(won, used)
        verdict = "above" if lo > 0.5 else "below" if hi < 0.5 else None
        rows.append({"card": name, "games": used, "wins": won, "win_rate": rate(won, used), "ci": [lo, hi],
                     "verdict": verdict})
    rows.sort(key=lambda row: (-row["win_rate"], -row["games"], row["card"]))
    return {"usage": usage, "rows": rows}


def _seats(players: int, results: list[tuple[str, str, Any]]) -> dict[str, Any]:
    games = sum(r.games for _, _, r in results)
    draws = sum(r.draws for _, _, r in results)
    wins = [sum(r.seat_wins[s] for _, _, r in results) for s in range(players)]
    seats = [{"seat": s, "wins": w, "win_rate": rate(w, games), "ci": list(wilson(w, games))}
             for s, w in enumerate(wins)]
    others = [rate(w, games) for w in wins[1:]]
    histogram: dict[int, int] = {}
    for _, _, r in results:
        for steps, count in r.lengths.items():
            histogram[steps] = histogram.get(steps, 0) + count
    return {"games": games, "draws": draws, "seats": seats,
            "first_player_advantage": rate(wins[0], games) - sum(others) / len(others),
            "lengths": _lengths(histogram)}


def _lengths(histogram: dict[int, int]) -> dict[str, Any]:
    steps = sorted(histogram)
    total = sum(histogram.values())

    def quantile(q: float) -> int:
        seen = 0
        for s in steps:
            seen += histogram[s]
            if seen >= q * total:
                return s
        return steps[-1]

    return {"histogram": [[s, histogram[s]] for s in steps],
            "mean": sum(s * c for s, c in histogram.items()) / total, "median": quantile(0.5),
            "p10": quantile(0.1), "p90": quantile(0.9), "min": steps[0], "max": steps[-1]}
