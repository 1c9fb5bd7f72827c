"""The log and the terminal say who and why (issue 27): a modifier of the count names its
source card and that card's player, a Special Action names whose card acts, and the
terminal says what a pending decision is about in a sentence."""

from __future__ import annotations

from .helpers import GAME, act, cited
from .test_rules_setup_turn import P0_WINS, challenge, plain_table
from .test_special_actions import QUIET, corrode_table


def test_a_castle_modifier_names_the_player_who_brought_the_castle():
    s = plain_table(castle="Ember Keep", hands=(["Emberbolt", "Cinder Spark"], ["Molten Crown", "Ripple"]))
    act(GAME, s, "cast Emberbolt with left", "cast Molten Crown with left", "cast Cinder Spark with centre",
        "cast Ripple with centre")
    keep = [e for e in s.log if e.rule == "WoM 8.4" and "Ember Keep" in e.text]
    assert keep and all(e.text.startswith(("Emberbolt (P0): ", "Molten Crown (P1): ", "Cinder Spark (P0): "))
                        and " from Ember Keep (P0) -> " in e.text for e in keep)
    assert all(e.to is None for e in keep)  # counted after 7.7 turned every Magic face up: public


def test_a_magic_modifier_names_its_player_on_either_side():
    # Seal of Stillness (P1) gives P0's Lingering Curse -2; the Curse gives P1's Magics -1.
    s = GAME.scenario((QUIET, QUIET), (["Lantern of Ages", "Ripple", "Lingering Curse"],
                                       ["Seal of Stillness", "Gloom", "Sunburst"]))
    act(GAME, s, "cast Lantern of Ages with centre", "cast Seal of Stillness with centre", "cast Ripple with left",
        "cast Gloom with left", "cast Lingering Curse with right", "cast Sunburst with right")
    said = cited(s, "WoM 8.4")
    assert "Lingering Curse (P0): -2 from Seal of Stillness (P1) -> 0" in said
    assert any(t.startswith("Sunburst (P1): -1 from Lingering Curse (P0) -> ") for t in said)


def test_a_special_action_names_whose_card_acts():
    s = corrode_table()
    act(GAME, s, "discard Cinder Spark")
    assert cited(s, "WoM 9.6")[0] == "P0 discards Cinder Spark to Corrode (P0's Ashen Hex)"


def test_the_terminal_says_what_a_corrode_waits_on():
    s = corrode_table()
    mine = GAME.render_text(GAME.view(s, 0)).splitlines()[-1]
    theirs = GAME.render_text(GAME.view(s, 1)).splitlines()[-1]
    assert mine == ("deciding: you may discard a card from hand so that Corrode (P0's Ashen Hex) discards the "
                    "Magic it strikes (9.6)")
    assert theirs.startswith("deciding: P0 may discard a card from hand")


def test_the_terminal_says_the_hand_limit_as_a_sentence():
    s = plain_table(hands=(["Emberbolt", "Sunburst", "Glimmer", "Noonday Blaze", "Tidal Surge", "Leviathan Call",
                            "Oakheart Slam"], ["Ripple", "Gloom", "Star Shard", "Starseed", "Sprout"]))
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to left")
    view = GAME.view(s, 0)
    assert view["pending"] == {"effect": "limit", "player": 0}
    assert GAME.render_text(view).splitlines()[-1] == (
        "deciding: you must discard down to 5 cards (hand limit, 7.13)")
    assert GAME.render_text(GAME.view(s, 1)).splitlines()[-1] == (
        "deciding: P0 must discard down to 5 cards (hand limit, 7.13)")
    assert "limit for P0" not in GAME.render_text(GAME.view(s, None))
