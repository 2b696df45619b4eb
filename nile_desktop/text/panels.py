"""What the seat panels, the tray (the shown person's hand and storage) and the river (the
piles, the season, the Monuments in the centre) say, in the player's language.

The drawing code (``scenes/table/display/seats_view.py``, ``tray_view.py`` and
``river_view.py``) decides what to show and where; the words are here, so every sentence of the table's panels goes
through the catalogues in one place and a translator sees them together. Each function
is called when drawing, so text on the table follows the language setting. Cards come in
already labelled (:func:`~nile_desktop.text.table.card_label`), counts as numbers for
``ngettext``.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile_desktop.i18n import _, card_name, ngettext

# -- the seat panels ---------------------------------------------------------------------------


def chance_tooltip(chance: float, error: float, everyone: Sequence[float],
                   names: Sequence[str], assumes_bots: bool) -> str:
    """What a win chance means: the seat's own (``error`` its standard error, both as
    shares), every seat's from the same view when given, and whether it assumes the bots
    play as their levels do."""
    points = max(1, round(error * 200))
    text = ngettext("Your chance to win: {percent}% (give or take {error} point), as the bots' "
                    "search judges it from what you know: your cards and what is on the table.",
                    "Your chance to win: {percent}% (give or take {error} points), as the bots' "
                    "search judges it from what you know: your cards and what is on the table.",
                    points).format(percent=round(chance * 100), error=points)
    if everyone and len(names) >= len(everyone):
        text += " " + _("Everyone's, as you can judge it: {chances}.").format(
            chances=", ".join(_("{name} {percent}%").format(name=names[s], percent=round(p * 100))
                              for s, p in enumerate(everyone)))
    if assumes_bots:
        text += " " + _("It assumes each bot plays as its level does.")
    return text


def seat_counts(hand: int | None, storage: int) -> str:
    """A panel's counts; ``hand`` None where the setting hides how many cards others hold."""
    if hand is None:
        return _("Storage {n}").format(n=storage)
    return _("Hand {hand} · Storage {storage}").format(hand=hand, storage=storage)


def you(name: str) -> str:
    """The one person playing against bots, named in their own panel."""
    return _("{name} (you)").format(name=name)


def kind_and_chance(kind: str, chance: float) -> str:
    """A panel's second line: the seat's kind (a person, a bot level) and its win chance."""
    return _("{kind} · {percent}% to win").format(kind=kind, percent=round(chance * 100))


def to_play() -> str:
    """Beside the name of the seat whose turn it is."""
    return _("to play")


def win_chance() -> str:
    """The name of a panel's win chance (for screen readers and the UI dump)."""
    return _("Win chance")


def open_hand(cards: str) -> str:
    """A seat's hand written in its panel (a replay with every hand shown); ``cards`` is
    the labelled list, empty for an empty hand."""
    return _("Hand: {cards}").format(cards=cards) if cards else no_cards_in_hand()


def no_cards_in_hand() -> str:
    return _("No cards in hand")


def no_fields_yet() -> str:
    return _("No fields yet")


def pending_speculation(card: str) -> str:
    return _("{card}: pending speculation").format(card=card)


def monument_pile(monument: str, stones: int) -> str:
    return ngettext("{monument}: {count} stone", "{monument}: {count} stones",
                    stones).format(monument=monument, count=stones)


def field_pile(card: str, count: int) -> str:
    return ngettext("{card}: field of {count} card", "{card}: field of {count} cards",
                    count).format(card=card, count=count)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2013{-n}"  # the type has no minus sign: an en dash


