"""A small deterministic random generator owned by the engine.

Games must replay byte for byte on any machine and Python version, so the
engine does not depend on the standard library's generator algorithms: it
uses SplitMix64 with an unbiased ``below`` and a Fisher–Yates shuffle. Each
shuffle of a game draws from its own stream ``(seed, n)``, so a position only
needs to carry the seed and a counter to know every later shuffle.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64
#: The rejection limit of an unbiased draw below ``n``, for every ``n`` a pile of
#: cards can reach (worked out once: shuffles need one per card).
_LIMITS = tuple(_TWO64 - _TWO64 % n for n in range(1, 257))  # index n - 1


class Rng:
    """SplitMix64 stream number ``stream`` of ``seed``."""

    __slots__ = ("_s",)

    def __init__(self, seed: int, stream: int = 0) -> None:
        s = (seed & MASK64) ^ ((stream * 0xD1B54A32D192ED69) & MASK64)
        self._s = (s + 0x632BE59BD9B4E019) & MASK64

    def next64(self) -> int:
        self._s = (self._s + _GOLDEN) & MASK64
        z = self._s
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        # next64() inlined: the search bot draws hundreds of these per decision step.
        limit = _LIMITS[n - 1] if n <= len(_LIMITS) else _TWO64 - _TWO64 % n
        s = self._s
        while True:
            s = (s + _GOLDEN) & MASK64
            z = ((s ^ (s >> 30)) * _MIX1) & MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & MASK64
            z ^= z >> 31
            if z < limit:
                self._s = s
                return z % n

    def shuffle(self, items: MutableSequence[Any], steps: int | None = None) -> None:
        """Shuffle ``items`` in place (Fisher–Yates), the same draws as ``below`` per step.

        With ``steps`` only the first steps are made, which fix the last ``steps``
        items: a uniform random draw of them, in random order, as the full shuffle
        would leave them.
        """
        s = self._s
        limits, known = _LIMITS, len(_LIMITS)
        mask, golden, mix1, mix2 = MASK64, _GOLDEN, _MIX1, _MIX2
        last = len(items) - 1
        for i in range(last, 0 if steps is None else max(0, last - steps), -1):
            n = i + 1
            limit = limits[i] if n <= known else _TWO64 - _TWO64 % n
            while True:
                s = (s + golden) & mask
                z = ((s ^ (s >> 30)) * mix1) & mask
                z = ((z ^ (z >> 27)) * mix2) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._s = s


class EngineRandom(random.Random):
    """:class:`random.Random`'s interface on the engine's SplitMix64 stream.

    The bots take a ``random.Random``; the standard library promises the same
    numbers across Python versions only for some of its methods. This class
    computes every method the bots use (``random``, ``getrandbits``,
    ``randrange``, ``randint``, ``choice``, ``shuffle``) itself from
    :class:`Rng`, so a game played by seeded bots replays identically on
    every supported Python.
    """

    def __new__(cls, seed: int = 0, stream: int = 0) -> EngineRandom:  # noqa: ARG003
        return super().__new__(cls, seed)  # type: ignore[call-arg]  # 3.10: one argument only

    def __init__(self, seed: int = 0, stream: int = 0) -> None:
        # What random.Random.__init__ does besides seeding its own generator, which is
        # never read: the search makes one of these per play-out.
        self.gauss_next = None
        self._rng = Rng(seed, stream)

    def seed(self, a: object = None, version: int = 2) -> None:  # noqa: ARG002 - interface
        """Restart as stream 0 of integer seed ``a`` (other seeds are ignored)."""
        if isinstance(a, int) and hasattr(self, "_rng"):
            self._rng = Rng(a, 0)

    def getstate(self) -> tuple[int, ...]:
        return (self._rng._s,)

    def setstate(self, state: tuple[int, ...]) -> None:
        self._rng._s = state[0]

    def random(self) -> float:
        return (self._rng.next64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            out = (out << 64) | self._rng.next64()
            have += 64
        return out >> (have - k)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        width = stop - start
        if step == 1:
            if width <= 0:
                raise ValueError(f"empty range for randrange({start}, {stop})")
            return start + self._rng.below(width)
        n = (width + step - 1) // step if step > 0 else (width + step + 1) // step
        if n <= 0:
            raise ValueError("empty range for randrange")
        return start + step * self._rng.below(n)

    def randint(self, a: int, b: int) -> int:
        return self.randrange(a, b + 1)

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._rng.below(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        self._rng.shuffle(x)

    def shuffle_top(self, x: MutableSequence[Any], k: int) -> None:
        """The first ``k`` steps of :meth:`shuffle`: the last ``k`` items as it leaves them."""
        self._rng.shuffle(x, k)
