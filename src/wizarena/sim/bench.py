"""Random-playout throughput, ours and, when OpenSpiel is installed, a C++ reference.

Both loops have the same shape (who acts, what is legal, apply a uniformly drawn action)
with every method bound to a local, so the ratio compares the engines rather than the
loops around them. One process, one core: this measures the rules engine, not the machine.
"""

from __future__ import annotations

import random
import time
from typing import Any

from wizarena.core import load_game

REFERENCE_GAME = "tic_tac_toe"


def playouts(game_id: str, seconds: float = 5.0, variant: str | None = None, seed: int = 0) -> dict[str, Any]:
    """Random playouts of one of our games for about `seconds` (at least one game)."""
    game = load_game(game_id, variant)
    to_act, legal, apply, new_state = game.to_act, game.legal_actions, game.apply, game.new_state
    rnd = random.Random(seed).random
    clock = time.perf_counter
    steps = games = 0
    start = clock()
    deadline = start + seconds
    while True:
        s = new_state(seed + games, log=False)
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
    elapsed = clock() - start
    return {"game": game.full_id, "seconds": elapsed, "steps": steps, "games": games,
            "steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def reference_playouts(seconds: float = 5.0, seed: int = 0) -> dict[str, Any] | None:
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
    elapsed = clock() - start
    return {"game": REFERENCE_GAME, "seconds": elapsed, "steps": steps, "games": games,
            "steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def bench(game_id: str, seconds: float = 5.0, variant: str | None = None, *,
          reference: bool = True) -> dict[str, Any]:
    """Our throughput, the reference's, and their ratio (reference keys None without it)."""
    if seconds < 0:
        raise ValueError(f"seconds must be >= 0, not {seconds}")
    ours = playouts(game_id, seconds, variant)
    ref = reference_playouts(seconds) if reference else None
    return {
        "game": ours["game"],
        "seconds": ours["seconds"],
        "steps_per_s": ours["steps_per_s"],
        "games_per_s": ours["games_per_s"],
        "mean_steps": ours["steps"] / ours["games"],
        "reference": None if ref is None else f"open_spiel {ref['game']}",
        "reference_steps_per_s": None if ref is None else ref["steps_per_s"],
        "ratio": None if ref is None else ours["steps_per_s"] / ref["steps_per_s"],
    }
