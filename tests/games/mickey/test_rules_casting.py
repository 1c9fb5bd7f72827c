"""Wizards of Mickey, rulebook section 8: playing Magics.

One scenario per rule, named after its section. 8.4 (and its twin, 7.1 step 2.2) gets one
test per modifier step, each built so that applying the steps in another order would give
another number, plus the floor at 0 after every step (ruling R2). Tables use real cards of
data/cards.json; each card says in a comment why it was picked.
"""

from __future__ import annotations

import json
import re

import pytest

from wizarena.core import Rng
from wizarena.games.mickey.effects import CARDS
from wizarena.games.mickey.state import ASSIGN, MickeyState

from .helpers import GAME, act, card, legal_texts, rules, texts

# Pia Lindentwig is the one Wizard without abilities: a team of three of her (scenarios do not
# check deck rules) adds nothing, so only the cards under test change the count.
PLAIN = ["Pia Lindentwig"] * 3
PIA = "Pia Lindentwig"
ORRIN = "Orrin Tallowmere"   # "Magics this Wizard casts get +1": a plain + step from a Wizard
NADIA = "Nadia Frostwhorl"   # "This Wizard may cast its Magic face-down"


def table(hands: tuple[list[str], list[str]], teams: tuple[list[str], list[str]] = (PLAIN, PLAIN),
          castle: str = "Windswept Ruins", turn_player: int = 0, **kw) -> MickeyState:
    """Windswept Ruins has no effect; both decks hold vanilla Sprouts for the 7.13 draw."""
    kw.setdefault("stake", ["red"])
    kw.setdefault("decks", (["Sprout"] * 6, ["Sprout"] * 6))
    kw.setdefault("castle_decks", (["The Quiet Courtyard"], ["Windswept Ruins"]))
    return GAME.scenario(teams, hands, castle=castle, turn_player=turn_player, **kw)


def steps(s: MickeyState, magic: str, owner: int = 0) -> list[str]:
    """The 8.4 modifier events of one Magic, as 'what from whom -> value' (the event also
    names the source's player, "from Ember Keep (P1) -> 4": left out here, where the order
    of the steps is the point; test_narration.py checks it)."""
    head = f"{magic} (P{owner}): "
    return [re.sub(r" \(P[01]\) -> ", " -> ", e.text[len(head):]) for e in s.log
            if e.rule == "WoM 8.4" and e.text.startswith(head)]


def final(s: MickeyState) -> str:
    lines = [e.text for e in s.log if e.rule == "WoM 7.8"]
    assert lines, "the challenge was not counted"
    return lines[-1]


def play(s: MickeyState, *moves: str) -> None:
    """Play the moves; they must end the challenge (a count at 7.8)."""
    counted = rules(s).count("WoM 7.8")
    act(GAME, s, *moves)
    assert rules(s).count("WoM 7.8") == counted + 1, f"the challenge is still on: {legal_texts(GAME, s)}"


def action(text: str):
    return next(a for a in GAME.actions if a.text == text)


# -- 8.1 ------------------------------------------------------------------------------------------
def test_8_1_one_magic_per_wizard() -> None:
    s = table((["Emberbolt", "Sunburst", "Glimmer", "Noonday Blaze"], ["Ripple", "Gloom", "Star Shard", "Starseed"]))
    act(GAME, s, "cast Emberbolt with left", "cast Ripple with left")
    assert not any(t.endswith("with left") for t in legal_texts(GAME, s))
    with pytest.raises(Exception, match="not legal"):
        GAME.apply(s, 0, action("cast Noonday Blaze with left"))
    act(GAME, s, "cast Sunburst with centre", "cast Gloom with centre", "cast Glimmer with right")
    assert s.casts == [[1, 1, 1], [1, 1, 0]]
    # P0 still holds Noonday Blaze, but every Wizard of its team has cast: nothing more for it.
    assert GAME.legal_actions(s, 0) == []
    play(s, "cast Star Shard with right")
    assert final(s) == "Final Magic Power: P0 7, P1 3"
    assert [CARDS[c].name for c in s.hand[0]] == ["Noonday Blaze"]


# -- 8.2 a Magic's effects last only while it is in play (rulings R4, R5) ---------------------------
def test_8_2_a_block_ends_when_its_magic_is_made_plain() -> None:
    # Flame Leash (2) blocks the opposite Wizard; Eclipse (3) cancels every opposing Magic of
    # power 2 or less. Once Flame Leash has no effect, its Block has none either (ruling R4).
    s = table((["Flame Leash", "Sunburst", "Glimmer"], ["Eclipse", "Ripple", "Gloom"]))
    act(GAME, s, "cast Flame Leash with left")
    assert s.blocked[1] == 0b100 and not any(t.endswith("right") for t in legal_texts(GAME, s))
    act(GAME, s, "cast Eclipse with left")
    assert s.blocked[1] == 0
    assert "P1's Pia Lindentwig (Hedge Witch of the Meadow) is no longer Blocked: the Block's Magic is no longer " \
           "in play with effect" in [e.text for e in s.log if e.rule == "WoM 8.2"]
    play(s, "cast Sunburst with centre", "cast Ripple with centre", "cast Glimmer with right", "cast Gloom with right")
    assert final(s) == "Final Magic Power: P0 6, P1 5"  # 2 + 3 + 1 against 3 + 1 + 1


