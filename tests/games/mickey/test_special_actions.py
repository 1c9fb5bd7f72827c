"""Scenario tests for every Special Action of section 9 of the Wizards of Mickey rulebook,
as written there and in our rulings (docs/games/mickey.md, R1-R27).

Each test builds a table from named cards with `GAME.scenario`, plays it by move text, and
checks concrete outcomes: the "Final Magic Power: P0 x, P1 y" event, who wins, piles, the
view and the rule cited by each event. Every card used is a real card of data/cards.json;
a comment says which card carries the effect under test.

Unless a test says otherwise the teams are QUIET: Pia Lindentwig has no ability, Rufus
Tallcandle only adds 2 while he owns a yellow Diamagic, Vesk the Hollow only adds 2 while he
owns two Diamagic, and no test gives them those. Positions: my position i faces the
opponent's 2 - i (ruling R1), so P0 left faces P1 right.
"""

from __future__ import annotations

import re

import pytest

from wizarena.core import Rng
from wizarena.games.mickey.cards import DIAMAGIC

from .helpers import GAME, OFFICIAL, act, card, cited, final, legal_texts, texts

QUIET = ["Pia Lindentwig", "Rufus Tallcandle", "Vesk the Hollow"]
# Nadia Frostwhorl's ability: she may cast face-down (hide, to self). She replaces Vesk.
HIDER = ["Pia Lindentwig", "Rufus Tallcandle", "Nadia Frostwhorl"]
THRUMGAR = ["Thrumgar (the Threefold Colossus) [left]", "Thrumgar (the Threefold Colossus) [centre]",
            "Thrumgar (the Threefold Colossus) [right]"]


def slot(s, seat: int | None, player: int, pos: int) -> dict:
    """One Wizard of the view: `seat` looks at `player`'s Wizard at position `pos`."""
    return GAME.view(s, seat)["players"][player]["team"][pos]




def deal(n: int, name: str) -> list[str]:
    return [name] * n


# -- 9.2 Cancel ------------------------------------------------------------------------------------
def test_9_2_cancel_makes_the_opposite_magic_plain() -> None:
    # Sparkstorm (3): Cancel the opposite Magic. Blaze Trickster (2): Trickery, +3.
    s = GAME.scenario((QUIET, QUIET), (["Sparkstorm", "Cinder Spark", "Glimmer"], ["Blaze Trickster", "Ripple",
                                                                                     "Sprout"]))
    act(GAME, s, "cast Cinder Spark with centre", "cast Blaze Trickster with left", "cast Sparkstorm with right")
    assert cited(s, "WoM 9.2") == ["P0's Sparkstorm cancels P1's Blaze Trickster: it is Plain"]
    cast = slot(s, 0, 1, 0)["cast"]
    assert cast["name"] == "Blaze Trickster" and cast["plain"] is True and cast["power"] == 2
    act(GAME, s, "cast Ripple with centre", "cast Glimmer with left", "cast Sprout with right")
    # P0 3 + 1 + 1; P1 Blaze Trickster keeps its printed 2 but loses its +3: 2 + 1 + 1.
    assert final(s) == (5, 4)
    assert cited(s, "WoM 7.9") == ["P0 wins the challenge and conquers 0 Diamagic"]


def test_9_2_cancel_acts_on_entry_only() -> None:
    # Ruling R4: Cancel is a Special Action, carried out once when Sparkstorm comes into play.
    # A Magic cast opposite it afterwards is not reached.
    s = GAME.scenario((QUIET, QUIET), (["Sparkstorm", "Cinder Spark", "Glimmer"], ["Blaze Trickster", "Ripple",
                                                                                     "Sprout"]))
    act(GAME, s, "cast Sparkstorm with right", "cast Blaze Trickster with left", "cast Cinder Spark with centre",
        "cast Ripple with centre", "cast Glimmer with left", "cast Sprout with right")
    assert cited(s, "WoM 9.2") == []
    assert final(s) == (5, 7)


@pytest.mark.parametrize("silence", [True, False])
def test_9_2_cancel_of_the_castle(silence: bool) -> None:
    # Silence of the Crypt (2): Cancel the Castle in play. Thimble Citadel doubles every Magic
    # of printed power 1 or less. Its control twin is Star of the Deep, a plain 2.
    second = "Silence of the Crypt" if silence else "Star of the Deep"
    s = GAME.scenario((QUIET, QUIET), ([second, "Cinder Spark", "Gloom"], ["Ripple", "Sprout", "Glimmer"]),
                      castle="Thimble Citadel")
    act(GAME, s, "cast Cinder Spark with left", "cast Ripple with left", f"cast {second} with centre",
        "cast Sprout with centre", "cast Gloom with right")
    castle = GAME.view(s, 1)["castle"]
    act(GAME, s, "cast Glimmer with right")
    assert castle["name"] == "Thimble Citadel"
    if silence:
        assert cited(s, "WoM 9.2") == ["P0's Silence of the Crypt cancels the Castle Thimble Citadel: it is Plain"]
        assert castle["plain"] is True
        # The Castle no longer doubles anything, not even Cinder Spark, cast before the Cancel.
        assert final(s) == (4, 3)
    else:
        assert castle["plain"] is False
        assert final(s) == (6, 6)


def test_9_2_cancel_reaches_every_target_its_filter_names() -> None:
    # Eclipse (3): Cancel every opposing Magic of printed power 2 or less (10.15: the printed
    # number). Blaze Trickster (2: Trickery, +3) is reached, Thornwall (3: Static, +2) is not.
    s = GAME.scenario((QUIET, QUIET), (["Eclipse", "Cinder Spark", "Gloom"], ["Blaze Trickster", "Thornwall",
                                                                               "Ripple"]), turn_player=1)
    act(GAME, s, "cast Blaze Trickster with left", "cast Cinder Spark with left", "cast Thornwall with centre",
        "cast Eclipse with centre")
    assert cited(s, "WoM 9.2") == ["P0's Eclipse cancels P1's Blaze Trickster: it is Plain"]
    act(GAME, s, "cast Ripple with right", "cast Gloom with right")
    assert final(s) == (5, 8)  # 1 + 3 + 1 against 2 + 5 + 1


def test_9_2_a_cancelled_castle_no_longer_limits_casting() -> None:
    # Thornwood Bastion: no Wizard casts Magics of printed power above 4, until Silence of the
    # Crypt (2) Cancels it.
    s = GAME.scenario((QUIET, QUIET), (["Silence of the Crypt", "Leviathan Call"], ["Abyss Maw", "Ripple"]),
                      castle="Thornwood Bastion")
    assert not [t for t in legal_texts(GAME, s) if "Leviathan Call" in t]
    act(GAME, s, "cast Silence of the Crypt with left")
    assert "cast Abyss Maw with left" in legal_texts(GAME, s)


