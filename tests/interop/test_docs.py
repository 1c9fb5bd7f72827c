"""The examples in docs/interop.md run as written, so the page cannot drift from the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_an_example_per_framework():
    joined = "\n".join(BLOCKS)
    assert len(BLOCKS) == 4
    for name in ("interop.pettingzoo import", "interop.gymnasium import", "import WizarenaEnv, vector_env",
                 "interop import openspiel"):
        assert name in joined


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index, capsys):
    exec(compile(BLOCKS[index], f"{DOC.name} example {index + 1}", "exec"), {"__name__": "__doc_example__"})
    assert capsys.readouterr().out
