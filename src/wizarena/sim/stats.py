"""Confidence intervals for win rates.

Wilson's score interval rather than the textbook normal one: balance studies meet rates
near 0 or 1 (a dominant card, a rare draw) and small samples, where the normal interval
leaves [0, 1] or collapses to a point, and Wilson's stays honest.
"""

from __future__ import annotations

from math import sqrt

Z95 = 1.959963984540054  # two-sided 95 % quantile of the standard normal


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `successes` out of `n` trials.

    With no trials nothing is known, so the whole of [0, 1] is returned rather than an
    error: a report of zero games should still print.
    """
    if n < 0 or not 0 <= successes <= max(n, 0):
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom
    # The bounds at 0 and n are exact in theory; rounding must not push them off.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def rate(successes: int, n: int) -> float:
    """successes / n, with 0 for no trials (a report never divides by zero)."""
    return successes / n if n else 0.0
