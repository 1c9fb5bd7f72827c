"""No code reads an action's meaning from its English text or from where its id falls:
clients, views, agents and the terminal read `kind` and `fields` (or the engine's `data`).
The one place that compares texts is `Game.parse_action`, which reads what a person typed."""

from __future__ import annotations

import re
from pathlib import Path

import wizarena

ROOT = Path(wizarena.__file__).parent

# An action's text taken apart or matched: Python and the browser's JavaScript.
PY_TEXT = re.compile(r"\.text\s*\.\s*(startswith|endswith|split|partition|rpartition|index|find)\s*\("
                     r"|\bin\s+\w+\.text\b|re\.\w+\([^)]*\.text\b|\.text\s*\[|\.text\s*==\s*[\"']")
JS_TEXT = re.compile(r"\.text\s*\.\s*(match|startsWith|endsWith|includes|split|replace|indexOf|slice|search)\s*\("
                     r"|\.(test|exec)\(\s*[\w.]*\.text\s*\)|\.text\s*===?\s*[\"'`]"
                     r"|\b(const|let|var)\s+\w+\s*=\s*\w+\.text\s*;")
# An id compared with a bound or offset: the ranges of a table built in order.
ID_RANGE = re.compile(r"\b(a|act|action|chosen|move)\.id\s*(<|>|<=|>=|-|//|%)\s*(?!len\()[\w(]")
ALLOWED = {"core/game.py"}  # parse_action: what a person typed, against the legal texts
def _offences(pattern: re.Pattern[str], suffix: str) -> list[str]:
    found = []
    for path in sorted(ROOT.rglob(f"*{suffix}")):
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_no_python_code_reads_an_actions_text() -> None:
    assert _offences(PY_TEXT, ".py") == []


def test_no_browser_code_reads_an_actions_text() -> None:
    assert _offences(JS_TEXT, ".js") == []


def test_no_code_decodes_an_id_range() -> None:
    assert _offences(ID_RANGE, ".py") + _offences(ID_RANGE, ".js") == []
