"""Why a choice is refused (issue 27, "Why not?"): Wizards Cup says which of the player's
own cards or which phase stands in the way, with the rule, and says nothing of the
opponent's hidden six."""

from __future__ import annotations

import wizarena
from tests.games.refusals import refused

GAME = wizarena.load_game("cup")


def test_selecting_a_card_already_in_the_six() -> None:
    """Cup 0: each player selects five wizards besides the one drawn at random from his set."""
    state = GAME.new_state(3)
    drawn = GAME.view(state, 0)
    mine = next(a for a in GAME.legal_actions(state, 0))
    GAME.apply(state, 0, mine)
    refusal = refused(GAME, state, 0, mine.text)
    assert refusal.reason.endswith("is already one of your six") and refusal.rule == "Cup 0 Selection"
    assert drawn is not None


def test_selecting_the_card_the_opponent_drew_from_your_set() -> None:
    state = GAME.new_state(3)
    legal = {a.text for a in GAME.legal_actions(state, 0)}
    taken = next(a for a in GAME.actions if a.kind == "select" and a.text not in legal)
    refusal = refused(GAME, state, 0, taken.text)
    assert "your opponent drew it at random from your set" in refusal.reason


def test_placing_during_selection_names_the_phase() -> None:
    refusal = refused(GAME, GAME.new_state(3), 0, "place Golem")
    assert refusal.reason == "'place Golem' is not allowed now: it is time to select, not to place"
    assert refusal.rule == "Cup 0 Selection"


def test_a_refusal_never_names_the_opponent_s_hidden_six() -> None:
    """The same refusal whatever the opponent selected: his six is hidden."""
    first, second = GAME.new_state(3), GAME.new_state(3)
    opponent = GAME.legal_actions(first, 1)
    GAME.apply(first, 1, opponent[0])
    GAME.apply(second, 1, opponent[1])
    for action in GAME.actions:
        if action not in GAME.legal_actions(first, 0):
            assert GAME.explain(first, 0, action.text) == GAME.explain(second, 0, action.text)


def test_menus_and_help_show_a_card_s_ability_and_weakness() -> None:
    """Issue 27: Cup's selection showed only attribute and power, no ability and no
    weakness chart. A card's hint carries both; `help attributes` prints the chart."""
    dancer = next(a for a in GAME.actions if a.text == "select Dancer")
    assert GAME.action_hint(dancer) == ("Non, power 1, no weakness; Dancer wins the battle against any wizard "
                                        "that has an ability.")
    salamander = next(a for a in GAME.actions if a.text == "select Salamander")
    assert "weak to Water" in GAME.action_hint(salamander)
    chart = GAME.help_text("attributes")
    assert chart is not None and "Light: weak to Fire, Grass, Water" in chart and "Cup 2 Battle" in chart
    druid = GAME.help_text("druid")
    assert druid is not None and "no weakness (its ability)" in druid.lower()
