"""Ready-made float32 blocks for observation tensors.

A game whose tensor is a row of one-hot (or few-hot) parts can build each part once, for
every value it can take, and then join the parts of a position with `b"".join` and one
`np.frombuffer`: far cheaper per step than writing entries one by one into an array.
Cup (games/cup/observation.py) and Wizard Wars (games/wars/view.py) build theirs this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

# The dtypes of tensors and masks as dtype objects: `np.frombuffer(data, FLOAT32)` costs
# about half what it costs given the type `np.float32`, which numpy must look up each call.
FLOAT32: Final = np.dtype(np.float32)
INT8: Final = np.dtype(np.int8)


def one_hot_blocks(width: int, ones: Sequence[Sequence[int]]) -> tuple[bytes, ...]:
    """For each entry of `ones` (the positions set to 1), a block of `width` float32 as bytes."""
    rows: list[int] = []
    cols: list[int] = []
    for r, where in enumerate(ones):
        rows += [r] * len(where)
        cols += where
    table = np.zeros((len(ones), width), np.float32)
    table[rows, cols] = 1.0
    flat = table.tobytes()
    step = 4 * width
    return tuple(flat[i:i + step] for i in range(0, len(flat), step))
