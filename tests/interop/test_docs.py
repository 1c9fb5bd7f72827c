"""The examples in docs/interop.md run as written, so the page cannot drift from the code."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
# The self-play recipe trains with MaskablePPO: it needs the `train` extra, which CI's
# training step installs (and there WIZARENA_EXPECT_TRAIN=1 makes its absence a failure).
TRAIN_MISSING = [m for m in ("torch", "sb3_contrib") if importlib.util.find_spec(m) is None]


def test_the_page_has_an_example_per_framework():
    joined = "\n".join(BLOCKS)
    assert len(BLOCKS) == 5
    for name in ("interop.pettingzoo import", "interop.gymnasium import", "import WizarenaEnv, vector_env",
                 "interop import openspiel", "from sb3_contrib import MaskablePPO"):
        assert name in joined


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index, capsys):
    if "sb3_contrib" in BLOCKS[index] and TRAIN_MISSING:
        if os.environ.get("WIZARENA_EXPECT_TRAIN") == "1":
            pytest.fail(f"WIZARENA_EXPECT_TRAIN=1 but {', '.join(TRAIN_MISSING)} is not installed")
        pytest.skip(f"needs wizarena[train] ({', '.join(TRAIN_MISSING)} missing)")
    exec(compile(BLOCKS[index], f"{DOC.name} example {index + 1}", "exec"), {"__name__": "__doc_example__"})
    assert capsys.readouterr().out