def takeover_need(need: int, size: int, terms: Sequence[tuple[str, int]],
                  monument: bool) -> str:
    """Why a take-over needs ``need`` cards: the rival's ``size`` (stones on a Monument,
    cards in a field) and the engine's terms (R-PLANT-4: one more to take over, one fewer
    with one's Sphinx, one more for their Wall)."""
    if monument:
        parts = [ngettext("{n} stone on the Monument", "{n} stones on the Monument",
                          size).format(n=size)]
    else:
        parts = [ngettext("{n} card in the field", "{n} cards in the field",
                          size).format(n=size)]
    for reason, n in terms:
        if reason == "margin":
            parts.append(_("{n} to take over").format(n=_signed(n)))
        elif reason == "sphinx":
            parts.append(_("{n} for your Sphinx").format(n=_signed(n)))
        elif reason == "wall":
            parts.append(_("{n} for their Wall").format(n=_signed(n)))
        else:
            parts.append(_signed(n))
    return ngettext("Needs {need} card: {why}", "Needs {need} cards: {why}",
                    need).format(need=need, why=", ".join(parts))


def new_field() -> str:
    """Written on an empty plot."""
    return _("New field")


def new_crop_field(crop: str) -> str:
    """An empty plot's name: where a new field of ``crop`` (its engine name) may start."""
    return _("New {crop} field").format(crop=card_name(crop))


# -- the tray: hand and storage -----------------------------------------------------------------


def hidden_cards(replay: bool) -> str:
    """The tray while no person is at the screen, or in a replay that shows no hand."""
    if replay:
        return _("This replay shows only the cards a person at the table saw then.")
    return _("Cards are hidden until the next person is at the screen.")


def hand_title(name: str, cards: int) -> str:
    return ngettext("Hand of {name}: {n} card", "Hand of {name}: {n} cards", cards).format(
        name=name, n=cards)


def in_hand(card: str, held: int) -> str:
    return ngettext("{card}: {n} in hand", "{card}: {n} in hand", held).format(card=card, n=held)


def storage_title(cards: int | None) -> str:
    """The storage's title: with its count of cards, or without (hidden)."""
    if cards is None:
        return _("Storage")
    return ngettext("Storage: {n} card", "Storage: {n} cards", cards).format(n=cards)


def in_storage(card: str, count: int, smallest: bool) -> str:
    tip = ngettext("{card} in storage: {n} card", "{card} in storage: {n} cards",
                   count).format(card=card, n=count)
    if smallest:
        tip += " · " + _("your smallest pile: it decides your score")
    return tip


def storage_legend(top: Sequence[str] | None) -> str:
    """Under the storage: the labelled crops of the pile's top cards under the rule-book
    option ``storage: top`` (R-TRADE-1), or (None) what its red ring means."""
    if top is None:
        return _("Red ring: smallest pile, it decides the score")
    return _("Top of the pile: {cards}").format(cards=", ".join(top)) if top else \
        _("The pile is empty")


# -- the river: the piles, the season, the centre -----------------------------------------------


def flood() -> str:
    return _("Flood")


def flood_tooltip(card: str, under: int) -> str:
    """The flood pile: its card (labelled; empty before the first flood) and how many
    earlier flood cards lie under it."""
    if not card:
        return _("Flood: no flood card yet")
    if under:
        return ngettext("Flood: {card}, {n} earlier flood under it",
                        "Flood: {card}, {n} earlier floods under it", under).format(
            card=card, n=under)
    return _("Flood: {card}").format(card=card)


def draw_pile() -> str:
    return _("Draw pile")


def draw_pile_tooltip(cards: int) -> str:
    return ngettext("Draw pile: {n} card", "Draw pile: {n} cards", cards).format(n=cards)


def discards() -> str:
    return _("Discards")


def discards_tooltip(cards: int) -> str:
    return ngettext("Discard pile: {n} card", "Discard pile: {n} cards", cards).format(n=cards)


def season_of(season: int | None, seasons: int | None) -> str:
    """Which season a game is in (the river's marker, a save's line on the Load screen)."""
    return _("Season {season} of {seasons}").format(season=season, seasons=seasons)


def in_the_centre() -> str:
    """Over the Monuments no one has built yet."""
    return _("In the centre")
