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

from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_M32: Final = (1 << 32) - 1
_TWO32: Final = 1 << 32
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
# The same constants in 32-bit halves (a 64-bit constant would be a heap integer when compiled).
_GOLDEN_HI: Final = 0x9E3779B9
_GOLDEN_LO: Final = 0x7F4A7C15
_MIX1_HI: Final = 0xBF58476D
_MIX1_LO: Final = 0x1CE4E5B9
_MIX2_HI: Final = 0x94D049BB
_MIX2_LO: Final = 0x133111EB
SECRET_BITS: Final = 256
SECRET_BYTES: Final = SECRET_BITS // 8
FAST: Final = "splitmix64"
KEYED: Final = "blake2b"
# Compiled by mypyc, SplitMix64 is spelled in 32-bit halves: a 64-bit value does not fit a
# machine int there, so each operation on one would be a heap integer (about 3,000
# instructions a draw, a sixth of a Wizards of Mickey step). Interpreted, Python's own big
# integers are quicker than the halves' extra operations. Both spellings give the same
# numbers (tests/core/test_primitives.py checks them against each other).
_HALVES: Final = not __file__.endswith(".py")


def _times(hi: i64, lo: i64, f_hi: i64, f_lo: i64) -> tuple[i64, i64]:
    """(hi * 2**32 + lo) * (f_hi * 2**32 + f_lo) mod 2**64, as halves: each product is of a
    32-bit half and a 16-bit part, so no value here reaches 2**52 and none overflows."""
    low = lo * (f_lo & 0xFFFF) + ((lo * (f_lo >> 16) & 0xFFFF) << 16)
    high = ((low >> 32) + (lo * (f_lo >> 16) >> 16) + lo * (f_hi & 0xFFFF) + ((lo * (f_hi >> 16) & 0xFFFF) << 16)
            + hi * (f_lo & 0xFFFF) + ((hi * (f_lo >> 16) & 0xFFFF) << 16))
    return high & _M32, low & _M32


def _xor_shift(hi: i64, lo: i64, k: i64) -> tuple[i64, i64]:
    """z ^ (z >> k) for 0 < k < 32, as halves."""
    return hi ^ (hi >> k), lo ^ (((hi << (32 - k)) & _M32) | (lo >> k))


def _mix_halves(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's output function in 32-bit halves (next64 spells it in 64-bit ints)."""
    hi, lo = _xor_shift(hi, lo, 30)
    hi, lo = _times(hi, lo, _MIX1_HI, _MIX1_LO)
    hi, lo = _xor_shift(hi, lo, 27)
    hi, lo = _times(hi, lo, _MIX2_HI, _MIX2_LO)
    return _xor_shift(hi, lo, 31)


@final
class Rng:
    """Chance for one game state. `key` is empty for SplitMix64; `hi` and `lo` are then its
    whole state, and for the keyed stream the count of numbers drawn: 32 bits each in the
    compiled build, where `lo` alone holds all 64 in the interpreted one (`hi` stays 0)."""

    __slots__ = ("hi", "lo", "key")

    def __init__(self, seed: int, key: bytes = b"") -> None:
        if not key and seed > _MASK:
            if seed >> SECRET_BITS:
                raise ValueError(f"a seed has at most {SECRET_BITS} bits")
            key, seed = seed.to_bytes(SECRET_BYTES, "big"), 0
        self.hi: i64 = 0
        self.lo: i64 = 0
        self.key = key
        self._set(seed & _MASK)

    def _set(self, state: int) -> None:
        if _HALVES:
            self.hi, self.lo = state >> 32, state & _M32
        else:
            self.lo = state

    @property
    def state(self) -> int:
        """The whole state as one 64-bit int (what a copy or a pickle starts from; a test
        may set it to put chance where it wants)."""
        return int(self.hi) << 32 | int(self.lo)

    @state.setter
    def state(self, value: int) -> None:
        self._set(value & _MASK)

    def copy(self) -> Rng:
        twin = Rng(0, self.key)
        twin.hi, twin.lo = self.hi, self.lo
        return twin

    def __reduce__(self) -> tuple[type[Rng], tuple[int, bytes]]:
        # Spelled out so that copies and pickles work in the compiled build too.
        return (Rng, (self.state, self.key))

    def next64(self) -> int:
        if self.key:
            n = (self.state + 1) & _MASK
            self._set(n)
            return int.from_bytes(hashlib.blake2b(n.to_bytes(8, "little"), digest_size=8, key=self.key).digest(),
                                  "little")
        if _HALVES:
            hi, lo = self._next_halves()
            return int(hi) << 32 | int(lo)
        self.lo = s = (self.lo + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def _next_halves(self) -> tuple[i64, i64]:
        """The next SplitMix64 number as halves, the state stepped on in halves too."""
        lo = self.lo + _GOLDEN_LO
        self.hi = hi = (self.hi + _GOLDEN_HI + (lo >> 32)) & _M32
        self.lo = lo = lo & _M32
        return _mix_halves(hi, lo)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n); n is small here, so the modulo bias is negligible."""
        if _HALVES and not self.key:
            hi, lo = self._next_halves()
            return int(((hi % n) * (_TWO32 % n) + lo) % n)  # (hi * 2**32 + lo) % n in halves
        return self.next64() % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
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
