"""One scenario per keyword and status of the rulebook's list (Wars Keywords)."""

from __future__ import annotations

import pytest

from wizarena.core import IllegalAction
from wizarena.games.wars import battlefield as bf
from wizarena.games.wars.actions import EXPEND_A, TAP_A
from wizarena.games.wars.cards import BY_NAME, DOOMED, FACES, IMMUNE, LOCKED, POISON
from wizarena.games.wars.state import CHOOSE, MAIN

from .helpers import GAME, act, grave, hand, legal, power, row, rules, table, unit


def test_keywords_assault_cannot_target_invisible():
    s = table(([], ["Mistblade Elf", "Wandering Sellsword"]), (["Scorch"], []))
    act(s, 0, "play Scorch")  # one legal target: chosen without asking
    assert row(s, 1) == ["Mistblade Elf"] and "Wandering Sellsword" in grave(s, 1)
    assert "Wars Keywords/Assault X" in rules(s)


def test_keywords_protector_protects_neighbours_but_cannot_be_protected():
    s = table(([], ["Wandering Sellsword", "Shieldbearer", "Shieldbearer"]), (["Cinder Hurler"], []))
    act(s, 0, "play Cinder Hurler at right end")
    assert legal(s, 0) == ["target P1 slot 2", "target P1 slot 3"]


def test_keywords_assault_damage_lasts_until_its_owners_turn_start():
    s = table(([], ["Wandering Sellsword"]), (["Cinder Hurler"], ["Mountain Goat"]))
    act(s, 0, "play Cinder Hurler at right end")
    assert power(s, 1, 1) == 2 and s.damage[unit(s, 1, 1)] == 2
    act(s, 0, "end turn")
    assert power(s, 1, 1) == 4 and s.damage[unit(s, 1, 1)] == 0


def test_keywords_armor_absorbs_damage_before_power():
    s = table(([], ["Anvil Sentinel"]), (["Cinder Hurler"], []))
    act(s, 0, "play Cinder Hurler at right end")
    sentinel = unit(s, 1, 1)
    assert power(s, 1, 1) == 3 and bf.full_toughness(s, sentinel) == 5 and bf.toughness(s, sentinel) == 3


def test_keywords_assassinate_bypasses_invisibility_and_protection():
    s = table(([], ["Wandering Sellsword", "Shieldbearer", "Mistblade Elf"]), (["Nightmother Vess"], []))
    act(s, 0, "play Nightmother Vess at left end")
    assert legal(s, 0) == ["target P1 slot 1", "target P1 slot 2", "target P1 slot 3"]
    act(s, 0, "target P1 slot 3")
    assert "Mistblade Elf" in grave(s, 1)


def test_keywords_overkill_triggers_on_excess_damage():
    s = table(([], ["Mountain Goat"]), (["Magma Giant"], []))
    act(s, 0, "play Magma Giant at right end")
    assert s.points[0] == 2 and "Wars Keywords/Overkill X" in rules(s)


def test_keywords_toughness_limits_a_destroy():
    s = table(([], ["Hill Ogre", "Wandering Sellsword"]), (["Soul Harvest"], []), dice=["Dark"] * 9)
    act(s, 0, "play Soul Harvest")
    act(s, 0, "expend Dark from an allied die")
    assert row(s, 1) == ["Hill Ogre"]


def test_keywords_toughness_is_the_power_and_armor_a_unit_has_now():
    """Wars Keywords: "Toughness X: A unit's power plus its armor." Damage wears armor away,
    then power (ruling R2), so a 5/0 Hill Ogre with 1 damage has power 4 and toughness 4:
    Soul Harvest's "toughness 4 or less" now reaches it."""
    s = table(([], ["Hill Ogre", "Wandering Sellsword"]), (["Soul Harvest"], []), dice=["Dark"] * 9)
    ogre = unit(s, 1, 1)
    s.damage[ogre] = 1
    assert power(s, 1, 1) == 4 and bf.toughness(s, ogre) == 4
    act(s, 0, "play Soul Harvest")
    act(s, 0, "expend Dark from an allied die")
    assert legal(s, 0) == ["target P1 slot 1", "target P1 slot 2"]
    act(s, 0, "target P1 slot 1")
    assert "Hill Ogre" in grave(s, 1)


