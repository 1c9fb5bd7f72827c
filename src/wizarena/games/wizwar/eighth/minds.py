"""The cards that reach into minds, hands and pockets (their texts in data/cards-8e.json,
in our words): Meditate, Thought Steal, Brain Burn, Share Life, Drop Object, Yoink! and
Heave-Ho.

Each is a `Spell` entry (spells.py). Damage to a figure goes through striking.strike
(evasion, Shield, armour); an attack that does no damage (Thought Steal, Drop Object,
Yoink!) still rolls against Invisible and Gnome Form (striking.misses), as Zot's stun does. What
an attack takes lands with the taker at once; anyone over the hand limit then discards
(attacking's close calls turn.after_event), which is the cards' "then discard down to
your limit".

Drop Object and Yoink! pick what they take as a second aim, among the things the target
carries in the open. Thought Steal and Brain Burn end with a decision after they resolve
(R8-18): the thief picks his cards from the hand he reads (STEALING), the burnt wizard
throws away what he likes (BURNING); the cast waits in `s.follow` meanwhile. Hidden cards
are named only to the seats that see them (`1 << seat`).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..places import square_name
from . import cards, items, piles, reach, striking, treasures, turn
from .spells import FIGURE, NO_AIM, Spell, nothing_to_pick, one_pick
from .state import BURNING, GRAB_ITEM, GRAB_TREASURE, LINE_THING, R_CARD, SQUARE_THING, STEALING, Cast, EighthState

MEDITATE: Final[int] = cards.INDEX["meditate"]
THOUGHT_STEAL: Final[int] = cards.INDEX["thought_steal"]
BRAIN_BURN: Final[int] = cards.INDEX["brain_burn"]
SHARE_LIFE: Final[int] = cards.INDEX["share_life"]
DROP_OBJECT: Final[int] = cards.INDEX["drop_object"]
YOINK: Final[int] = cards.INDEX["yoink"]
HEAVE_HO: Final[int] = cards.INDEX["heave_ho"]

MEDITATE_DRAWS: Final = 3
STEALS: Final = 2


def _wizards(s: EighthState, seat: int) -> list[int]:
    """The other wizards `seat`'s wizard sees (creatures are not wizards)."""
    return [f for f in reach.figures_in_sight(s, seat) if f < s.n]


# -- Meditate -----------------------------------------------------------------------------


def _meditate(s: EighthState, cast: Cast) -> None:
    """Meditate: "Take 3 cards from the deck, then trim your hand back to its limit; your
    turn goes on as before." The trim is the hand-limit cut after every cast."""
    seat = cast.seat
    drawn = [card for card in (piles.draw_card(s, seat) for _ in range(MEDITATE_DRAWS)) if card >= 0]
    s.hands[seat] += drawn
    if s.log is not None:
        say(s, "draw", R_CARD, f"Meditate: P{seat} takes {len(drawn)} card{'' if len(drawn) == 1 else 's'} "
            "from the deck")
        if drawn:
            say(s, "draw", R_CARD, f"you take {cards.names(drawn)}", 1 << seat)


# -- Thought Steal ------------------------------------------------------------------------


def _thought_steal(s: EighthState, cast: Cast) -> None:
    """Thought Steal: "Read the hand of a wizard in your line of sight and help yourself to
    as many as 2 of its cards, then discard down to your hand limit. Spells he maintains and
    items he carries cannot be taken." He reads the hand (he and its owner are told it),
    then picks, one card at a time (`stealable`, `steal`), in the STEALING phase; the limit
    is settled after."""
    seat, target = cast.seat, cast.aims[0]
    if striking.misses(s, cast, target):
        return
    if s.log is not None:
        say(s, "steal", R_CARD, f"Thought Steal: P{seat} reads P{target}'s hand ({len(s.hands[target])} cards)")
        if s.hands[target]:
            say(s, "steal", R_CARD, f"P{target}'s hand is {cards.names(s.hands[target])}",
                (1 << seat) | (1 << target))
    if s.hands[target]:
        _wait(s, cast, STEALING)


def _wait(s: EighthState, cast: Cast, phase: int) -> None:
    """The cast's end waits on a decision: play goes to `phase` once the cast is closed,
    and back to where it was after (`_done`)."""
    s.follow = cast.copy()
    s.follow.aims = cast.aims[:1]
    s.back = s.resume
    s.resume = phase


