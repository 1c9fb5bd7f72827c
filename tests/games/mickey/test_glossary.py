"""Scenario tests for the glossary of the Wizards of Mickey rulebook (section 10), as written
there and in our rulings (docs/games/mickey.md): adjacency, face-down cards, gain and make,
immunity, quoted names, numbers, opposite Wizards, Magic Power and its floors, revealed
Diamagic and the Official affiliation penalty.

Every card is a real card of data/cards.json; a comment says which card carries the effect
under test. Unless a test says otherwise the teams are QUIET: Pia Lindentwig has no ability,
Rufus Tallcandle adds 2 only while he owns a yellow Diamagic, Vesk the Hollow adds 2 only
while he owns two Diamagic, and no test gives them those.
"""

from __future__ import annotations

import pytest

from wizarena.games.mickey.deck import deck_notes
from wizarena.games.mickey.effects import CARDS

from .helpers import GAME, OFFICIAL, act, cited, final, legal_texts

QUIET = ["Pia Lindentwig", "Rufus Tallcandle", "Vesk the Hollow"]
# Nadia Frostwhorl's ability: she may cast face-down (hide, to self).
HIDER = ["Pia Lindentwig", "Rufus Tallcandle", "Nadia Frostwhorl"]
POS = ("left", "centre", "right")


def slot(game, s, seat: int | None, player: int, pos: int) -> dict:
    return game.view(s, seat)["players"][player]["team"][pos]


