"""Join codes: three short English words, easy to read aloud and type.

A code is three words from :data:`WORDS` (256 of them, so 2**24, about 16.7 million
codes). It is the secret of the key exchange (:mod:`.cpace`): nobody without it can
join or watch. Typed codes are read leniently: any case, words separated by spaces,
hyphens, dots or commas. No pygame, no I/O.
"""

from __future__ import annotations

import re
import secrets

WORDS: tuple[str, ...] = tuple("""
acorn actor amber anchor angle apple apron arch arrow aspen atlas attic
badge baker bamboo banjo barley barrel basil basin beach beacon bean bear
beaver bell berry bison blade blanket bloom boat bonnet boots bottle
branch brass bread brick bridge brook broom bubble bucket buffalo bugle
butter button cabin cactus camel candle canoe canyon carpet carrot castle cedar
cello chalk cherry chess chimney cider circle citrus clay cliff clock cloud
clover cobalt cocoa comet copper coral cotton cougar crane crayon cricket crown
cube dahlia daisy delta denim desert diamond dingo dolphin donkey dove
dragon drum eagle easel echo eclipse elbow elm ember emerald engine falcon
feather fern fiddle flag flute fossil fountain fox garden garlic geyser
ginger glacier globe goose granite grape gravel guitar hammer harbor harp hazel
hedge heron hill honey hornet island ivory jacket jaguar jasmine jelly
kayak kettle kite koala ladder lagoon lantern lark lemon lily lion lizard llama
lobster locket lotus magnet mango maple marble meadow melon mirror mitten moose
mosaic moss mountain muffin nectar needle nest oasis ocean olive onion
orbit orchid otter owl paddle palm panda paper parrot peach pearl pebble pepper
piano pillow pine planet plum pocket pony poppy potato prairie pumpkin puzzle
quail quartz quill rabbit radish raft rainbow raven reef ribbon river robin
rocket saddle saffron salmon sandal satin scarf shell shovel silver sketch sled
sparrow spider spruce squash stable star stone summer sunset swan
teapot temple thistle thunder tiger timber tomato topaz torch tower tulip
turnip turtle umbrella valley velvet violin walnut walrus wagon willow window
""".split())

#: How many words a code has.
CODE_WORDS = 3
_SEPARATORS = re.compile(r"[\s\-.,_/]+")


def new_code() -> str:
    """A fresh random code, words joined by hyphens ("lotus-falcon-river")."""
    return "-".join(secrets.choice(WORDS) for _ in range(CODE_WORDS))


def normalise(text: str) -> str | None:
    """A typed code as the key exchange uses it, or None when it is no code (the wrong
    number of words, or a word not in the list)."""
    if len(text) > 200:
        return None
    words = [w for w in _SEPARATORS.split(text.strip().lower()) if w]
    if len(words) != CODE_WORDS or any(w not in _WORD_SET for w in words):
        return None
    return "-".join(words)


_WORD_SET = frozenset(WORDS)