def test_keywords_destroy_emplacement():
    s = table(([], ["Crossroads Inn", "Mountain Goat"]), (["Siege Sapper"], []))
    act(s, 0, "play Siege Sapper at right end")
    assert row(s, 1) == ["Mountain Goat"] and grave(s, 1) == ["Crossroads Inn"]


def test_keywords_banish():
    s = table(([], ["Mountain Goat"]), (["Exile Warden"], []))
    act(s, 0, "play Exile Warden at right end")
    assert row(s, 1) == [] and grave(s, 1) == [] and len(s.banished) == 1


def test_keywords_seize_moves_the_unit_upside_down_to_the_opposite_graveyard():
    s = table(([], ["Wandering Sellsword"]), (["Undertow"], ["Mountain Goat"]), dice=["Water"] * 9)
    act(s, 0, "play Undertow")
    act(s, 0, "expend Water from a common die")
    assert row(s, 0) == ["Wandering Sellsword"] and bf.score(s, 0) == 4
    bf.clear_row(s, 0)
    assert grave(s, 0) == ["Undertow", "Wandering Sellsword"] and "Wars Clarifications" in rules(s)


def test_keywords_disloyal_counts_for_the_opponent_and_goes_to_their_graveyard():
    s = table(([], []), (["Abyssal Turncoat"], []), decks=(["Scorch", "Rally"], []))
    act(s, 0, "play Abyssal Turncoat at left end")
    assert row(s, 1) == ["Abyssal Turncoat"] and bf.score(s, 1) == 5 and hand(s, 0) == ["Rally", "Scorch"]
    bf.clear_row(s, 1)
    assert grave(s, 1) == ["Abyssal Turncoat"] and grave(s, 0) == []


def test_keywords_create_introduces_a_token():
    s = table(([], []), (["Ghoul Pack"], []))
    n = len(s.card)
    act(s, 0, "play Ghoul Pack at left end")
    assert row(s, 0) == ["Ghoul Pack", "Ghoul"] and len(s.card) == n + 1


def test_keywords_summon_bypasses_when_played():
    s = table(([], ["Mountain Goat"]), (["Forgequeen Brenna"], []))
    s.sideboard[0].append(bf.new_instance(s, 1, 0))  # Ember Drake
    act(s, 0, "play Forgequeen Brenna at left end")
    while s.phase == 3:
        act(s, 0, legal(s, 0)[0])
    assert row(s, 0) == ["Forgequeen Brenna", "Ember Drake"] and "Wars Keywords/Summon" in rules(s)


def test_keywords_discard_from_hand_and_deck():
    s = table(([], []), (["Whispering Envoy"], ["Scorch"]))
    act(s, 0, "play Whispering Envoy at left end")
    assert hand(s, 1) == [] and grave(s, 1) == ["Scorch"]
    s = table(([], []), (["Caravan Master"], []), decks=(["Rally", "Scorch"], []))
    act(s, 0, "play Caravan Master at left end")
    assert grave(s, 0) == ["Scorch"] and hand(s, 0) == ["Rally"]


def test_keywords_haste_lets_a_card_tap_the_turn_it_is_played():
    s = table(([], ["Hill Ogre"]), (["Ashen Berserker"], []))
    act(s, 0, "play Ashen Berserker at left end")
    assert "tap Ashen Berserker at slot 1" in legal(s, 0)
    s = table(([], []), (["Kiln Stoker"], []))
    act(s, 0, "play Kiln Stoker at left end")
    assert not any(t.startswith("tap") for t in legal(s, 0))


def test_keywords_engine_untaps_at_allied_turn_start():
    s = table((["Kiln Stoker"], ["Mountain Goat"]), (["Scorch", "Rally"], ["Rally"]))
    act(s, 0, "tap Kiln Stoker at slot 1")
    act(s, 0, "set your die 1 to Fire") if s.phase == 3 else None
    assert s.tapped[unit(s, 0, 1)]
    act(s, 0, "play Scorch")
    act(s, 0, "end turn")
    act(s, 1, "pass")
    assert not s.tapped[unit(s, 0, 1)] and "Wars Keywords/Engine" in rules(s)


