"""Build hook: compile the engine's hot modules with mypyc, or install them interpreted.

Everything else about the package is in pyproject.toml. The compiled and the interpreted
builds are the same source: mypyc turns the typed engine modules into C extensions that
CPython imports in place of the .py files, which stay installed beside them.

- `pip install .` (and a wheel built from it) compiles when a C compiler is present.
- `WIZARENA_PURE=1` forces the interpreted build.
- An editable install (`pip install -e .`) stays interpreted, so an edit to a .py file is
  always what runs; `WIZARENA_COMPILE=1 pip install -e .` compiles in place for measuring,
  and those extensions then shadow the sources until they are rebuilt or deleted.

The work happens in `build_ext`, not when this file is read: pip reads it several times
(requirements, metadata) and only one of those builds anything.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

# The hot modules: every game engine module and the kernel's chance, actions, events, game
# base and simultaneous decisions (every determinization of one makes the others' choices),
# plus the computer players. Terminal pictures, the CLI, server, simulation and
# interop stay interpreted.
HOT_PACKAGES = ("wizarena/games",)
HOT_MODULES = ("wizarena/core/rng.py", "wizarena/core/actions.py", "wizarena/core/events.py",
               "wizarena/core/game.py", "wizarena/core/together.py", "wizarena/agents/ismcts.py",
               "wizarena/agents/greedy.py", "wizarena/agents/random_agent.py", "wizarena/agents/lookahead.py")
INTERPRETED_NAMES = ("text.py",)
GROUP = "wizarena_engine"  # the name of the shared library of compiled code


def hot_modules() -> list[str]:
    src = Path("src")
    found = [str(src / m) for m in HOT_MODULES]
    for package in HOT_PACKAGES:
        found += [str(p) for p in sorted((src / package).rglob("*.py")) if p.name not in INTERPRETED_NAMES]
    return found


def say(text: str) -> None:
    print(f"wizarena build: {text}", file=sys.stderr, flush=True)


def why_interpreted(editable: bool) -> str | None:
    """Why this build installs the interpreted engine, or None to compile it."""
    if os.environ.get("WIZARENA_PURE") == "1":
        return "WIZARENA_PURE=1"
    if editable and os.environ.get("WIZARENA_COMPILE") != "1":
        return "an editable install stays interpreted (WIZARENA_COMPILE=1 compiles it in place)"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) was found"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "the Python headers (Python.h) are not installed"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


class BuildEngine(build_ext):
    """Replaces the placeholder extension by the mypyc-compiled modules, or by nothing."""

    def run(self) -> None:
        editable = bool(getattr(self, "editable_mode", False) or self.inplace)
        reason = why_interpreted(editable)
        if reason is not None:
            say(f"installing the interpreted engine: {reason}")
            self.interpreted()
            return
        from mypyc.build import mypycify

        modules = hot_modules()
        say(f"compiling {len(modules)} engine modules with mypyc")
        self.extensions = mypycify(modules + ["--ignore-missing-imports"], opt_level="3", group_name=GROUP,
                                   target_dir=os.path.join("build", "mypyc"))
        self.check_extensions_list(self.extensions)
        for ext in self.extensions:  # finalize_options ran before these existed
            ext._needs_stub = False
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError) as exc:
            # A user's machine whose compiler fails still gets a working install.
            say(f"compiling failed ({exc}): installing the interpreted engine")
            self.interpreted()

    def interpreted(self) -> None:
        """Build no extensions, and drop any that an earlier compiled build left in the
        build folder: a wheel packs that folder whole."""
        self.extensions = []
        suffixes = (".so", ".pyd")
        for path in Path(self.build_lib).glob("**/*"):
            if path.suffix in suffixes and (path.name.startswith(GROUP) or "wizarena" in path.parts):
                path.unlink()

    def get_outputs(self) -> list[str]:
        return super().get_outputs() if self.extensions and self.extensions[0].sources else []


# A placeholder so that setuptools knows the package has extensions (a platform wheel);
# BuildEngine decides what they are when it runs.
setup(ext_modules=[Extension("wizarena._engine", sources=[])], cmdclass={"build_ext": BuildEngine})