def test_8_2_a_block_and_a_gain_end_when_their_magic_leaves_play() -> None:
    # P0: Flame Leash (left) blocks P1's right Wizard; Beacon Rite (centre) gives the Magics
    # beside it Untouchable (Flame Leash has it while Beacon Rite stands). P1's Rot Wind
    # corrodes every opposing Wizard: both leave play, and P1's right Wizard may cast again.
    s = table((["Flame Leash", "Beacon Rite", "Glimmer", "Sunburst"], ["Ripple", "Rot Wind", "Gloom", "Sprout"]))
    act(GAME, s, "cast Flame Leash with left", "cast Ripple with left", "cast Beacon Rite with centre")
    assert s.up[0][0].gained == ("untouchable",) and s.blocked[1] == 0b100
    act(GAME, s, "cast Rot Wind with centre", "discard Sprout")
    assert s.blocked[1] == 0 and s.up[0][0] is None and s.up[0][1] is None
    play(s, "cast Glimmer with left", "cast Gloom with right", "cast Sunburst with centre")
    assert final(s) == "Final Magic Power: P0 4, P1 4"  # 1 + 3 against 1 + 2 + 1


def test_8_2_a_gain_reaches_a_magic_cast_after_it() -> None:
    # Beacon Rite: "The Magics of adjacent Wizards gain Untouchable" - while it is in play, so
    # Wanderer's Flame (2, +1), cast beside it afterwards, gains it, and Void Lash's Cancel fails.
    s = table((["Beacon Rite", "Wanderer's Flame", "Sunburst"], ["Ripple", "Void Lash", "Gloom"]))
    play(s, "cast Beacon Rite with centre", "cast Ripple with left", "cast Wanderer's Flame with left",
         "cast Void Lash with right", "cast Sunburst with right", "cast Gloom with centre")
    said = texts(s)
    assert "Beacon Rite gives Wanderer's Flame the Special Action Untouchable" in said
    assert "Wanderer's Flame is Untouchable: the Cancel of P1's Void Lash does nothing" in said
    assert final(s) == "Final Magic Power: P0 7, P1 5"  # 1 + 3 + 3 against 1 + 3 + 1


def test_8_2_a_gained_keyword_ends_when_what_gave_it_loses_effect() -> None:
    # Jester's Mark (1): the opposite Magic gains Trickery; in Hollow Market a Magic with
    # Trickery printed (or gained, 10.7) is worth 3. Eclipse makes Jester's Mark Plain, and
    # Leviathan Call (6) loses the Trickery it had from it (ruling R5).
    s = table((["Glimmer", "Jester's Mark", "Sunburst"], ["Leviathan Call", "Eclipse", "Ripple"]),
              castle="Hollow Market")
    act(GAME, s, "cast Glimmer with centre", "cast Leviathan Call with right", "cast Jester's Mark with left")
    assert s.up[1][2].gained == ("trickery",)
    act(GAME, s, "cast Eclipse with centre")
    assert s.up[1][2].gained == ()
    assert "Leviathan Call no longer has the gained Trickery: what gave it is no longer in play with effect" in texts(s)
    play(s, "cast Sunburst with right", "cast Ripple with left")
    assert final(s) == "Final Magic Power: P0 5, P1 10"  # 1 + 1 + 3 against 6 + 3 + 1


# -- 8.3 face-down casting ---------------------------------------------------------------------------
def test_8_3_face_down_only_where_a_card_allows_it() -> None:
    hands = (["Emberbolt", "Sunburst", "Mist Cloak"], ["Ripple", "Gloom", "Star Shard"])
    s = table(hands)
    assert not any(t.startswith("hide") for t in legal_texts(GAME, s))
    # Nadia may hide, the Wizards beside her may not.
    s = table(hands, teams=([PIA, NADIA, PIA], PLAIN))
    hides = [t for t in legal_texts(GAME, s) if t.startswith("hide")]
    assert sorted(hides) == ["hide Emberbolt behind centre", "hide Mist Cloak behind centre",
                             "hide Sunburst behind centre"]
    # Mist Cloak: "Adjacent Wizards may cast their Magic face-down" - the two beside its caster.
    s = table(hands)
    act(GAME, s, "cast Mist Cloak with centre")
    assert not any(t.startswith("hide") for t in legal_texts(GAME, s))  # P1's Wizards: not adjacent
    act(GAME, s, "cast Ripple with centre")
    hides = [t for t in legal_texts(GAME, s) if t.startswith("hide")]
    assert sorted(hides) == ["hide Emberbolt behind left", "hide Emberbolt behind right",
                             "hide Sunburst behind left", "hide Sunburst behind right"]


def test_8_3_the_owner_sees_a_face_down_magic_the_opponent_does_not() -> None:
    s = table((["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Star Shard"]), teams=([PIA, NADIA, PIA],
                                                                                               PLAIN))
    act(GAME, s, "hide Emberbolt behind centre")
    hidden = {k: v for k, v in GAME.view(s, 0)["players"][0]["team"][1]["hidden"].items()
              if k not in ("card", "modified_power")}  # the count on the board: tests/games/mickey/test_view_power.py
    assert hidden == {"name": "Emberbolt", "power": 3, "text": "", "face_down": True}
    for seat in (1, None):
        assert GAME.view(s, seat)["players"][0]["team"][1]["hidden"] == {"face_down": True}
        seen = "\n".join(e.text for e in GAME.events(s, seat)) + json.dumps(GAME.view(s, seat))
        assert "Emberbolt" not in seen
    assert "[face-down]" in GAME.render_text(GAME.view(s, 1))
    mine = [e.text for e in GAME.events(s, 0) if e.rule == "WoM 8.3"]
    assert mine == [f"you cast Emberbolt face-down behind {card(NADIA).label} (centre)"]
    theirs = [e.text for e in GAME.events(s, 1) if e.rule == "WoM 8.3"]
    assert theirs == [f"P0 casts a Magic face-down behind {card(NADIA).label} (centre)"]
    # in place of the Wizard's cast: the centre is done for this challenge
    act(GAME, s, "cast Ripple with left")
    assert not any("centre" in t for t in legal_texts(GAME, s))
    assert s.casts[0] == [0, 1, 0]