# -- 10.1 Adjacent -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("tide", "ember", "cinder", "expected"), [
    ("centre", "left", "right", 8),   # the centre Wizard has both side Wizards adjacent
    ("left", "centre", "right", 7),   # a side Wizard has only the centre one
    ("right", "left", "centre", 7),
])
def test_10_1_adjacent_wizards(tide: str, ember: str, cinder: str, expected: int) -> None:
    # Tidebloom (2): +1 to the Magics of the adjacent Wizards.
    s = GAME.scenario((QUIET, QUIET), (["Tidebloom", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout", "Gloom"]))
    act(GAME, s, f"cast Tidebloom with {tide}", "cast Ripple with left", f"cast Emberbolt with {ember}",
        "cast Sprout with centre", f"cast Cinder Spark with {cinder}", "cast Gloom with right")
    assert final(s) == (expected, 3)  # the opposing Magics are not adjacent
    lifted = sorted(t.split(" (P0)")[0] for t in cited(s, "WoM 8.4") if "from Tidebloom" in t)
    assert lifted == sorted(n for n, p in (("Emberbolt", ember), ("Cinder Spark", cinder))
                            if abs(POS.index(p) - POS.index(tide)) == 1)


# -- 10.5 Face-down ------------------------------------------------------------------------------------
def test_10_5_a_face_down_card_shows_no_name_colour_or_power() -> None:
    s = GAME.scenario((HIDER, QUIET), (["Blaze Trickster", "Cinder Spark", "Emberbolt"], ["Mirror Trick", "Ripple",
                                                                                            "Sprout"]))
    act(GAME, s, "hide Blaze Trickster behind right")
    assert slot(GAME, s, 1, 0, 2)["hidden"] == {"face_down": True}
    assert slot(GAME, s, None, 0, 2)["hidden"] == {"face_down": True}
    mine = slot(GAME, s, 0, 0, 2)["hidden"]
    assert mine["name"] == "Blaze Trickster" and mine["face_down"] is True  # 8.3: its owner may look
    told = [e for e in s.log if e.rule == "WoM 8.3"]
    assert [e.text for e in told if e.visible_to(1)] == ["P0 casts a Magic face-down behind Nadia Frostwhorl (Tide "
                                                         "Seer) (right)"]
    assert "Blaze Trickster" not in " ".join(e.text for e in s.log if e.visible_to(1))


def test_10_5_a_face_down_trickery_magic_is_no_trickery_magic() -> None:
    # Blaze Trickster (2: Trickery, +3) is hidden; Mirror Trick (2: Trickery, is worth 5) is
    # then the only Trickery Magic in play, and stays so after 7.7 reveals the other.
    s = GAME.scenario((HIDER, QUIET), (["Blaze Trickster", "Cinder Spark", "Emberbolt"], ["Mirror Trick", "Ripple",
                                                                                            "Sprout"]))
    act(GAME, s, "hide Blaze Trickster behind right", "cast Mirror Trick with left", "cast Cinder Spark with left",
        "cast Ripple with centre", "cast Emberbolt with centre", "cast Sprout with right")
    assert cited(s, "WoM 9.13") == []
    assert final(s) == (6, 7)  # 2 + 1 + 3 against 5 + 1 + 1


def test_10_5_a_face_down_magic_has_no_magic_power_to_limit() -> None:
    # Vine Cage (2): the opposite Wizard cannot cast Magics of printed power above 2. Nadia
    # (P1 right) may still put Leviathan Call (6) face-down: it has no Magic Power there.
    s = GAME.scenario((QUIET, HIDER), (["Vine Cage", "Cinder Spark", "Emberbolt"], ["Leviathan Call", "Ripple"]))
    act(GAME, s, "cast Vine Cage with left")
    options = legal_texts(GAME, s)
    assert "hide Leviathan Call behind right" in options and "cast Leviathan Call with right" not in options
    assert "cast Leviathan Call with left" in options and "cast Ripple with right" in options


# -- 10.7 Gain, 10.18 Make (ruling R5) -----------------------------------------------------------------
def test_10_7_and_10_18_gained_and_made_untouchable_both_stop_cancel() -> None:
    # Bruna Coalhand: each Magic she casts gains Untouchable. Ysolde Nightbloom: each Magic she
    # casts is made Untouchable. Void Lash (3) and Sparkstorm (3): Cancel the opposite Magic.
    mine = ["Bruna Coalhand", "Rufus Tallcandle", "Ysolde Nightbloom"]
    s = GAME.scenario((mine, QUIET), (["Blaze Trickster", "Mirror Trick", "Cinder Spark"], ["Void Lash", "Sparkstorm",
                                                                                              "Ripple"]))
    act(GAME, s, "cast Blaze Trickster with left", "cast Void Lash with right", "cast Mirror Trick with right",
        "cast Sparkstorm with left")
    assert cited(s, "WoM 10.7") == ["Bruna Coalhand (Forge Sorceress) gives Blaze Trickster the Special Action "
                                    "Untouchable"]
    assert cited(s, "WoM 10.18") == ["P0's Ysolde Nightbloom (Poisoner of the Fen) makes Mirror Trick possess "
                                     "Untouchable"]
    assert cited(s, "WoM 9.8") == ["Blaze Trickster is Untouchable: the Cancel of P1's Void Lash does nothing",
                                   "Mirror Trick is Untouchable: the Cancel of P1's Sparkstorm does nothing"]
    view = GAME.view(s, 1)["players"][0]["team"]
    assert view[0]["cast"]["gained"] == ["untouchable"] and "made" not in view[0]["cast"]
    assert view[2]["cast"]["made"] == ["untouchable"] and "gained" not in view[2]["cast"]
    act(GAME, s, "cast Cinder Spark with centre", "cast Ripple with centre")
    # Two Trickery Magics in play, both Untouchable (R6): both keep their effects.
    assert final(s) == (11, 7)  # 5 + 1 + 5 against 3 + 1 + 3


@pytest.mark.parametrize("halo", [True, False])
def test_10_7_cancel_removes_a_gained_special_action(halo: bool) -> None:
    # Ruling R5. Jester's Mark (1): the opposite Magic gains Trickery. Halo of Order (3):
    # Cancel every opposing Trickery Magic. Hollow Market: Magics with Trickery printed (or
    # gained, as if printed) are worth 3. The control twin of Halo of Order is Sunburst (3).
    third = "Halo of Order" if halo else "Sunburst"
    s = GAME.scenario((QUIET, QUIET), (["Jester's Mark", third, "Cinder Spark"], ["Leviathan Call", "Ripple",
                                                                                    "Sprout"]),
                      castle="Hollow Market", turn_player=1)
    act(GAME, s, "cast Leviathan Call with right", "cast Jester's Mark with left")
    assert cited(s, "WoM 10.7") == ["Jester's Mark gives Leviathan Call the Special Action Trickery"]
    act(GAME, s, "cast Ripple with left", f"cast {third} with centre")
    if halo:
        assert cited(s, "WoM 9.2") == ["P0's Halo of Order cancels P1's Leviathan Call: it is Plain"]
    act(GAME, s, "cast Sprout with centre", "cast Cinder Spark with right")
    # Made Plain, Leviathan Call loses the gained Trickery and Hollow Market no longer makes it 3.
    assert final(s) == ((5, 8) if halo else (5, 5))


def test_10_18_cancel_keeps_a_made_special_action() -> None:
    # Ruling R5. Shadow Brand (1): the opposing Magics are made Static. Sparkstorm (3): Cancel
    # the opposite Magic. Sanctum of Stillness: Static Magics (however they are Static) get +2.
    s = GAME.scenario((QUIET, QUIET), (["Shadow Brand", "Sparkstorm", "Cinder Spark"], ["Emberbolt", "Ripple",
                                                                                          "Sprout"]),
                      castle="Sanctum of Stillness", turn_player=1)
    act(GAME, s, "cast Emberbolt with right", "cast Shadow Brand with centre")
    assert cited(s, "WoM 10.18") == ["P0's Shadow Brand makes Emberbolt possess Static"]
    act(GAME, s, "cast Ripple with left", "cast Sparkstorm with left")
    assert cited(s, "WoM 9.2") == ["P0's Sparkstorm cancels P1's Emberbolt: it is Plain"]
    cast = slot(GAME, s, 0, 1, 2)["cast"]
    assert cast["plain"] is True and cast["made"] == ["static"]
    act(GAME, s, "cast Sprout with centre", "cast Cinder Spark with right")
    # Emberbolt, Plain but still Static: 3 + 2; "make" stands while Shadow Brand is in play,
    # so Ripple and Sprout, cast after it, are Static too: 1 + 2 each (R5)
    assert final(s) == (5, 11)


# -- 10.8 Immune to ------------------------------------------------------------------------------------
def test_10_8_immune_to_opposing_magics() -> None:
    # Dread Pall (0): -1 to every opposing Magic. Radiant Ward (2): immune to opposing Magics.
    s = GAME.scenario((QUIET, QUIET), (["Dread Pall", "Emberbolt", "Cinder Spark"], ["Radiant Ward", "Tidal Surge",
                                                                                       "Ripple"]))
    act(GAME, s, "cast Dread Pall with left", "cast Radiant Ward with left", "cast Emberbolt with centre",
        "cast Tidal Surge with centre", "cast Cinder Spark with right", "cast Ripple with right")
    assert not [t for t in cited(s, "WoM 8.4") if t.startswith("Radiant Ward")]
    assert final(s) == (4, 5)  # 0 + 3 + 1 against 2 + 3 + 0


def test_10_8_immune_to_magics_refuses_help_too() -> None:
    # Glacier Shield (3): immune to Magics, its own team's as well: Tidebloom's +1 misses it.
    s = GAME.scenario((QUIET, QUIET), (["Glacier Shield", "Tidebloom", "Emberbolt"], ["Ripple", "Sprout", "Gloom"]))
    act(GAME, s, "cast Glacier Shield with left", "cast Ripple with left", "cast Tidebloom with centre",
        "cast Sprout with centre", "cast Emberbolt with right", "cast Gloom with right")
    assert final(s) == (9, 3)  # 3 + 2 + (3 + 1)


def test_10_8_immune_to_castles() -> None:
    # Ember Keep: red Magics +1. Wanderer's Flame (2, red): immune to Castles, +1.
    s = GAME.scenario((QUIET, QUIET), (["Wanderer's Flame", "Emberbolt", "Cinder Spark"], ["Ripple", "Sprout",
                                                                                             "Gloom"]),
                      castle="Ember Keep")
    act(GAME, s, "cast Wanderer's Flame with left", "cast Ripple with left", "cast Emberbolt with centre",
        "cast Sprout with centre", "cast Cinder Spark with right", "cast Gloom with right")
    assert final(s) == (9, 3)  # 3 + 4 + 2


def test_10_8_wizard_immune_to_castles_ignores_a_castle_limit() -> None:
    # Thornwood Bastion: no Wizard casts Magics of printed power above 4. Ilka Dunmere is immune to Castles.
    team = ["Pia Lindentwig", "Rufus Tallcandle", "Ilka Dunmere"]
    s = GAME.scenario((team, QUIET), (["Leviathan Call", "Cinder Spark"], ["Ripple"]), castle="Thornwood Bastion")
    options = legal_texts(GAME, s)
    assert "cast Leviathan Call with right" in options
    assert "cast Leviathan Call with left" not in options and "cast Leviathan Call with centre" not in options


@pytest.mark.parametrize("magic", ["Flame Leash", "Whirlpool Snare"])
def test_10_8_wizard_immune_to_opposing_magics_is_not_blocked_or_confused(magic: str) -> None:
    # Delia Stormglass (P1 right, facing P0 left): immune to opposing Magics.
    # Flame Leash (2): Block the opposite Wizard. Whirlpool Snare (1): Confuse the opposite Wizard.
    team = ["Pia Lindentwig", "Rufus Tallcandle", "Delia Stormglass"]
    s = GAME.scenario((QUIET, team), ([magic, "Emberbolt"], ["Ripple", "Sprout", "Gloom"]))
    act(GAME, s, f"cast {magic} with left")
    assert cited(s, "WoM 10.8") == [f"Delia Stormglass (Tidecaller) is immune: P0's {magic} does not reach it"]
    assert cited(s, "WoM 9.3") == [] and cited(s, "WoM 9.4") == []
    assert slot(GAME, s, 0, 1, 2)["blocked"] is False
    assert len(legal_texts(GAME, s)) == 9  # any of three Magics with any of three Wizards


def test_10_8_wizard_immune_to_opposing_magics_is_not_corroded() -> None:
    # 9.6 with 10.8: Corrode aimed at a Wizard is stopped by that Wizard's own immunity.
    # Ashen Hex (1): you may discard a card to discard the opposite Wizard's cast Magic.
    team = ["Pia Lindentwig", "Rufus Tallcandle", "Delia Stormglass"]
    s = GAME.scenario((QUIET, team), (["Ashen Hex", "Cinder Spark", "Emberbolt"], ["Leviathan Call", "Ripple"]),
                      turn_player=1)
    act(GAME, s, "cast Leviathan Call with right", "cast Ashen Hex with left")
    # Delia is out of Corrode's reach, so there is nothing to decide: P1 casts next.
    assert GAME.to_act(s) == (1,) and legal_texts(GAME, s)[0].startswith("cast ")
    assert slot(GAME, s, 0, 1, 2)["cast"]["name"] == "Leviathan Call"


def test_10_8_wizard_immune_to_opposing_magics_is_not_corrupted() -> None:
    # Soul Rot (2): you may discard two cards to discard a Diamagic of the opposite Wizard,
    # here Delia Stormglass, immune to opposing Magics: there is nothing to decide.
    team = ["Pia Lindentwig", "Rufus Tallcandle", "Delia Stormglass"]
    s = GAME.scenario((QUIET, team), (["Soul Rot", "Cinder Spark", "Emberbolt", "Gloom"], ["Ripple", "Sprout"]),
                      owned={(1, 2): ["red"]})
    act(GAME, s, "cast Soul Rot with left")
    assert GAME.to_act(s) == (1,) and legal_texts(GAME, s)[0].startswith("cast ")
    assert slot(GAME, s, 0, 1, 2)["diamagic"] == ["red"] and GAME.view(s, 0)["players"][0]["hand_size"] == 3


# -- 10.9 "Name" ---------------------------------------------------------------------------------------
def test_10_9_a_quoted_name_matches_the_names_that_include_those_words() -> None:
    # Starwatch Spire: +2 to "Star" Magics. 10.9 reads words: Star Shard and Dark Star have the
    # word, Starfall Lance and Starseed only the letters, so they are not "Star" Magics.
    s = GAME.scenario((QUIET, QUIET), (["Star Shard", "Starfall Lance", "Emberbolt"], ["Starseed", "Dark Star",
                                                                                       "Sprout"]),
                      castle="Starwatch Spire")
    act(GAME, s, "cast Star Shard with left", "cast Starseed with left", "cast Starfall Lance with centre",
        "cast Dark Star with centre", "cast Emberbolt with right", "cast Sprout with right")
    assert sorted(t for t in cited(s, "WoM 8.4") if "Starwatch" in t) == [
        "Dark Star (P1): +2 from Starwatch Spire (P0) -> 5", "Star Shard (P0): +2 from Starwatch Spire (P0) -> 3"]
    assert final(s) == (8, 7)  # 3 + 4 halved by Dark Star + 3 against 1 + 5 + 1


@pytest.mark.parametrize(("quoted", "name", "hit"), [
    ("Star", "Star of the Deep", True), ("star", "STAR SHARD", True), ("Star", "Starseed", False),
    ("Star", "Dark Star", True), ("Of the", "Star of the Deep", True), ("Deep Star", "Star of the Deep", False),
    ("Flame", "Wanderer's Flame", True), ("Wanderer", "Wanderer's Flame", False), ("Oracle", "Moon-Oracle", True)])
def test_10_9_words_not_letters(quoted: str, name: str, hit: bool) -> None:
    from wizarena.games.mickey.effects import name_words, words_in
    assert words_in(name_words(quoted), name_words(name)) is hit


# -- 10.10 Numbers -------------------------------------------------------------------------------------
def test_10_10_draw_two_is_one_draw() -> None:
    # Scholar's Insight (0): draw two cards. Sunken Library: each draw made by a card effect
    # costs one random discard; "draw two" is one action, so one discard.
    s = GAME.scenario((QUIET, QUIET), (["Scholar's Insight", "Cinder Spark", "Gloom"], ["Ripple", "Sprout", "Gloom"]),
                      castle="Sunken Library", decks=(["Glimmer", "Sunburst", "Star Shard"], []))
    act(GAME, s, "cast Scholar's Insight with left")
    draws = [e for e in s.log if e.kind == "draw"]
    assert [e.rule for e in draws] == ["WoM 10.10", "WoM 10.10"]
    assert draws[1].text == "P0 draws 2 cards"
    taxed = [e.text for e in s.log if e.kind == "discard" and e.rule == "WoM 10.10"]
    assert len(taxed) == 1 and taxed[0].endswith("at random (once for the whole draw)")
    view = GAME.view(s, 1)["players"][0]
    assert (view["hand_size"], view["deck"], len(view["discard"])) == (3, 1, 1)


def test_10_10_recover_is_a_draw_under_the_draw_tax() -> None:
    # 9.9: Recover counts as drawing. Drowned Archive (1): Recover.
    s = GAME.scenario((QUIET, QUIET), (["Drowned Archive", "Cinder Spark", "Gloom"], ["Ripple", "Sprout", "Gloom"]),
                      castle="Sunken Library", decks=(["Glimmer", "Sunburst"], []))
    act(GAME, s, "cast Drowned Archive with left")
    assert len([e for e in s.log if e.kind == "discard" and e.rule == "WoM 10.10"]) == 1
    view = GAME.view(s, 1)["players"][0]
    assert (view["hand_size"], view["deck"], len(view["discard"])) == (2, 1, 1)


# -- 10.11 Opposite ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("pos", "expected"), [("left", 7), ("centre", 8), ("right", 9)])
def test_10_11_the_opposite_wizard_faces_yours(pos: str, expected: int) -> None:
    # Ruling R1: my position i faces the opponent's 2 - i. Undertow (2): halves the opposite Magic.
    # P1: Ripple (1) left, Emberbolt (3) centre, Leviathan Call (6) right.
    others = [p for p in POS if p != pos]
    s = GAME.scenario((QUIET, QUIET), (["Undertow", "Cinder Spark", "Glimmer"], ["Ripple", "Emberbolt",
                                                                                   "Leviathan Call"]))
    act(GAME, s, f"cast Undertow with {pos}", "cast Ripple with left", f"cast Cinder Spark with {others[0]}",
        "cast Emberbolt with centre", f"cast Glimmer with {others[1]}", "cast Leviathan Call with right")
    facing = {"left": "Leviathan Call", "centre": "Emberbolt", "right": "Ripple"}[pos]
    [halved] = [t for t in cited(s, "WoM 8.4") if "halved from Undertow" in t]
    assert halved.startswith(f"{facing} (P1)")
    assert final(s) == (4, expected)


# -- 10.15 Magic Power ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("opposite", "expected"), [
    ("Blaze Trickster", (4, 7)),  # printed 2, modified 5 (+3): Echo Mirror adds 2
    ("Goldleaf Charm", (2, 4)),   # printed 0, modified 2 (is worth 2): Echo Mirror adds 0
])
def test_10_15_adds_reads_the_printed_magic_power(opposite: str, expected: tuple[int, int]) -> None:
    # Echo Mirror (0): adds the Magic Power of the opposite Magic.
    s = GAME.scenario((QUIET, QUIET), (["Echo Mirror", "Cinder Spark", "Glimmer"], [opposite, "Ripple", "Sprout"]),
                      turn_player=1)
    act(GAME, s, f"cast {opposite} with right", "cast Echo Mirror with left", "cast Ripple with left",
        "cast Cinder Spark with centre", "cast Sprout with centre", "cast Glimmer with right")
    assert final(s) == expected


def test_10_15_subtracts_reads_the_printed_magic_power() -> None:
    # Hungry Void (5): subtracts the Magic Power of the opposite Magic: Blaze Trickster's printed 2.
    s = GAME.scenario((QUIET, QUIET), (["Hungry Void", "Cinder Spark", "Glimmer"], ["Blaze Trickster", "Ripple",
                                                                                      "Sprout"]), turn_player=1)
    act(GAME, s, "cast Blaze Trickster with right", "cast Hungry Void with left", "cast Ripple with left",
        "cast Cinder Spark with centre", "cast Sprout with centre", "cast Glimmer with right")
    assert "Hungry Void (P0): subtracts the Magic Power of the opposite Magic from Hungry Void (P0) -> 3" in cited(
        s, "WoM 8.4")
    assert final(s) == (5, 7)


# -- 10.16 Final Magic Power, 10.17 Modified Magic Power -------------------------------------------
def test_10_16_final_magic_power_is_never_below_zero() -> None:
    # Ruling R22: the affiliation penalty comes off the total, which then stops at 0.
    # Kindled Fury (0): +3 only for the player taking the turn, here P0.
    s = OFFICIAL.scenario((QUIET, QUIET), (["Cinder Spark", "Scorching Gaze", "Dread Pall"], ["Kindled Fury"] * 3),
                          penalty=(3, 0))
    act(OFFICIAL, s, "cast Cinder Spark with left", "cast Kindled Fury with left", "cast Scorching Gaze with centre",
        "cast Kindled Fury with centre", "cast Dread Pall with right", "cast Kindled Fury with right")
    assert cited(s, "WoM 10.25") == ["P0: -3 for Wizards not of the declared affiliation"]
    assert cited(s, "WoM 10.16") == ["P0's Final Magic Power cannot be below 0"]
    assert final(s) == (0, 0)  # 1 - 3 stops at 0 and ties P1's 0: nobody wins
    assert cited(s, "WoM 7.9") == ["a tie: the 0 Diamagic at stake stay for the next challenge"]


def test_10_17_modified_magic_power_is_never_below_zero() -> None:
    # Scorching Gaze (0): -2 to the opposite Magic, here Cinder Spark (1): 0, not -1.
    s = GAME.scenario((QUIET, QUIET), (["Scorching Gaze", "Glimmer", "Gloom"], ["Emberbolt", "Ripple", "Cinder Spark"]))
    act(GAME, s, "cast Scorching Gaze with left", "cast Emberbolt with left", "cast Glimmer with centre",
        "cast Ripple with centre", "cast Gloom with right", "cast Cinder Spark with right")
    assert "Cinder Spark (P1): -2 from Scorching Gaze (P0) -> 0" in cited(s, "WoM 8.4")
    assert cited(s, "WoM 10.17") == ["Cinder Spark (P1): a Modified Magic Power is never below 0 (ruling R2: at "
                                     "every step)"]
    assert final(s) == (2, 4)


def test_10_17_modified_magic_power_is_raised_to_zero_at_every_step() -> None:
    # Ruling R2. Hungry Void (5) subtracts Molten Crown's 6 -> 0; then Tidebloom's +1 -> 1 (not 0).
    s = GAME.scenario((QUIET, QUIET), (["Tidebloom", "Hungry Void", "Cinder Spark"], ["Ripple", "Molten Crown",
                                                                                        "Sprout"]), turn_player=1)
    act(GAME, s, "cast Molten Crown with centre", "cast Hungry Void with centre", "cast Ripple with left",
        "cast Tidebloom with left", "cast Sprout with right", "cast Cinder Spark with right")
    steps = [t for t in cited(s, "WoM 8.4") if t.startswith("Hungry Void (P0)")]
    assert steps == ["Hungry Void (P0): subtracts the Magic Power of the opposite Magic from Hungry Void (P0) -> 0",
                     "Hungry Void (P0): +1 from Tidebloom (P0) -> 1"]
    assert final(s) == (4, 8)


# -- 10.19 Reveal (Diamagic) ---------------------------------------------------------------------------
def test_10_19_a_reveal_stake_castle_shows_the_stake_to_both_players() -> None:
    # Turn 1 ties, so P0's green token stays at stake (7.9), known to P0 only (R17). In turn 2
    # P1 brings Tower of Glass, which reveals the Diamagic at stake.
    s = GAME.scenario((QUIET, QUIET), (["Cinder Spark", "Glimmer", "Gloom"], ["Ripple", "Sprout", "Star Shard"]),
                      stake=["green"], castle="Windswept Ruins", castle_decks=([], ["Tower of Glass"]))
    assert GAME.view(s, 0)["stake"] == ["green"] and GAME.view(s, 1)["stake"] == [None]
    act(GAME, s, "cast Cinder Spark with left", "cast Ripple with left", "cast Glimmer with centre",
        "cast Sprout with centre", "cast Gloom with right", "cast Star Shard with right")
    assert final(s) == (3, 3)
    views = [GAME.view(s, seat) for seat in (0, 1, None)]
    assert views[0]["castle"]["name"] == "Tower of Glass" and views[0]["turn"] == 2
    stake = views[0]["stake"]
    assert len(stake) == 2 and "green" in stake and None not in stake
    assert views[1]["stake"] == stake and views[2]["stake"] == stake
    assert cited(s, "WoM 10.19") == ["Tower of Glass reveals the Diamagic at stake: " + ", ".join(stake)]


def test_10_19_a_reveal_stake_castle_brought_by_teletrasporto_reveals_too() -> None:
    # Ember Stair (2): Teletrasporto. P0's Castle deck holds only Court of Crowns (reveal the stake).
    s = GAME.scenario((QUIET, QUIET), (["Ember Stair", "Cinder Spark"], ["Ripple", "Sprout"]), stake=["green"],
                      castle="Windswept Ruins", turn_player=1, castle_decks=(["Court of Crowns"], []))
    assert GAME.view(s, 0)["stake"] == [None]
    act(GAME, s, "cast Ripple with left", "cast Ember Stair with left")
    assert cited(s, "WoM 10.19") == ["Court of Crowns reveals the Diamagic at stake: green"]
    assert GAME.view(s, 0)["stake"] == ["green"] and GAME.view(s, None)["stake"] == ["green"]


# -- 10.25 Team affiliation (Official Challenge) ---------------------------------------------------
OFFICIAL_MAGIC = {"Cinder Spark": 3, "Emberbolt": 3, "Gloom": 3, "Ashen Hex": 3, "Flame Leash": 3,
                  "Scorching Gaze": 3, "Kindled Fury": 3, "Phoenix Rekindling": 3, "Sparkstorm": 3, "Soul Rot": 3,
                  "Crystal Thief": 3, "Shatter Hex": 3, "Dread Pall": 3, "Leaden Curse": 1}  # 40 cards, power 49
OFFICIAL_CASTLES = ["Tower of Glass", "Sunken Library", "Ember Keep", "Hall of Echoing Mirrors", "Thornwood Bastion",
                    "Moonlit Observatory", "Crystal Vault", "Gloomspire"]
# Aldo Brightstaff is of the Wizards of Mickey, Morgrave Quill (Ash Regent) of the Black
# Phantom, Corvin Ashveil a Legendary Wizard. Thrumgar's three cards are one Legendary Wizard.
MIXED = ["Aldo Brightstaff", "Morgrave Quill (Ash Regent)", "Corvin Ashveil"]


def official_deck(team: list[str], affiliation: str) -> dict:
    return {"name": "test", "format": "official", "affiliation": affiliation, "team": team,
            "castles": OFFICIAL_CASTLES, "magic": OFFICIAL_MAGIC}


def lined_up(affiliation: str, seed: int = 0):
    decks = [official_deck(MIXED, affiliation), official_deck(["Thrumgar"] * 3, "Black Phantom")]
    s = OFFICIAL.new_state(seed, {"decks": decks})
    while OFFICIAL.view(s, 0)["phase"] == "line-up":
        act(OFFICIAL, s, legal_texts(OFFICIAL, s)[0])
    return s


def test_10_25_minus_one_per_wizard_not_of_the_declared_affiliation() -> None:
    s = lined_up("Wizards of Mickey")
    assert cited(s, "WoM 10.25") == [
        "P0's team has 2 Wizard(s) not of the declared affiliation Wizards of Mickey: -2 to its Final Magic Power",
        "P1's team has 1 Wizard(s) not of the declared affiliation Black Phantom: -1 to its Final Magic Power"]
    view = OFFICIAL.view(s, 1)  # a Solitary Wizard counts once (9.12, ruling R32)
    assert [(p["affiliation"], p["penalty"]) for p in view["players"]] == [("Wizards of Mickey", 2),
                                                                           ("Black Phantom", 1)]


def test_10_25_legendary_wizard_cannot_be_declared() -> None:
    with pytest.raises(ValueError, match="10.25"):
        OFFICIAL.new_state(0, {"decks": [official_deck(MIXED, "Legendary Wizard"),
                                         official_deck(MIXED, "Wizards of Mickey")]})


@pytest.mark.parametrize("penalty", [0, 2])
def test_10_25_the_penalty_comes_off_the_final_magic_power(penalty: int) -> None:
    # Aldo (left) gives the red Magics he casts +1: Star Shard is yellow. Morgrave Quill (Ash
    # Regent, centre) makes the Magics of printed power 1 or less he casts worth 3: Emberbolt
    # is 3. Corvin Ashveil (right): -1 to the opposite Magic, P1's Ripple (left).
    s = OFFICIAL.scenario((MIXED, QUIET), (["Emberbolt", "Cinder Spark", "Star Shard"], ["Ripple", "Sprout",
                                                                                           "Sunburst"]),
                          penalty=(penalty, 0))
    act(OFFICIAL, s, "cast Star Shard with left", "cast Ripple with left", "cast Emberbolt with centre",
        "cast Sprout with centre", "cast Cinder Spark with right", "cast Sunburst with right")
    assert final(s) == (5 - penalty, 4)
    assert cited(s, "WoM 10.25") == (["P0: -2 for Wizards not of the declared affiliation"] if penalty else [])
    assert cited(s, "WoM 7.9") == [f"P{1 if penalty else 0} wins the challenge and conquers 0 Diamagic"]


def test_10_25_the_declared_affiliation_is_read_as_the_deck_check_reads_it() -> None:
    deck = OFFICIAL.deck(official_deck(MIXED, "wizards of mickey"))
    assert [n.message for n in deck_notes(deck, "official", CARDS)] == [
        "-2 Final Magic Power: 2 team Wizards are not of the declared affiliation (4.2, 10.25)"]
    s = lined_up("wizards of mickey")
    assert OFFICIAL.view(s, 0)["players"][0]["penalty"] == 2


def test_10_18_a_made_keyword_is_not_printed() -> None:
    # Lantern of Ages (1): the Magics of adjacent Wizards are made to possess Continue. Seal of
    # Stillness (2): opposing Magics with Continue *printed* get -2. Lingering Curse (1) has
    # Continue printed (and gives every opposing Magic -1); Ripple only has it made.
    s = GAME.scenario((QUIET, QUIET), (["Lantern of Ages", "Ripple", "Lingering Curse"],
                                       ["Seal of Stillness", "Gloom", "Sunburst"]))
    act(GAME, s, "cast Lantern of Ages with centre", "cast Seal of Stillness with centre", "cast Ripple with left")
    assert GAME.view(s, 1)["players"][0]["team"][0]["cast"]["made"] == ["continue"]
    act(GAME, s, "cast Gloom with left", "cast Lingering Curse with right", "cast Sunburst with right")
    seal = [t for t in cited(s, "WoM 8.4") if "from Seal of Stillness" in t]
    assert seal == ["Lingering Curse (P0): -2 from Seal of Stillness (P1) -> 0"]
    assert final(s) == (2, 3)  # 1 + 1 + 0 against 2 - 1, 1 - 1, 3 - 1


def test_help_at_the_table_reminds_each_special_action_and_word() -> None:
    """Issue 27: `help Blocked`, `help Cancel` ... answer with the reminder, citing the
    rulebook's number; a card is still found by its name."""
    from wizarena.games.mickey.glossary import GLOSSARY

    for word in ("Cancel", "Block", "Blocked", "Confuse", "Continue", "Corrode", "Corrupt", "Untouchable",
                 "Recover", "Reveal", "Swap", "Solitary", "Trickery", "Break", "Static", "Teletrasporto",
                 "Plain", "Immune", "Opposite"):
        answer = GAME.help_text(word.upper())
        assert answer == f"{word}: {GLOSSARY[word]}"
        assert "(9." in answer or "(10." in answer
    assert GAME.help_text(CARDS[0].name) is not None
