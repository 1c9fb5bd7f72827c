"""Seeded chance kept inside a game state.

The generator is SplitMix64 held as one integer, so cloning a state copies chance for
free and a replay from the same seed draws the same numbers. Python's `random.Random`
would need its 625-word state copied on every clone.
"""

from __future__ import annotations

from typing import Final, final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


@final
class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int) -> None:
        self.s = seed & _MASK

    def copy(self) -> Rng:
        return Rng(self.s)

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        # Spelled out so that copies and pickles work in the compiled build too.
        return (Rng, (self.s,))

    def next64(self) -> int:
        self.s = s = (self.s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n); n is small here, so the modulo bias is negligible."""
        return self.next64() % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]