# -- 9.3 Block ---------------------------------------------------------------------------------------
def test_9_3_block_stops_the_opposite_wizard_casting() -> None:
    # Flame Leash (2): Block the opposite Wizard. P0 left faces P1 right (R1).
    s = GAME.scenario((QUIET, QUIET), (["Flame Leash", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout", "Gloom"]))
    act(GAME, s, "cast Flame Leash with left")
    assert cited(s, "WoM 9.3") == ["P0's Flame Leash blocks P1's Vesk the Hollow (Collector of Crystals): it cannot "
                                   "cast Magics"]
    assert slot(s, 0, 1, 2)["blocked"] is True and slot(s, 0, 1, 0)["blocked"] is False
    options = legal_texts(GAME, s)
    assert options and not [t for t in options if t.endswith("with right")]
    act(GAME, s, "cast Ripple with left", "cast Emberbolt with centre", "cast Sprout with centre",
        "cast Cinder Spark with right")
    # 8.11, R20: P1 still holds Gloom but its only free Wizard is Blocked: it shows its hand.
    assert cited(s, "WoM 8.11") == ["P1 cannot cast any Magic and reveals the hand: Gloom"]
    assert GAME.view(s, 0)["players"][1]["known_hand"] == ["Gloom"]
    assert final(s) == (6, 2)


def test_9_3_blocked_wizard_may_still_cast_face_down() -> None:
    # Nadia Frostwhorl (P1 right) may cast face-down; Frost Lock (2) Blocks her.
    s = GAME.scenario((QUIET, HIDER), (["Frost Lock", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout", "Gloom",
                                                                                       "Glimmer"]))
    act(GAME, s, "cast Frost Lock with left")
    options = legal_texts(GAME, s)
    assert "hide Ripple behind right" in options and "cast Ripple with right" not in options
    act(GAME, s, "hide Ripple behind right")
    assert slot(s, 1, 1, 2)["casts"] == 1 and slot(s, 0, 1, 2)["hidden"] == {"face_down": True}
    act(GAME, s, "cast Emberbolt with centre", "cast Sprout with left", "cast Cinder Spark with right",
        "cast Gloom with centre")
    # 7.7: the face-down Ripple is revealed and counts its printed 1 (R19).
    assert final(s) == (6, 3)


def test_9_3_blocked_wizard_is_not_obliged_to_cast_face_down() -> None:
    s = GAME.scenario((QUIET, HIDER), (["Frost Lock", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout", "Gloom",
                                                                                       "Glimmer"]))
    act(GAME, s, "cast Frost Lock with left", "cast Ripple with left", "cast Emberbolt with centre",
        "cast Sprout with centre", "cast Cinder Spark with right")
    # Only the Blocked Nadia is left: hiding is allowed, not required.
    options = legal_texts(GAME, s)
    assert "hide Gloom behind right" in options
    assert "pass" in options
    act(GAME, s, "pass")
    assert final(s) == (6, 2)


# -- 9.4 Confuse -------------------------------------------------------------------------------------
CONFUSED = re.compile(r"P0's Whirlpool Snare confuses P1's Vesk the Hollow \(Collector of Crystals\): P0 picks (.+) at "
                      r"random from P1's hand \(8\.13\), which P1 must cast with it if possible")


def confuse(seed: int, hand: list[str], castle: str | None = None):
    # Whirlpool Snare (1): Confuse the opposite Wizard. P0 left faces P1 right, Vesk.
    s = GAME.scenario((QUIET, QUIET), (["Whirlpool Snare", "Emberbolt", "Cinder Spark"], hand), castle=castle)
    s.rng = Rng(seed)
    act(GAME, s, "cast Whirlpool Snare with left")
    [event] = [e for e in s.log if e.rule == "WoM 9.4"]
    m = CONFUSED.fullmatch(event.text)
    assert m and event.to is None  # R18: the card picked is shown to both players
    return s, m.group(1)


def test_9_4_confuse_forces_a_random_card_with_the_target_wizard() -> None:
    hand = ["Ripple", "Sprout", "Gloom", "Glimmer"]
    picks = set()
    for seed in range(16):
        s, pick = confuse(seed, hand)
        picks.add(pick)
        assert pick in hand
        assert GAME.view(s, 0)["players"][1]["known_hand"] == [pick]
        assert GAME.to_act(s) == (1,)
        assert legal_texts(GAME, s) == [f"cast {pick} with right"]
        act(GAME, s, f"cast {pick} with right")
        assert slot(s, 0, 1, 2)["cast"]["name"] == pick
        assert GAME.view(s, 0)["players"][1]["known_hand"] == []
        # R18: the forced cast was P1's move; P0 casts next.
        assert GAME.to_act(s) == (0,)
    assert len(picks) > 1  # picked at random (8.13, R27)


def test_9_4_confuse_falls_back_to_a_magic_of_the_opponents_choice() -> None:
    # Thornwood Bastion: no Wizard may cast a Magic of printed power above 4. If the card
    # picked is Leviathan Call or Abyss Maw (6), P1 casts a Magic of its choice with Vesk.
    hand = ["Leviathan Call", "Abyss Maw", "Ripple", "Glimmer"]
    branches = set()
    for seed in range(16):
        s, pick = confuse(seed, hand, castle="Thornwood Bastion")
        if card(pick).power > 4:
            branches.add("choice")
            assert sorted(legal_texts(GAME, s)) == ["cast Glimmer with right", "cast Ripple with right"]
        else:
            branches.add("forced")
            assert legal_texts(GAME, s) == [f"cast {pick} with right"]
    assert branches == {"choice", "forced"}


def test_9_4_confuse_does_nothing_once_the_wizard_has_cast() -> None:
    s = GAME.scenario((QUIET, QUIET), (["Whirlpool Snare", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout",
                                                                                            "Gloom"]), turn_player=1)
    act(GAME, s, "cast Ripple with right", "cast Whirlpool Snare with left")
    assert cited(s, "WoM 9.4") == []
    assert GAME.view(s, 0)["players"][1]["known_hand"] == []
    assert sorted(legal_texts(GAME, s)) == ["cast Gloom with centre", "cast Gloom with left",
                                            "cast Sprout with centre", "cast Sprout with left"]


# -- 9.5 Continue ------------------------------------------------------------------------------------
def continue_table(face_down: bool, keep: tuple[str, ...] = ()):
    """Turn 1, P0 first: Nadia (P0 right) plays Lingering Curse (1): Continue, -1 to every
    opposing Magic. Then turn 2 begins, P1 first, in The Quiet Courtyard (no effect)."""
    s = GAME.scenario((HIDER, QUIET), (["Lingering Curse", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout",
                                                                                            "Gloom", *keep]),
                      decks=(deal(3, "Glimmer"), deal(3, "Tidal Surge")),
                      castle="Windswept Ruins", castle_decks=([], ["The Quiet Courtyard"]))
    first = "hide Lingering Curse behind right" if face_down else "cast Lingering Curse with right"
    act(GAME, s, first, "cast Ripple with left", "cast Emberbolt with centre", "cast Sprout with centre",
        "cast Cinder Spark with left", "cast Gloom with right")
    return s


def test_9_5_continue_cast_face_down_stays_and_acts_in_the_next_challenge() -> None:
    s = continue_table(face_down=True)
    # Turn 1: revealed at 7.7, without effect: its printed 1 counts, its -1 does not.
    assert final(s) == (5, 3)
    assert cited(s, "WoM 9.5") == ["Continue: P0's Lingering Curse stays in play behind Nadia Frostwhorl (Tide Seer)"]
    view = GAME.view(s, 1)
    assert view["turn"] == 2 and view["castle"]["name"] == "The Quiet Courtyard"
    assert sorted(view["players"][0]["discard"]) == ["Cinder Spark", "Emberbolt"]
    assert [m["name"] for m in view["players"][0]["team"][2]["kept"]] == ["Lingering Curse"]
    act(GAME, s, "cast Tidal Surge with left", "cast Glimmer with left", "cast Tidal Surge with centre",
        "cast Glimmer with centre", "cast Tidal Surge with right", "cast Glimmer with right")
    # Turn 2: each Tidal Surge is 4 - 1; Lingering Curse adds no power of its own (R7).
    assert final(s) == (3, 9)


def test_9_5_continue_cast_face_up_is_discarded() -> None:
    s = continue_table(face_down=False)
    # Turn 1: face-up, it acts this challenge: P1's three 1s become 0s.
    assert final(s) == (5, 0)
    assert cited(s, "WoM 9.5") == []
    view = GAME.view(s, 1)
    assert sorted(view["players"][0]["discard"]) == ["Cinder Spark", "Emberbolt", "Lingering Curse"]
    assert view["players"][0]["team"][2]["kept"] == []
    act(GAME, s, "cast Tidal Surge with left", "cast Glimmer with left", "cast Tidal Surge with centre",
        "cast Glimmer with centre", "cast Tidal Surge with right", "cast Glimmer with right")
    assert final(s) == (3, 12)


# -- 9.6 Corrode -------------------------------------------------------------------------------------
def corrode_table(target: str = "Leviathan Call"):
    # Ashen Hex (1): you may discard a card to discard the opposite Wizard's cast Magic.
    s = GAME.scenario((QUIET, QUIET), (["Ashen Hex", "Cinder Spark", "Emberbolt"], [target, "Ripple", "Sprout",
                                                                                      "Gloom"]), turn_player=1)
    act(GAME, s, f"cast {target} with right", "cast Ashen Hex with left")
    return s


def test_9_6_corrode_discards_the_opposite_cast_magic() -> None:
    s = corrode_table()
    assert GAME.to_act(s) == (0,)
    assert GAME.view(s, 0)["pending"] == {"effect": "corrode", "player": 0, "source": "P0's Ashen Hex"}
    assert legal_texts(GAME, s) == ["discard Cinder Spark", "discard Emberbolt", "decline"]
    act(GAME, s, "discard Cinder Spark")
    assert cited(s, "WoM 9.6") == ["P0 discards Cinder Spark to Corrode (P0's Ashen Hex)",
                                   "Corrode: P1's Leviathan Call is discarded from play; it still counts as cast "
                                   "(8.10)"]
    view = GAME.view(s, 0)
    assert view["players"][0]["discard"] == ["Cinder Spark"] and view["players"][0]["hand_size"] == 1
    assert view["players"][1]["discard"] == ["Leviathan Call"]
    assert view["players"][1]["team"][2]["cast"] is None and view["players"][1]["team"][2]["casts"] == 1
    # 8.10: P1's right Wizard may cast again; P0 runs out of cards for its right Wizard.
    act(GAME, s, "cast Ripple with left", "cast Emberbolt with centre", "cast Sprout with centre")
    assert GAME.to_act(s) == (1,)
    act(GAME, s, "cast Gloom with right")
    assert "P1's Vesk the Hollow (Collector of Crystals) (right) casts Gloom (Magic Power 1)" in cited(s, "WoM 8.10")
    assert final(s) == (4, 3)


def test_9_6_corrode_may_be_declined() -> None:
    s = corrode_table()
    act(GAME, s, "decline")
    assert cited(s, "WoM 9.6") == ["P0 chooses not to Corrode"]
    assert GAME.view(s, 0)["players"][0]["hand_size"] == 2
    assert slot(s, 0, 1, 2)["cast"]["name"] == "Leviathan Call"
    act(GAME, s, "cast Ripple with left", "cast Emberbolt with centre", "cast Sprout with centre",
        "cast Cinder Spark with right")
    assert final(s) == (5, 8)


def test_9_6_corrode_of_a_wizard_ignores_the_magics_immunity() -> None:
    # Ruling R26: Glacier Shield (3) is immune to Magics, but Ashen Hex targets the Wizard.
    s = corrode_table("Glacier Shield")
    act(GAME, s, "discard Emberbolt")
    assert GAME.view(s, 0)["players"][1]["discard"] == ["Glacier Shield"]
    act(GAME, s, "cast Ripple with left", "cast Cinder Spark with centre", "cast Sprout with centre",
        "pass")
    assert final(s) == (2, 2)


def test_9_6_corrode_of_static_magics_discards_every_static_magic() -> None:
    # Rust Whisper (1): you may discard a card to discard every Static Magic cast, on both
    # sides. Static: Thornwall (3, +2), Obsidian Spire (4), Blazing Rampart (5).
    s = GAME.scenario((QUIET, QUIET), (["Blazing Rampart", "Rust Whisper", "Cinder Spark", "Emberbolt"],
                                       ["Thornwall", "Obsidian Spire", "Ripple", "Sprout"]), turn_player=1)
    act(GAME, s, "cast Thornwall with left", "cast Blazing Rampart with left", "cast Obsidian Spire with centre",
        "cast Rust Whisper with centre")
    assert legal_texts(GAME, s) == ["discard Cinder Spark", "discard Emberbolt", "decline"]
    act(GAME, s, "discard Cinder Spark")
    gone = [t for t in cited(s, "WoM 9.6") if t.startswith("Corrode:")]
    assert len(gone) == 3
    view = GAME.view(s, 0)
    assert sorted(view["players"][0]["discard"]) == ["Blazing Rampart", "Cinder Spark"]
    assert sorted(view["players"][1]["discard"]) == ["Obsidian Spire", "Thornwall"]
    act(GAME, s, "cast Ripple with right", "cast Emberbolt with right", "cast Sprout with left")
    # P0: Rust Whisper 1 + Emberbolt 3; P1: Ripple 1 + Sprout 1.
    assert final(s) == (4, 2)


# -- 9.7 Corrupt -------------------------------------------------------------------------------------
RESERVE_10 = ["blue"] * 2 + ["yellow"] * 3 + ["red"] * 2 + ["green"] * 3  # 12 less the two owned below


def test_9_7_corrupt_sends_a_chosen_diamagic_back_to_the_reserve() -> None:
    # Greedy Shadow (2): you may discard two cards to discard a Diamagic owned by an opposing Wizard.
    s = GAME.scenario((QUIET, QUIET), (["Greedy Shadow", "Cinder Spark", "Emberbolt", "Gloom"], ["Ripple", "Sprout",
                                                                                                  "Glimmer"]),
                      owned={(1, 0): ["red", "blue"], (1, 1): ["green"]}, reserve=RESERVE_10[1:])
    act(GAME, s, "cast Greedy Shadow with right")
    assert legal_texts(GAME, s) == ["discard Cinder Spark", "discard Emberbolt", "discard Gloom", "decline"]
    act(GAME, s, "discard Cinder Spark")
    assert legal_texts(GAME, s) == ["discard Emberbolt", "discard Gloom"]  # the second card: no way back
    act(GAME, s, "discard Emberbolt")
    assert legal_texts(GAME, s) == ["choose P1 left", "choose P1 centre"]
    act(GAME, s, "choose P1 left")
    assert legal_texts(GAME, s) == ["choose blue Diamagic", "choose red Diamagic"]
    act(GAME, s, "choose red Diamagic")
    assert cited(s, "WoM 9.7")[-1] == ("Corrupt: a red Diamagic of P1's Pia Lindentwig (Hedge Witch of the Meadow) "
                                       "goes back into the reserve (ruling R8)")
    view = GAME.view(s, 0)
    assert view["players"][1]["team"][0]["diamagic"] == ["blue"]
    assert view["players"][1]["diamagic"] == 2
    assert view["reserve"] == 10 and s.reserve.count(DIAMAGIC.index("red")) == 3  # the red token is back
    assert view["reserve"] + view["players"][1]["diamagic"] + len(view["stake"]) == 12  # R8: never destroyed
    assert sorted(view["players"][0]["discard"]) == ["Cinder Spark", "Emberbolt"]
    assert view["players"][0]["hand_size"] == 1


def test_9_7_corrupt_may_be_declined_and_needs_two_cards() -> None:
    # Soul Rot (2): you may discard two cards to discard a Diamagic of the opposite Wizard.
    owned = {(1, 0): ["red"]}  # P0 right faces P1 left
    s = GAME.scenario((QUIET, QUIET), (["Soul Rot", "Cinder Spark", "Emberbolt"], ["Ripple", "Sprout", "Glimmer"]),
                      owned=owned)
    act(GAME, s, "cast Soul Rot with right", "decline")
    assert cited(s, "WoM 9.7") == ["P0 chooses not to Corrupt"]
    assert slot(s, 0, 1, 0)["diamagic"] == ["red"] and GAME.view(s, 0)["players"][0]["hand_size"] == 2
    # With one card left in hand after casting it, Soul Rot offers nothing.
    s = GAME.scenario((QUIET, QUIET), (["Soul Rot", "Cinder Spark"], ["Ripple", "Sprout", "Glimmer"]), owned=owned)
    act(GAME, s, "cast Soul Rot with right")
    assert GAME.to_act(s) == (1,) and legal_texts(GAME, s)[0].startswith("cast ")
    assert slot(s, 0, 1, 0)["diamagic"] == ["red"]


# -- 9.8 Untouchable ---------------------------------------------------------------------------------
def test_9_8_untouchable_cannot_be_cancelled() -> None:
    # Adamant Flame (2): Untouchable, +1. Sparkstorm (P0 right) tries to Cancel it.
    s = GAME.scenario((QUIET, QUIET), (["Sparkstorm", "Cinder Spark", "Emberbolt"], ["Adamant Flame", "Tidal Surge",
                                                                                       "Ripple"]), turn_player=1)
    act(GAME, s, "cast Adamant Flame with left", "cast Sparkstorm with right")
    assert cited(s, "WoM 9.8") == ["Adamant Flame is Untouchable: the Cancel of P0's Sparkstorm does nothing"]
    assert cited(s, "WoM 9.2") == []
    assert "plain" not in slot(s, 0, 1, 0)["cast"]
    act(GAME, s, "cast Tidal Surge with centre", "cast Cinder Spark with centre", "cast Ripple with right",
        "cast Emberbolt with left")
    assert final(s) == (7, 8)


def test_9_8_untouchable_face_down_is_still_without_effect() -> None:
    # 9.8: an Untouchable Magic cast face-down is without effect (it is not made Plain).
    s = GAME.scenario((HIDER, QUIET), (["Adamant Flame", "Cinder Spark", "Emberbolt"], ["Ripple", "Sprout", "Gloom"]))
    act(GAME, s, "hide Adamant Flame behind right", "cast Ripple with left", "cast Cinder Spark with left",
        "cast Sprout with centre", "cast Emberbolt with centre", "cast Gloom with right")
    assert cited(s, "WoM 7.7") == ["P0's face-down Magic behind Nadia Frostwhorl (Tide Seer) is revealed: Adamant "
                                   "Flame, without effect of its own"]
    assert final(s) == (6, 3)  # Adamant Flame counts 2, not 3


def test_9_8_untouchable_beats_trickery() -> None:
    # Ruling R6. Wild Trick (1): Trickery, is worth 4. Beacon Rite (1): adjacent Magics gain
    # Untouchable. Grave Trick (1): Trickery, -3 to the opposite Magic.
    s = GAME.scenario((QUIET, QUIET), (["Grave Trick", "Cinder Spark", "Emberbolt"], ["Wild Trick", "Beacon Rite",
                                                                                        "Ripple"]), turn_player=1)
    act(GAME, s, "cast Wild Trick with left", "cast Cinder Spark with left", "cast Beacon Rite with centre")
    assert cited(s, "WoM 10.7") == ["Beacon Rite gives Wild Trick the Special Action Untouchable"]
    act(GAME, s, "cast Grave Trick with right")  # faces Wild Trick
    assert cited(s, "WoM 9.13") == ["Grave Trick is a second Trickery Magic in play: every Trickery Magic in play "
                                    "becomes Plain"]
    assert slot(s, 0, 0, 2)["cast"]["plain"] is True
    assert "plain" not in slot(s, 0, 1, 0)["cast"]
    act(GAME, s, "cast Ripple with right", "cast Emberbolt with centre")
    # P1: Wild Trick still worth 4 (Grave Trick's -3 is gone) + 1 + 1; P0: 1 + 1 + 3.
    assert final(s) == (5, 6)


# -- 9.9 Recover -------------------------------------------------------------------------------------
def test_9_9_recover_draws_with_fewer_than_three_cards() -> None:
    # Drowned Archive (1): Recover.
    s = GAME.scenario((QUIET, QUIET), (["Drowned Archive", "Cinder Spark", "Gloom"], ["Ripple", "Sprout", "Glimmer"]),
                      decks=(["Star Shard"], []))
    act(GAME, s, "cast Drowned Archive with left")
    draws = [e for e in s.log if e.kind == "draw"]
    assert [(e.rule, e.text) for e in draws] == [("WoM 9.9", "you draw Star Shard"), ("WoM 9.9", "P0 draws 1 card")]
    assert draws[0].visible_to(0) and not draws[0].visible_to(1) and draws[1].visible_to(1)
    view = GAME.view(s, 0)["players"][0]
    assert view["hand_size"] == 3 and view["deck"] == 0
    assert [c["name"] for c in view["hand"]] == ["Cinder Spark", "Star Shard", "Gloom"]


def test_9_9_recover_draws_nothing_with_three_cards() -> None:
    s = GAME.scenario((QUIET, QUIET), (["Drowned Archive", "Cinder Spark", "Gloom", "Emberbolt"],
                                       ["Ripple", "Sprout", "Glimmer"]), decks=(["Star Shard"], []))
    act(GAME, s, "cast Drowned Archive with left")
    assert cited(s, "WoM 9.9") == ["Recover: P0 holds 3 cards, so draws none"]
    view = GAME.view(s, 0)["players"][0]
    assert view["hand_size"] == 3 and view["deck"] == 1


# -- 9.10 Reveal -------------------------------------------------------------------------------------
def test_9_10_reveal_moves_face_down_magics_to_the_area_of_cast_magics() -> None:
    # Seeing Pool (1): Reveal. Nadia (right, on both sides) may cast face-down: P1's hides
    # Blaze Trickster (2: Trickery, +3), P0's hides Emberbolt, which Reveal leaves alone.
    s = GAME.scenario((HIDER, HIDER), (["Seeing Pool", "Emberbolt", "Cinder Spark"], ["Blaze Trickster", "Ripple",
                                                                                        "Sprout"]), turn_player=1)
    act(GAME, s, "hide Blaze Trickster behind right", "hide Emberbolt behind right", "cast Ripple with left")
    assert slot(s, 0, 1, 2)["hidden"] == {"face_down": True}
    act(GAME, s, "cast Seeing Pool with left")
    assert cited(s, "WoM 9.10") == ["P0's Seeing Pool reveals P1's face-down Blaze Trickster; it moves to the Area "
                                    "of Cast Magics, without effect"]
    seen = slot(s, 0, 1, 2)
    assert seen["hidden"] is None
    assert seen["cast"]["name"] == "Blaze Trickster" and seen["cast"]["without_effect"] is True
    assert slot(s, 1, 0, 2)["hidden"] == {"face_down": True}  # only the opposing ones
    act(GAME, s, "cast Sprout with centre", "cast Cinder Spark with centre")
    assert final(s) == (5, 4)  # Blaze Trickster counts its printed 2, without its +3


def test_9_10_reveal_discards_a_magic_that_cannot_move() -> None:
    # Moonlit Observatory lets every Wizard cast face-down; Fenn Mossguard (P1 right) may hide
    # one Magic on top of his cast, so his Area of Cast Magics is already taken.
    team = ["Pia Lindentwig", "Rufus Tallcandle", "Fenn Mossguard"]
    s = GAME.scenario((QUIET, team), (["Seeing Pool", "Emberbolt", "Cinder Spark"], ["Oakheart Slam", "Sprout",
                                                                                       "Ripple", "Gloom"]),
                      castle="Moonlit Observatory", turn_player=1)
    act(GAME, s, "cast Oakheart Slam with right", "cast Cinder Spark with left", "hide Sprout behind right",
        "cast Seeing Pool with centre")
    assert cited(s, "WoM 9.10") == ["P0's Seeing Pool reveals P1's face-down Sprout; its Area of Cast Magics is "
                                    "taken, so it is discarded"]
    view = GAME.view(s, 0)["players"][1]
    assert view["discard"] == ["Sprout"]
    assert view["team"][2]["cast"]["name"] == "Oakheart Slam" and view["team"][2]["hidden"] is None
    act(GAME, s, "cast Ripple with left", "cast Emberbolt with right", "cast Gloom with centre")
    assert final(s) == (5, 6)


# -- 9.11 Swap ---------------------------------------------------------------------------------------
def test_9_11_swap_exchanges_one_diamagic_between_two_wizards() -> None:
    # Sunlit Accord (1): Swap.
    s = GAME.scenario((QUIET, QUIET), (["Sunlit Accord", "Cinder Spark", "Emberbolt"], ["Ripple", "Sprout", "Gloom"]),
                      owned={(0, 0): ["red"], (1, 1): ["blue", "green"]}, reserve=RESERVE_10[:9])
    act(GAME, s, "cast Sunlit Accord with right")
    assert legal_texts(GAME, s) == ["choose P0 left", "choose P1 centre"]
    act(GAME, s, "choose P0 left")  # its only token, red, is taken; P1 centre is the only other owner
    assert legal_texts(GAME, s) == ["choose blue Diamagic", "choose green Diamagic"]
    act(GAME, s, "choose green Diamagic")
    assert cited(s, "WoM 9.11") == ["Swap: P0's Pia Lindentwig (Hedge Witch of the Meadow) gives a red Diamagic for a "
                                    "green one of P1's Rufus Tallcandle (Lamplighter of the Old Quarter) (not a "
                                    "conquest)"]
    view = GAME.view(s, 1)
    assert view["players"][0]["team"][0]["diamagic"] == ["green"]
    assert sorted(view["players"][1]["team"][1]["diamagic"]) == ["blue", "red"]
    assert (view["players"][0]["diamagic"], view["players"][1]["diamagic"], view["reserve"]) == (1, 2, 9)


def test_9_11_swap_needs_two_wizards_with_diamagic() -> None:
    s = GAME.scenario((QUIET, QUIET), (["Sunlit Accord", "Cinder Spark"], ["Ripple", "Sprout"]),
                      owned={(0, 0): ["red", "blue"]})
    act(GAME, s, "cast Sunlit Accord with right")
    assert cited(s, "WoM 9.11") == [] and GAME.to_act(s) == (1,)
    assert sorted(slot(s, 1, 0, 0)["diamagic"]) == ["blue", "red"]


# -- 9.12 Solitary -----------------------------------------------------------------------------------
OFFICIAL_MAGIC = {"Cinder Spark": 3, "Emberbolt": 3, "Gloom": 3, "Ashen Hex": 3, "Flame Leash": 3,
                  "Scorching Gaze": 3, "Kindled Fury": 3, "Phoenix Rekindling": 3, "Sparkstorm": 3, "Soul Rot": 3,
                  "Crystal Thief": 3, "Shatter Hex": 3, "Dread Pall": 3, "Leaden Curse": 1}  # 40 cards, power 49
OFFICIAL_CASTLES = ["Tower of Glass", "Sunken Library", "Ember Keep", "Hall of Echoing Mirrors", "Thornwood Bastion",
                    "Moonlit Observatory", "Crystal Vault", "Gloomspire"]


def official_deck(team: list[str], affiliation: str) -> dict:
    return {"name": "test", "format": "official", "affiliation": affiliation, "team": team,
            "castles": OFFICIAL_CASTLES, "magic": OFFICIAL_MAGIC}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_9_12_solitary_lines_up_only_in_its_printed_positions(seed: int) -> None:
    # Thrumgar (the Threefold Colossus) is a Solitary trio: one card each for left, centre, right.
    solo = official_deck(["Thrumgar", "Thrumgar", "Thrumgar"], "Wizards of Mickey")
    other = official_deck(["Morgrave Quill (Ash Regent)", "Corvin Ashveil", "Aldo Brightstaff"], "Black Phantom")
    s = OFFICIAL.new_state(seed, {"decks": [solo, other]})
    placements = 0
    while OFFICIAL.view(s, 0)["phase"] == "line-up":
        options = legal_texts(OFFICIAL, s)
        if OFFICIAL.to_act(s) == (0,):
            placements += 1
            free = [w["position"] for w in OFFICIAL.view(s, 0)["players"][0]["team"] if "card" not in w]
            assert options == [f"line up Thrumgar (the Threefold Colossus) [{pos}] at {pos}" for pos in free]
        act(OFFICIAL, s, options[-1])
    assert placements == 3
    team = OFFICIAL.view(s, 0)["players"][0]["team"]
    assert [(w["name"], w["title"]) for w in team] == [("Thrumgar", "the Threefold Colossus")] * 3
    assert [w["colours"] for w in team] == [["red"], ["black"], ["green"]]  # each card at its own position
    assert s.team[0] == [card(n).id for n in THRUMGAR]


def test_9_12_a_solitary_wizard_plays_as_a_whole_team() -> None:
    # Thrumgar's cards: left +1 to red Magics it casts, centre may cast face-down, right +1 to
    # green Magics it casts. All three cast, like three Wizards.
    s = GAME.scenario((THRUMGAR, QUIET), (["Emberbolt", "Gloom", "Sprout"], ["Ripple", "Glimmer", "Star Shard"]))
    options = legal_texts(GAME, s)
    assert "hide Gloom behind centre" in options and "hide Gloom behind left" not in options
    act(GAME, s, "cast Emberbolt with left", "cast Ripple with left", "cast Gloom with centre",
        "cast Glimmer with centre", "cast Sprout with right", "cast Star Shard with right")
    assert [t for t in cited(s, "WoM 7.3") if t.startswith("P0's")] == [
        "P0's Thrumgar (the Threefold Colossus) [left] (left) casts Emberbolt (Magic Power 3)",
        "P0's Thrumgar (the Threefold Colossus) [centre] (centre) casts Gloom (Magic Power 1)",
        "P0's Thrumgar (the Threefold Colossus) [right] (right) casts Sprout (Magic Power 1)"]
    assert final(s) == (7, 3)  # 3 + 1, 1, 1 + 1


# -- 9.13 Trickery -----------------------------------------------------------------------------------
def test_9_13_two_trickery_magics_both_become_plain() -> None:
    # Blaze Trickster (2): Trickery, +3. Mirror Trick (2): Trickery, is worth 5.
    s = GAME.scenario((QUIET, QUIET), (["Blaze Trickster", "Cinder Spark", "Emberbolt"], ["Mirror Trick", "Ripple",
                                                                                            "Sprout"]))
    act(GAME, s, "cast Blaze Trickster with left", "cast Mirror Trick with left")
    assert cited(s, "WoM 9.13") == ["Mirror Trick is a second Trickery Magic in play: every Trickery Magic in play "
                                    "becomes Plain"]
    assert slot(s, 1, 0, 0)["cast"]["plain"] is True and slot(s, 0, 1, 0)["cast"]["plain"] is True
    act(GAME, s, "cast Cinder Spark with centre", "cast Ripple with centre", "cast Emberbolt with right",
        "cast Sprout with right")
    assert final(s) == (6, 4)  # 2 + 1 + 3 and 2 + 1 + 1


def test_9_13_a_trickery_magic_made_plain_otherwise_does_not_count() -> None:
    # Sparkstorm (P1 right) Cancels Blaze Trickster (P0 left): Mirror Trick is then the only
    # Trickery Magic in play and keeps its effect.
    s = GAME.scenario((QUIET, QUIET), (["Blaze Trickster", "Cinder Spark", "Emberbolt"], ["Sparkstorm",
                                                                                            "Mirror Trick", "Sprout"]))
    act(GAME, s, "cast Blaze Trickster with left", "cast Sparkstorm with right", "cast Cinder Spark with centre",
        "cast Mirror Trick with left")
    assert cited(s, "WoM 9.13") == []
    assert "plain" not in slot(s, 0, 1, 0)["cast"]
    act(GAME, s, "cast Emberbolt with right", "cast Sprout with centre")
    assert final(s) == (6, 9)  # 2 + 1 + 3 and 3 + 5 + 1


def test_9_13_an_untouchable_trickery_magic_keeps_its_effect() -> None:
    # Ruling R6. Bruna Coalhand (P0 centre): each Magic she casts gains Untouchable.
    team = ["Pia Lindentwig", "Bruna Coalhand", "Vesk the Hollow"]
    s = GAME.scenario((team, QUIET), (["Blaze Trickster", "Cinder Spark", "Emberbolt"], ["Mirror Trick", "Ripple",
                                                                                           "Sprout"]))
    act(GAME, s, "cast Blaze Trickster with centre", "cast Mirror Trick with centre")
    assert cited(s, "WoM 9.13") == ["Mirror Trick is a second Trickery Magic in play: every Trickery Magic in play "
                                    "becomes Plain"]
    assert "plain" not in slot(s, 1, 0, 1)["cast"] and slot(s, 0, 1, 1)["cast"]["plain"] is True
    act(GAME, s, "cast Cinder Spark with left", "cast Ripple with left", "cast Emberbolt with right",
        "cast Sprout with right")
    assert final(s) == (9, 4)  # Blaze Trickster 2 + 3 keeps its +3; Mirror Trick 2


# -- 9.14 Break --------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["choose P0 left", "choose P1 centre"])
def test_9_14_break_discards_a_chosen_continue_magic(target: str) -> None:
    # Thaw (1): Break. Lingering Curse (P0, 1): Continue, -1 to every opposing Magic.
    # Deep Current (P1, 1): Continue, +1 to its team's Magics of printed power 1 or less.
    s = GAME.scenario((QUIET, QUIET), (["Lingering Curse", "Emberbolt", "Cinder Spark"], ["Deep Current", "Thaw",
                                                                                            "Ripple"]))
    act(GAME, s, "cast Lingering Curse with left", "cast Deep Current with centre", "cast Emberbolt with centre",
        "cast Thaw with left")
    assert legal_texts(GAME, s) == ["choose P0 left", "choose P1 centre"]  # not necessarily an opposing one
    act(GAME, s, target)
    [event] = cited(s, "WoM 9.14")
    view = GAME.view(s, 0)
    if target == "choose P0 left":
        assert event == "Break: P0's Continue Magic Lingering Curse is discarded from play"
        assert view["players"][0]["discard"] == ["Lingering Curse"]
    else:
        assert event == "Break: P1's Continue Magic Deep Current is discarded from play"
        assert view["players"][1]["discard"] == ["Deep Current"]
    act(GAME, s, "cast Cinder Spark with right", "cast Ripple with right")
    # Without Lingering Curse, P1's Thaw and Ripple are 1 + 1 each and Deep Current 2;
    # without Deep Current they are 1 - 1 each.
    assert final(s) == ((4, 6) if target == "choose P0 left" else (5, 0))


def test_9_14_break_discards_a_continue_magic_kept_from_an_earlier_challenge() -> None:
    s = continue_table(face_down=True, keep=("Thaw",))  # P1 keeps Thaw (1): Break, for turn 2
    act(GAME, s, "cast Thaw with left")  # the only Continue Magic in play: no choice to make
    assert cited(s, "WoM 9.14") == ["Break: P0's Continue Magic Lingering Curse is discarded from play"]
    assert slot(s, 1, 0, 2)["kept"] == []
    act(GAME, s, "cast Glimmer with left", "cast Tidal Surge with centre", "cast Glimmer with centre",
        "cast Tidal Surge with right", "cast Glimmer with right")
    assert final(s) == (3, 9)  # Thaw 1 + Tidal Surge 4 + 4, no -1 any more


def test_9_14_break_gained_from_a_wizard() -> None:
    # Grell Ironmask (P1 centre): each Magic he casts gains Break (10.7), carried out after the
    # Magic's own effects (8.6). The only Continue Magic in play is P0's Lingering Curse.
    team = ["Pia Lindentwig", "Grell Ironmask", "Vesk the Hollow"]
    s = GAME.scenario((QUIET, team), (["Lingering Curse", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout", "Gloom"]))
    act(GAME, s, "cast Lingering Curse with left", "cast Ripple with centre")
    assert cited(s, "WoM 10.7") == ["Grell Ironmask (Breaker of Seals) gives Ripple the Special Action Break"]
    assert cited(s, "WoM 9.14") == ["Break: P0's Continue Magic Lingering Curse is discarded from play"]
    act(GAME, s, "cast Emberbolt with centre", "cast Sprout with left", "cast Cinder Spark with right",
        "cast Gloom with right")
    assert final(s) == (4, 3)  # no -1 left for P1's Magics


# -- 9.15 Static -------------------------------------------------------------------------------------
def test_9_15_static_magics_leave_play_when_a_teletrasporto_magic_is_cast() -> None:
    # Frozen Seal (3): Static; opposing Wizards cannot cast Magics above printed power 3.
    # Thornwall (3): Static, +2. Tidegate Portal (2): Teletrasporto.
    s = GAME.scenario((QUIET, QUIET), (["Frozen Seal", "Thornwall", "Cinder Spark"], ["Tidegate Portal",
                                                                                       "Tidal Surge", "Ripple"]),
                      castle="Windswept Ruins", castle_decks=([], ["The Quiet Courtyard"]))
    act(GAME, s, "cast Frozen Seal with left")
    assert not [t for t in legal_texts(GAME, s) if "Tidal Surge" in t]  # the limit of Frozen Seal
    act(GAME, s, "cast Ripple with left", "cast Thornwall with centre", "cast Tidegate Portal with centre")
    assert cited(s, "WoM 9.15") == ["Static: Frozen Seal leaves play as a Teletrasporto Magic is cast",
                                    "Static: Thornwall leaves play as a Teletrasporto Magic is cast"]
    assert sorted(GAME.view(s, 1)["players"][0]["discard"]) == ["Frozen Seal", "Thornwall"]
    act(GAME, s, "cast Cinder Spark with right")
    assert "cast Tidal Surge with right" in legal_texts(GAME, s)  # the limit went with Frozen Seal
    act(GAME, s, "cast Tidal Surge with right")
    assert final(s) == (1, 7)


# -- 9.16 Teletrasporto ------------------------------------------------------------------------------
def test_9_16_teletrasporto_brings_a_new_castle_on_top() -> None:
    # Ember Stair (2, red): Teletrasporto. Thimble Citadel (P1's, in play) doubles Magics of
    # printed power 1 or less; Ember Keep (P0's Castle deck) gives red Magics +1.
    s = GAME.scenario((QUIET, QUIET), (["Ember Stair", "Cinder Spark", "Glimmer"], ["Ripple", "Sprout", "Gloom"]),
                      castle="Thimble Citadel", turn_player=1, castle_decks=(["Ember Keep"], ["Windswept Ruins"]),
                      stake=["red"], reserve=RESERVE_10 + ["yellow"])
    act(GAME, s, "cast Ripple with left", "cast Ember Stair with left")
    assert cited(s, "WoM 9.16") == ["Teletrasporto: P0's Ember Keep replaces Thimble Citadel, which is covered; the "
                                    "Diamagic at stake move onto it"]
    view = GAME.view(s, 1)
    assert view["castle"]["name"] == "Ember Keep" and view["castle"]["owner"] == 0
    assert view["castle"]["covered"] == ["Thimble Citadel"]
    assert len(view["stake"]) == 1 and view["reserve"] == 11  # no new token
    assert GAME.view(s, 0)["stake"] == [None]  # P1 drew it; moving it shows it to nobody
    assert view["players"][0]["castle_deck"] == 0
    act(GAME, s, "cast Sprout with centre", "cast Cinder Spark with centre", "cast Gloom with right",
        "cast Glimmer with right")
    # Thimble Citadel, covered, has no effect; Ember Keep gives the two red Magics +1.
    assert final(s) == (6, 3)
    assert cited(s, "WoM 7.9") == ["P0 wins the challenge and conquers 1 Diamagic"]
    act(GAME, s, "assign to left")
    assert slot(s, 0, 0, 0)["diamagic"] == ["red"]
    # 7.12: both Castles of the turn, the covered one too, go to their owners' discards. P0's
    # comes straight back: it is P0's turn and its Castle deck is rebuilt from them (R11).
    assert cited(s, "WoM 7.12") == ["the Castles go to their owners' Castle discards"]
    view = GAME.view(s, 0)
    assert view["players"][1]["castle_discard"] == ["Thimble Citadel"]
    assert "P0's Castle deck is rebuilt from its discards (ruling R11)" in cited(s, "WoM 8.8")
    assert view["turn"] == 2 and view["castle"]["name"] == "Ember Keep"


def test_9_16_teletrasporto_in_the_official_challenge_chooses_the_castle() -> None:
    s = OFFICIAL.scenario((QUIET, QUIET), (["Ember Stair", "Cinder Spark", "Glimmer"], ["Ripple", "Sprout", "Gloom"]),
                          castle="Thimble Citadel", castle_decks=(["Ember Keep", "Gloomspire"], []), stake=["red"])
    act(OFFICIAL, s, "cast Ember Stair with left")
    view = OFFICIAL.view(s, 0)
    assert view["pending"] == {"effect": "tele", "player": 0}
    assert legal_texts(OFFICIAL, s) == ["bring Ember Keep", "bring Gloomspire"]
    act(OFFICIAL, s, "bring Gloomspire")
    view = OFFICIAL.view(s, 1)
    assert view["castle"]["name"] == "Gloomspire" and view["castle"]["covered"] == ["Thimble Citadel"]
    assert view["players"][0]["castle_deck"] == 1 and OFFICIAL.view(s, 0)["players"][0]["castles"] == ["Ember Keep"]
    assert len(view["stake"]) == 1
    assert "Teletrasporto: P0's Gloomspire replaces Thimble Citadel" in texts(s)


# -- rules the first collection could not reach (issue 10, part 6): a card for each -------------------
def test_9_4_confuse_of_several_wizards_picks_a_card_for_each() -> None:
    # Maze of Whispers (1): Confuse every opposing Wizard. None of P1's has cast: three cards are
    # picked at random, different ones, and P1's next three casts are those (ruling R33).
    hand = ["Ripple", "Sprout", "Gloom", "Glimmer"]
    orders = set()
    for seed in range(8):
        s = GAME.scenario((QUIET, QUIET), (["Maze of Whispers", "Emberbolt", "Cinder Spark"], hand))
        s.rng = Rng(seed)
        act(GAME, s, "cast Maze of Whispers with left")
        maze = re.compile(r"P0's Maze of Whispers confuses P1's .+? \(.+?\): P0 picks (.+) at random from P1's hand "
                          r"\(8\.13\), which P1 must cast with it if possible")
        events = [maze.fullmatch(e.text) for e in s.log if e.rule == "WoM 9.4"]
        assert len(events) == 3 and all(events)
        picks = [m.group(1) for m in events if m]
        assert len(set(picks)) == 3 and set(picks) <= set(hand)
        assert sorted(GAME.view(s, 0)["players"][1]["known_hand"]) == sorted(picks)
        for pos, pick, mine in zip(("left", "centre", "right"), picks, ("Emberbolt", "Cinder Spark", None),
                                   strict=True):
            assert legal_texts(GAME, s) == [f"cast {pick} with {pos}"]
            act(GAME, s, f"cast {pick} with {pos}")
            if mine:
                act(GAME, s, f"cast {mine} with {'centre' if pos == 'left' else 'right'}")
        orders.add(tuple(picks))
        assert final(s)[0] == 5
    assert len(orders) > 1


def test_9_6_corrode_of_several_wizards_discards_each_ones_magic() -> None:
    # Rot Wind (2): Corrode every opposing Wizard. One card discarded, every Magic P0 cast goes.
    s = GAME.scenario((QUIET, QUIET), (["Emberbolt", "Sunburst", "Glimmer", "Gloom", "Sprout"],
                                       ["Ripple", "Rot Wind", "Star Shard", "Cinder Spark"]))
    act(GAME, s, "cast Emberbolt with left", "cast Ripple with left", "cast Sunburst with centre",
        "cast Rot Wind with centre")
    assert legal_texts(GAME, s) == ["discard Cinder Spark", "discard Star Shard", "decline"]
    act(GAME, s, "discard Cinder Spark")
    gone = [t for t in cited(s, "WoM 9.6") if t.startswith("Corrode:")]
    assert gone == ["Corrode: P0's Emberbolt is discarded from play; it still counts as cast (8.10)",
                    "Corrode: P0's Sunburst is discarded from play; it still counts as cast (8.10)"]
    # 8.10: both Wizards may cast again
    act(GAME, s, "cast Glimmer with left", "cast Star Shard with right", "cast Gloom with centre",
        "cast Sprout with right")
    assert final(s) == (3, 4)  # 1 + 1 + 1 against 1 + 2 + 1


def test_9_6_an_immune_magic_resists_a_corrode_aimed_at_its_category() -> None:
    # Warded Obelisk (3): Static, immune to opposing Magics. Rust Whisper corrodes every Static
    # Magic: Obsidian Spire (4) goes, Warded Obelisk stays (9.6, ruling R26).
    s = GAME.scenario((QUIET, QUIET), (["Warded Obelisk", "Obsidian Spire", "Glimmer"],
                                       ["Rust Whisper", "Ripple", "Sprout", "Gloom"]))
    act(GAME, s, "cast Warded Obelisk with left", "cast Ripple with left", "cast Obsidian Spire with centre",
        "cast Rust Whisper with centre", "discard Gloom")
    assert [t for t in cited(s, "WoM 9.6") if t.startswith("Corrode:")] == [
        "Corrode: P0's Obsidian Spire is discarded from play; it still counts as cast (8.10)"]
    assert slot(s, 1, 0, 0)["cast"]["name"] == "Warded Obelisk"
    act(GAME, s, "cast Glimmer with right", "cast Sprout with right")
    assert final(s) == (4, 3)


def test_9_15_an_immune_static_magic_still_leaves_play_with_teletrasporto() -> None:
    # Warded Obelisk is immune to opposing Magics, but 9.15 discards every Static Magic anyway.
    s = GAME.scenario((QUIET, QUIET), (["Warded Obelisk", "Emberbolt", "Glimmer"], ["Tidegate Portal", "Ripple",
                                                                                    "Sprout"]),
                      castle="Windswept Ruins", castle_decks=([], ["The Quiet Courtyard"]))
    act(GAME, s, "cast Warded Obelisk with left", "cast Tidegate Portal with left")
    assert cited(s, "WoM 9.15") == ["Static: Warded Obelisk leaves play as a Teletrasporto Magic is cast"]
    act(GAME, s, "cast Emberbolt with centre", "cast Ripple with centre", "cast Glimmer with right",
        "cast Sprout with right")
    assert final(s) == (4, 4)


def test_9_13_an_immune_trickery_magic_still_becomes_plain() -> None:
    # Aloof Jester (2): Trickery, immune to Magics, +2. Wild Trick (1): Trickery, worth 4. The
    # second Trickery makes both Plain, immunity or not: 2 and 1.
    s = GAME.scenario((QUIET, QUIET), (["Aloof Jester", "Glimmer", "Emberbolt"], ["Wild Trick", "Ripple", "Sprout"]))
    act(GAME, s, "cast Aloof Jester with left", "cast Wild Trick with left")
    assert cited(s, "WoM 9.13") == ["Wild Trick is a second Trickery Magic in play: every Trickery Magic in play "
                                    "becomes Plain"]
    act(GAME, s, "cast Glimmer with centre", "cast Ripple with centre", "cast Emberbolt with right",
        "cast Sprout with right")
    assert final(s) == (6, 3)  # 2 + 1 + 3 against 1 + 1 + 1


GRIMWALD = ["Grimwald"] * 3


def test_9_12_a_solitary_wizard_without_a_position_stands_anywhere() -> None:
    # Grimwald (the Thrice-Born): Solitary with no position, three copies of one card; each
    # gives +1 to the Magics of power 2 or less it casts.
    magic = {"Gloom": 3, "Crystal Thief": 3, "Shatter Hex": 3, "Dread Pall": 3, "Leaden Curse": 3, "Soul Rot": 3,
             "Ripple": 3, "Whirlpool Snare": 3, "Frost Lock": 3, "Thaw": 3, "Seeing Pool": 3, "Drowned Archive": 3,
             "Star of the Deep": 3, "Night Shroud": 1}
    solo = {"name": "test", "format": "official", "affiliation": "Black Phantom", "team": GRIMWALD,
            "castles": OFFICIAL_CASTLES, "magic": magic}
    from wizarena.games.mickey.deck import check_deck
    from wizarena.games.mickey.effects import CARDS
    assert check_deck(OFFICIAL.deck(solo), "official", CARDS) == []
    bad = dict(solo, team=["Grimwald", "Grimwald", "Pia Lindentwig"])
    assert "9.12" in [v.section for v in check_deck(OFFICIAL.deck(bad), "official", CARDS)]
    other = official_deck(["Morgrave Quill (Ash Regent)", "Corvin Ashveil", "Aldo Brightstaff"], "Black Phantom")
    s = OFFICIAL.new_state(1, {"decks": [solo, other]})
    while OFFICIAL.view(s, 0)["phase"] == "line-up":
        options = legal_texts(OFFICIAL, s)
        if OFFICIAL.to_act(s) == (0,):
            free = [w["position"] for w in OFFICIAL.view(s, 0)["players"][0]["team"] if "card" not in w]
            assert options == [f"line up Grimwald (the Thrice-Born) at {pos}" for pos in free]
        act(OFFICIAL, s, options[0])
    assert s.team[0] == [card("Grimwald").id] * 3
    assert s.penalty[0] == 1  # one Wizard of no team (ruling R32)
    g = GAME.scenario((GRIMWALD, QUIET), (["Emberbolt", "Gloom", "Sprout"], ["Ripple", "Glimmer", "Star Shard"]))
    act(GAME, g, "cast Emberbolt with left", "cast Ripple with left", "cast Gloom with centre",
        "cast Glimmer with centre", "cast Sprout with right", "cast Star Shard with right")
    assert final(g) == (7, 3)  # 3, 1 + 1, 1 + 1


def test_9_13_an_immune_trickery_magic_is_not_made_untouchable_by_a_magic() -> None:
    # Oath of Stone (1): your Magics are made Untouchable. Aloof Jester is immune to Magics, so
    # the Oath does not reach it (10.8), and with Wild Trick it becomes Plain like any Trickery
    # Magic (9.13): 2 (no +2). Wild Trick, not immune, is not protected by P0's Oath: 1.
    s = GAME.scenario((QUIET, QUIET), (["Oath of Stone", "Aloof Jester", "Glimmer"], ["Wild Trick", "Ripple",
                                                                                       "Sprout"]))
    act(GAME, s, "cast Oath of Stone with left", "cast Ripple with left", "cast Aloof Jester with centre",
        "cast Wild Trick with centre", "cast Glimmer with right", "cast Sprout with right")
    assert len(cited(s, "WoM 9.13")) == 1
    assert final(s) == (4, 3)  # 1 + 2 + 1 against 1 + 1 + 1