def _done(s: EighthState) -> None:
    """The decision is made: anyone over his hand limit discards, then play goes back."""
    s.follow = None
    s.resume = s.back
    turn.after_event(s)


def stealable(s: EighthState) -> list[int]:
    """The cards the thief may take now, each kind once: none once he has taken 2."""
    follow = s.follow
    assert follow is not None
    if len(follow.aims) > STEALS:
        return []
    out: list[int] = []
    for card in s.hands[follow.aims[0]]:
        if card not in out:
            out.append(card)
    return out


def steal(s: EighthState, card: int) -> None:
    """The thief takes `card` from the hand he reads (legal: `stealable`), or takes no
    more (-1); after the second card, or when the hand is empty, the stealing is over."""
    follow = s.follow
    assert follow is not None
    seat, target = follow.seat, follow.aims[0]
    if card >= 0:
        s.hands[target].remove(card)
        s.hands[seat].append(card)
        follow.aims.append(card)
        if s.log is not None:
            say(s, "steal", R_CARD, f"P{seat} takes a card from P{target}'s hand")
            say(s, "steal", R_CARD, f"P{seat} takes {cards.NAME[card]}", (1 << seat) | (1 << target))
    if card < 0 or not stealable(s) or not s.hands[target]:
        _done(s)


# -- Brain Burn ---------------------------------------------------------------------------


def _brain_burn(s: EighthState, cast: Cast) -> None:
    """Brain Burn: "The target wizard may first throw away any of his cards, maintained
    spells included; he then takes 1 magical damage for each card he still holds and each
    spell he still maintains, carried items not counted." Unless it misses him, he throws
    away what he likes in the BURNING phase (`burn` when he is done), and the damage is
    one instance (Shield and armour take off it once)."""
    target = cast.aims[0]
    if not striking.misses(s, cast, target):
        _wait(s, cast, BURNING)


def burn(s: EighthState) -> None:
    """The target has thrown away what he would: the damage of what he still holds."""
    follow = s.follow
    assert follow is not None
    target = follow.aims[0]
    held, kept = len(s.hands[target]), len(s.maintained[target])
    if s.log is not None:
        say(s, "burn", R_CARD, f"Brain Burn: P{target} still holds {held} card{'' if held == 1 else 's'} and "
            f"maintains {kept} spell{'' if kept == 1 else 's'}")
    striking.land(s, follow, target, held + kept)
    _done(s)


# -- Share Life ---------------------------------------------------------------------------


def _share_life(s: EighthState, cast: Cast) -> None:
    """Share Life: "Pool your life with that of a wizard in your line of sight and split the
    total evenly between you; if it is odd, you keep the extra point." Both have 1 life at
    least, so neither halves to 0; neither half can pass the cap of 20."""
    seat, target = cast.seat, cast.aims[0]
    total = s.life[seat] + s.life[target]
    s.life[target] = total // 2
    s.life[seat] = total - total // 2
    if s.log is not None:
        say(s, "life", R_CARD, f"Share Life: P{seat} and P{target} pool {total} life: P{seat} has "
            f"{s.life[seat]}, P{target} {s.life[target]}")


# -- Drop Object and Yoink! ---------------------------------------------------------------


def _droppers(s: EighthState, seat: int) -> list[int]:
    """The wizards in sight who carry a treasure or an item (something to let fall)."""
    return [f for f in _wizards(s, seat) if s.carried[f] >= 0 or s.items[f]]


def _drop_picks(s: EighthState, cast: Cast) -> list[int]:
    """Drop Object: a wizard in sight with something to let fall, then which: his treasure
    (GRAB_TREASURE + it) or one of his items (GRAB_ITEM + the card), "of your choosing"."""
    if not cast.aims:
        return _droppers(s, cast.seat)
    if len(cast.aims) > 1:
        return []
    return items.carried_picks(s, cast.aims[0], treasure=True)


