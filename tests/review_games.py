"""Games the review and record tests share: a scripted blunder and short bot games as saves."""

from __future__ import annotations

import random
from pathlib import Path

from nile_desktop.ai import make_bot
from nile_desktop.engine import Rules, new_game, observe
from nile_desktop.saves import SaveGame, new_save, write_save

#: Two players, seed 3: the first 18 moves of a game between two Medium bots.
#: After them seat 1 (no fields yet) holds Wheat ×2 while seat 0's Wheat
#: field has one card, so "plant wheat wheat" takes it over (R-PLANT-3).
OPENING = ("plant wheat lettuce", "plant wheat wheat", "plant papyrus stone@obelisk",
           "plant castor stone@sphinx", "pass", "plant wheat stone@obelisk",
           "plant wheat wheat wheat", "plant papyrus lettuce",
           "speculate spec:papyrus+castor spec:lettuce+castor", "plant flax flax flax",
           "market wheat wheat", "plant stone@obelisk stone@obelisk stone@obelisk",
           "plant lettuce stone@wall", "plant castor castor castor", "speculate spec:wheat+castor",
           "plant papyrus stone@sphinx", "plant stone@sphinx stone@sphinx", "plant flax flax flax")
SEED = 3
#: Offering both Wheat to Hapi (R-TRADE-3) throws away the take-over.
BLUNDER = "offer wheat wheat"
TAKEOVER = "plant wheat wheat"


def seats(players: int, person: int = 0) -> list[dict[str, object]]:
    return [{"name": f"P{s}", "kind": "human" if s == person else "medium", "colour": s}
            for s in range(players)]


def bot_save(seed: int, players: int = 2, moves: int | None = None, person: int = 0) -> SaveGame:
    """A save of Medium bots playing (all of it, or its first ``moves`` moves)."""
    state = new_game(Rules(players=players), seed)
    save = new_save(Rules(players=players), seed, seats(players, person))
    bot, rng = make_bot("medium"), random.Random(seed)
    while not state.over and (moves is None or len(save.moves) < moves):
        move, _reason = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
        save.record(move)
    return save


def scripted_save(moves: tuple[str, ...] | list[str], person: int = 1) -> SaveGame:
    save = new_save(Rules(players=2), SEED, seats(2, person))
    for move in moves:
        save.record(move)
    return save


def write(save: SaveGame, path: Path) -> Path:
    write_save(path, save)
    return path