def test_8_3_a_revealed_magic_has_no_effect_but_counts_its_power() -> None:
    # Blaze Trickster (2, "+3") and Scorching Gaze (0, "the opposite Magic gets -2") go face-down
    # behind the two Nadias, which face each other: revealed at 7.7, neither effect applies.
    s = table((["Blaze Trickster", "Glimmer", "Sunburst"], ["Scorching Gaze", "Emberbolt", "Ripple"]),
              teams=([PIA, NADIA, PIA], [PIA, NADIA, PIA]))
    play(s, "hide Blaze Trickster behind centre", "hide Scorching Gaze behind centre", "cast Glimmer with left",
         "cast Emberbolt with left", "cast Sunburst with right", "cast Ripple with right")
    reveals = [e.text for e in s.log if e.rule == "WoM 7.7"]
    assert len(reveals) == 2 and "Blaze Trickster" in reveals[0] and "Scorching Gaze" in reveals[1]
    assert [e for e in s.log if e.rule == "WoM 8.4"] == []
    assert final(s) == "Final Magic Power: P0 6, P1 4"  # 2+1+3 against 0+3+1


def test_8_3_a_wizard_ability_that_allows_an_extra_face_down_magic_is_the_permission() -> None:
    # Fenn Mossguard: "may cast one Magic face-down in addition to its normal Magic". 8.3 says
    # abilities of Wizards allow face-down casting: the ability is the permission, so Windswept
    # Ruins (no effect) needs no other card. The team of the issue: Pia, Fenn (centre), Vesk.
    hands = (["Emberbolt", "Sunburst", "Glimmer", "Ripple"], ["Gloom", "Star Shard", "Starseed"])
    teams = ([PIA, "Fenn Mossguard", "Vesk the Hollow"], PLAIN)
    s = table(hands, teams=teams)
    # before its normal Magic the ability does not apply: it is "in addition to" it
    assert not any(t.startswith("hide") for t in legal_texts(GAME, s))
    act(GAME, s, "cast Emberbolt with centre", "cast Gloom with centre")
    options = legal_texts(GAME, s)
    assert "hide Glimmer behind centre" in options and "cast Glimmer with centre" not in options
    assert not any(t.startswith("hide") and not t.endswith("centre") for t in options)  # only Fenn
    play(s, "hide Glimmer behind centre", "cast Star Shard with left", "cast Sunburst with left",
         "cast Starseed with right", "cast Ripple with right")
    assert final(s) == "Final Magic Power: P0 8, P1 3"  # 3 + the revealed Glimmer 1 + 3 + 1


def test_8_3_and_8_7_a_ban_on_face_down_beats_the_extra_face_down_magic() -> None:
    # Tower of Glass: "No Wizard may cast face-down." The prohibition wins over Fenn's permission.
    hands = (["Emberbolt", "Sunburst", "Glimmer", "Ripple"], ["Gloom", "Star Shard", "Starseed"])
    s = table(hands, teams=([PIA, "Fenn Mossguard", PIA], PLAIN), castle="Tower of Glass")
    act(GAME, s, "cast Emberbolt with centre", "cast Gloom with centre")
    assert not any(t.startswith("hide") for t in legal_texts(GAME, s))


def test_8_3_the_extra_face_down_magic_is_one_only() -> None:
    # Under Moonlit Observatory every Wizard may hide its Magic; Fenn still hides only one more.
    hands = (["Emberbolt", "Sunburst", "Glimmer", "Ripple"], ["Gloom", "Star Shard", "Starseed"])
    s = table(hands, teams=([PIA, "Fenn Mossguard", PIA], PLAIN), castle="Moonlit Observatory")
    act(GAME, s, "cast Emberbolt with centre", "cast Gloom with centre", "hide Ripple behind centre",
        "cast Star Shard with left")
    assert not any(t.endswith("centre") for t in legal_texts(GAME, s))


# -- 8.4 / 7.1 step 2.2: the eight modifier steps, in order --------------------------------------------
def test_8_4_worth_before_double() -> None:
    # Goldleaf Charm (0): "is worth 2"; Thimble Citadel: "Magics of power 1 or less are doubled".
    # worth then double = 4; double then worth would be 2.
    s = table((["Goldleaf Charm", "Sunburst", "Emberbolt"], ["Sunburst", "Emberbolt", "Star of the Deep"]),
              castle="Thimble Citadel")
    play(s, "cast Goldleaf Charm with centre", "cast Sunburst with centre", "cast Sunburst with left",
         "cast Emberbolt with left", "cast Emberbolt with right", "cast Star of the Deep with right")
    assert steps(s, "Goldleaf Charm") == ["is worth 2 from Goldleaf Charm -> 2", "doubled from Thimble Citadel -> 4"]
    assert final(s) == "Final Magic Power: P0 10, P1 8"


def test_8_4_double_before_halve() -> None:
    # Twin Moons (1): "If you are taking the turn, double this Magic"; Undertow: "Halve the
    # opposite Magic". double then halve = 1; halve then double would be 0.
    s = table((["Twin Moons", "Sunburst", "Emberbolt"], ["Undertow", "Ripple", "Gloom"]))
    play(s, "cast Twin Moons with centre", "cast Undertow with centre", "cast Sunburst with left",
         "cast Ripple with left", "cast Emberbolt with right", "cast Gloom with right")
    assert steps(s, "Twin Moons") == ["doubled from Twin Moons -> 2", "halved from Undertow -> 1"]
    assert final(s) == "Final Magic Power: P0 7, P1 4"


