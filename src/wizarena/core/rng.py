"""Seeded chance kept inside a game state: one interface, two generators.

A seed of at most 64 bits drives SplitMix64, held as one integer: cloning a state copies
chance for free and a simulation draws tens of millions of numbers a second. Its state is
its output's inverse, though, and a 31-bit seed falls to brute force from one opening
hand, so tables where people play use a *secret seed* instead: 256 random bits that key
BLAKE2b, whose n-th output is the keyed hash of n. Nothing short of the key predicts the
next output from the ones seen, yet the generator is still one counter plus the key, so
clones stay cheap and a replay from the same seed draws the same numbers. Which generator
a seed selects follows from its size alone, so games only ever write `Rng(seed)`.

Python's `random.Random` would need its 625-word state copied on every clone.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final, final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
SECRET_BITS: Final = 256
SECRET_BYTES: Final = SECRET_BITS // 8
FAST: Final = "splitmix64"
KEYED: Final = "blake2b"


@final
class Rng:
    """Chance for one game state. `key` is empty for SplitMix64; `s` is then its whole
    state, and for the keyed stream the count of numbers drawn."""

    __slots__ = ("s", "key")

    def __init__(self, seed: int, key: bytes = b"") -> None:
        if not key and seed > _MASK:
            if seed >> SECRET_BITS:
                raise ValueError(f"a seed has at most {SECRET_BITS} bits")
            key, seed = seed.to_bytes(SECRET_BYTES, "big"), 0
        self.s = seed & _MASK
        self.key = key

    def copy(self) -> Rng:
        return Rng(self.s, self.key)

    def __reduce__(self) -> tuple[type[Rng], tuple[int, bytes]]:
        # Spelled out so that copies and pickles work in the compiled build too.
        return (Rng, (self.s, self.key))

    def next64(self) -> int:
        if self.key:
            self.s = n = (self.s + 1) & _MASK
            return int.from_bytes(hashlib.blake2b(n.to_bytes(8, "little"), digest_size=8, key=self.key).digest(),
                                  "little")
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


def generator_of(seed: int) -> str:
    """The name of the generator a seed selects, as records write it."""
    return KEYED if seed > _MASK else FAST


def secret_seed() -> int:
    """A fresh secret seed from the operating system's cryptographic source. The top bit is
    set so that it always selects the keyed generator; 255 bits stay unknown."""
    return secrets.randbits(SECRET_BITS - 1) | 1 << (SECRET_BITS - 1)


def commitment(seed: int) -> str:
    """The SHA-256 (hex) of a seed's 32 big-endian bytes: shown before a game, it binds the
    table to its seed without revealing it; anyone can check it once the seed is shown."""
    return hashlib.sha256(seed.to_bytes(SECRET_BYTES, "big")).hexdigest()


def derive(seed: int, purpose: str) -> int:
    """A 64-bit seed for some other use of a table's chance (a computer player's search, a
    fallback move) that reveals nothing of `seed`: the keyed hash of the purpose."""
    key = (seed & ((1 << SECRET_BITS) - 1)).to_bytes(SECRET_BYTES, "big")
    return int.from_bytes(hashlib.blake2b(purpose.encode(), digest_size=8, key=key).digest(), "little")
