"""Card kinds of Nile DeLuxor and their names in the public notation.

Cards of one kind are interchangeable, so the engine counts them instead of
tracking card objects. Every kind has a fixed small integer (its *kind index*)
that is also its position in rule order, which makes sorting into canonical
notation a plain integer sort and lets hands be flat lists of counts.
"""

from __future__ import annotations

from itertools import combinations

#: R-COMP-1: the crops in their fixed rule order.
CROPS: tuple[str, ...] = ("papyrus", "wheat", "lettuce", "castor", "flax", "grapes", "onions")
N_CROPS = len(CROPS)
MONUMENTS: tuple[str, ...] = ("sphinx", "obelisk", "wall")
N_MONUMENTS = len(MONUMENTS)
SPHINX, OBELISK, WALL = 0, 1, 2

#: Planting keys: a field is keyed by its crop (0–6) or, for a Monument
#: field, by ``MON_KEY + monument`` (R-MON-1: a Monument is planted like a crop).
MON_KEY = N_CROPS

# R-COMP-3: one speculation card for every unordered pair of crops, in rule order.
SPEC_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(N_CROPS), 2))
SPEC_BASE = N_CROPS  # kind index of the first speculation card
STONE = SPEC_BASE + len(SPEC_PAIRS)  # 28
LOCUST = STONE + 1  # 29
N_KINDS = LOCUST + 1  # 30: the length of every count array

CROP_CARDS_PER_CROP = 14  # R-COMP-2
STONE_CARDS = 14  # R-COMP-5
LOCUST_CARDS = 1  # R-COMP-4
# R-COMP-6: the Flood card and the season counter are table markers, not card
# kinds: the current flood is a pointer to a revealed card, the season a number.


def spec_name(a: int, b: int) -> str:
    """Notation of the speculation card showing crops ``a`` and ``b``."""
    lo, hi = sorted((a, b))
    return f"spec:{CROPS[lo]}+{CROPS[hi]}"


KIND_NAMES: tuple[str, ...] = (
    CROPS + tuple(spec_name(a, b) for a, b in SPEC_PAIRS) + ("stone", "locust")
)
KIND_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
CROP_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(CROPS)}
MONUMENT_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(MONUMENTS)}
SPEC_BY_PAIR: dict[tuple[int, int], int] = {
    pair: SPEC_BASE + i for i, pair in enumerate(SPEC_PAIRS)
}


def monument_key(monument: int) -> int:
    """The planting key of a Monument field."""
    return MON_KEY + monument


def key_name(key: int) -> str:
    """A planting key's crop or Monument name."""
    return CROPS[key] if key < MON_KEY else MONUMENTS[key - MON_KEY]


def is_spec(kind: int) -> bool:
    return SPEC_BASE <= kind < STONE


def spec_crops(kind: int) -> tuple[int, int]:
    """The two crops shown on a speculation card."""
    return SPEC_PAIRS[kind - SPEC_BASE]


def crops_shown(kind: int) -> tuple[int, ...]:
    """Crops a card shows: one for a crop card, two for a speculation, none otherwise."""
    if kind < N_CROPS:
        return (kind,)
    if kind < STONE:
        return SPEC_PAIRS[kind - SPEC_BASE]
    return ()


#: :func:`crops_shown` of every kind, as a table: what each flood card floods, looked up
#: at every reveal of a search's play-outs.
CROPS_SHOWN: tuple[tuple[int, ...], ...] = tuple(crops_shown(k) for k in range(N_KINDS))


def kinds_in_play(crops: tuple[int, ...], monuments: bool) -> list[int]:
    """Every card kind that is in the deck for these crops and expansion setting."""
    in_play = set(crops)
    kinds = list(sorted(crops))
    kinds += [SPEC_BASE + i for i, (a, b) in enumerate(SPEC_PAIRS) if a in in_play and b in in_play]
    if monuments:
        kinds.append(STONE)
    kinds.append(LOCUST)
    return kinds


def full_deck_counts(crops: tuple[int, ...], monuments: bool) -> list[int]:
    """How many cards of each kind the game holds in total (R-COMP-2, R-COMP-3,
    R-COMP-4; stones only with the Monuments, R-COMP-5)."""
    counts = [0] * N_KINDS
    for kind in kinds_in_play(crops, monuments):
        if kind < N_CROPS:
            counts[kind] = CROP_CARDS_PER_CROP
        elif kind == STONE:
            counts[kind] = STONE_CARDS
        elif kind == LOCUST:
            counts[kind] = LOCUST_CARDS
        else:
            counts[kind] = 1  # one speculation card per pair
    return counts


#: Every card face the game can ever show, by notation name (all 7 crops,
#: all 21 speculation cards, stone and locust). Art must cover each of them.
ALL_CARD_NAMES: tuple[str, ...] = KIND_NAMES