def test_keywords_spawn_sets_a_chosen_die_and_expend_rerolls():
    s = table(([], []), (["Wild Druid"], []), dice=["Water"] * 9)
    act(s, 0, "play Wild Druid at left end")
    assert legal(s, 0) == ["set common die 1 to Earth", "set your die 1 to Earth"]
    act(s, 0, "set your die 1 to Earth")
    assert s.dice[3] == FACES.index("Earth")
    s = table(([], []), (["Smite"], []), dice=["Water", "Water", "Water", "Light", "Water", "Water"] + ["Water"] * 3)
    s.rng.state = 1
    act(s, 0, "play Smite")
    assert "Wars Keywords/Expend" in rules(s)


def test_keywords_spawn_may_choose_a_die_that_already_shows_the_face():
    """Wars Keywords/Spawn: "take a common or allied mana die of your choice and turn it to a
    specific face". Any die is the player's choice, one already showing the face too (which
    changes nothing: a way to leave the other dice as they are)."""
    s = table(([], []), (["Wild Druid"], []), dice=["Water", "Earth", "Water"] * 2 + ["Water"] * 3)
    act(s, 0, "play Wild Druid at left end")
    assert legal(s, 0) == ["set common die 1 to Earth", "set common die 2 to Earth", "set your die 1 to Earth",
                           "set your die 2 to Earth"]
    act(s, 0, "set common die 2 to Earth")
    assert s.dice[:6] == dice("Water", "Earth", "Water", "Water", "Earth", "Water")
    s = table(([], []), (["Wild Druid"], []), dice=["Earth"] * 9)
    act(s, 0, "play Wild Druid at left end")  # every die shows Earth: the spawn changes nothing, asks nothing
    assert s.phase == MAIN and s.dice == dice(*["Earth"] * 9)


def test_keywords_haste_a_summoned_haste_unit_taps_the_turn_it_arrives():
    """Wars Keywords/Haste: "The card can be tapped on the turn it is played"; Summon "moves a
    card to the battlefield without playing it". Ruling R6 reads Haste's turn as the turn the
    card arrives, played or summoned: Forgequeen Brenna summons Ember Drake, which taps at once."""
    s = table(([], ["Mountain Goat"]), (["Forgequeen Brenna"], []), dice=["Fire"] * 9)
    s.sideboard[0] = [bf.new_instance(s, BY_NAME["ember drake"], 0)]
    act(s, 0, "play Forgequeen Brenna at right end")
    assert row(s, 0) == ["Forgequeen Brenna", "Ember Drake"]
    assert "tap Ember Drake at slot 2" in legal(s, 0) and "tap Forgequeen Brenna at slot 1" not in legal(s, 0)


def dice(*faces: str) -> list[int]:
    return [FACES.index(f) for f in faces]


def action(text: str):
    return next(a for a in GAME.actions if a.text == text)


def expends(s) -> list[str]:
    return [e.text for e in s.log if e.rule == "Wars Keywords/Expend"]


# Common dice 1-3, P0's allied dice 1-3, P1's allied dice 1-3.
WATER_BOTH = ["Water", "Fire", "Fire", "Earth", "Water", "Water", "Air", "Air", "Air"]


