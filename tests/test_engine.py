"""The compiled and the interpreted engine: which one runs, and that both play alike.

The parity test plays the same seeded games and replays the same records in this
process (the build under test) and in a child process running the source tree
interpreted, and compares digests of everything the games produced. It is meaningful
when the build under test is compiled, as in CI; on an interpreted install it is skipped
with the reason.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wizarena.agents import make_agent
from wizarena.core import load_game, play
from wizarena.engine import compiled_modules, describe, engine

from . import engine_parity

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"
GAMES = 300  # per game and variant


def test_engine_names_one_build() -> None:
    kind = engine()
    assert kind in ("compiled", "interpreted"), f"a mixed install: {compiled_modules()}"
    assert describe().startswith(kind)


def test_the_expected_engine_runs() -> None:
    """CI says which build it installed (WIZARENA_EXPECT_ENGINE), so a compile that quietly
    fell back to the interpreted engine turns the run red instead of passing slower."""
    expected = os.environ.get("WIZARENA_EXPECT_ENGINE")
    if not expected:
        pytest.skip("WIZARENA_EXPECT_ENGINE is not set (.ci/run sets it)")
    assert engine() == expected, describe()


def _records() -> list[str]:
    """Records of games between the real agents, so replays cover their choices too."""
    lines = []
    for game_id in ("cup", "cup/swap", "mickey/mini", "mickey/grande", "mickey/official"):
        game = load_game(game_id)
        for seed in range(3):
            agents = [make_agent("greedy:samples=2", seed), make_agent("ismcts:iterations=30", seed + 1)]
            record, _ = play(game, agents if seed % 2 == 0 else agents[::-1], seed)
            lines.append(record.dumps())
    return lines


def test_compiled_and_interpreted_builds_play_the_same_games() -> None:
    if engine() != "compiled":
        pytest.skip(f"the build under test is the {describe()}: nothing compiled to compare")
    records = _records()
    env = {**os.environ, "PYTHONPATH": str(SOURCE)}
    child = subprocess.run([sys.executable, str(Path(engine_parity.__file__)), str(GAMES)], input="\n".join(records),
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert child.returncode == 0, child.stderr[-2000:]
    theirs = json.loads(child.stdout)
    if theirs["engine"] != "interpreted":
        pytest.skip("the source tree holds compiled extensions (an in-place build): no interpreted build to compare")
    ours = engine_parity.fingerprint(GAMES, records)
    assert ours["random"].keys() == theirs["random"].keys()
    for variant, digest in ours["random"].items():
        assert digest == theirs["random"][variant], f"{variant}: the builds play different games"
    assert ours["replays"] == theirs["replays"]
