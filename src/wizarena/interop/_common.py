"""What the three adapters share: which games exist, masks, rewards and readiness checks."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from wizarena.core import Game, Outcome, WizarenaError
from wizarena.core.encoding import INT8
from wizarena.core.registry import game_class, game_ids

REWARD_MODES = ("win", "score")


def game_variants() -> list[tuple[str, str | None]]:
    """Every (game id, variant) the registry knows, default variant first: the unit each
    adapter exposes, so a game added to the registry shows up everywhere."""
    out: list[tuple[str, str | None]] = []
    for gid in game_ids():
        variants = list(game_class(gid).variants)
        variants.sort(key=lambda v: (v is not None, v or ""))
        out += [(gid, v) for v in variants]
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def spiel_name(game_id: str, variant: str | None = None) -> str:
    """The OpenSpiel short name of a game and variant: `wizarena_cup`, `wizarena_cup_swap`.
    OpenSpiel names allow no '/', so ids and variants are reduced to [a-z0-9_]."""
    name = f"wizarena_{_slug(game_id)}"
    return name if variant is None else f"{name}_{_slug(variant)}"


def check_ready(game: Game) -> tuple[int, ...]:
    """The observation shape, or a one-line error naming what the game still lacks: the
    adapters need a fixed-shape tensor, and failing at construction beats failing mid-run."""
    try:
        shape = tuple(game.observation_shape)
    except NotImplementedError:
        raise WizarenaError(f"{game.full_id} has no observation_tensor, which the RL adapters need") from None
    if not shape or any(d <= 0 for d in shape):
        raise WizarenaError(f"{game.full_id} reports an empty observation shape {shape}")
    return shape


def legal_mask(game: Game, state: Any, seat: int) -> np.ndarray:
    """A fresh int8 vector over all action ids, 1 where the action is legal for `seat` now
    (`Game.legal_flags` wrapped by numpy, writable, no copy)."""
    return np.frombuffer(game.legal_flags(state, seat), INT8)


def check_reward_mode(mode: str) -> str:
    if mode not in REWARD_MODES:
        raise WizarenaError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")
    return mode


def final_reward(outcome: Outcome | None, seat: int, mode: str) -> float:
    """The reward of a finished game for one seat: +1/-1/0 from the outcome, or, in "score"
    mode, the game's own score for the seat where it keeps one."""
    if outcome is None:
        return 0.0
    if mode == "score" and outcome.scores is not None:
        return float(outcome.scores[seat])
    return float(outcome.reward(seat))


def render_seat(game: Game, state: Any, seat: int | None, render_mode: str | None) -> str | None:
    """What both environments' render() do: the seat's narrated view, printed for 'human',
    returned for 'ansi'; nothing (with the frameworks' usual warning) without a mode."""
    if render_mode is None:
        import gymnasium

        gymnasium.logger.warn("render() called without a render_mode; pass render_mode='human' or 'ansi'")
        return None
    text = "(no game yet: call reset())" if state is None else game.render_text(game.view(state, seat))
    if render_mode == "ansi":
        return text
    print(text)
    return None