def test_keywords_expend_asks_allied_or_common_when_both_show_the_face():
    # Riptide Archer: "Tap, expend Water: assault 2". Water shows on common die 1 and on
    # P0's allied dice 2 and 3 (alike: one option).
    s = table((["Riptide Archer"], ["Hill Ogre"]), dice=WATER_BOTH)
    s.rng.state = 1  # the reroll shows Dark
    act(s, 0, "tap Riptide Archer at slot 1")
    assert s.phase == CHOOSE and GAME.to_act(s) == (0,) and s.tapped[unit(s, 0, 1)]
    assert legal(s, 0) == ["expend Water from an allied die", "expend Water from a common die"]
    assert s.damage[unit(s, 1, 1)] == 0  # the ability waits for its cost
    v = GAME.view(s, 0)
    assert v["legal"] == legal(s, 0) and v["choice"] == {
        "seat": 0, "card": "Riptide Archer", "ability": "expend Water", "expend": "Water"}
    assert "P0 chooses for Riptide Archer (expend Water)" in GAME.render_text(v)
    assert GAME.view(s, 1)["choice"]["expend"] == "Water" and GAME.legal_actions(s, 1) == []
    act(s, 0, "expend Water from an allied die")
    assert s.dice == dice("Water", "Fire", "Fire", "Earth", "Dark", "Water", "Air", "Air", "Air")
    assert s.phase == MAIN and s.damage[unit(s, 1, 1)] == 2
    assert expends(s) == ["P0 expends Water from allied die 2: it is rerolled and shows Dark"]
    # A play cost asks the same way (Undertow: "To play it, expend Water"), before the
    # card's "when played" ability acts.
    s = table(([], ["Wandering Sellsword"]), (["Undertow"], []), dice=WATER_BOTH)
    s.rng.state = 1
    act(s, 0, "play Undertow")
    assert legal(s, 0) == ["expend Water from an allied die", "expend Water from a common die"]
    assert row(s, 1) == ["Wandering Sellsword"]
    act(s, 0, "expend Water from a common die")
    assert s.dice[0] == FACES.index("Dark") and s.dice[4:6] == dice("Water", "Water")
    assert row(s, 0) == ["Wandering Sellsword"] and s.phase == MAIN
    assert expends(s) == ["P0 expends Water from common die 1: it is rerolled and shows Dark"]
    # Equipment taps too (Runed Warhammer: "Tap, expend Fire: assault 3").
    s = table((["Mountain Goat"], ["Hill Ogre"]), gear={(0, 0): ["Runed Warhammer"]},
              dice=["Fire", "Air", "Air", "Fire", "Air", "Air", "Air", "Air", "Air"])
    act(s, 0, "tap Runed Warhammer on slot 1")
    assert legal(s, 0) == ["expend Fire from an allied die", "expend Fire from a common die"]


def test_keywords_expend_asks_nothing_when_only_one_kind_shows_the_face():
    # Water only on common die 2 (P1's allied Water is not P0's to use).
    s = table((["Riptide Archer"], ["Hill Ogre"]),
              dice=["Fire", "Water", "Fire", "Earth", "Earth", "Earth", "Water", "Water", "Water"])
    s.rng.state = 1
    act(s, 0, "tap Riptide Archer at slot 1")
    assert s.phase == MAIN and s.damage[unit(s, 1, 1)] == 2
    assert s.dice == dice("Fire", "Dark", "Fire", "Earth", "Earth", "Earth", "Water", "Water", "Water")
    assert expends(s) == ["P0 expends Water from common die 2: it is rerolled and shows Dark"]
    # Water only on P0's allied dice 2 and 3: the first is rerolled.
    s = table((["Riptide Archer"], ["Hill Ogre"]),
              dice=["Fire", "Fire", "Fire", "Earth", "Water", "Water", "Water", "Water", "Water"])
    s.rng.state = 1
    act(s, 0, "tap Riptide Archer at slot 1")
    assert s.phase == MAIN and s.damage[unit(s, 1, 1)] == 2
    assert s.dice[:6] == dice("Fire", "Fire", "Fire", "Earth", "Dark", "Water")
    assert expends(s) == ["P0 expends Water from allied die 2: it is rerolled and shows Dark"]
    # A play cost: Smite ("To play it, expend Light") with Light on an allied die only.
    s = table(([], ["Hill Ogre"]), (["Smite"], []),
              dice=["Water", "Water", "Water", "Light", "Water", "Water", "Light", "Light", "Light"])
    s.rng.state = 1
    act(s, 0, "play Smite")
    assert s.phase == MAIN and s.dice[3] == FACES.index("Dark") and len(expends(s)) == 1


