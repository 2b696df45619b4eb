"""What one seat may know, and full states dealt consistently with it.

Bots must play without peeking: they get a :class:`View` from
:func:`observe` and search over states from :func:`resample`, which deals the
cards hidden from that seat (other hands and storage, the order of the draw
pile) at random. The seed is hidden too, since it decides future shuffles.

Other seats' storage is secret (R-HARV-3), but everything that goes in or
out of it happens in plain sight: harvests from public fields (R-HARV-1)
and cards traded from storage (R-TRADE-1). A seat that has watched the game
from its deal therefore knows every storage pile, and the view says so
(:attr:`View.storages`) when the board kept that record
(:attr:`~.board.Board.watched`); a position read without its history gives
no such memory, and its storage piles are dealt at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import Board
from .cards import CROPS, KIND_NAMES, LOCUST, MONUMENTS, N_CROPS, N_KINDS, STONE, full_deck_counts
from .outcome import Outcome
from .rng import EngineRandom
from .rules import Rules
from .state import State


@dataclass(frozen=True)
class View:
    """Everything ``seat`` can see. Count arrays are indexed by card kind."""

    seat: int
    rules: Rules
    crops: tuple[int, ...]
    season: int
    seasons: int
    active: int
    flood: int
    deck_size: int
    discard: tuple[int, ...]
    flood_stack: tuple[int, ...]
    locust_aside: bool
    hand: tuple[int, ...]  # own hand, counts per kind
    storage: tuple[int, ...]  # own storage, counts per crop
    hand_sizes: tuple[int, ...]
    storage_sizes: tuple[int, ...]
    fields: tuple[tuple[int, ...], ...]
    mons: tuple[tuple[int, ...], ...]
    specs: tuple[tuple[int, ...], ...]
    result: Outcome | None
    #: Own storage in arrival order, bottom first, under ``storage: top``
    #: (R-TRADE-1); empty otherwise. Other seats' order is never seen.
    storage_order: tuple[int, ...] = ()
    #: Every seat's storage, counts per crop, as the seat has watched the piles
    #: fill (see the module doc); None when the game's history is not known.
    storages: tuple[tuple[int, ...], ...] | None = None

    @property
    def over(self) -> bool:
        """The game has ended: it has its result (R-END-2)."""
        return self.result is not None

    @property
    def players(self) -> int:
        return self.rules.players

    def text(self) -> str:
        """One canonical line describing the view (golden playthroughs, logs)."""

        def cards(counts: tuple[int, ...]) -> str:
            return ",".join(f"{KIND_NAMES[k]}*{n}" for k, n in enumerate(counts) if n) or "-"

        def per_seat(rows: tuple[tuple[int, ...], ...], names: tuple[str, ...]) -> str:
            return "|".join(
                ",".join(f"{names[i]}{n}" for i, n in enumerate(row) if n) or "-" for row in rows
            )

        return " ".join((
            f"seat={self.seat} active={self.active} season={self.season}/{self.seasons}",
            f"flood={KIND_NAMES[self.flood] if self.flood >= 0 else '-'} deck={self.deck_size}",
            f"hand={cards(self.hand)} storage={cards(self.storage)}",
            f"hands={','.join(map(str, self.hand_sizes))}",
            f"storages={','.join(map(str, self.storage_sizes))}",
            f"fields={per_seat(self.fields, CROPS)} monuments={per_seat(self.mons, MONUMENTS)}",
            "specs=" + ("|".join(",".join(KIND_NAMES[k] for k in s) or "-" for s in self.specs)),
            f"discard={cards(self.discard)} aside={int(self.locust_aside)}",
        ) + ((f"order={','.join(CROPS[c] for c in self.storage_order)}",)
             if self.storage_order else ()))

    def unseen(self) -> list[int]:
        """Counts per kind of the cards this seat cannot see: other hands and
        storage (unless it watched the storage piles fill), and the draw pile."""
        counts = full_deck_counts(self.crops, self.rules.monuments)
        for k in range(N_KINDS):
            counts[k] -= self.discard[k] + self.flood_stack[k] + self.hand[k]
        for store in (self.storage,) if self.storages is None else self.storages:
            for c in range(N_CROPS):
                counts[c] -= store[c]
        if self.flood >= 0:
            counts[self.flood] -= 1
        if self.locust_aside:
            counts[LOCUST] -= 1
        for s in range(self.rules.players):
            for c in range(N_CROPS):
                counts[c] -= self.fields[s][c]
            counts[STONE] -= sum(self.mons[s])
            for k in self.specs[s]:
                counts[k] -= 1
        return counts


def observe(state: Board, seat: int) -> View:
    """The view of ``state`` from ``seat`` (R-HARV-3: storage is secret, hand sizes public)."""
    n = state.rules.players
    return View(
        seat=seat,
        rules=state.rules,
        crops=state.crops,
        season=state.season,
        seasons=state.seasons,
        active=state.active,
        flood=state.flood,
        deck_size=len(state.deck),
        discard=tuple(state.discard),
        flood_stack=tuple(state.flood_stack),
        locust_aside=state.locust_aside,
        hand=tuple(state.hands[seat]),
        storage=tuple(state.storage[seat]),
        hand_sizes=tuple(sum(state.hands[s]) for s in range(n)),
        storage_sizes=tuple(sum(state.storage[s]) for s in range(n)),
        fields=tuple(tuple(f) for f in state.fields),
        mons=tuple(tuple(m) for m in state.mons),
        specs=tuple(tuple(sorted(s)) for s in state.specs),
        result=state.result,
        storage_order=tuple(state.stacks[seat]),
        storages=(tuple(tuple(w) for w in state.watched) if state.watched is not None
                  else None),
    )


def resample(view: View, rng: random.Random) -> State:
    """A full state that ``view`` cannot tell apart from the real one.

    Hidden cards are dealt at random: other seats' storage from the unseen
    crop cards, other hands and the draw pile from the rest (the locust, if
    not set aside, is somewhere in the pile). The seed is replaced.
    """
    return Dealer(view).deal(rng)


class Dealer:
    """:func:`resample` for one view, many times over (the search deals thousands).

    What every deal shares (the public table, the seat's own cards, the
    unseen cards, and the storage piles the seat watched fill) is worked out
    once; :meth:`deal` copies it and deals the hidden cards, with exactly the
    draws of :func:`resample`.
    """

    __slots__ = ("view", "template", "unseen", "locusts", "crops_pool", "hidden_storage",
                 "pool")

    def __init__(self, view: View) -> None:
        self.view = view
        unseen = view.unseen()
        self.locusts = unseen[LOCUST]
        unseen[LOCUST] = 0
        self.unseen = unseen
        self.crops_pool: list[int] = []
        for c in range(N_CROPS):
            if unseen[c]:
                self.crops_pool += [c] * unseen[c]
        watched = view.storages
        self.hidden_storage = (sum(view.storage_sizes) - view.storage_sizes[view.seat]
                               if watched is None else 0)
        # With no storage to deal, every deal shuffles the same cards: listed once here.
        self.pool = None if self.hidden_storage else _listed(unseen)
        state = State(view.rules, view.crops, 0)
        state.season, state.seasons, state.active = view.season, view.seasons, view.active
        state.flood, state.result = view.flood, view.result
        state.discard = list(view.discard)
        state.flood_stack = list(view.flood_stack)
        state.locust_aside = view.locust_aside
        state.fields = [list(f) for f in view.fields]
        state.mons = [list(m) for m in view.mons]
        state.specs = [list(s) for s in view.specs]
        me = view.seat
        if watched is not None:
            state.storage = [list(w) for w in watched]
            state.watched = [list(w) for w in watched]  # a deal remembers what the view did
            if view.rules.storage_top:  # the counts are known; their order is not kept
                state.stacks = [[c for c in range(N_CROPS) for _ in range(row[c])] for row in watched]
        state.hands[me] = list(view.hand)
        state.storage[me] = list(view.storage)
        if view.rules.storage_top:
            state.stacks[me] = list(view.storage_order)
        self.template = state

    def deal(self, rng: random.Random) -> State:
        """One determinisation: a copy of the table with the hidden cards dealt at random."""
        view = self.view
        state = self.template.clone()
        state.seed = rng.getrandbits(62)
        me = view.seat
        unseen = self.unseen[:]
        crops_pool = self.crops_pool[:]
        _shuffle_top(crops_pool, self.hidden_storage, rng)  # only the cards dealt need it
        storage_top = view.rules.storage_top
        for s, size in enumerate(view.storage_sizes):
            if s == me or not size or not self.hidden_storage:
                continue
            store = state.storage[s]
            dealt = crops_pool[-size:]
            del crops_pool[-size:]
            for c in reversed(dealt):  # popped from the end, one by one
                store[c] += 1
                unseen[c] -= 1
                if storage_top:
                    state.stacks[s].append(c)  # a random order: the real one is hidden
        pool = _listed(unseen) if self.pool is None else self.pool[:]
        rng.shuffle(pool)
        for s, size in enumerate(view.hand_sizes):
            if s == me or not size:
                continue
            hand = state.hands[s]
            for k in pool[-size:]:
                hand[k] += 1
            del pool[-size:]
        if self.locusts:
            pool.insert(rng.randrange(len(pool) + 1), LOCUST)
        state.deck = pool
        return state


def _listed(counts: list[int]) -> list[int]:
    """Every card of these counts per kind, kind by kind."""
    cards: list[int] = []
    for k, n in enumerate(counts):
        if n:
            cards += [k] * n
    return cards


def _shuffle_top(items: list[int], k: int, rng: random.Random) -> None:
    """Shuffle just enough that the last ``k`` items are a uniform random draw in random
    order: the first ``k`` steps of the Fisher–Yates shuffle (which fixes the end first)."""
    if isinstance(rng, EngineRandom):  # the same draws, made without a call per card
        rng.shuffle_top(items, k)
        return
    n = len(items)
    for i in range(n - 1, max(0, n - 1 - k), -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]