def test_8_4_double_before_plus() -> None:
    # Glimmer (1) in Thimble Citadel (doubles power 1 or less), cast by Orrin (+1):
    # double then +1 = 3; +1 then double would be 4.
    s = table((["Glimmer", "Sunburst", "Emberbolt"], ["Sunburst", "Emberbolt", "Star of the Deep"]),
              teams=([PIA, ORRIN, PIA], PLAIN), castle="Thimble Citadel")
    play(s, "cast Glimmer with centre", "cast Sunburst with centre", "cast Sunburst with left",
         "cast Emberbolt with left", "cast Emberbolt with right", "cast Star of the Deep with right")
    assert steps(s, "Glimmer") == ["doubled from Thimble Citadel -> 2",
                                   f"+1 from {card(ORRIN).label} -> 3"]
    assert final(s) == "Final Magic Power: P0 9, P1 8"


def test_8_4_halve_before_adds() -> None:
    # Wildfire Pact (2): "Adds the printed Magic Power of the Magics of adjacent Wizards"
    # (Emberbolt 3 + Glimmer 1); Undertow halves it. halve then adds = 1+4 = 5; adds then halve = 3.
    s = table((["Wildfire Pact", "Emberbolt", "Glimmer"], ["Undertow", "Ripple", "Gloom"]))
    play(s, "cast Wildfire Pact with centre", "cast Undertow with centre", "cast Emberbolt with left",
         "cast Ripple with left", "cast Glimmer with right", "cast Gloom with right")
    assert steps(s, "Wildfire Pact") == ["halved from Undertow -> 1",
                                         "adds the Magic Power of the adjacent Magic from Wildfire Pact -> 5"]
    assert final(s) == "Final Magic Power: P0 9, P1 4"


def test_8_4_adds_before_subtracts() -> None:
    # Wildfire Pact (2) adds Molten Crown 6 + Emberbolt 3; the opposite Riptide Drain makes it
    # subtract the printed power of Riptide's own neighbours (Star of the Deep 2 + Glimmer 1).
    # adds then subtracts = 11-3 = 8; subtracts first = max(0, 2-3)+9 = 9.
    s = table((["Wildfire Pact", "Molten Crown", "Emberbolt"], ["Riptide Drain", "Star of the Deep", "Glimmer"]))
    play(s, "cast Wildfire Pact with centre", "cast Riptide Drain with centre", "cast Molten Crown with left",
         "cast Star of the Deep with left", "cast Emberbolt with right", "cast Glimmer with right")
    assert steps(s, "Wildfire Pact") == [
        "adds the Magic Power of the adjacent Magic from Wildfire Pact -> 11",
        "subtracts the Magic Power of the adjacent Magic from Riptide Drain -> 8"]
    assert final(s) == "Final Magic Power: P0 17, P1 4"


def test_8_4_subtracts_before_plus() -> None:
    # Ripple (1) cast by Orrin (+1); the opposite Riptide Drain subtracts Emberbolt 3 + Goldleaf
    # Charm 0 (printed, 10.15). subtracts then +1 = 0 then 1; +1 then subtracts = 0.
    s = table((["Ripple", "Sunburst", "Glimmer"], ["Riptide Drain", "Emberbolt", "Goldleaf Charm"]),
              teams=([PIA, ORRIN, PIA], PLAIN))
    play(s, "cast Ripple with centre", "cast Riptide Drain with centre", "cast Sunburst with left",
         "cast Emberbolt with left", "cast Glimmer with right", "cast Goldleaf Charm with right")
    assert steps(s, "Ripple") == ["subtracts the Magic Power of the adjacent Magic from Riptide Drain -> 0",
                                  f"+1 from {card(ORRIN).label} -> 1"]
    assert final(s) == "Final Magic Power: P0 5, P1 6"  # 3+1+1 against 1+3+2 (Goldleaf is worth 2)


def test_8_4_plus_before_minus() -> None:
    # Kindled Fury (0): "If you are taking the turn, this Magic gets +3"; the opposite Scorching
    # Gaze: "-2". +3 then -2 = 1; -2 first = max(0, -2)+3 = 3.
    s = table((["Kindled Fury", "Sunburst", "Glimmer"], ["Scorching Gaze", "Emberbolt", "Ripple"]))
    play(s, "cast Kindled Fury with centre", "cast Scorching Gaze with centre", "cast Sunburst with left",
         "cast Emberbolt with left", "cast Glimmer with right", "cast Ripple with right")
    assert steps(s, "Kindled Fury") == ["+3 from Kindled Fury -> 3", "-2 from Scorching Gaze -> 1"]
    assert final(s) == "Final Magic Power: P0 5, P1 4"


def test_8_4_minus_before_final() -> None:
    # Dread Pall: "Every opposing Magic gets -1"; Golden Verdict: "The Modified Magic Power of the
    # opposite Magic is 3". Emberbolt: -1 then "is 3" = 3; the other way round = 2.
    s = table((["Emberbolt", "Sunburst", "Glimmer"], ["Golden Verdict", "Dread Pall", "Ripple"]))
    play(s, "cast Emberbolt with centre", "cast Golden Verdict with centre", "cast Sunburst with left",
         "cast Dread Pall with left", "cast Glimmer with right", "cast Ripple with right")
    assert steps(s, "Emberbolt") == ["-1 from Dread Pall -> 2", "Modified Magic Power is 3 from Golden Verdict -> 3"]
    assert steps(s, "Sunburst") == ["-1 from Dread Pall -> 2"]
    assert steps(s, "Glimmer") == ["-1 from Dread Pall -> 0"]
    assert final(s) == "Final Magic Power: P0 5, P1 2"


