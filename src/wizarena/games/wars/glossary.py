"""Reminder text for every keyword and status of Wizard Wars, in our own words: what
`help WORD` answers at the table (`Game.glossary`). The rules each one stands for are in
the engine's modules and docs/games/wars.md; this is only the line a player needs while
playing."""

from __future__ import annotations

from typing import Final

GLOSSARY: Final[dict[str, str]] = {
    # -- what cards do --
    "Spawn": "Set one of your usable mana dice (yours or a common one) to the named face; you choose which.",
    "Expend": "Reroll one of your usable mana dice showing the named face; a card's cost is paid this way.",
    "Play": "Put a card from your hand into play, paying its cost.",
    "Assault": "Assault X deals X damage to a target unit; it is destroyed when its damage reaches its toughness.",
    "Assassinate": "Assassinate X: an assault of X that ignores Protector and Invisible.",
    "Destroy": "Move a card from the battlefield to its graveyard.",
    "Create": "Bring a new card into the game; it belongs to whoever created it.",
    "Discard": "Move a card from a hand or a deck to the graveyard.",
    "Banish": "Remove a card from the game for good.",
    "Seize": "Move an enemy unit to your own battlefield, at the right end of your row.",
    "Summon": "Put a card onto the battlefield without playing it (no cost, no 'when played').",
    "Devour": "Destroy a unit and put counters equal to its power on this one.",
    "Purify": "Take every status off a unit (it reaches an Invisible enemy, not a protected one).",
    # -- numbers on a unit --
    "Toughness": "A unit's power plus its armor: the damage it takes to destroy it.",
    "Armor": "Adds to a unit's toughness against assaults, not to its power or score.",
    "Tall": "Counters on this unit add to its power.",
    "Veteran": "Veteran X: +X power in round 2 and +2X in round 3, wherever the card is.",
    "Plunder": "Plunder X: when this unit is destroyed, the side it sat on gains X points.",
    # -- abilities that trigger --
    "Overkill": "Overkill X: triggers when this card deals X or more damage beyond what destroyed its target.",
    "Haste": "The card may be tapped on the turn it arrives (played or summoned).",
    "Engine": "At the start of your turn this card may untap.",
    "Disloyal": "Played to your opponent's battlefield, where its power counts for him; you resolve its effect.",
    "Chaos": "Chaos X: triggers if the common and your dice show at least X different mana colours.",
    "Paired": "Triggers if you control another copy of this card.",
    "Echo": "At round 3, before drawing, this card moves from your graveyard to the top of your deck.",
    "Imbibe": "Triggers when a Liquor card is equipped to this unit.",
    "Harmony": "Triggers whenever you play or summon a unit whose racial category no other unit shares.",
    "Diversity": "Diversity X: triggers while you control units of X different racial categories.",
    "Devotion": "Triggers if your starting deck holds no unaffiliated card.",
    "Tap": ("Turn the card sideways to use its tap ability; it stays tapped for the round unless Engine "
            "untaps it (a stalwart card untaps at round end)."),
    # -- statuses --
    "Locked": "A status: the card's abilities (triggers, taps, Engine, Tall, Veteran, Plunder) do nothing.",
    "Poison": "A status: poisoned a second time, the unit is destroyed.",
    "Doomed": "A status: when the card leaves the battlefield it is banished.",
    "Bounty": "Bounty X, a status: when the unit is destroyed its opponent spawns X mana of any colours.",
    "Stalwart": "A status: at round end the unit is purified and stays instead of being destroyed; "
                "its equipment still goes.",
    "Protector": "A status: the units next to this one cannot be targeted by the opponent; "
                 "a protector cannot itself be protected.",
    "Invisible": "A status: the opponent cannot target this unit (purify excepted).",
    "Immune": "A status: the unit takes no further statuses.",
}
