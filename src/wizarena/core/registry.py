"""The game registry: game ids to the classes that implement them.

Games register by import path, so listing games imports nothing heavy, and the kernel
never names a game: the package (or a plug-in, through the `wizarena.games` entry point
group) tells the registry what exists.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .inputs import shown

_PATHS: dict[str, str] = {}
_CLASSES: dict[str, Any] = {}
_plugins_loaded = False


def register(game_id: str, target: str | type) -> None:
    """Register a game class, or its path as 'package.module:Class'."""
    if isinstance(target, str):
        _PATHS[game_id] = target
        _CLASSES.pop(game_id, None)
    else:
        _CLASSES[game_id] = target


def unregister(game_id: str) -> None:
    """Forget a game (tests register throw-away games and clean up after themselves)."""
    _PATHS.pop(game_id, None)
    _CLASSES.pop(game_id, None)


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group="wizarena.games"):
        _PATHS.setdefault(ep.name, ep.value)


def game_class(game_id: str) -> Any:
    _load_plugins()
    cls = _CLASSES.get(game_id)
    if cls is None:
        path = _PATHS.get(game_id)
        if path is None:
            known = ", ".join(game_ids()) or "none"
            raise UnknownGame(f"unknown game {shown(game_id)} (known: {known})")
        module, _, attr = path.partition(":")
        try:
            cls = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise UnknownGame(f"game {game_id!r} is registered as {path!r}, which cannot be loaded: {exc}") from None
        _CLASSES[game_id] = cls
    return cls


def game_ids() -> list[str]:
    _load_plugins()
    return sorted(set(_PATHS) | set(_CLASSES))


def load_game(game_id: str, variant: str | None = None, *, players: object = None) -> Any:
    """The Game object for an id and variant. 'cup/swap' is accepted as id/variant too.

    `players` is the number of players the game is made for, as OpenSpiel and PettingZoo
    take it: one of the class's `player_counts` (None: its default, the first). A count the
    game does not allow raises a one-line UnknownGame naming the counts it does."""
    if variant is None and "/" in game_id:
        game_id, variant = game_id.split("/", 1)
    cls = game_class(game_id)
    if variant not in cls.variants:
        names = ", ".join(v for v in cls.variants if v) or "none"
        raise UnknownGame(f"game {shown(game_id)} has no variant {shown(variant)} (variants: {names})")
    # A variant played by a class of its own (an edition with its own state and actions)
    # is named by the game's class, so lists and records keep one game id for both.
    path = getattr(cls, "variant_classes", {}).get(variant)
    if path is not None:
        module, _, attr = path.partition(":")
        cls = getattr(importlib.import_module(module), attr)
    # Without a count the game is made as before, so a game whose __init__ takes only the
    # variant still loads.
    return cls(variant) if players is None else cls(variant, players=players)
