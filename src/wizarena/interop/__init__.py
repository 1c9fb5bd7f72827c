"""Adapters that put every registered wizarena game into research frameworks.

- `wizarena.interop.pettingzoo`: a PettingZoo AEC environment per game (`env(game_id)`).
- `wizarena.interop.gymnasium`: a single-seat Gymnasium environment, the other seats
  played by wizarena agents.
- `wizarena.interop.openspiel`: each game and variant registered as an OpenSpiel Python
  game (`register_all()`), so OpenSpiel's algorithms run on it.

They speak only the kernel protocol (plus `observation_tensor`, `observation_shape` and
`max_game_length`), and reach games through the registry, so a newly registered game is
available through all three without adapter code. The frameworks are optional
dependencies (`pip install wizarena[rl]`); each submodule imports its own and nothing
here imports them.
"""

from __future__ import annotations

from ._common import game_variants, legal_mask, spiel_name

__all__ = ["game_variants", "legal_mask", "spiel_name"]
