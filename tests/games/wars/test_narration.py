"""The log and the terminal say who and why (issue 27): a change to a unit's power names the
card that made it and whose card that is, scores are said per player, the finished
table states its result once (the terminal says it below the table), and a card's text
says each ability once."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from wizarena.core import Rng
from wizarena.games.wars.cards import BY_NAME, CARDS, TRIGGERS, CardDataError, parse_cards
from wizarena.games.wars.effects import TRIGGER_WORDS

from .helpers import GAME, act, table


def said(s, rule: str | None = None) -> list[str]:
    return [e.text for e in s.log if rule is None or e.rule == rule]


def test_a_boost_names_its_source_card_and_its_owner():
    s = table((["Anvil Sentinel", "Blackrock Bastion", "Hill Ogre"], []), start_turn=True)
    boosts = [e for e in s.log if e.kind == "boost"]
    assert [e.text for e in boosts] == [
        "Anvil Sentinel (P0 slot 1) gets +1 power from P0's Blackrock Bastion",
        "Hill Ogre (P0 slot 3) gets +1 power from P0's Blackrock Bastion",
        "Hill Ogre (P0 slot 3) gets -1 power from its own ability (turn start)"]
    assert all(e.rule == "Wars Card Types" and e.to is None for e in boosts)  # the row is open to all


def test_a_tactic_boost_and_an_enemy_malus_name_the_card_and_its_player():
    s = table((["Anvil Sentinel"], ["Reef Warden"]), (["Rally"], ["Pixie Trickster"]))
    act(s, 0, "play Rally")
    assert "Anvil Sentinel (P0 slot 1) gets +2 power from P0's Rally" in said(s)
    act(s, 0, "end turn")
    act(s, 1, "play Pixie Trickster at right end")
    assert "Anvil Sentinel (P0 slot 1) gets -2 power from P1's Pixie Trickster" in said(s)


def test_equipment_says_what_it_adds():
    s = table((["Anvil Sentinel"], []), (["Runed Warhammer"], []))
    act(s, 0, "play Runed Warhammer on slot 1")
    assert "P0 attaches Runed Warhammer to Anvil Sentinel (P0 slot 1): +3 power, +1 armor" in said(s)


def test_an_assault_names_the_player_whose_card_it_is():
    s = table((["Forge Tavern", "Fen Witch"], ["Hill Ogre"]), (["Rally"], ["Rally"]))
    act(s, 0, "pass")
    assert any(t.startswith("P0's Fen Witch assaults Hill Ogre (P1 slot 1)") for t in said(s))


def test_the_round_end_says_whose_score_is_whose():
    s = table((["Anvil Sentinel"], ["Reef Warden"]), (["Rally"], ["Rally"]))
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert ("round 1 ends with P0 scoring 3 and P1 2: P0 wins the round (rounds won: P0 1, P1 0)"
            in said(s, "Wars Round Transition"))
    text = GAME.render_text(GAME.view(s, 1))
    assert "rounds played: 1: P0 won, P0 3 to P1 (you) 2" in text.splitlines()


def test_a_finished_table_does_not_say_game_over_the_terminal_says_it_once_below():
    s = GAME.new_state(5)
    rng = Rng(5)
    while seats := GAME.to_act(s):
        legal = GAME.legal_actions(s, seats[0])
        GAME.apply(s, seats[0], legal[rng.below(len(legal))])
    assert GAME.outcome(s) is not None
    for seat in (0, 1, None):
        text = GAME.render_text(GAME.view(s, seat))
        assert "game over" not in text and " - over - " in text.splitlines()[0]
    assert sum(e.text.startswith("game over: ") for e in s.log) == 1


def test_firestorm_says_its_assault_once():
    text = CARDS[BY_NAME["firestorm"]].text
    assert text.count("assault 2") == 1 and "three times" in text
    assert [a.do for a in CARDS[BY_NAME["firestorm"]].abilities] == ["assault"] * 3  # it still acts thrice


def test_a_card_text_that_repeats_a_sentence_is_refused():
    raw = json.loads(resources.files("wizarena.games.wars").joinpath("data/cards.json").read_text("utf-8"))
    bad = copy.deepcopy(raw)
    k = next(i for i, c in enumerate(bad["cards"]) if c["name"] == "Firestorm")
    bad["cards"][k]["text"] = "To play it, expend Fire. When played: assault 2. When played: assault 2."
    with pytest.raises(CardDataError, match="'When played: assault 2' more than once"):
        parse_cards(bad)
    assert parse_cards(raw) == CARDS


def test_every_trigger_has_its_words():
    assert len(TRIGGER_WORDS) == len(TRIGGERS)


def test_veteran_says_what_it_adds_to_its_owner_alone() -> None:
    """Wars Keywords, Veteran: "Increase this unit's power at the start of the second and
    third round." From round 2 on, the owner of a Veteran card in hand is told its power
    rose; the other seat is told nothing of that hand."""
    import wizarena
    from wizarena.agents import make_agent
    from wizarena.core import Turn
    from wizarena.games.wars.cards import VETERAN

    game = wizarena.load_game("wars")
    for seed in range(60):
        state = game.new_state(seed)
        agents = [make_agent("random", seed=seed * 2 + seat) for seat in range(2)]
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            game.apply(state, seat, agents[seat].act(Turn(game, state, seat)))
        told = [(e.text, e.rule) for e in game.events(state, None) if e.kind == "veteran"]
        assert not told  # a spectator reads none of it
        for seat in (0, 1):
            mine = [e for e in game.events(state, seat) if e.kind == "veteran"]
            if mine:
                assert all(e.rule == "Wars Keywords/Veteran" and "from Veteran" in e.text for e in mine)
                assert not [e for e in game.events(state, 1 - seat) if e.kind == "veteran" and e in mine]
                assert any(VETERAN)
                return
    raise AssertionError("no Veteran card was in a hand in round 2 or 3 of 60 random games")
