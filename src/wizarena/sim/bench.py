"""Random-playout throughput, ours and, when OpenSpiel is installed, a C++ reference.

Both loops have the same shape (who acts, what is legal, apply a uniformly drawn action)
with every method bound to a local, so the ratio compares the engines rather than the
loops around them. One process, one core: this measures the rules engine, not the machine.

A machine's speed drifts (frequency scaling, other load), so the two engines are not run
one after the other: short slices of each alternate, and the figures are medians over the
slices, the ratio being the median of the ratios of neighbouring slices.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from wizarena.core import load_game
from wizarena.engine import describe

REFERENCE_GAME = "tic_tac_toe"
SLICE_SECONDS = 0.25  # one slice of one engine; several alternate within a run
MAX_SECONDS = 86_400  # a day per engine; more cannot be counted in slices (inf overflows)


def _ours(game_id: str, variant: str | None, seed: int,
          players: int | None = None) -> Callable[[float], tuple[int, int, float]]:
    """A function that plays random games of ours for about `seconds` (at least one game)
    and returns (steps, games, elapsed). Each call goes on with new seeds."""
    game = load_game(game_id, variant, players=players)
    to_act, legal, apply, new_state = game.to_act, game.legal_actions, game.apply, game.new_state
    rnd = random.Random(seed).random
    clock = time.perf_counter
    next_seed = [seed]

    def run(seconds: float) -> tuple[int, int, float]:
        steps = games = 0
        start = clock()
        deadline = start + seconds
        while True:
            s = new_state(next_seed[0] + games, log=False)
            while True:
                seats = to_act(s)
                if not seats:
                    break
                p = seats[0]
                acts = legal(s, p)
                apply(s, p, acts[int(rnd() * len(acts))])
                steps += 1
            games += 1
            if clock() >= deadline:
                break
        next_seed[0] += games
        return steps, games, clock() - start

    return run


def _reference(seed: int) -> Callable[[float], tuple[int, int, float]] | None:
    """The same loop over OpenSpiel's C++ tic-tac-toe through its Python bindings, or None
    when OpenSpiel is not installed (it is an optional extra)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(REFERENCE_GAME)
    State = pyspiel.State
    current_player, legal_actions, apply_action = State.current_player, State.legal_actions, State.apply_action
    new_state = game.new_initial_state
    rnd = random.Random(seed).random
    clock = time.perf_counter

    def run(seconds: float) -> tuple[int, int, float]:
        steps = games = 0
        start = clock()
        deadline = start + seconds
        while True:
            s = new_state()
            while True:
                p = current_player(s)
                if p < 0:
                    break
                acts = legal_actions(s, p)
                apply_action(s, acts[int(rnd() * len(acts))])
                steps += 1
            games += 1
            if clock() >= deadline:
                break
        return steps, games, clock() - start

    return run


def bench(game_id: str, seconds: float = 5.0, variant: str | None = None, *,
          reference: bool = True, slice_seconds: float = SLICE_SECONDS, players: int | None = None) -> dict[str, Any]:
    """Our throughput, the reference's, and their ratio (reference keys None without it),
    as medians over alternating slices; `seconds` is the time given to each engine and
    `players` the player count of a game that allows several (None: its default)."""
    if not 0 <= seconds <= MAX_SECONDS:  # also refuses NaN and infinity
        raise ValueError(f"--seconds must be from 0 to {MAX_SECONDS:,}, not {seconds:g}")
    game = load_game(game_id, variant, players=players)  # an unknown count fails here, in one line
    ours = _ours(game_id, variant, 0, players)
    ref = _reference(0) if reference else None
    slices = max(1, round(seconds / slice_seconds))
    each = seconds / slices
    our_rates: list[float] = []
    ref_rates: list[float] = []
    ratios: list[float] = []
    steps = games = 0
    elapsed = 0.0
    for i in range(slices):
        # Alternate which engine goes first, so neither always runs on a warmer machine.
        order = (True, False) if i % 2 == 0 else (False, True)
        pair: dict[bool, float] = {}
        for mine in order:
            if mine:
                n, g, t = ours(each)
                steps, games, elapsed = steps + n, games + g, elapsed + t
                pair[True] = n / t
            elif ref is not None:
                n, _, t = ref(each)
                pair[False] = n / t
        our_rates.append(pair[True])
        if ref is not None:
            ref_rates.append(pair[False])
            ratios.append(pair[True] / pair[False])
    return {
        "game": game.full_id,
        "players": game.num_players,
        "engine": describe(),
        "seconds": elapsed,
        "slices": slices,
        "steps_per_s": statistics.median(our_rates),
        "games_per_s": games / elapsed,
        "mean_steps": steps / games,
        "reference": None if ref is None else f"open_spiel {REFERENCE_GAME}",
        "reference_steps_per_s": statistics.median(ref_rates) if ref_rates else None,
        "ratio": statistics.median(ratios) if ratios else None,
    }