def test_8_4_final_is_the_last_step() -> None:
    # Ironclad Vow (0): "The Modified Magic Power of this Magic is 3", cast by Orrin (+1) in
    # Thimble Citadel (doubles it): 0 -> 0 -> 1 -> 3; "is 3" before the +1 would give 4.
    s = table((["Ironclad Vow", "Sunburst", "Emberbolt"], ["Sunburst", "Emberbolt", "Star of the Deep"]),
              teams=([PIA, ORRIN, PIA], PLAIN), castle="Thimble Citadel")
    play(s, "cast Ironclad Vow with centre", "cast Sunburst with centre", "cast Sunburst with left",
         "cast Emberbolt with left", "cast Emberbolt with right", "cast Star of the Deep with right")
    assert steps(s, "Ironclad Vow") == ["doubled from Thimble Citadel -> 0", f"+1 from {card(ORRIN).label} -> 1",
                                        "Modified Magic Power is 3 from Ironclad Vow -> 3"]
    assert final(s) == "Final Magic Power: P0 9, P1 8"


def test_8_4_floor_at_zero_after_subtracts_r2() -> None:
    # Ruling R2's own example: a 2 that subtracts 5 becomes 0, and a later +3 makes it 3.
    # Blaze Trickster (2, "+3"); the opposite Riptide Drain subtracts Tidal Surge 4 + Ripple 1.
    s = table((["Blaze Trickster", "Sunburst", "Glimmer"], ["Riptide Drain", "Tidal Surge", "Ripple"]))
    play(s, "cast Blaze Trickster with centre", "cast Riptide Drain with centre", "cast Sunburst with left",
         "cast Tidal Surge with left", "cast Glimmer with right", "cast Ripple with right")
    assert steps(s, "Blaze Trickster") == ["subtracts the Magic Power of the adjacent Magic from Riptide Drain -> 0",
                                           "+3 from Blaze Trickster -> 3"]
    assert final(s) == "Final Magic Power: P0 7, P1 6"  # without the floor: 0+3+1 = 4, and P1 would win
    assert [e.text for e in s.log if e.kind == "win"] == ["P0 wins the challenge and conquers 1 Diamagic"]


def test_8_4_floor_at_zero_after_minus_for_each_magic() -> None:
    # Grave Trick: "The opposite Magic gets -3" on Glimmer (1): 0, not -2 taken off the team (10.17).
    s = table((["Glimmer", "Emberbolt", "Sunburst"], ["Grave Trick", "Ripple", "Gloom"]))
    play(s, "cast Glimmer with centre", "cast Grave Trick with centre", "cast Emberbolt with left",
         "cast Ripple with left", "cast Sunburst with right", "cast Gloom with right")
    assert steps(s, "Glimmer") == ["-3 from Grave Trick -> 0"]
    assert final(s) == "Final Magic Power: P0 6, P1 3"


def test_8_4_final_magic_power_never_below_zero_r22() -> None:
    # A -3 affiliation penalty on a total of 2 leaves 0 (10.16), so 0-0 is a tie; with -1 P1
    # would win. Rootgrowth (0, +2 only if its Wizard owns a green Diamagic) and Kindled Fury
    # (0, +3 only for the turn player, P0) stay at 0 for P1.
    s = table((["Glimmer", "Star Shard", "Rootgrowth"], ["Rootgrowth", "Kindled Fury", "Rootgrowth"]),
              penalty=(3, 0))
    play(s, "cast Glimmer with left", "cast Rootgrowth with left", "cast Star Shard with centre",
         "cast Kindled Fury with centre", "cast Rootgrowth with right", "cast Rootgrowth with right")
    r = rules(s)
    assert r.index("WoM 10.25") < r.index("WoM 10.16") < r.index("WoM 7.8")
    assert final(s) == "Final Magic Power: P0 0, P1 0"
    assert any(e.kind == "tie" for e in s.log) and not any(e.kind == "win" for e in s.log)


# -- 8.5 Special Actions ----------------------------------------------------------------------------
def test_8_5_gaining_a_special_action_it_already_has_does_nothing() -> None:
    # Bruna Coalhand: "Magics this Wizard casts gain Untouchable". Adamant Flame has Untouchable
    # printed (and +1); Emberbolt has nothing, so it does gain it.
    s = table((["Adamant Flame", "Sunburst", "Glimmer"], ["Void Lash", "Ripple", "Gloom"]),
              teams=([PIA, "Bruna Coalhand", PIA], PLAIN))
    act(GAME, s, "cast Adamant Flame with centre")
    assert [e.text for e in s.log if e.rule == "WoM 8.5"] == [
        "Adamant Flame already has Untouchable: it does not have it twice"]
    assert not any(e.rule == "WoM 10.7" for e in s.log)
    assert "gained" not in GAME.view(s, 1)["players"][0]["team"][1]["cast"]
    # Void Lash: "Cancel the opposite Magic" - Untouchable (printed, once) stops it.
    play(s, "cast Void Lash with centre", "cast Sunburst with left", "cast Ripple with left",
         "cast Glimmer with right", "cast Gloom with right")
    assert "WoM 9.8" in rules(s) and "WoM 9.2" not in rules(s)
    assert steps(s, "Adamant Flame") == ["+1 from Adamant Flame -> 3"]

    s = table((["Emberbolt"], ["Ripple"]), teams=([PIA, "Bruna Coalhand", PIA], PLAIN))
    act(GAME, s, "cast Emberbolt with centre")
    assert "WoM 8.5" not in rules(s)
    assert GAME.view(s, 1)["players"][0]["team"][1]["cast"]["gained"] == ["untouchable"]


