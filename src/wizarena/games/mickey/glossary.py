"""Reminder text for the Special Actions and the glossary words of Wizards of Mickey, in
our own words, one line each: what `help WORD` answers at the table (`Game.glossary`).
The rules themselves, with their sections and our rulings, are in docs/games/mickey.md."""

from __future__ import annotations

from typing import Final

GLOSSARY: Final[dict[str, str]] = {
    # -- Special Actions (rulebook 9) --
    "Cancel": "The targets become Plain (they keep their power, lose their effects) while the cancelling "
              "card is in play with effect (9.2).",
    "Block": "The targeted Wizards cannot cast Magics while the Block's Magic is in play with effect, "
             "at most until the challenge ends; one allowed to cast face down still may (9.3).",
    "Blocked": "A Blocked Wizard cannot cast Magics while the Block lasts, at most until the challenge "
               "ends (9.3).",
    "Confuse": "If the opposing Wizard has not cast yet, a random card of the opponent's hand is shown "
               "and must be cast there if it legally can (9.4).",
    "Continue": "Cast face down, the Magic is not discarded: it stays face up and its effects apply in "
                "later challenges (9.5).",
    "Corrode": "You may discard a card from hand to discard the face-up Magic cast by the targeted "
               "opposing Wizard (9.6).",
    "Corrupt": "You may discard two cards from hand to remove a Diamagic owned by a targeted opposing "
               "Wizard (9.7).",
    "Untouchable": "The card can never be made Plain (9.8).",
    "Recover": "If your hand holds fewer than three cards, draw one (9.9).",
    "Reveal": "Every opposing face-down Magic is turned face up, still without effect (9.10); "
              "for a Diamagic, show the stake to both players (10.19).",
    "Swap": "Swap one Diamagic token between two Wizards that own Diamagic; it is not a conquest (9.11).",
    "Solitary": "Three cards of the same Wizard form a whole team, counted as one Wizard (9.12).",
    "Trickery": "While two or more Trickery Magics are in play with effect, all of them are Plain (9.13).",
    "Break": "Discard from play a Continue Magic of your choice, on either side (9.14).",
    "Static": "When a Teletrasporto Magic is cast, every Static Magic is discarded, immunity or not (9.15).",
    "Teletrasporto": "Bring in a new Castle from your Castle deck over the old one; the stake moves to it "
                     "(9.16).",
    # -- glossary words that change play (rulebook 10) --
    "Plain": "A Plain Magic has no effects but keeps its Magic Power (10.21).",
    "Adjacent": "A Wizard is adjacent to its side neighbours on its own team: a side Wizard has only "
                "the centre one (10.1).",
    "Face down": "A face-down card has no name, colour, power or effect (10.5).",
    "Gain": "A gained Special Action counts as printed while the card giving it is in play with effect "
            "(10.7).",
    "Immune": "Immune to X: effects of cards of kind X do nothing to it, good or bad (10.8).",
    "Opposite": "The opposing Wizard directly facing yours (10.11).",
    "Make": "A Special Action a card is made to have is not printed on it (10.18).",
    "Possess": "A Magic that has a Special Action by any means is a Magic of that type (10.14).",
    "Magic Power": "An effect that reads another card's Magic Power uses the printed number; no power "
                   "goes below 0 (10.15-10.17).",
}
