"""Answers to a cast (the 8e chapter's "Canceling, Reducing or Evading Attacks"; brief rule
13): counter spells that *cancel* a cast (Full Shield, Negate Neutral, Absorb Spell,
Backlash, Wall of Earth; Anti-Anti cancels a counter), *reduce* what it does (Shield;
Featherweight, which stays on him and turns damage into pushes), or let a wizard *evade*
it (Invisible and Gnome Form, which stay on him and roll against every attack).

One `Answer` per counter card: whether a seat may answer a cast with it now (`applies`),
and what playing it does to the cast (`play`); a cancelling counter may also say what
becomes of the cancelled cast (`on_cancel`: Absorb Spell takes the card, Backlash hurts
the caster). A counter is cast like any spell, with its own energy (Shield reads it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, final

from wizarena.core import say

from . import cards, harm, piles, striking, upkeep, weather
from .state import FIGURE, LINE_THING, NO_AIM, NO_CARD, PUNCHING, R_ANSWER, STABBING, STUNNING, Cast, EighthState

NULL_POWDER: Final[int] = cards.INDEX["null_powder"]
WALL_OF_EARTH: Final[int] = cards.INDEX["wall_of_earth"]
BOOMSTONE: Final[int] = cards.INDEX["boomstone"]
WIZARDBLADE: Final[int] = cards.INDEX["wizardblade"]

Applies = Callable[[EighthState, int, Cast], bool]
Picks = Callable[[EighthState, Cast], list[int]]
Play = Callable[[EighthState, int, Cast, Cast], None]
OnCancel = Callable[[EighthState, Cast], bool]


@final
class Answer:
    """One counter card's behaviour (see the module's docstring)."""

    __slots__ = ("applies", "play", "on_cancel", "stays", "aim", "picks")

    def __init__(self, applies: Applies, play: Play, on_cancel: OnCancel | None = None, stays: bool = False,
                 aim: int = NO_AIM, picks: Picks | None = None) -> None:
        self.applies: Final = applies
        self.play: Final = play
        self.on_cancel: Final = on_cancel
        self.stays: Final = stays   # it stays on the answerer as a maintained spell
        self.aim: Final = aim       # what its picks are (spells.py's kinds), as a cast's
        self.picks: Final = picks   # what the answerer may pick next (Teleport's square), [] when done


def aimed_at(s: EighthState, seat: int, cast: Cast) -> bool:
    """Whether `seat`'s wizard is one of the figures `cast` is aimed at (Zot's stun, the
    Dagger's stab and Stretch's punch aim at a figure too, as STUNNING, STABBING or
    PUNCHING + the figure)."""
    return seat != cast.seat and any(
        aim == seat and cast.aim == FIGURE or aim in (STUNNING + seat, STABBING + seat, PUNCHING + seat)
        for aim in cast.aims)


def _spell(cast: Cast) -> bool:
    """Whether `cast` is a spell a counter may answer: not a punch, not an item's use, not a
    mundane card ("being mundane, it cannot be countered")."""
    return not cast.item and cast.card != NO_CARD and "mundane" not in cards.KEYWORDS_OF[cast.card]


def _spell_at(s: EighthState, seat: int, cast: Cast) -> bool:
    return _spell(cast) and aimed_at(s, seat, cast)


def _attack_spell_at(s: EighthState, seat: int, cast: Cast) -> bool:
    return cast.attack and _spell_at(s, seat, cast)


def _neutral(s: EighthState, seat: int, cast: Cast) -> bool:
    return not cast.attack and _spell(cast) and seat != cast.seat


def _any_spell(s: EighthState, seat: int, cast: Cast) -> bool:
    return _spell(cast) and seat != cast.seat


def _attack_at(s: EighthState, seat: int, cast: Cast) -> bool:
    return cast.attack and aimed_at(s, seat, cast)


def _across(s: EighthState, seat: int, cast: Cast) -> bool:
    """Wall of Earth (ruling R8-22): an attack aimed at him (a punch and a thrown item too:
    it is a wall, not a counterspell) from another square, so that a wall can rise between."""
    return _attack_at(s, seat, cast) and s.pos[cast.seat] != s.pos[seat]


def _cancelled_counter(s: EighthState, seat: int, cast: Cast) -> bool:
    """Anti-Anti: "a counter spell played against one of your own spells" (a punch or an
    item stopped by a Wall of Earth is no spell of his)."""
    return seat == cast.seat and cast.cancelled_by != NO_CARD and _spell(cast)


def cancel(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """The cast is cancelled by `answer` (unless Anti-Anti answers in turn). A cast aimed
    at several figures (Fire Darts) is cancelled only for the answerer (ruling R8-15)."""
    if len({aim for aim in cast.aims if aim < LINE_THING}) > 1 and cast.aim == FIGURE:
        cast.evaded.append(seat)
        if s.log is not None:
            say(s, "counter", R_ANSWER, f"P{seat}'s {cards.NAME[answer.card]} stops what {_what(cast)} aims at him")
        return
    cast.cancelled_by, cast.canceller = answer.card, seat
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{seat} cancels {_what(cast)} with {cards.NAME[answer.card]}")


def _shield(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Shield: "the damage of that one source is lowered by this spell's energy plus 2"."""
    cast.cut[seat] += answer.energy + 2
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{seat}'s Shield takes {answer.energy + 2} off {_what(cast)}")


