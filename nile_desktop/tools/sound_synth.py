"""The material sounds of the table, built from physics-minded parts: paper, clay, water, stone.

Build-time only (numpy and scipy). Each sound is made of what makes the real
thing: a card is air moving, paper fibres crackling and a light body landing
on wood; clay counters are a few short, dull resonances; water is a wash of
filtered noise with rising bubbles; a locust swarm is hundreds of wing beats
a second over a low roar; falling stone is a cascade of heavy, inharmonic
knocks, gravel and a rumble. All of them then sound in the same small room,
so they belong together. Every random choice comes from a seeded generator:
the same code writes the same sound.
"""

from __future__ import annotations

import zlib

import numpy as np
from scipy import signal

from nile_desktop.tools.sound_render import RATE, Samples, samples

Rng = np.random.Generator


def generator(name: str) -> Rng:
    """A random source seeded by the sound's name: the same name, the same sound."""
    return np.random.default_rng(zlib.crc32(f"nile-{name}".encode()))


# --- parts ------------------------------------------------------------------------------------


def silence(seconds: float) -> Samples:
    return np.zeros(int(round(seconds * RATE)))


def times(x: Samples) -> Samples:
    return np.arange(len(x)) / RATE


def noise(rng: Rng, seconds: float) -> Samples:
    return samples(rng.uniform(-1.0, 1.0, int(round(seconds * RATE))))


def band(x: Samples, low: float, high: float, order: int = 2) -> Samples:
    sos = signal.butter(order, [low, high], "bandpass", fs=RATE, output="sos")
    return samples(signal.sosfilt(sos, x))


def lowpass(x: Samples, cutoff: float, order: int = 2) -> Samples:
    return samples(signal.sosfilt(signal.butter(order, cutoff, "lowpass", fs=RATE, output="sos"), x))


def highpass(x: Samples, cutoff: float, order: int = 2) -> Samples:
    return samples(signal.sosfilt(signal.butter(order, cutoff, "highpass", fs=RATE, output="sos"), x))


def envelope(attack: float, decay: float) -> Samples:
    """A raised-cosine attack, then an exponential decay (time constant ``decay``) to -60 dB.

    Long enough for the decay to reach silence, so nothing built on it ends
    with a step.
    """
    t = times(silence(attack + 7 * decay))
    rise = np.where(t < attack, 0.5 - 0.5 * np.cos(np.pi * t / max(attack, 1e-6)), 1.0)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / decay)


def burst(rng: Rng, low: float, high: float, attack: float, decay: float) -> Samples:
    """Band-limited noise under :func:`envelope`: a puff of air, a hiss, a crack."""
    shape = envelope(attack, decay)
    return samples(band(noise(rng, len(shape) / RATE), low, high) * shape)


