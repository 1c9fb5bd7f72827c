"""Fixtures of the adapter tests.

The adapters must carry every registered game. Besides the registry's own games, these
tests register a three-seat toy (see toy_rl.py) while each test module runs, and restore
the registry afterwards so other test packages never see it, as the kernel tests do.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wizarena.core import register, registry
from wizarena.interop import game_variants

from .toy_rl import ToyRLGame

TOY = [("toy", None), ("toy", "quick")]
# Collected before any fixture runs, so the toy is named here rather than found in the registry.
GAMES = [gv for gv in game_variants() if gv[0] != "toy"] + TOY
IDS = [gid if v is None else f"{gid}/{v}" for gid, v in GAMES]


@pytest.fixture(autouse=True, scope="module")
def toy_registered() -> Iterator[None]:
    paths, classes = dict(registry._PATHS), dict(registry._CLASSES)
    register("toy", ToyRLGame)
    yield
    registry._PATHS.clear()
    registry._PATHS.update(paths)
    registry._CLASSES.clear()
    registry._CLASSES.update(classes)
