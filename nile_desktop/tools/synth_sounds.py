"""Synthesises every sound effect of the game into ``assets/sounds/``.

The effects are made from scratch (sine partials, plucked strings, filtered
noise) with nothing but ``math``, ``random`` and ``wave``, so they can be
changed and remade here, and carry no one else's rights. Every random
source is seeded: running ``python -m nile_desktop.tools.synth_sounds``
again writes byte-identical files, which a test checks. All effects are
short (under a second, the locust swarm under three), soft and mono 16-bit
at 22050 Hz, so they stay small and never get in the way.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
Signal = list[float]


def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def mix(into: Signal, sound: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Adds ``sound`` into ``into`` from time ``at`` (seconds), growing it if needed."""
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain
    return into


def envelope(sig: Signal, attack: float, decay: float) -> Signal:
    """A quick linear attack, then an exponential decay with time constant ``decay``."""
    a = max(1, int(attack * RATE))
    return [
        v * (i / a if i < a else math.exp(-(i - a) / (decay * RATE))) for i, v in enumerate(sig)
    ]


def fade(sig: Signal, fade_in: float, fade_out: float) -> Signal:
    n, a, b = len(sig), max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    return [v * min(1.0, i / a, (n - i) / b) for i, v in enumerate(sig)]


def lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; ``cutoff`` in Hz, or a function of time for sweeps."""
    out, y = [], 0.0
    for i, v in enumerate(sig):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        k = 1.0 - math.exp(-2.0 * math.pi * fc / RATE)
        y += k * (v - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [v - w for v, w in zip(sig, low, strict=True)]


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def tone(
    freq: float | Callable[[float], float], seconds: float, partials: tuple[float, ...] = (1.0,)
) -> Signal:
    """A sine tone (with optional harmonics by amplitude); ``freq`` may glide."""
    out, phase = [], 0.0
    for i in range(int(seconds * RATE)):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        out.append(sum(a * math.sin((k + 1) * phase) for k, a in enumerate(partials)))
    return out


def bell(freq: float, seconds: float, decay: float) -> Signal:
    """Inharmonic partials, each fading faster the higher it is: metal struck."""
    ratios = ((1.0, 1.0), (2.0, 0.5), (2.76, 0.35), (5.4, 0.18), (8.93, 0.08))
    out = [0.0] * int(seconds * RATE)
    for ratio, amp in ratios:
        w = 2 * math.pi * freq * ratio / RATE
        d = decay / ratio**0.5 * RATE
        for i in range(len(out)):
            out[i] += amp * math.sin(w * i) * math.exp(-i / d)
    return fade(out, 0.0, 0.05)


def pluck(freq: float, seconds: float, rng: random.Random, damping: float = 0.996) -> Signal:
    """A plucked string (Karplus-Strong): soft, warm, a little like a harp."""
    period = max(2, round(RATE / freq))
    buf = [rng.uniform(-1.0, 1.0) for _ in range(period)]
    out = []
    for i in range(int(seconds * RATE)):
        j = i % period
        v = buf[j]
        buf[j] = damping * 0.5 * (v + buf[(j + 1) % period])
        out.append(v)
    return fade(lowpass(out, 3500), 0.0, 0.05)


def note(name: str) -> float:
    """Frequency of a note such as ``D4`` or ``F#5`` (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    steps += name.count("#") - name.count("b")
    return 440.0 * 2 ** ((steps + 12 * (int(name[-1]) - 4)) / 12)


# --- the effects ---------------------------------------------------------------


def flip(rng: random.Random) -> Signal:
    swish = envelope(highpass(lowpass(noise(0.12, rng), 5000), 900), 0.004, 0.025)
    tick = envelope(tone(lambda t: 1700 - 6000 * t, 0.03), 0.001, 0.006)
    return mix(swish, tick, 0.0, 0.25)


def slide(rng: random.Random) -> Signal:
    rub = lowpass(noise(0.28, rng), lambda t: 2600 - 6000 * t)
    return fade(highpass(rub, 250), 0.07, 0.18)


def harvest(rng: random.Random) -> Signal:
    rustle = fade(highpass(lowpass(noise(0.22, rng), 3000), 600), 0.03, 0.15)
    out = mix(silence(0.6), rustle, 0.0, 0.5)
    mix(out, envelope(pluck(note("A4"), 0.45, rng), 0.002, 0.2), 0.04)
    return mix(out, envelope(pluck(note("E5"), 0.42, rng), 0.002, 0.2), 0.15)


def market(rng: random.Random) -> Signal:
    out = mix(silence(0.45), bell(2100, 0.3, 0.07))
    mix(out, bell(2480, 0.3, 0.06), 0.1, 0.8)
    return mix(out, envelope(highpass(noise(0.04, rng), 3000), 0.001, 0.01), 0.1, 0.2)


