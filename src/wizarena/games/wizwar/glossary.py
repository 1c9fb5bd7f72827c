"""Reminder text for the words of Wiz-War by the 6th edition, in our own words, one line
each: what `help WORD` answers at the table (`Game.glossary`). The rules and our rulings
are in docs/games/wizwar.md. No word here is a card's name (Blind, Invisible, Solid Stone,
Thornbush, Illusion Wall and the like are cards, and `help` shows their whole text): the
lookup tries these words first. Never "Number" alone: `help number` lists the number cards."""

from __future__ import annotations

from typing import Final

GLOSSARY: Final[dict[str, str]] = {
    # -- the labyrinth --
    "Sector": "One player's square board of 5 by 5, with his home base in the middle and an opening in "
              "the middle of each side.",
    "Home Base": "The centre square of a sector, where its wizard starts. Two enemy treasures lying on your "
                 "own home base win you the game.",
    "Treasure": "Each player has two on his sector's marks. Anyone may carry one; picking it up ends the "
                "turn, and a treasure lies where it is dropped.",
    "Mark": "A treasure mark (t on the map): one of the two squares of a sector where its treasures lie at "
            "the start.",
    "Wrap": "An opening on the labyrinth's outer edge leads in again on the opposite edge; sight and spells "
            "pass it too.",
    "Warp": "An AUTO WARP (three players) joins two outer openings that face no opposite edge; a walker comes "
            "out turned a quarter.",
    "Junction": "A line between two sectors. When a sector turns or moves, a 50/50 roll says which sector "
                "keeps a change made on it.",
    "Wall": "A wall section stops walking, sight and anything physical. It takes 20 points of damage to "
            "break; one a card made is drawn -x-.",
    "Door": "A door in a wall, locked at all times: only a card opens it, for one passage. It takes 15 points "
            "of damage to break.",
    "Locked": "Every door is locked: Pick Lock or the Master Key opens it for one passage, Remove Lock for "
              "good; after a passage it locks again.",
    "Jammed": "A door under Jam Lock: no card opens it any more (drawn =J=); only breaking it gets through.",
    "Hold": "The wizard who opened a door may hold it before anyone passes: it stays open for all while he "
            "stands beside it.",
    "Firewall": "A wall of fire on a line (drawn ~~~): it blocks sight and physical attacks, and crossing it "
                "costs 4 magical damage. It burns out in time.",
    "Created": "Made by a card, not printed on the board (walls drawn -x-): Dispel Creation removes it.",
    "Believer": "A wizard who rolled 1-2 on first seeing an illusion wall: to him it is a real wall until he "
                "destroys it. It blocks everyone's sight.",
    # -- sight and distance --
    "Line of Sight": "A straight line from the centre of one square to another's, through wraps; walls of "
                     "every kind, closed doors, stone and bushes block it, wizards never.",
    "Corner": "A sight line that passes exactly through a corner where a wall meets is blocked there, and "
              "counts as passing two walls.",
    "Walking Distance": "How far a square is by walking, round walls and closed doors; Fear and Go Away "
                        "count by it.",
    "Vacant": "A square no wizard stands in and no stone or bush fills; a treasure or object lying there "
              "leaves it vacant.",
    # -- the turn --
    "Round": "Every living wizard's turn once, in seat order. After 60 rounds the wizard with most life "
             "wins.",
    "First Round": "In the first round of turns nobody may attack; neutrals are allowed, even ones that "
                   "hurt.",
    "Movement": "A wizard may walk 3 squares on his turn, one at a time; one number card a turn adds its "
                "worth, a Speedstone 1.",
    "Attack": "One a turn, never in the first round, never at oneself: a punch, an attack spell, a thrown "
              "or struck weapon. Its target is always asked to answer.",
    "Punch": "An attack with no card: 1 physical damage to a wizard in your own square, or a blow at a wall, "
             "door or bush beside you.",
    "Neutral": "A spell that is no attack: cast as many as you like on your turn. Only Negate Neutral "
               "answers one.",
    "Attack-Neutral": "Swap and Drag: an attack when aimed at a wizard, a neutral when aimed at an object "
                      "or a treasure.",
    "Counteraction": "A card played in answer, out of turn too: against an attack on you, or Anti-Anti "
                     "against a counteraction to your spell.",
    "Escape": "A counteraction that gets you away (Teleport, Blink, Invisible, Shrink): the attack misses "
              "outright and Anti-Anti cannot stop it.",
    "In the Air": "The attack cast and not yet over, with its strength and the answers played to it so far.",
    "Strength": "What an attack in the air will do (damage, squares, cards); halving by an answer rounds "
                "up.",
    "Number Card": "A card worth 2 to 6: played with one spell it sets its strength, turns, squares or "
                   "cards (1 without one); or adds movement.",
    "Physical Act": "A deed, not a spell (a punch, a throw, a key): the counteractions that stop only "
                    "spells cannot answer it.",
    "Physical Damage": "Damage by force: a punch, a thrown weapon, a falling wall, thorns, a push into a "
                       "wall. Shieldstone halves it.",
    "Magical Damage": "Damage by most spells, a firewall, Trap! or the Wizardblade; Soulstone stops it "
                      "while its holder has 3 life or less.",
    "Object": "A card kept in hand until used, dropped, thrown or discarded; on the floor it lies as o "
              "for anyone to pick up.",
    "Magic Stone": "A stone card: its power works while you hold it and counts toward your hand limit. "
                   "Once used it is shown face up.",
    "Shown": "A stone shown face up stays public while its holder keeps it; the table sees which one.",
    "Pick Up": "Taking a treasure or an object lying in your square on your turn ends the turn; only the "
               "draw may follow.",
    "Draw": "A turn ends with its wizard drawing up to two cards; a Trap! drawn springs at once and is "
            "replaced.",
    "Hand Limit": "7 cards, objects and stones included (9 with Brainstone). A hand over it is cut down "
                  "at once by its owner.",
    "Discard": "Cutting a hand down to its limit, one card at a time, its owner choosing; used cards go "
               "to the discard pile too.",
    "Lost Turn": "A turn passed over (a Lightning Blast that hurts, say); lost turns add up and still count "
                 "down durations.",
    "Extra Turn": "A whole turn more, taken at once after the current one (Speed).",
    "Deal": "On your turn, with a wizard in your line of sight: offer cards of your hand for cards of his "
            "choosing; he accepts or refuses.",
    "Forced Move": "A walk out of turn that a card forces (Go Away, Ugly, Fear): the moved wizard picks "
                   "each step among those the card allows.",
    "Aiming": "A card cast at a place waits for its square (c4) or its line between two squares (c3/c4).",
    "Counteraction Window": "An attack waits for answers: its target takes it or counters, then its caster "
                            "may answer the counter, and so on.",
    "Neutral Window": "A neutral waits while every other living wizard, in turn order, lets it be or "
                      "answers it with Negate Neutral.",
    # -- life, death and winning --
    "Life": "Each wizard starts with 15; at 0 he is dead and out of the game.",
    "Out": "Dead, or put out because both his treasures lie on other players' home bases. The last wizard "
           "standing wins.",
    "Kill": "Whoever's attack deals the killing damage takes the dead wizard's cards; after damage of no "
            "attack (a trap, a falling wall) they are discarded.",
    "Team Play": "An option for four: the 1st and 3rd seats against the 2nd and 4th; a team wins by killing "
                 "both foes or with 3 of their treasures on its home bases.",
    # -- conditions a wizard may have (Invisible is the card's own word: `help Invisible`) --
    "Blinded": "A blinded wizard sees nothing outside his own square, so he can aim nothing that needs "
               "line of sight.",
    "Turned to Stone": "Medusa's statue cannot move, cast or use anything and takes no damage; no attack "
                       "but Swap may be aimed at him.",
    "Shrunk": "Only a wizard in the shrunk wizard's own square may aim at him, and he walks under closed "
              "doors.",
    "Mist": "A wizard under Mist-Body moves through wizards, objects, bushes and firewalls unharmed; "
            "nothing physical touches him and he picks nothing up.",
    "Fearsome": "Under his own Fear: any other wizard within 3 squares of him by walking distance must at "
                "once get farther away.",
    "Cursed": "Under Slow Death, for life: each card the cursed wizard draws costs him 1 magical damage, "
              "which he may answer tick by tick.",
}
