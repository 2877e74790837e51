"""The seeded generator every game draws its randomness from.

A small PCG32 generator (O'Neill, 2014) written out in plain integer
arithmetic, so the same seed gives the same stream under CPython 3.11+,
Pyodide and MicroPython alike, independent of `random`'s internals. Its whole
state is one integer, so saving and cloning it is trivial.
"""

from typing import MutableSequence, Sequence, TypeVar

Item = TypeVar("Item")

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


def _splitmix64(x: int) -> int:
    """Spread a small seed over all 64 bits, so seeds 1, 2, 3 give unrelated streams."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class Rng:
    """Deterministic random numbers; `Rng(seed)` always yields the same sequence."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _splitmix64(int(seed) & _MASK64)

    def clone(self) -> "Rng":
        """An independent generator at the same point of the same stream."""
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next32(self) -> int:
        """The next 32 random bits."""
        old = self.state
        self.state = (old * _MULTIPLIER + _INCREMENT) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            value = self.next32()
            if value < limit:
                return value % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return self.next32() / 4294967296.0

    def choice(self, items: Sequence[Item]) -> Item:
        """One of `items`, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Item]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def derive_seed(self) -> int:
        """A fresh seed for an independent generator, drawn from this one."""
        return (self.next32() << 32) | self.next32()
