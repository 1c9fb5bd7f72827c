"""Checks for agent options, shared by the agents.

Options come from spec strings people type ("ismcts:iterations=500,c=0.7"), so each is
checked by type and range where the agent is built, with a message naming the option and
the value. Agents type their option parameters `object`: a compiled constructor would
otherwise refuse a wrong type before these checks run, with a less helpful message than
the interpreted one.
"""

from __future__ import annotations

import math

from wizarena.core.inputs import shown


def whole(name: str, value: object, least: int, most: int) -> int:
    """A whole-number option from `least` to `most` (not a bool, not a float: 2.5 steps
    means a mistake, not 2)."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ValueError(f"{name} must be a whole number from {least} to {most:,}, not {_given(value)}")
    return value


def number(name: str, value: object, least: float, most: float, *, above: bool = False) -> float:
    """A finite number option from `least` (or above it, with `above`) to `most`."""
    if (isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
            or not (least < value if above else least <= value) or value > most):
        bound = f"above {least:g}" if above else f"from {least:g}"
        raise ValueError(f"{name} must be a number {bound} to {most:g}, not {_given(value)}")
    return float(value)


def one_of(name: str, value: object, allowed: tuple[str, ...]) -> str:
    """A word option that must be one of `allowed`."""
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {_given(value)}")
    return value


def _given(value: object) -> str:
    """The value a person gave, for a message: text quoted short and escaped."""
    return shown(value) if isinstance(value, str) else repr(value)