@pytest.mark.parametrize("kind", ["a common die", "an allied die"])
def test_keywords_expend_of_a_common_die_rerolls_the_die_the_opponent_shares(kind):
    # Water on common die 1 and P0's allied die 1. P1's Riptide Archer can use only the
    # common Water: expending it takes the face away from P1, the allied die leaves it.
    s = table((["Riptide Archer"], ["Riptide Archer"]), ([], ["Mountain Goat"]),
              dice=["Water", "Fire", "Fire", "Water", "Earth", "Earth", "Air", "Air", "Air"])
    s.rng.state = 1  # the reroll shows Dark
    act(s, 0, "tap Riptide Archer at slot 1")
    act(s, 0, f"expend Water from {kind}")
    act(s, 0, "pass")
    assert GAME.to_act(s) == (1,)
    seen = GAME.view(s, 1)
    if kind == "a common die":
        assert seen["common_dice"] == ["Dark", "Fire", "Fire"] and seen["players"][0]["allied_dice"][0] == "Water"
        assert "tap Riptide Archer at slot 1" not in legal(s, 1)
    else:
        assert seen["common_dice"] == ["Water", "Fire", "Fire"] and seen["players"][0]["allied_dice"][0] == "Dark"
        act(s, 1, "tap Riptide Archer at slot 1")  # only the common die shows Water: no question
        assert s.phase == MAIN and expends(s)[-1].startswith("P1 expends Water from common die 1: ")
    assert GAME.view(s, 0)["common_dice"] == GAME.view(s, 1)["common_dice"]


def test_keywords_expend_choice_refused_when_illegal_with_the_state_unchanged():
    s = table((["Riptide Archer", "Kiln Stoker"], ["Hill Ogre"]), (["Scorch"], ["Mountain Goat"]), dice=WATER_BOTH)

    def snapshot():
        return (GAME.view(s, None), GAME.view(s, 0), GAME.view(s, 1), len(s.log), s.rng.state, s.dice[:],
                s.queue[:], s.choice, s.phase)

    # No expend waits for its die in the main phase.
    before = snapshot()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, action("expend Water from a common die"))
    assert err.value.rule == "Wars Keywords/Expend" and snapshot() == before
    act(s, 0, "tap Riptide Archer at slot 1")
    before = snapshot()
    for seat, text, rule in [
        (0, "expend Fire from a common die", "Wars Keywords/Expend"),   # not the face being paid
        (0, "expend Earth from an allied die", "Wars Keywords/Expend"),
        (0, "target P1 slot 1", "Wars Keywords/Expend"),
        (0, "tap Kiln Stoker at slot 2", "Wars Playing the Game"),      # no tap while a cost is paid
        (0, "play Scorch", "Wars Keywords/Expend"),
        (0, "pass", "Wars Keywords/Expend"),
        (0, "end turn", "Wars Keywords/Expend"),
        (1, "expend Water from a common die", "Wars Playing the Game"),  # not P1's choice
    ]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, seat, action(text))
        assert err.value.rule == rule, text
        assert snapshot() == before, text
    act(s, 0, "expend Water from a common die")
    assert s.phase == MAIN and s.damage[unit(s, 1, 1)] == 2


def test_keywords_expend_choices_are_new_actions_after_every_earlier_one():
    ids = sorted(a.id for pair in EXPEND_A for a in pair)
    assert ids == list(range(len(GAME.actions) - 12, len(GAME.actions)))
    assert max(a.id for taps in TAP_A for a in taps) < ids[0]
    assert all(GAME.action_hint(GAME.actions[i]) == "" for i in ids)
    s = table((["Riptide Archer"], []), dice=WATER_BOTH)
    act(s, 0, "tap Riptide Archer at slot 1")
    assert GAME.parse_action(s, 0, "expend water from a common die") is EXPEND_A[1][0]


def test_keywords_chaos_needs_unique_faces():
    s = table(([], ["Hill Ogre"]), (["Flame Vanguard"], []))  # six unique faces
    act(s, 0, "play Flame Vanguard at left end")
    assert s.damage[unit(s, 1, 1)] == 3
    s = table(([], ["Hill Ogre"]), (["Flame Vanguard"], []), dice=["Fire"] * 9)
    act(s, 0, "play Flame Vanguard at left end")
    assert s.damage[unit(s, 1, 1)] == 0 and "Wars Keywords/Chaos X" in rules(s)


def test_keywords_paired_needs_another_copy():
    s = table((["Twin Forgehands"], []), (["Twin Forgehands"], []))
    act(s, 0, "play Twin Forgehands at right end")
    assert power(s, 0, 2) == 6 and power(s, 0, 1) == 3