def offering(rng: random.Random) -> Signal:
    out = mix(silence(0.85), bell(note("D5"), 0.85, 0.3), 0.0, 0.5)
    for i, name in enumerate(("D4", "F#4", "A4")):
        mix(
            out,
            envelope(pluck(note(name), 0.7 - 0.1 * i, rng, 0.997), 0.002, 0.25),
            0.08 + 0.09 * i,
            0.7,
        )
    return fade(out, 0.002, 0.2)


def gliding(start: float, drift: float) -> Callable[[float], float]:
    """A pitch that starts at ``start`` Hz and drifts by ``drift`` Hz a second."""
    return lambda t: start + drift * t


def locust(rng: random.Random) -> Signal:
    """Wing buzz of a swarm: detuned buzzing voices, flutter, a hiss of wings."""
    seconds = 2.4
    out = silence(seconds)
    for _ in range(9):
        f, flutter, depth = rng.uniform(150, 260), rng.uniform(22, 40), rng.uniform(0.4, 0.8)
        drift = rng.uniform(-20, 20)
        buzz = tone(gliding(f, drift), seconds, (1.0, 0.6, 0.4, 0.25, 0.15))
        phase = rng.uniform(0, 6.28)
        mix(
            out,
            [
                v * (1 - depth + depth * abs(math.sin(math.pi * flutter * i / RATE + phase)))
                for i, v in enumerate(buzz)
            ],
            0.0,
            0.12,
        )
    hiss = highpass(lowpass(noise(seconds, rng), 4000), 1200)
    mix(out, hiss, 0.0, 0.25)
    return fade(lowpass(out, 2600), 0.5, 0.9)


def monument_built(rng: random.Random) -> Signal:
    thud = envelope(tone(lambda t: 95 - 120 * t, 0.35, (1.0, 0.3)), 0.003, 0.09)
    grit = envelope(lowpass(noise(0.2, rng), 700), 0.002, 0.05)
    out = mix(mix(silence(0.8), thud), grit, 0.0, 0.6)
    mix(out, bell(note("A5"), 0.6, 0.18), 0.14, 0.3)
    return mix(out, bell(note("E6"), 0.5, 0.14), 0.22, 0.18)


def monument_crumbles(rng: random.Random) -> Signal:
    out = silence(0.95)
    t, gain = 0.0, 1.0
    for _ in range(8):
        chunk = envelope(
            lowpass(noise(0.18, rng), rng.uniform(300, 900)), 0.002, rng.uniform(0.03, 0.06)
        )
        mix(out, chunk, t, gain)
        t += rng.uniform(0.05, 0.11)
        gain *= 0.82
    rumble = fade(lowpass(noise(0.9, rng), 140), 0.02, 0.5)
    return mix(out, rumble, 0.0, 1.6)


def takeover(rng: random.Random) -> Signal:
    """Two rising horn notes: a field changes hands."""
    horn = (1.0, 0.5, 0.33, 0.2, 0.1)
    out = mix(silence(0.55), fade(tone(note("G4"), 0.18, horn), 0.02, 0.06))
    mix(out, fade(tone(note("C5"), 0.34, horn), 0.02, 0.22), 0.17)
    return lowpass(out, 2200)


def win(rng: random.Random) -> Signal:
    """A short rising run in a bright Egyptian-sounding mode, then a ringing chord."""
    out = silence(0.95)
    run = ("D4", "Eb4", "F#4", "G4", "A4")
    for i, name in enumerate(run):
        mix(out, envelope(pluck(note(name), 0.3, rng), 0.002, 0.12), 0.07 * i, 0.6)
    for name in ("D5", "F#5", "A5"):
        mix(out, envelope(pluck(note(name), 0.6, rng, 0.998), 0.002, 0.3), 0.36, 0.45)
    mix(out, bell(note("D6"), 0.55, 0.2), 0.36, 0.12)
    return fade(out, 0.002, 0.2)


#: File stem -> (effect, peak level). Peaks stay well below full scale: quiet by default.
SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], float]] = {
    "flip": (flip, 0.35),
    "slide": (slide, 0.3),
    "harvest": (harvest, 0.4),
    "market": (market, 0.35),
    "offering": (offering, 0.4),
    "locust": (locust, 0.4),
    "monument_built": (monument_built, 0.5),
    "monument_crumbles": (monument_crumbles, 0.5),
    "takeover": (takeover, 0.22),
    "win": (win, 0.45),
}


def render(name: str) -> bytes:
    """16-bit little-endian PCM of one effect, normalised to its peak level."""
    effect, peak = SOUNDS[name]
    rng = random.Random(f"nile-{name}")
    sig = fade(highpass(effect(rng), 25), 0.0, 0.02)  # no DC offset, no click at the end
    top = max(abs(v) for v in sig) or 1.0
    scale = peak * 32767 / top
    return b"".join(int(round(v * scale)).to_bytes(2, "little", signed=True) for v in sig)


def write(path: Path, frames: bytes) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "assets" / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        write(out / f"{name}.wav", render(name))
    print(f"wrote {len(SOUNDS)} sounds to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
