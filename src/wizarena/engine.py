"""Which engine is running: the mypyc-compiled modules or the interpreted source.

The package compiles its hot modules with mypyc when it is installed with a C compiler
(setup.py); the same modules run interpreted otherwise. Benchmarks and bug reports need to
know which, so this answers from where each module would be imported, without importing it.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Final

# One module of each compiled group: the kernel, each game, the search agents.
PROBES: Final = ("wizarena.core.rng", "wizarena.core.actions", "wizarena.core.game",
                 "wizarena.games.cup.game", "wizarena.games.mickey.game", "wizarena.agents.ismcts")


def _origin(module: str) -> str:
    spec = importlib.util.find_spec(module)
    return "" if spec is None or spec.origin is None else spec.origin


def compiled_modules() -> dict[str, bool]:
    """Each probe module, and whether its compiled extension is what imports."""
    return {m: not _origin(m).endswith(".py") for m in PROBES}


def stale_modules() -> list[str]:
    """Compiled modules whose source beside them is newer (an in-place build, then an edit):
    the extension still imports, so the edit does not run until the build is redone. An
    installed package is left out: pip writes its files in no particular order."""
    stale = []
    for module in PROBES:
        origin = _origin(module)
        if origin.endswith(".py") or {"site-packages", "dist-packages"} & set(Path(origin).parts):
            continue
        source = os.path.join(os.path.dirname(origin), module.rsplit(".", 1)[1] + ".py")
        if os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(origin):
            stale.append(module)
    return stale


def engine() -> str:
    """'compiled', 'interpreted', or 'partly compiled' (a broken or mixed install)."""
    flags = set(compiled_modules().values())
    if flags == {True}:
        return "compiled"
    return "interpreted" if flags == {False} else "partly compiled"


def describe() -> str:
    """One line for --version and the bench: which engine, and any stale extension."""
    kind = engine()
    text = {"compiled": "compiled engine (mypyc)", "interpreted": "interpreted engine (pure Python)"}.get(
        kind, "partly compiled engine: " + ", ".join(m for m, c in compiled_modules().items() if c))
    stale = stale_modules()
    if stale:
        text += f"; stale: {', '.join(stale)} changed after compiling (reinstall to rebuild)"
    return text
