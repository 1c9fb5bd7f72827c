"""The view keeps the last battle's fights (issue 27, "see the game happen"): a table draws
each fight one after another from this data, never from the log's words. Every fight is
public, so both seats and a spectator see the same record."""

from __future__ import annotations

import random

from .helpers import GAME, act, battle


def fights(s, seat=0):
    return GAME.view(s, seat)["battle"]["fights"]


def test_each_fight_is_kept_in_order_with_its_wizards_and_winner():
    s = battle(["Tide Caller", "Night Sovereign"], ["Night Sovereign"])
    record = GAME.view(s, 0)["battle"]
    assert record["match"] == 1 and record["over"] and record["winners"] == [0]
    first, second = record["fights"]
    assert [f["number"] for f in record["fights"]] == [1, 2]
    assert [side["card"] for side in first["sides"]] == ["Tide Caller", "Night Sovereign"]
    assert first["winner"] == 1 and first["decided_by"] == "power" and first["rule"] == "Cup 2 Battle/Magic Power"
    assert [side["lost"] for side in first["sides"]] == [True, False]
    # The second fight: Tide Caller tops P0's pile and takes 2 from P1's wizard.
    p0, p1 = second["sides"]
    assert (p0["card"], p0["power"], p0["modifiers"]) == ("Night Sovereign", 10, [])
    assert p1["power"] == 8 and p1["printed"] == 10
    assert p1["modifiers"] == [{"amount": -2, "card": "Tide Caller", "seat": 0, "how": "support",
                                "rule": "Cup Abilities/Support"}]
    assert p0["discard"] == ["Tide Caller"] and p1["discard"] == []
    assert second["winner"] == 0 and not second["lower_wins"]
    assert second["said"][-1] == ("P0's Night Sovereign (10) against P1's Night Sovereign (8): "
                                  "P0's Night Sovereign wins with the higher Magic Power")


def test_an_attached_change_names_the_card_that_attached_it():
    s = battle(["Hermit"], ["Frost Witch"])
    [fight] = fights(s)
    hermit = fight["sides"][0]
    assert hermit["power"] == 4 and hermit["modifiers"] == [
        {"amount": -3, "card": "Frost Witch", "seat": 1, "how": "attached", "rule": "Cup Abilities/Quick"}]
    assert fight["winner"] == 1
    assert any("Frost Witch" in note for note in fight["notes"])


def test_attribute_and_ability_fights_say_how_they_were_decided():
    [fight] = fights(battle(["Salamander"], ["Botanist"]))
    assert fight["decided_by"] == "attribute" and fight["winner"] == 0
    assert fight["rule"] == "Cup 2 Battle/Attribute Compatibility"
    assert all(side["power"] is None for side in fight["sides"])
    [fight] = fights(battle(["Bard"], ["Dancer"]))
    assert fight["decided_by"] == "ability" and fight["winner"] == 1
    [fight] = fights(battle(["Hermit"], ["Hermit"]))
    assert fight["winner"] is None and all(side["lost"] for side in fight["sides"])


def test_mirror_mage_makes_the_lower_power_win_and_the_record_says_so():
    [fight] = fights(battle(["Mirror Mage"], ["Golem"]))
    assert fight["lower_wins"] and fight["winner"] == 0


def test_the_record_grows_while_a_battle_waits_on_a_choice():
    s = battle(["Salamander", "Necromancer", "Priestess"], ["Golem"])
    before = len(fights(s))
    act(GAME, s, 0, "decline ability")
    after = fights(s)
    assert len(after) > before and [f["number"] for f in after] == list(range(1, len(after) + 1))


def test_the_battle_stays_until_the_next_one_begins():
    rng = random.Random(3)
    s = GAME.new_state(3)
    seen_match = None
    while GAME.to_act(s):
        view = GAME.view(s, 0)
        record = view["battle"]
        if record is not None:
            if view["phase"] in ("order", "swap"):
                # between battles: the last one, whole and settled
                assert record["match"] == view["match"] - 1 and record["over"]
                assert record["winners"] == view["matches"][record["match"] - 1]
            seen_match = record["match"]
        p = rng.choice(GAME.to_act(s))
        GAME.apply(s, p, rng.choice(GAME.legal_actions(s, p)))
    assert seen_match is not None and GAME.view(s, 0)["battle"]["over"]


def test_both_seats_and_a_spectator_see_the_same_battle():
    rng = random.Random(8)
    s = GAME.new_state(8)
    while GAME.to_act(s):
        views = [GAME.view(s, seat)["battle"] for seat in (0, 1, None)]
        assert views[0] == views[1] == views[2]
        p = rng.choice(GAME.to_act(s))
        GAME.apply(s, p, rng.choice(GAME.legal_actions(s, p)))


def test_a_table_without_events_keeps_no_record():
    s = GAME.setup_battle((["Golem"], ["Hermit"]), log=False)
    assert GAME.view(s, 0)["battle"] is None