def test_8_5_giving_a_special_action_is_not_having_it() -> None:
    # Jester's Mark: "The opposite Magic gains Trickery". On Blaze Trickster (Trickery, +3) it
    # adds nothing (same action twice), and Jester's Mark itself is no Trickery Magic, so Blaze
    # is the only Trickery Magic in play and keeps its +3 (9.13 needs two).
    s = table((["Jester's Mark", "Sunburst", "Glimmer"], ["Blaze Trickster", "Ripple", "Gloom"]))
    play(s, "cast Sunburst with left", "cast Blaze Trickster with centre", "cast Jester's Mark with centre",
         "cast Ripple with left", "cast Glimmer with right", "cast Gloom with right")
    assert [e.text for e in s.log if e.rule == "WoM 8.5"] == [
        "Blaze Trickster already has Trickery: it does not have it twice"]
    assert "WoM 9.13" not in rules(s)
    assert steps(s, "Blaze Trickster", 1) == ["+3 from Blaze Trickster -> 5"]
    assert final(s) == "Final Magic Power: P0 5, P1 7"


def test_8_5_a_gained_special_action_is_had_as_if_printed() -> None:
    # Jester's Mark on Emberbolt (no Trickery): Emberbolt gains Trickery (10.7), so with Blaze
    # Trickster there are two Trickery Magics in play and both become Plain (9.13): Blaze loses +3.
    s = table((["Jester's Mark", "Sunburst", "Glimmer"], ["Emberbolt", "Blaze Trickster", "Gloom"]))
    play(s, "cast Sunburst with left", "cast Emberbolt with centre", "cast Jester's Mark with centre",
         "cast Blaze Trickster with left", "cast Glimmer with right", "cast Gloom with right")
    assert "WoM 10.7" in rules(s) and "WoM 9.13" in rules(s)
    assert steps(s, "Blaze Trickster", 1) == []
    assert final(s) == "Final Magic Power: P0 5, P1 6"


# -- 8.6 Wizard abilities ---------------------------------------------------------------------------
def test_8_6_a_wizard_ability_touches_only_that_wizards_magics() -> None:
    # Aldo Brightstaff: "Red Magics this Wizard casts get +1". Emberbolt (red) by Aldo gets it;
    # Cinder Spark (red) by his neighbour does not, nor P1's red Magic.
    s = table((["Emberbolt", "Cinder Spark", "Glimmer"], ["Cinder Spark", "Ripple", "Gloom"]),
              teams=(["Aldo Brightstaff", PIA, PIA], PLAIN))
    play(s, "cast Emberbolt with left", "cast Cinder Spark with right", "cast Cinder Spark with centre",
         "cast Ripple with left", "cast Glimmer with right", "cast Gloom with centre")
    assert [e.text for e in s.log if e.rule == "WoM 8.4"] == [
        f"Emberbolt (P0): +1 from {card('Aldo Brightstaff').label} (P0) -> 4"]
    assert final(s) == "Final Magic Power: P0 6, P1 3"


def test_8_6_a_wizard_ability_applies_after_the_magics_own_effects() -> None:
    # Morgrave Quill (Ash Regent): "Magics of power 1 or less that this Wizard casts are worth 3".
    # Goldleaf Charm (0): "This Magic is worth 2". The Magic's own "worth 2" first, then the
    # Wizard's "worth 3": 3.
    s = table((["Goldleaf Charm", "Sunburst", "Emberbolt"], ["Sunburst", "Emberbolt", "Ripple"]),
              teams=([PIA, "Morgrave Quill (Ash Regent)", PIA], PLAIN))
    play(s, "cast Goldleaf Charm with centre", "cast Sunburst with centre", "cast Sunburst with left",
         "cast Emberbolt with left", "cast Emberbolt with right", "cast Ripple with right")
    assert steps(s, "Goldleaf Charm")[-1].endswith("-> 3")
    assert final(s) == "Final Magic Power: P0 9, P1 7"


def test_8_6_a_wizard_special_action_comes_after_the_magics_own() -> None:
    # Cato Wick: "After this Wizard casts a Magic: Recover" (draw one if fewer than 3 cards).
    # Scholar's Insight: "Draw two cards". Hand 3 -> cast -> 2 -> draw two -> 4 -> no Recover.
    # Recover first would draw (2 < 3) and end on 5.
    s = table((["Scholar's Insight", "Glimmer", "Sunburst"], ["Ripple", "Gloom", "Star Shard"]),
              teams=([PIA, "Cato Wick", PIA], PLAIN))
    act(GAME, s, "cast Scholar's Insight with centre")
    assert len(s.hand[0]) == 4 and len(s.deck[0]) == 4
    r = rules(s)
    assert r.index("WoM 10.10") < r.index("WoM 9.9")
    assert "Recover: P0 holds 4 cards, so draws none" in texts(s)


