"""A small deterministic random generator owned by the engine.

Games must replay byte for byte on any machine and Python version, so the
engine does not depend on the standard library's generator algorithms: it
uses SplitMix64 with an unbiased ``below`` and a Fisher–Yates shuffle. Each
shuffle of a game draws from its own stream ``(seed, n)``, so a position only
needs to carry the seed and a counter to know every later shuffle.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 stream number ``stream`` of ``seed``."""

    __slots__ = ("_s",)

    def __init__(self, seed: int, stream: int = 0) -> None:
        s = (seed & MASK64) ^ ((stream * 0xD1B54A32D192ED69) & MASK64)
        self._s = (s + 0x632BE59BD9B4E019) & MASK64

    def next64(self) -> int:
        self._s = (self._s + _GOLDEN) & MASK64
        z = self._s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
