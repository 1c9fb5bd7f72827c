"""Wilson score intervals against published values and their defining properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizarena.sim.stats import rate, wilson

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
# method 3 (score interval without continuity correction), plus two small textbook cases.
KNOWN = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
]


@pytest.mark.parametrize(("k", "n", "lo", "hi"), KNOWN)
def test_published_values(k: int, n: int, lo: float, hi: float) -> None:
    got_lo, got_hi = wilson(k, n)
    assert got_lo == pytest.approx(lo, abs=5e-5)
    assert got_hi == pytest.approx(hi, abs=5e-5)


def test_no_trials_means_no_knowledge() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert rate(0, 0) == 0.0


def test_bounds_at_the_extremes_are_exact() -> None:
    assert wilson(0, 7)[0] == 0.0
    assert wilson(7, 7)[1] == 1.0


@pytest.mark.parametrize(("k", "n"), [(-1, 5), (6, 5), (1, -1)])
def test_impossible_counts_are_refused(k: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson(k, n)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_interval_properties(kn: tuple[int, int]) -> None:
    k, n = kn
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    # Swapping successes and failures mirrors the interval.
    mlo, mhi = wilson(n - k, n)
    assert mlo == pytest.approx(1.0 - hi, abs=1e-12)
    assert mhi == pytest.approx(1.0 - lo, abs=1e-12)


def test_more_games_narrow_the_interval() -> None:
    lo1, hi1 = wilson(50, 100)
    lo2, hi2 = wilson(500, 1000)
    assert hi2 - lo2 < hi1 - lo1