# -- 8.7 conflicting effects -------------------------------------------------------------------------
@pytest.mark.parametrize("ban", ["Searing Glare", "Tower of Glass"])
def test_8_7_prohibition_beats_permission(ban: str) -> None:
    # Nadia may cast face-down; Searing Glare ("Opposing Wizards may not cast Magics face-down")
    # or Tower of Glass ("No Wizard may cast face-down") forbids it: the ban wins.
    hands = (["Emberbolt", "Sunburst", "Glimmer"], ["Searing Glare", "Ripple", "Gloom"])
    s = table(hands, teams=([PIA, NADIA, PIA], PLAIN), turn_player=1)
    act(GAME, s, "cast Ripple with left")
    assert "hide Emberbolt behind centre" in legal_texts(GAME, s)
    if ban == "Searing Glare":
        s = table(hands, teams=([PIA, NADIA, PIA], PLAIN), turn_player=1)
        act(GAME, s, "cast Searing Glare with left")
    else:
        s = table(hands, teams=([PIA, NADIA, PIA], PLAIN), turn_player=1, castle=ban)
        act(GAME, s, "cast Ripple with left")
    options = legal_texts(GAME, s)
    assert not any(t.startswith("hide") for t in options)
    assert "cast Emberbolt with centre" in options


# -- 8.8 drawing ----------------------------------------------------------------------------------------
def test_8_8_the_discards_are_reshuffled_when_the_deck_runs_short() -> None:
    # One Sprout left in P0's deck; the 7.13 draw of 3 takes it, then the discards (the three
    # Magics just played) become the new deck.
    s = table((["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Star Shard"]), decks=(["Sprout"],
                                                                                               ["Starseed"] * 6))
    play(s, "cast Emberbolt with left", "cast Ripple with left", "cast Sunburst with centre", "cast Gloom with centre",
         "cast Glimmer with right", "cast Star Shard with right")
    act(GAME, s, "assign to left")
    assert [e.text for e in s.log if e.rule == "WoM 8.8"] == [
        "P0's Magic deck runs short: the discards are shuffled into a new deck"]
    assert len(s.hand[0]) == 3 and len(s.deck[0]) == 1 and s.disc[0] == []
    assert card("Sprout").id in s.hand[0]
    assert sorted(CARDS[c].name for c in s.hand[0] + s.deck[0]) == ["Emberbolt", "Glimmer", "Sprout", "Sunburst"]
    assert len(s.deck[1]) == 3 and len(s.disc[1]) == 3  # P1 had enough


# -- 8.10 / 8.12: a Magic discarded from play -----------------------------------------------------------
def corroded() -> MickeyState:
    """Ashen Hex: "Corrode the opposite Wizard" - P0 discards Ripple to send P1's Emberbolt to
    the discards. P1's centre has cast, so P1 may recast there or pass once its others cast."""
    s = table((["Glimmer", "Ashen Hex", "Sunburst", "Ripple"], ["Emberbolt", "Gloom", "Star Shard", "Starseed"]))
    act(GAME, s, "cast Glimmer with left", "cast Emberbolt with centre", "cast Ashen Hex with centre")
    assert GAME.to_act(s) == (0,)
    assert sorted(legal_texts(GAME, s)) == ["decline", "discard Ripple", "discard Sunburst"]
    act(GAME, s, "discard Ripple")
    assert "P1's Emberbolt" in next(e.text for e in s.log if e.rule == "WoM 9.6" and e.kind == "discard"
                                    and "Corrode:" in e.text)
    assert s.up[1][1] is None and card("Emberbolt").id in s.disc[1]
    assert s.casts[1] == [0, 1, 0]
    options = legal_texts(GAME, s)
    assert "cast Gloom with centre" in options and "pass" not in options  # R24: left and right first
    act(GAME, s, "cast Gloom with left", "cast Sunburst with right", "cast Star Shard with right")
    assert GAME.to_act(s) == (1,)
    assert legal_texts(GAME, s) == ["cast Starseed with centre", "pass"]
    return s


def test_8_10_a_discarded_cast_still_counts_and_the_wizard_may_cast_again() -> None:
    s = corroded()
    play(s, "cast Starseed with centre")
    recast = [e for e in s.log if e.kind == "cast" and "casts Starseed" in e.text]
    assert [e.rule for e in recast] == ["WoM 8.10"]
    assert final(s) == "Final Magic Power: P0 5, P1 3"  # Emberbolt is gone, Starseed counts


def test_8_12_passing_ends_the_players_challenge() -> None:
    s = corroded()
    play(s, "pass")
    assert [(e.rule, e.text) for e in s.log if e.kind == "pass"] == [
        ("WoM 8.12", "P1 passes for the rest of the challenge")]
    assert final(s) == "Final Magic Power: P0 5, P1 2"
    assert s.phase == ASSIGN
    assert card("Starseed").id in s.hand[1]  # never played


def test_8_12_pass_once_no_wizard_still_to_cast_could_cast_r24() -> None:
    # Vine Cage keeps P1's centre off (P1 holds only power 4+); Ashen Hex corrodes P1's right
    # (Emberbolt), which may cast again (8.10). The centre has not cast but cannot: the team has
    # cast every Magic available to it, so P1 may recast with the right Wizard or pass (R24).
    s = table((["Vine Cage", "Ashen Hex", "Glimmer", "Ripple"], ["Emberbolt", "Molten Crown", "Tidal Surge",
                                                                "Leviathan Call"]))
    act(GAME, s, "cast Vine Cage with centre", "cast Emberbolt with right", "cast Ashen Hex with left",
        "discard Ripple")
    # P1's left has not cast and could: no pass yet.
    assert "pass" not in legal_texts(GAME, s)
    act(GAME, s, "cast Molten Crown with left", "cast Glimmer with right")
    assert GAME.to_act(s) == (1,) and s.casts[1] == [1, 0, 1]
    assert sorted(legal_texts(GAME, s)) == ["cast Leviathan Call with right", "cast Tidal Surge with right", "pass"]
    act(GAME, s, "pass")
    assert "WoM 8.12" in rules(s)