def place(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> Samples:
    """Adds ``sound`` into ``into`` from ``at`` seconds (what runs past the end is dropped)."""
    start = int(round(at * RATE))
    n = max(0, min(len(sound), len(into) - start))
    into[start:start + n] += gain * sound[:n]
    return into


def layer(*sounds: Samples) -> Samples:
    """Sounds played together from the same moment, however long each is."""
    out = silence(max(len(x) for x in sounds) / RATE)
    for x in sounds:
        out[:len(x)] += x
    return out


def modes(freqs: list[float], decays: list[float], amps: list[float]) -> Samples:
    """A struck object: damped sines, each starting from zero (no click), rung out to -60 dB."""
    t = times(silence(7 * max(decays)))
    out = np.zeros_like(t)
    for f, d, a in zip(freqs, decays, amps, strict=True):
        out += a * np.sin(2 * np.pi * f * t) * np.exp(-t / d)
    return out


def grain(rng: Rng, seconds: float, low: float, high: float) -> Samples:
    """A short windowed burst of band-limited noise: a crackle, a fibre, a grain of sand."""
    x = band(noise(rng, seconds + 0.004), low, high)[-int(round(seconds * RATE)):]
    return x * np.hanning(len(x)) if len(x) > 1 else x


def room(x: Samples, rng: Rng, size: float = 1.0, wet: float = 0.16) -> Samples:
    """``x`` in a small plastered room: a few early echoes and a short, dark tail."""
    length = 0.32 * size
    ir = noise(rng, length) * np.exp(-times(silence(length)) / (0.06 * size))
    ir = lowpass(ir, 3500)
    for delay, gain in ((0.007, 0.5), (0.013, 0.35), (0.021, 0.25)):
        ir[int(delay * size * RATE)] += gain
    wet_part = signal.fftconvolve(x, ir)[:len(x)]
    wet_part *= np.max(np.abs(x)) / max(1e-9, np.max(np.abs(wet_part)))
    return samples(x + wet * wet_part)


# --- paper ----------------------------------------------------------------------------------------


def landing(rng: Rng, crisp: float = 1.0, body: float = 1.0) -> Samples:
    """A card landing flat on wood: a slap of air and paper, and the table's dull answer.

    The air pushed out from under the card spreads the slap over a few
    milliseconds; the table top rings low and briefly under it.
    """
    slap = grain(rng, 0.012, 500, 5000) * crisp
    puff = burst(rng, 250, 1500, 0.004, 0.012)
    thud = modes([190, 430, 930], [0.045, 0.025, 0.012], [0.5, 0.3, 0.12]) * body
    return place(place(thud, slap, 0.0, 0.5), puff, 0.0, 0.5 * crisp)


def flip(rng: Rng) -> Samples:
    """A card turned over: a breath of air, the card's edge flexing, then it lands."""
    out = silence(0.32)
    air = burst(rng, 1200, 6000, 0.015, 0.04)
    flap = burst(rng, 300, 1200, 0.03, 0.025)
    place(out, air, 0.0, 0.5)
    place(out, flap, 0.01, 0.5)
    for at, gain in ((0.018, 0.3), (0.031, 0.2), (0.047, 0.14)):
        place(out, grain(rng, 0.002, 2000, 7000), at, gain)
    return place(out, landing(rng), 0.085, 0.9)


def friction(rng: Rng, seconds: float, speed: Samples) -> Samples:
    """Paper rubbing on felt at ``speed`` (0..1 over time): a hush that brightens as it speeds."""
    dull = lowpass(noise(rng, seconds), 900) * speed
    bright = band(noise(rng, seconds), 1500, 5000) * speed**2
    fibres = silence(seconds)
    expected = 380 * np.sum(speed) / RATE
    for at in np.sort(rng.uniform(0, seconds, rng.poisson(expected))):
        if rng.uniform() < speed[min(len(speed) - 1, int(at * RATE))]:
            place(fibres, grain(rng, 0.0015, 2500, 8000), at, rng.uniform(0.05, 0.2))
    return samples(0.6 * dull + 0.25 * bright + fibres)


def slide(rng: Rng) -> Samples:
    """A card slid across the table and stopping."""
    move = 0.34
    speed = np.sin(np.pi * times(silence(move)) / move) ** 1.2
    out = silence(0.45)
    place(out, friction(rng, move, speed), 0.0)
    return place(out, landing(rng, crisp=0.4, body=0.6), move - 0.01, 0.5)


def deal(rng: Rng) -> Samples:
    """A card dealt: flicked off the pack, a short flight, a crisp landing and a little skid."""
    out = silence(0.3)
    place(out, burst(rng, 1800, 7000, 0.006, 0.025), 0.0, 0.5)
    place(out, burst(rng, 600, 2500, 0.03, 0.03), 0.005, 0.4)
    place(out, landing(rng, crisp=0.7, body=0.8), 0.07, 0.75)
    skid = 0.1
    speed = np.linspace(1.0, 0.0, int(skid * RATE)) ** 1.5
    return place(out, friction(rng, skid, speed), 0.075, 0.6)


# --- clay, water, insects, stone --------------------------------------------------------------------


def clack(rng: Rng, size: float = 1.0) -> Samples:
    """Two fired-clay counters knocking: short, dull, a little hollow."""
    f0 = rng.uniform(1900, 2400) / size
    ratios = [1.0, rng.uniform(1.45, 1.6), rng.uniform(2.2, 2.45), rng.uniform(2.9, 3.2)]
    body = modes([f0 * r for r in ratios], [0.03 * size, 0.022 * size, 0.014 * size, 0.01],
                  [0.6, 0.4, 0.25, 0.12])
    knock = modes([rng.uniform(650, 800) / size, rng.uniform(1100, 1300) / size], [0.035, 0.025],
                  [0.5, 0.25])
    return place(layer(body, knock), grain(rng, 0.003, 2000, 9000), 0.0, 0.2)


def market(rng: Rng) -> Samples:
    """A handful of clay counters put down and settling."""
    out = silence(0.6)
    for at, gain, size in ((0.0, 0.8, 1.0), (0.05, 0.7, 1.1), (0.12, 0.75, 0.95),
                           (0.19, 0.4, 0.85), (0.235, 0.3, 0.9), (0.27, 0.18, 1.05)):
        place(out, clack(rng, size), at, gain)
    return out


def bubble(rng: Rng) -> Samples:
    """One bubble: a sine that rises in pitch as it fades (it nears the surface)."""
    decay = rng.uniform(0.012, 0.05)
    f0, rise = rng.uniform(450, 1800), rng.uniform(0.3, 0.8) / (7 * decay)
    t = times(silence(7 * decay))
    phase = 2 * np.pi * f0 * (t + rise * t**2 / 2)
    return np.sin(phase) * np.exp(-t / decay)


def flood(rng: Rng) -> Samples:
    """The river rising over the fields: a wash of water that swells and draws back, bubbling."""
    seconds = 0.98
    t = times(silence(seconds))
    swell = np.minimum(1.0, t / 0.3) ** 1.5 * np.exp(-np.maximum(t - 0.3, 0) / 0.3)
    low = band(noise(rng, seconds), 150, 900) * swell
    mid = band(noise(rng, seconds), 700, 2500) * swell**2
    out = 0.7 * low + 0.35 * mid
    for _ in range(70):
        at = rng.uniform(0.02, 0.8)
        place(out, bubble(rng), at, rng.uniform(0.03, 0.14) * swell[int(at * RATE)])
    return place(out, burst(rng, 2000, 8000, 0.08, 0.06), 0.0, 0.18)


def locust(rng: Rng) -> Samples:
    """A swarm passing: every wing beat a rustle, hundreds a second, over a low roar."""
    seconds = 2.4
    t = times(silence(seconds))
    out = silence(seconds)
    near = silence(seconds)
    window = np.hanning(int(0.008 * RATE))
    for _ in range(36):
        rate = rng.uniform(17, 26)
        centre, width = rng.uniform(0.3, 2.1), rng.uniform(0.5, 1.5)
        loud = rng.uniform(0.2, 1.0) ** 2
        low, high = sorted(rng.uniform(900, 4500, 2))
        wings = band(noise(rng, seconds + 0.01), low, high + 500)  # this insect's wing colour
        beat = rng.uniform(0, 1 / rate)
        while beat < seconds:
            presence = np.exp(-(((beat - centre) / width) ** 2))
            start = int(beat * RATE)
            place(out, wings[start:start + len(window)] * window, beat, 0.5 * loud * presence)
            beat += rng.normal(1 / rate, 0.03 / rate)
        near += loud * np.exp(-(((t - centre) / width) ** 2)) * np.sin(2 * np.pi * rate * t)
    roar = band(noise(rng, seconds), 80, 600) * (1.0 + 0.5 * near / max(1e-9, np.max(np.abs(near))))
    hiss = band(noise(rng, seconds), 3000, 8000)
    shape = np.minimum(1.0, t / 0.7) * np.minimum(1.0, (seconds - t) / 1.0)
    return samples((out + 0.45 * roar + 0.05 * hiss) * shape)


def knock(rng: Rng, size: float) -> Samples:
    """Stone on stone: a dull crack, resonances damped at once, a thump for the large ones.

    Stone barely rings: what tells it from wood or clay is the gritty crack
    and how quickly everything dies, bigger stones lower and a little longer.
    """
    crack = lowpass(burst(rng, 150, 9000, 0.002, 0.006 * size), 2600 / size**0.5)
    f = rng.uniform(250, 900) / size
    ratios = [1.0, rng.uniform(1.7, 2.3), rng.uniform(2.9, 3.6), rng.uniform(4.4, 5.6)]
    ring = modes([f * r for r in ratios], [0.012 * size, 0.008 * size, 0.005 * size, 0.004],
                 [1.0, 0.6, 0.4, 0.25])
    thump = modes([rng.uniform(55, 95)], [0.05 * size], [1.0])
    out = place(silence(7 * 0.05 * size), crack, 0.0, 1.0)
    return place(place(out, ring, 0.0, 0.35), thump, 0.0, 0.4 * size)


def monument_crumbles(rng: Rng) -> Samples:
    """A monument giving way: a first heavy block, a cascade of stones, gravel, a rumble."""
    out = silence(1.3)
    place(out, knock(rng, 1.6), 0.0, 0.8)
    at, size, gain = 0.09, 1.4, 0.6
    for _ in range(12):
        place(out, knock(rng, size), at, gain)
        at += rng.uniform(0.03, 0.12)
        size, gain = max(0.6, size - 0.07), gain * 0.88
    for _ in range(80):
        when = 0.35 + rng.exponential(0.3)
        if when < 1.2:
            place(out, grain(rng, 0.003, 1500, 7000), when, rng.uniform(0.05, 0.2) * (1.3 - when))
    rumble = envelope(0.02, 0.3)
    return place(out, lowpass(noise(rng, len(rumble) / RATE), 120) * rumble, 0.0, 3.0)


def stone_thud(rng: Rng) -> Samples:
    """A great block set down: a low, short, heavy sound with a little grit."""
    out = modes([70, 130, 260], [0.12, 0.08, 0.05], [1.0, 0.5, 0.25])
    return place(out, lowpass(burst(rng, 100, 4000, 0.002, 0.015), 1500), 0.0, 0.4)


def rustle(rng: Rng) -> Samples:
    """Dry stalks gathered: a short crackle of high, thin grains."""
    out = burst(rng, 2000, 7000, 0.02, 0.04) * 0.3
    for at in np.sort(rng.uniform(0.0, 0.15, 14)):
        place(out, grain(rng, 0.002, 2500, 8000), at, rng.uniform(0.1, 0.35))
    return out


def zill(rng: Rng, pitch: float = 2349.0) -> Samples:
    """A finger cymbal: bright inharmonic partials that ring, the highest dying first."""
    ratios = [1.0, 1.49, 2.13, 2.79, 3.6]
    decays = [0.3, 0.22, 0.16, 0.11, 0.07]
    amps = [1.0, 0.6, 0.45, 0.3, 0.2]
    ring = modes([pitch * r * rng.uniform(0.998, 1.002) for r in ratios], decays, amps)
    return place(ring, grain(rng, 0.001, 4000, 12000), 0.0, 0.2)
