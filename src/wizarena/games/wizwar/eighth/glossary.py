"""Reminder text for the words of Wiz-War's 8th edition, in our own words, one line each:
what `help WORD` answers at the table (`Game.glossary`). The rules are the players' page
(src/wizarena/rules/wizwar-8e.md) and our rulings R8-n in docs/games/wizwar-8e.md. No word
here is a card's name (Flood, Fog, Gravity, Homunculus, Booby Trap, Shield, Strength and the
like are cards, and `help` shows their whole text): the lookup tries these words first."""

from __future__ import annotations

from typing import Final

GLOSSARY: Final[dict[str, str]] = {
    # -- the turn --
    "Time Passes": "The first phase of a turn: each temporary spell you control loses an energy token and "
                   "ends at none; curses act; a stun token comes off.",
    "Move and Cast": "The middle phase (Move & Cast): move, cast and attack in any order, spending movement "
                     "points between the other deeds.",
    "Discard and Draw": "The last phase (Discard & Draw): discard any cards you like, then draw up to two.",
    "First Round": "Nobody may attack in the first round unless the first_round_attacks option is on "
                   "(R8-3); neutrals that hurt are allowed.",
    # -- moving --
    "Movement Points": "Handed out at the start of Move & Cast, as many as your base speed; a step costs 1, "
                       "and points left at the phase's end are lost.",
    "Base Speed": "3 unless a form or card changes it. A change in mid-turn moves the points you have left "
                  "by the same amount, even to 0 or below.",
    "Speed Boost": "Once a turn, at any moment, discard an energy card or a card with an energy value and "
                   "add that value to your movement points.",
    "Pickup Cost": "Lifting an item costs 1 movement point and the phase goes on (Heavy Items ends it); "
                   "a treasure costs nothing but ends your Move & Cast.",
    "Push": "A pushed or knocked-back figure goes square by square away from the source, only where it "
            "could walk, spending no points (R8-20).",
    "Random Direction": "The d4 read against the overlay beside the board: 1 north, 2 east, 3 south, 4 west "
                        "(R8-11).",
    # -- the labyrinth --
    "Line of Sight": "A straight line from square centre to centre, through wraps and portals; walls, "
                     "closed doors and what fills a square block it, figures do not (a Big Man aside).",
    "Wrap": "A step off an open outer side of the labyrinth comes in on the opposite side, for 1 movement "
            "point; sight and spells pass as well.",
    "Portal": "Where an open side leads elsewhere than the opposite side (three players): a step in comes "
              "out of the other portal of the same colour.",
    "Wall": "A stone wall on an edge stops steps, punches and sight; 5 cracks bring it down.",
    "Outer Wall": "A wall on the labyrinth's outer edge: nothing damages, knocks down, dissolves or eats it.",
    "Door": "Locked to all but its owner: a card opens it for one passage, and it locks again unless held "
            "by the opener standing beside it. 3 cracks break it.",
    "Own Doors": "The doors of your sector's colour, and doors you create, open for you without a card "
                 "(R8-10); to everyone else they are locked.",
    "Crack": "One attack puts a crack on a wall, door or object for each full 3 of its damage; a wall falls "
             "at 5, a door at 3, a stone block at 8, a bush at 1.",
    "Home Base": "The centre of each sector, where its wizard starts; bringing an enemy treasure onto your "
                 "own home base scores a victory point.",
    "Treasure": "Each player has two. Carry one at most; brought to the carrier's home base it scores once "
                "and is spent, staying there out of play.",
    "Trap Token": "Booby Trap's face-down tokens, one trap and three blanks: an enemy who steps on one turns "
                  "it up, and the trap deals 4 magical damage.",
    # -- energy and how long spells last --
    "Energy": "A spell's strength: 1, or the energy value of one card discarded to power it. Add joins two "
              "cards; Powerstone adds 1.",
    "Energy Value": "The number in a card's circle (4 to 6 on an energy card): what it is worth discarded "
                    "to power a spell or as a speed boost.",
    "Energy Pool": "The energy Add gathered: the next spell you cast this turn takes it as its energy.",
    "Energy Tokens": "A temporary spell gets as many as its energy and loses one each Time Passes of its "
                     "caster; with none left it ends.",
    "Instant": "An instant spell does what it says at once and goes to the discard pile.",
    "Temporary": "A temporary spell stays in play for as many of its caster's turns as it has energy "
                 "tokens.",
    "Permanent": "A permanent spell stays in play until something ends it (Dispel, Null Powder, its caster's "
                 "death, trimming his hand).",
    "Maintained Spell": "A spell that stays lies face up in its caster's play area and counts toward his "
                        "hand limit (not under Uncluttered Minds).",
    "Play Area": "Where a player's maintained spells and carried items lie face up for all to see.",
    "Hand Limit": "7, counting the hand, maintained spells and carried items but no treasure; one over it "
                  "discards at once from any of them. Brainstone adds 2.",
    # -- kinds of cards and their words --
    "School": "One of six groups of 24 cards (Alchemy, Conjuring, Elemental, Mentalism, Mutation, "
              "Thaumaturgy); a deck holds three (all six with Giant Book).",
    "White Cantrip": "The 12 basic cards a deck holds beside its three schools.",
    "Black Cantrip": "The same 12 cards as the White Cantrip, dealt only under Custom Spellbook to the odd "
                     "seats' group.",
    "Attack": "One a turn (cards may grant more): an attack spell, an item used as a weapon or a punch, at "
              "a wizard, creature or object, never at yourself.",
    "Punch": "An attack with no card: 1 physical damage to a figure in your square or an orthogonally "
             "adjacent one; a wall or closed door between stops it.",
    "Neutral": "A spell that is not an attack: it spends no attack and nothing evades it; Negate Neutral "
               "cancels it.",
    "Counter": "A spell played in answer to an attack or a spell: it cancels, reduces or evades. Anti-Anti "
               "cancels a counter.",
    "Cancel": "A counter that stops the attack or spell whole (Full Shield, Absorb Spell, Backlash).",
    "Reduce": "A counter that lowers the damage of one source (Shield).",
    "Evade": "Getting out of an attack's way: Teleport breaking the attacker's sight, Invisible or Gnome "
             "Form on a d4. The attack misses him.",
    "Cannot Be Evaded": "Nothing rolls against it or jumps away from it (Destroy Wall's falling stones, "
                        "Psychic Storm).",
    "Mundane": "Not magic (Pick Lock, Heave-Ho): no counter can answer it.",
    "Reactive": "Played out of turn when someone lifts a treasure (Fool's Gold, Ward); not an attack, so "
                "nothing evades it.",
    "Curse": "An attack that stays and hurts again later (Acid Bath, Slow Death, Disease); only on the turn "
             "cast is it an attack that can earn a kill.",
    "Global": "A temporary spell over the whole board (Flood, Fog, Gravity): while it lasts it touches "
              "every figure and square.",
    "Item": "A card carried face up in the play area, not in the hand: a magic stone, a trinket or a "
            "weapon. Dropped, it lies as a marker.",
    "Carried Item": "Public, and counted toward the hand limit. At death it drops in the square; Gravity "
                    "drops them all; Yoink! takes one.",
    "Magic Stone": "An item whose power works while it is on you; fire damage to its carrier breaks every "
                   "magic stone he holds.",
    "Trinket": "An item that is neither stone nor weapon (Bloodshard, Handful of Tacks, Master Key): fire "
               "spares it.",
    "Weapon": "An item turned on a target as your attack or deed: thrown, struck or poured (Dagger, Large "
              "Rock, Wizardblade, Universal Solvent).",
    "Creation": "A card that makes a thing on the map (a wall, door, bush, stone block, dust, trap tokens) "
                "or a creature; it goes when its spell ends (unless Permanent Creations).",
    "Creature": "A figure a card brings (the Homunculus): its own life and speed, it walks in its "
                "controller's Move & Cast and is a maintained spell.",
    "Figure": "A wizard or a creature, numbered on the map: what steps, punches, stun and damage touch.",
    "Transformation": "A spell that changes your body (the Form cards, Mist Body, Extra Arms): its speed, "
                      "punch and what it may cast.",
    "Form": "One form at a time: taking one ends the last, and when a form ends base speed goes back to 3 "
            "(4 with Speedstone).",
    "Big Man": "A wizard in Big Man Form fills his square: no one else enters it, or sees or casts past "
               "it, but he can be seen and targeted (R8-32).",
    # -- damage, stun and winning --
    "Physical Damage": "Damage by force: punches, thrown things, falling walls, thorns, tacks. Strength "
                       "doubles yours.",
    "Magical Damage": "Damage by spells; fire, water and lightning are magical damage of that element.",
    "Fire": "Fire damage breaks the magic stones its target carries and destroys a bush; Flood and Water "
            "spells put fire spells out.",
    "Water Spell": "A spell of water (Waterbolt) ends the fire spells on what it strikes, destroys fire "
                   "items there and washes Acid Bath away; Flood does so everywhere.",
    "Stun": "Stun N puts N stun tokens on a figure; they add up, and one comes off in each Time Passes "
            "of its controller (R8-5).",
    "Stunned": "A stunned figure may move or attack in its turn, not both; it may still cast neutrals and "
               "counters (R8-4).",
    "Victory Points": "One for each enemy wizard your attack kills and one for each enemy treasure you "
                      "bring home; 2 win (3 or 4 with Extended Play).",
    "Kill": "An enemy wizard killed by your own attack scores a point and his hand is yours; his items and "
            "treasure drop, his spells end.",
}
