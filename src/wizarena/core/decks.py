"""Deck files and ready-made decks, read the same way by every game that has decks.

A deck file is TOML; what its tables mean is the game's (its `parse_deck`). Reading one
turns every way it can fail (missing, a folder, unreadable, too large, not UTF-8, not TOML,
nested too deeply) into the game's own deck error naming the file, so the CLI prints one
line (the bounds are in core/inputs.py). Ready-made decks ship
as `data/decks/<name>.toml` inside the game's package and are found by name only: a name
that does not ship (a path, '../x') never reaches the file system.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any, Generic, TypeVar

from .inputs import MAX_DECK_BYTES, load_toml, read_capped, shown


def read_toml(path: str, error: type[Exception]) -> dict[str, Any]:
    """The table of the TOML file at `path`; any trouble raises `error` naming the file,
    among it a file over MAX_DECK_BYTES (read no further) and nesting past MAX_DEPTH."""
    data = read_capped(path, MAX_DECK_BYTES, "deck file", error)
    return load_toml(data, path, error)


def ready_decks(package: str) -> list[str]:
    """The names of the ready-made decks that ship with a game's package."""
    folder = resources.files(package).joinpath("data/decks")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def package_of(game: Any) -> str:
    """The package a game's class lives in, where its ready decks ship."""
    return str(type(game).__module__.rpartition(".")[0])


def games_ready_decks(game: Any) -> list[str]:
    """The ready-made decks of a loaded game's package; none for a game without decks."""
    try:
        return ready_decks(package_of(game))
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return []


def ready_text(package: str, name: str) -> str:
    """A ready-made deck's file, as it ships (comments and all: a deck file to start from);
    ValueError (listing the names) for a name that does not ship."""
    known = ready_decks(package)
    if name not in known:
        raise ValueError(f"no ready-made deck is called {shown(name)} (there are {', '.join(known)}); "
                         "a deck is a ready deck's name or the deck's contents")
    return resources.files(package).joinpath(f"data/decks/{name}.toml").read_text(encoding="utf-8")


def load_ready(package: str, name: str) -> dict[str, Any]:
    """A ready-made deck's table by its name; ValueError (listing the names) for any other."""
    return tomllib.loads(ready_text(package, name))


def files_read(config: dict[str, Any] | None, read: Callable[[str], Any]) -> dict[str, Any] | None:
    """A config with each deck given as the path of a deck file (ending in .toml) replaced
    by what `read` makes of the file (the deck object): the CLI's `Game.read_local_config`
    for games with decks, so that the config, and a record of it, replays anywhere."""
    if not config or not isinstance(config.get("decks"), list | tuple):
        return config
    decks = [read(d) if isinstance(d, str) and d.endswith(".toml") else d for d in config["decks"]]
    return {**config, "decks": decks}


T = TypeVar("T")


class Remembered(Generic[T]):
    """What a deck spec (a ready deck's name or a deck object) makes, remembered by the spec:
    simulations start thousands of tables with the same decks, and reading and checking a
    deck costs more than a whole game. Bounded: past `size` specs, new ones are not kept."""

    def __init__(self, make: Callable[[Any, str], T], size: int = 256) -> None:
        self.make = make
        self.size = size
        self.kept: dict[tuple[str, str], T] = {}

    def __call__(self, spec: Any, variant: str = "") -> T:
        try:
            key = (spec if isinstance(spec, str) else json.dumps(spec, sort_keys=True), variant)
        except (TypeError, ValueError):
            raise ValueError("a deck object must be plain JSON data") from None
        hit = self.kept.get(key)
        if hit is None:
            hit = self.make(spec, variant)
            if len(self.kept) < self.size:
                self.kept[key] = hit
        return hit
