"""The rules as the Rules screen tells them: our own short telling of RULES.md, in
translatable blocks.

Each block is marked with ``N_`` and translated when shown, so the rules read in English or
Czech and follow a language switch at once. The screen (``scenes/rules.py``) lays the blocks
out, with card pictures where a block names cards. No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import N_, LazyString, _

#: The kinds of block: a heading, a paragraph, a row of card pictures (their names), and a
#: rule book option (its name on the New game screen and what it does).
H, P, CARDS, OPTION = "h", "p", "cards", "option"
#: A block's content: its text (marked, translated when shown), card names, or an option.
Content = LazyString | tuple[str, ...] | tuple[LazyString, LazyString]

RULES_TEXT: tuple[tuple[str, Content], ...] = (
    (H, N_("The aim")),
    (P, N_("You farm the banks of the Nile. Plant fields of crops; each time the river "
           "floods one of your crops, the top card of that field goes into your storage. "
           "At the end you sort your storage by crop. Your weakest crop is your score: "
           "whoever has the largest smallest pile wins. A farmer who grows everything "
           "beats one who grows a lot of one thing.")),
    (H, N_("The cards")),
    (P, N_("Crop cards: Papyrus, Wheat, Lettuce, Castor, Flax, Grapes and Onions, 14 of "
           "each. Every crop has its own colour and its own symbol.")),
    (CARDS, ("papyrus", "wheat", "lettuce", "castor", "flax", "grapes", "onions")),
    (P, N_("With two to four players only five crops are used, with five players six, "
           "with six players all seven; the speculation cards of a crop left out leave with "
           "it. The rule book lets the players choose the crops; here Onions leave first, "
           "then Grapes, unless the game was set to leave out random crops.")),
    (P, N_("Speculation cards show two crops. The Plague of Locusts is a single card. "
           "With the Monuments expansion there are also 14 Stones and three Monuments "
           "that start in the middle of the table.")),
    (CARDS, ("spec:wheat+flax", "locust", "stone")),
    (H, N_("Setting up")),
    (P, N_("Everyone gets five cards. The Locust and the Stones are then shuffled into the "
           "draw pile. The game has as many seasons as there are players: a season ends "
           "whenever the draw pile runs out, and the discards are shuffled into a new one.")),
    (H, N_("A turn")),
    (P, N_("1. Flood. Turn over the top card of the draw pile: it is the new flood card. "
           "A crop card floods its crop, a speculation card floods both of its crops.")),
    (P, N_("2. Harvest. Every player, not only you, who has a field of a flooded crop moves "
           "the top card of that field to their storage. A field that becomes empty is gone.")),
    (P, N_("3. Trade, as often as you like. Throw away any two cards from your hand or "
           "storage and either draw one card (the market) or turn over a new flood card "
           "(an offering to Hapi, with a new harvest).")),
    (P, N_("4. Plant or speculate, or do neither. You may not plant or speculate with "
           "cards that show a flooded crop. The Czech rule book allows no turn without "
           "either: that is the option Must plant or speculate (see Rule book variants).")),
    (P, N_("5. Draw two cards. Then the next player in clockwise order takes a turn.")),
    (H, N_("Planting")),
    (P, N_("Plant in one of three ways: two or more cards of one crop as a new field; "
           "exactly two cards of different crops, each starting a field or joining your "
           "field of that crop; or any number of cards added to fields you already have. "
           "You may have only one field of each crop.")),
    (P, N_("If someone else already grows a crop, you may only start a field of it that "
           "is larger than theirs. Their field is then thrown away: you have taken it over.")),
    (H, N_("Speculating")),
    (P, N_("Lay one or two speculation cards in front of you. At the next flood, by "
           "anyone, each of them that shows a flooded crop pays you three cards from the "
           "draw pile (six for two matching cards). Then all of them are thrown away.")),
    (P, N_("In the Czech rule book the speculator turns up a new flood card at once. This "
           "game follows the English rules: the speculation waits for the next flood card, "
           "whoever turns it up (rule R-SPEC-2).")),
    (H, N_("The Plague of Locusts")),
    (P, N_("Whenever the Locust is drawn or turned up (as the flood, at the market, in a "
           "speculation's pay-out or in the draw at the end of a turn), the largest field on "
           "the table is eaten, Monument fields included, and all of them on a tie. The card "
           "is then set aside and does not count as drawn: another card is drawn in its "
           "place. Keep your fields from growing too tall.")),
    (CARDS, ("locust",)),
    (H, N_("Monuments")),
    (P, N_("Stones are planted as the field of a Monument, like a crop: two or more "
           "stones, or one stone and one crop card, or stones added to your own Monument. "
           "A larger field of stones takes a Monument from its owner. Stones are never "
           "harvested and never scored, and only one Monument may be built per turn.")),
    (P, N_("The Sphinx lets its owner take fields over with an equal field. The Obelisk "
           "lets its owner draw three cards at the end of the turn instead of two, and pays "
           "four per matching speculation card instead of three. The Wall makes others need "
           "two cards more, not one, to take over its owner's fields.")),
    (CARDS, ("sphinx", "obelisk", "wall")),
    (P, N_("When a stone is turned up as the flood card, nothing is harvested and every "
           "Monument loses one stone; a Monument without stones goes back to the middle.")),
    (H, N_("Rule book variants")),
    (P, N_("Two rules of the Czech rule book are options of a new game, under these names. "
           "Both are off unless you switch them on.")),
    (OPTION, (N_("Must plant or speculate"),
              N_("a turn may end without planting or speculating only when neither is "
                 "possible."))),
    (OPTION, (N_("Storage: top cards only"),
              N_("your storage is a pile in the order its cards arrived. A trade may take "
                 "only its top card, or its top two cards. Without this option you may "
                 "trade any cards of your storage."))),
    (H, N_("The end")),
    (P, N_("When the draw pile of the last season runs out, the game ends. Count your "
           "storage crop by crop, counting a crop you never stored as zero. The player "
           "whose smallest pile is largest wins; on a tie compare the next pile up.")),
)


def paragraph(kind: str, content: Content) -> str:
    """The text of a paragraph; an option reads "<its name on the setup screen> — <what it
    does>" (a dash, as an option's name may hold a colon: "Storage: top cards only")."""
    if kind == OPTION and isinstance(content, tuple):
        name, text = content
        # TRANSLATORS: a dash, not a colon: an option's name may hold one ("Storage: top …").
        return _("{option} — {text}").format(option=name, text=text)
    return str(content)