def test_keywords_imbibe_triggers_when_a_liquor_is_equipped():
    s = table((["Pitfire Brawler"], []), (["Molten Ale"], []))
    act(s, 0, "play Molten Ale on slot 1")
    assert power(s, 0, 1) == 2 + 2 + 2  # printed, the ale's power, imbibe


def test_keywords_tall_counters_add_power_and_devour_gains_them():
    s = table((["Mountain Goat"], []), (["Cinderborn Colossus"], []))
    act(s, 0, "play Cinderborn Colossus at right end")
    assert row(s, 0) == ["Cinderborn Colossus"] and s.counters[unit(s, 0, 1)] == 2 and power(s, 0, 1) == 10


def test_keywords_plunder_gains_points_when_destroyed():
    s = table(([], ["Bone Knight"]), (["Scorch"], []))
    s.damage[unit(s, 1, 1)] = 1  # 4 power and 1 armor: one point already dealt this round
    act(s, 0, "play Scorch")
    assert row(s, 1) == [] and s.points[1] == 2 and bf.score(s, 1) == 2


def test_keywords_harmony_triggers_for_a_unique_racial_category():
    s = table((["Salamander Whelp", "Wandering Sellsword"], []), (["Shieldbearer", "Cinder Hurler"], []))
    act(s, 0, "play Shieldbearer at right end")  # a second Human: no harmony
    assert power(s, 0, 1) == 2
    s = table((["Salamander Whelp"], []), (["Shieldbearer"], []))
    act(s, 0, "play Shieldbearer at right end")
    assert power(s, 0, 1) == 3


def test_keywords_diversity_counts_racial_categories():
    s = table((["Mountain Goat", "Wandering Sellsword"], []), (["Pearl Diver"], []), decks=(["Scorch"], []))
    act(s, 0, "play Pearl Diver at right end")
    assert hand(s, 0) == ["Scorch"]
    s = table((["Wandering Sellsword"], []), (["Pearl Diver"], []), decks=(["Scorch"], []))
    act(s, 0, "play Pearl Diver at right end")
    assert hand(s, 0) == []


def test_keywords_devotion_needs_a_deck_without_unaffiliated_cards():
    s = table(([], []), (["Forge Oath"], []), devoted=(True, False))
    act(s, 0, "play Forge Oath at right end")
    assert power(s, 0, 1) == 7
    s = table(([], []), (["Forge Oath"], []))
    act(s, 0, "play Forge Oath at right end")
    assert power(s, 0, 1) == 4


@pytest.mark.parametrize(("rnd", "expected"), [(1, 4), (2, 6), (3, 8)])
def test_keywords_veteran_grows_in_rounds_two_and_three(rnd, expected):
    s = table((["Hearth Elder"], []), round=rnd)
    assert power(s, 0, 1) == expected


def test_keywords_purify_removes_statuses_even_of_an_invisible_unit():
    s = table(([], ["Mistblade Elf"]), (["Coral Priestess"], []))
    act(s, 0, "play Coral Priestess at right end")
    act(s, 0, "target P1 slot 1")
    assert s.status[unit(s, 1, 1)] == 0


def test_keywords_echo_tactics_return_only_at_round_three():
    from wizarena.games.wars import turn as tn
    s = table(([], []), (["Mountain Goat"], ["Mountain Goat"]), graves=(["Tidal Renewal"], []),
              decks=(["Scorch"] * 5, ["Scorch"] * 5))
    s.round = 2
    tn.next_round(s)
    assert grave(s, 0) == ["Tidal Renewal"]
    s = table(([], []), (["Mountain Goat"], ["Mountain Goat"]), graves=(["Tidal Renewal"], []),
              decks=(["Scorch"] * 5, ["Scorch"] * 5))
    s.round = 3
    tn.next_round(s)
    assert grave(s, 0) == [] and "Tidal Renewal" in hand(s, 0) and "Wars Keywords/Echo" in rules(s)
    assert [s.card[i] for i in s.known[0]] == [s.card[i] for i in s.hand[0] if "Tidal" in bf.name(s, i)]