# -- 8.11 limitations --------------------------------------------------------------------------------
@pytest.mark.parametrize(("limiter", "hand", "shown", "score"), [
    # Vine Cage: "The opposite Wizard cannot cast Magics of power above 2".
    ("Vine Cage", ["Tidal Surge", "Emberbolt", "Molten Crown"], "Molten Crown", "P0 6, P1 7"),
    # Frost Lock: "Block the opposite Wizard" (9.3: an explicit limitation).
    ("Frost Lock", ["Ripple", "Gloom", "Star Shard"], "Star Shard", "P0 6, P1 2"),
])
def test_8_11_a_limited_player_reveals_the_hand(limiter: str, hand: list[str], shown: str, score: str) -> None:
    s = table(([limiter, "Glimmer", "Sunburst"], hand))
    act(GAME, s, f"cast {limiter} with centre")
    assert not any(t.endswith("with centre") for t in legal_texts(GAME, s))
    play(s, f"cast {hand[0]} with left", "cast Glimmer with left", f"cast {hand[1]} with right",
         "cast Sunburst with right")
    reveal = [e for e in s.log if e.rule == "WoM 8.11"]
    assert [(e.to, e.text) for e in reveal] == [(None, f"P1 cannot cast any Magic and reveals the hand: {shown}")]
    assert rules(s).index("WoM 8.11") < rules(s).index("WoM 7.8")
    assert final(s) == f"Final Magic Power: {score}"
    assert GAME.view(s, 0)["players"][1]["known_hand"] == [shown]


# -- 8.13 randomness --------------------------------------------------------------------------------
def test_8_13_a_random_discard_is_random_and_told() -> None:
    # Phantom Ledger: "Your opponent discards a card at random".
    picked = set()
    for seed in range(16):  # chance
        s = table((["Phantom Ledger", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Tidal Surge", "Emberbolt"]))
        s.rng = Rng(seed)  # scenarios always start from seed 0: give each table its own chance
        act(GAME, s, "cast Phantom Ledger with centre")
        lines = [e for e in s.log if e.rule == "WoM 8.13"]
        assert len(lines) == 1 and lines[0].to is None
        assert len(s.hand[1]) == 3 and len(s.disc[1]) == 1
        gone = CARDS[s.disc[1][0]].name
        assert lines[0].text == f"P0's Phantom Ledger: P1 discards at random {gone}"
        picked.add(gone)
    assert len(picked) > 1


# -- 8.14 the card beats the rules ----------------------------------------------------------------------
@pytest.mark.parametrize("turn_player", [0, 1])
def test_8_14_the_castle_gives_a_tie_to_the_turn_player(turn_player: int) -> None:
    # Hall of Echoing Mirrors: "A tie goes to the player taking the turn" - against 7.9.
    s = table((["Emberbolt", "Glimmer", "Ripple"], ["Sunburst", "Gloom", "Star Shard"]),
              castle="Hall of Echoing Mirrors", turn_player=turn_player)
    mine, theirs = ["Emberbolt", "Glimmer", "Ripple"], ["Sunburst", "Gloom", "Star Shard"]
    first, second = (theirs, mine) if turn_player else (mine, theirs)
    moves = []
    for v, where in enumerate(("left", "centre", "right")):
        moves += [f"cast {first[v]} with {where}", f"cast {second[v]} with {where}"]
    play(s, *moves)
    assert final(s) == "Final Magic Power: P0 5, P1 5"
    win = [e for e in s.log if e.kind == "win"]
    assert [(e.rule, e.text) for e in win] == [
        ("WoM 8.14", f"P{turn_player} wins the challenge (the Castle gives ties to the player taking the turn) "
                     "and conquers 1 Diamagic")]
    assert not any(e.kind == "tie" for e in s.log)
    assert s.phase == ASSIGN and GAME.to_act(s) == (turn_player,)


def test_8_14_without_the_castle_a_tie_is_a_tie() -> None:
    s = table((["Emberbolt", "Glimmer", "Ripple"], ["Sunburst", "Gloom", "Star Shard"]))
    play(s, "cast Emberbolt with left", "cast Sunburst with left", "cast Glimmer with centre",
         "cast Gloom with centre", "cast Ripple with right", "cast Star Shard with right")
    assert [e.rule for e in s.log if e.kind == "tie"] == ["WoM 7.9"]
    assert not any(e.kind == "win" for e in s.log)


def test_8_5_a_magic_whose_block_is_under_a_condition_is_a_block_magic() -> None:
    # Bramble Snare (1): "If this Wizard stands in the centre, block the opposite Wizard." Cast
    # on the left it blocks nobody, but it could block, so it is a Block Magic, and Unbinding
    # Word (2), "Cancel every opposing Block Magic", cancels it; Sprout it leaves alone.
    s = table((["Bramble Snare", "Sprout", "Glimmer"], ["Unbinding Word", "Ripple", "Gloom"]))
    act(GAME, s, "cast Bramble Snare with left", "cast Ripple with left", "cast Sprout with centre",
        "cast Unbinding Word with centre")
    assert [e.text for e in s.log if e.rule == "WoM 9.3"] == []
    assert [e.text for e in s.log if e.rule == "WoM 9.2"] == [
        "P1's Unbinding Word cancels P0's Bramble Snare: it is Plain"]
    assert GAME.view(s, 1)["players"][0]["team"][0]["cast"]["plain"] is True
    play(s, "cast Glimmer with right", "cast Gloom with right")
    assert final(s) == "Final Magic Power: P0 3, P1 4"
