"""Fixtures of the kernel tests: the toy game is registered only while these tests run.

The registry is process-wide and has no way to forget a game, so a test that registers
one restores the registry afterwards; other test packages then never see "toy" in
`game_ids()`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wizarena.core import register, registry

from .toy import ToyGame


@pytest.fixture(autouse=True, scope="module")
def toy_registered() -> Iterator[None]:
    register("toy", ToyGame)
    yield
    registry.unregister("toy")