def test_status_locked_disables_abilities():
    s = table(([], ["Kiln Stoker"]), (["Tidecaller Ysolde"], []))
    act(s, 0, "play Tidecaller Ysolde at left end")
    assert s.status[unit(s, 1, 1)] & LOCKED
    act(s, 0, "end turn")
    assert not any(t.startswith("tap") for t in legal(s, 1))


def test_status_poison_destroys_on_the_second_infliction():
    s = table(([], ["Hill Ogre"]), (["Crypt Shade", "Crypt Shade"], ["Mountain Goat", "Mountain Goat"]))
    act(s, 0, "play Crypt Shade at left end")
    assert s.status[unit(s, 1, 1)] & POISON
    act(s, 0, "end turn")
    act(s, 1, "pass")
    act(s, 0, "play Crypt Shade at left end")
    assert row(s, 1) == [] and "Wars Keywords/Poison" in rules(s)


def test_status_doomed_banishes_when_it_leaves():
    s = table(([], ["Hill Ogre"]), (["Mark of Doom"], []))
    act(s, 0, "play Mark of Doom")
    assert s.status[unit(s, 1, 1)] & DOOMED
    bf.clear_row(s, 1)
    assert grave(s, 1) == [] and len(s.banished) == 1


def test_status_bounty_lets_the_opponent_spawn_any_mana():
    s = table(([], ["Wandering Sellsword"]), (["Bounty Crier"], []), dice=["Fire"] * 9)
    act(s, 0, "play Bounty Crier at right end")
    assert s.bounty[unit(s, 1, 1)] == 2
    bf.destroy(s, unit(s, 1, 1), "test")
    from wizarena.games.wars import turn as tn
    # any die of either kind to any face, its own face too (Wars Keywords/Spawn: "of your choice")
    assert tn.run(s) and s.choice is not None and s.choice[1] == 0 and len(s.options) == 12


def test_status_immune_blocks_further_statuses():
    s = table(([], ["Clockwork Golem"]), (["Tidecaller Ysolde"], []))
    act(s, 0, "play Tidecaller Ysolde at left end")
    assert s.status[unit(s, 1, 1)] == IMMUNE and "Wars Keywords/Immune" in rules(s)


def test_status_invisible_units_cannot_be_targeted_by_the_opponent():
    s = table(([], ["Mistblade Elf"]), (["Tidecaller Ysolde"], []))
    act(s, 0, "play Tidecaller Ysolde at left end")
    assert s.status[unit(s, 1, 1)] & LOCKED == 0


def test_tapping_while_when_played_resolves_is_refused():
    s = table((["Ashen Berserker"], ["Mountain Goat", "Hill Ogre"]), (["Cinder Hurler"], []))
    s.arrived[unit(s, 0, 1)] = 0
    act(s, 0, "play Cinder Hurler at right end")
    assert s.phase == 3
    before = GAME.view(s, 0)
    with pytest.raises(IllegalAction) as err:
        act_direct = GAME.actions[[a.text for a in GAME.actions].index("tap Ashen Berserker at slot 1")]
        GAME.apply(s, 0, act_direct)
    assert err.value.rule == "Wars Playing the Game" and GAME.view(s, 0) == before


def test_every_keyword_and_status_has_reminder_text_at_the_table() -> None:
    """Issue 27: Protector, Engine, Haste, Harmony, Imbibe, Chaos, Paired, Veteran, Echo ...
    had no reminder anywhere. `help WORD` answers each keyword of the rulebook's list, and
    every keyword the card data uses has one."""
    import wizarena
    from wizarena.games.wars.cards import CARDS
    from wizarena.games.wars.glossary import GLOSSARY

    game = wizarena.load_game("wars")
    for word in ("Protector", "Engine", "Haste", "Harmony", "Imbibe", "Chaos", "Paired", "Veteran", "Echo",
                 "Devotion", "Locked", "Stalwart", "Overkill", "Plunder", "Bounty"):
        answer = game.help_text(word.lower())
        assert answer is not None and answer.startswith(f"{word}: ") and len(answer) > len(word) + 20
    used = {word for card in CARDS for word in GLOSSARY if word.lower() in card.text.lower()}
    assert {"Protector", "Haste", "Engine"} <= used  # the collection's texts speak these words
    assert game.help_text("Anvil Sentinel") is not None  # a card is still found by its name
