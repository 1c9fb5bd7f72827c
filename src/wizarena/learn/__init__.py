"""Training wizarena's computer players: self-play reinforcement learning over the
Gymnasium environment (`wizarena train`), producing networks the `policy` agent plays
with numpy alone.

Nothing here is imported by the rest of the package, and the training libraries
(PyTorch, stable-baselines3, sb3-contrib; `pip install 'wizarena[train]'`) are imported
only when a run starts, so wizarena installs and plays without them.
"""

from __future__ import annotations

from .train import Status, TrainingUnavailable, TrainOptions, TrainResult, require_libraries, train

__all__ = ["Status", "TrainOptions", "TrainResult", "TrainingUnavailable", "require_libraries", "train"]
