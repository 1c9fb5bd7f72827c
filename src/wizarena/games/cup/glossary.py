"""Reminder text for the words of Wizards Cup, in our own words, one line each: what
`help WORD` answers at the table (`Game.glossary`). The rules themselves, with the headings
the log cites, are the players' rules page (src/wizarena/rules/cup.md) and our rulings in
docs/games/cup.md. No word here is a card's name: the lookup tries these words first.
`help attributes` (the game's own answer) prints the whole chart of weaknesses."""

from __future__ import annotations

from typing import Final

GLOSSARY: Final[dict[str, str]] = {
    # -- the six attributes (Cup 2 Battle/Attribute Compatibility) --
    "Fire": "An attribute, weak to Water; a Fire wizard beats Grass and Light by Attribute Compatibility.",
    "Water": "An attribute, weak to Grass; a Water wizard beats Fire and Light by Attribute Compatibility.",
    "Grass": "An attribute, weak to Fire; a Grass wizard beats Water and Light by Attribute Compatibility.",
    "Light": "An attribute, weak to Fire, Water and Grass; a Light wizard beats Dark by Attribute Compatibility.",
    "Dark": "An attribute, weak to Light; a Dark wizard beats no attribute, so it must win on Magic Power.",
    "Non": "An attribute with no weakness that beats no attribute: Magic Power decides its battles "
           "(Blacksmith beats it by ability).",
    "No Weakness": "Attribute Compatibility never beats this wizard: every Non wizard, and Druid by its ability.",
    # -- the battle (Cup 2 Battle) --
    "Attribute Compatibility": "The first check of a battle: a wizard whose attribute the opposing wizard is "
                               "weak to wins, whatever the numbers say (help attributes: the chart).",
    "Magic Power": "A wizard's number: when attributes decide nothing the higher wins and equal powers both lose. "
                   "Support and penalties change it, never below 0.",
    "Battle": "One wizard against one on the fields: a win by ability first, then Attribute Compatibility, "
              "then Magic Power; each loser goes to its discard pile.",
    "Win by Ability": "A Field ability that says its wizard wins decides the battle before attributes and power; "
                      "if both wizards win so, both are discarded as losers.",
    "Field": "Where each side's fighting wizard stands; an ability marked Field works only while its wizard "
             "is there.",
    "Next Wizard": "A winner stays on the field; an emptied field is refilled from the top of its deck.",
    "Attached": "A change fixed to the wizard on the field (Frost Witch's -3): it lasts as long as that "
                "wizard stays there.",
    # -- abilities (Cup Abilities, Cup Misc) --
    "Ability": "What a card does besides its numbers: Quick, Support or Field. Some wizards have none, "
               "which matters against Dancer.",
    "Quick": "An ability that works once, the moment its wizard is put on the field.",
    "Quick Order": "Two Quick wizards arriving together act lower printed Magic Power first; two of equal "
                   "printed power (the same name) lose their Quick.",
    "Support": "An ability that works while its card lies on top of its owner's discard pile, from the "
               "moment it is discarded.",
    "May": "A may ability is a real choice for its owner when it comes up: use ability or decline ability. "
           "Without a may, an ability always happens.",
    # -- the cards of a player --
    "Six": "The six wizards a player takes into the matches: the one drawn at random plus five selected. "
           "Their total printed Magic Power breaks a tie.",
    "Drawn at Random": "The card the opponent drew blindly from your eighteen: shown to both, it is "
                       "always one of your six.",
    "Unused": "The twelve cards not selected: back in the box, out of play (the swap variant may bring one in).",
    "Deck": "The five wizards of a match, face down in the order placed; the next wizard comes from its top.",
    "Sub Card": "The one of your six left out of the order, face down beside the deck: it does not fight "
                "unless a card brings it out.",
    "Discard Pile": "Where a beaten wizard goes, face up, the newest on top; the top card's Support ability "
                    "works.",
    # -- the game (Cup How to Play, 0, 1, 3, Variant) --
    "Selection": "Before the first match: the opponent draws one of your cards blindly, then both secretly "
                 "select five more to make their six.",
    "Order": "Before every match each player secretly places five of his six, the first placed fighting "
             "first; the sixth is the Sub Card.",
    "Match": "The two lines battle until a side cannot refill its empty field: that side loses and the "
             "other takes a Victory Chip.",
    "Victory Chip": "Won with a match; the first player with two Victory Chips wins the game.",
    "Both Win": "If neither side can put a wizard on the field, both win the match and both take a "
                "Victory Chip.",
    "Tie-break": "If both players reach two chips at once, the smaller total printed Magic Power of the six "
                 "just played wins the game; equal totals tie.",
    "Swap": "In cup/swap only: between matches each player may secretly trade one of his six for one of "
            "his unused cards; the table sees who swapped, not what.",
}