def _evasion(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Invisible and Gnome Form cast in answer stay on him; the attack rolls against them
    when it lands (striking.evades)."""
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{seat} answers {_what(cast)} with {cards.NAME[answer.card]}")
    if answer.card == striking.GNOME_FORM:
        upkeep.take_form(s, seat, answer.card)  # one form at a time; base speed 2


def _featherweight(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Featherweight stays on him (attacking keeps it in his play area, with its energy in
    tokens); while it lies there striking.land turns each point of damage he would take
    into a push away from its source (ruling R8-20), this attack's first."""
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{seat} answers {_what(cast)} with Featherweight: damage will push him away")


def _earth_wall(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Wall of Earth: "an earth wall rises on an edge in your line of sight, blocking
    movement and sight; it cannot be damaged, soaks up the first attack that runs into it
    and then falls." It rises between him and the attacker, the attack runs into it and is
    stopped (`cancel`: only what is aimed at him), and it falls at once (ruling R8-22)."""
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"an earth wall rises between P{seat} and P{cast.seat}")
    cancel(s, seat, cast, answer)
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"the earth wall soaks up {_what(cast)} and falls")


def _soaked(s: EighthState, cast: Cast) -> bool:
    """What ran into a Wall of Earth (ruling R8-22): a spell is spent as any cancelled one
    (False: to the discard pile) and a punch leaves nothing; a weapon thrown falls at the
    foot of the wall, in its thrower's square (as at any wall, R8-15), the Boomstone goes
    off against it and is spent, a weapon wielded (the Dagger's stab, the Wizardblade)
    stays in its wielder's hand, and a stone spike shatters while Stone Spikes stays in
    play with its tokens."""
    if not cast.item:
        return False
    card, seat = cast.card, cast.seat
    if cards.TYPE[card] != "item":  # a spell used like an item (Stone Spikes)
        s.maintained[seat].append((card, cast.energy, seat))
    elif card == BOOMSTONE:
        piles.discard(s, seat, card)
    elif card == WIZARDBLADE or cast.aims[0] >= STABBING:
        s.items[seat].append(card)
    else:
        s.floor.append((s.pos[seat], card))
    return True


def _anti_anti(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Anti-Anti: "Cancel a counter spell played against one of your own spells"."""
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{seat}'s Anti-Anti cancels P{cast.canceller}'s "
            f"{cards.NAME[cast.cancelled_by]}")
    cast.cancelled_by, cast.canceller = NO_CARD, -1


def _absorbed(s: EighthState, cast: Cast) -> bool:
    """Absorb Spell: the card joins the absorber's hand; the cards that powered it are discarded."""
    s.hands[cast.canceller].append(cast.card)
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{cast.canceller} takes {cards.NAME[cast.card]} into his hand")
    return True


def _backlash(s: EighthState, cast: Cast) -> bool:
    """Backlash: the caster "suffers magical damage equal to the energy he gave it"."""
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"Backlash: P{cast.seat} takes the {cast.energy} energy he gave the spell")
    harm.hurt(s, cast.seat, cast.energy, -1)  # not an attack: no kill to credit (R8-6)
    return False


def _what(cast: Cast) -> str:
    return "the punch" if cast.card == NO_CARD else cards.NAME[cast.card]


# -- Flood and Wall of Fire, each against the other's element -------------------------------


def _any_attack(s: EighthState, seat: int, cast: Cast) -> bool:
    """The Flood "may be cast in answer to an attack": any attack, on anyone (it is global)."""
    return cast.attack and seat != cast.seat


def _flooded(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """The Flood cast in answer: it sweeps the board at once, and the attack under way ends
    with every other fire spell if it is one; the Flood stays in play (stays=True)."""
    if weather.is_fire(cast.card) and not cast.item:
        cast.cancelled_by, cast.canceller = answer.card, seat
        if s.log is not None:
            say(s, "counter", R_ANSWER, f"P{seat}'s Flood puts out {_what(cast)}")
    weather.flood(s)


def _water_spell(s: EighthState, seat: int, cast: Cast) -> bool:
    """Wall of Fire may answer a Water spell (Waterbolt, the Flood) of another player's."""
    return seat != cast.seat and not cast.item and cast.card in weather.WATER


def _steam(s: EighthState, seat: int, cast: Cast, answer: Cast) -> None:
    """Wall of Fire: "... or play it against a Water spell so that both spells are
    cancelled": the Water spell is cancelled, and the Wall of Fire, played as no curtain,
    goes to the discard pile."""
    cast.cancelled_by, cast.canceller = answer.card, seat
    if s.log is not None:
        say(s, "counter", R_ANSWER, f"P{seat}'s Wall of Fire meets {_what(cast)}: both are spent in steam")


ANSWERS: Final[dict[int, Answer]] = {
    weather.FLOOD: Answer(_any_attack, _flooded, stays=True),
    cards.INDEX["wall_of_fire"]: Answer(_water_spell, _steam),
    cards.INDEX["full_shield"]: Answer(_spell_at, cancel),
    cards.INDEX["negate_neutral"]: Answer(_neutral, cancel),
    cards.INDEX["absorb_spell"]: Answer(_any_spell, cancel, _absorbed),
    cards.INDEX["backlash"]: Answer(_attack_spell_at, cancel, _backlash),
    cards.INDEX["shield"]: Answer(_attack_at, _shield),
    cards.INDEX["anti_anti"]: Answer(_cancelled_counter, _anti_anti),
    NULL_POWDER: Answer(_spell_at, cancel),  # an item, thrown from the play area (attacking.answers)
    striking.INVISIBLE: Answer(_attack_at, _evasion, stays=True),
    striking.GNOME_FORM: Answer(_attack_at, _evasion, stays=True),
    striking.PAIN_LINK: Answer(_attack_at, _evasion, stays=True),  # it lies on him; striking.strike reads it
    striking.FEATHERWEIGHT: Answer(_attack_at, _featherweight, stays=True),  # it lies on him; striking.land reads it
    WALL_OF_EARTH: Answer(_across, _earth_wall, _soaked),
}