def _drop_object(s: EighthState, cast: Cast) -> None:
    """Drop Object: "As your attack, a wizard in your line of sight lets fall one treasure
    or carried item of your choosing (carried items are public); it lands in his square."
    What was picked and is carried no more (dropped meanwhile) falls not."""
    target, thing = cast.aims
    if striking.misses(s, cast, target):
        return
    if thing < GRAB_ITEM:
        if s.carried[target] == thing - GRAB_TREASURE:
            treasures.drop(s, target)
    elif thing - GRAB_ITEM in s.items[target]:
        items.drop(s, target, thing - GRAB_ITEM)


def _carriers(s: EighthState, seat: int) -> list[int]:
    """The wizards in sight who carry an item (a treasure is not an item)."""
    return [f for f in _wizards(s, seat) if s.items[f]]


def _yoink_picks(s: EighthState, cast: Cast) -> list[int]:
    """Yoink!: a wizard in sight carrying an item, then which item."""
    if not cast.aims:
        return _carriers(s, cast.seat)
    return items.carried_picks(s, cast.aims[0], treasure=False) if len(cast.aims) == 1 else []


def _yoink(s: EighthState, cast: Cast) -> None:
    """Yoink!: "Snatch one item a wizard in your line of sight is carrying (never a
    treasure) and add it to your own carried items." It counts toward the taker's limit
    (R8-9)."""
    seat, (target, thing) = cast.seat, cast.aims
    card = thing - GRAB_ITEM
    if striking.misses(s, cast, target) or card not in s.items[target]:
        return
    s.items[target].remove(card)
    s.items[seat].append(card)
    if s.log is not None:
        say(s, "yoink", R_CARD, f"Yoink!: P{seat} snatches P{target}'s {cards.NAME[card]}")


# -- Heave-Ho -----------------------------------------------------------------------------


def _where(s: EighthState, thing: int) -> int:
    """The square of a figure or of a filled square (`SQUARE_THING` + square)."""
    return s.pos[thing] if thing < LINE_THING else thing - SQUARE_THING


def _heave_picks(s: EighthState, seat: int) -> list[int]:
    """Heave-Ho: only with a treasure carried; a figure or a filled square in sight at least
    a square away (a treasure that flies no square does nothing). Walls and doors are not
    offered: the treasure would fall back at the thrower's feet (ruling R8-15), and how far
    it flew to a line is not a count of squares."""
    if s.carried[seat] < 0:
        return []
    dist = s.map.asm.grid_distances(s.pos[seat])
    return [t for t in reach.targets_in_sight(s, seat)
            if not LINE_THING <= t < SQUARE_THING and dist[_where(s, t)] > 0]


def _heave_ho(s: EighthState, cast: Cast) -> None:
    """Heave-Ho: "Hurl the treasure you carry at a target in your line of sight; it takes 1
    physical damage for each square the treasure flew, and the treasure lands in its
    square." The squares flown are counted along rows and columns, through wraps and
    portals, the shortest way (the board's grid distance)."""
    seat, aim = cast.seat, cast.aims[0]
    t = s.carried[seat]
    if t < 0:
        return
    square = _where(s, aim)
    flown = s.map.asm.grid_distances(s.pos[seat])[square]
    s.carried[seat] = -1
    s.treasure_at[t] = square
    if s.log is not None:
        say(s, "heave", R_CARD, f"Heave-Ho: P{seat} hurls P{t // treasures.EACH}'s treasure {flown} "
            f"square{'' if flown == 1 else 's'}; it lands on {square_name(s.map.asm, square)}")
    striking.strike_thing(s, cast, aim, flown)


SPELLS: Final[dict[int, Spell]] = {
    MEDITATE: Spell(NO_AIM, nothing_to_pick, _meditate, attack=False),
    THOUGHT_STEAL: Spell(FIGURE, one_pick(_wizards), _thought_steal, attack=True),
    BRAIN_BURN: Spell(FIGURE, one_pick(_wizards), _brain_burn, attack=True),
    SHARE_LIFE: Spell(FIGURE, one_pick(_wizards), _share_life, attack=False),
    DROP_OBJECT: Spell(FIGURE, _drop_picks, _drop_object, attack=True),
    YOINK: Spell(FIGURE, _yoink_picks, _yoink, attack=True),
    HEAVE_HO: Spell(FIGURE, one_pick(_heave_picks), _heave_ho, attack=True),
}
