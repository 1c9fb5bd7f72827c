"""The board's count (count.py): each Magic's Modified Magic Power and each side's running
total, as the rules count them (7.8, 8.4) and only as far as the seat may know them."""

from __future__ import annotations

import random

import pytest

from wizarena.games.mickey import magic_power
from wizarena.games.mickey.game import MickeyGame
from wizarena.games.mickey.state import MickeyState

from .helpers import GAME, MINI, OFFICIAL, act
from .test_properties import GRANDE, positions

# Nadia Frostwhorl (right) may cast face-down; Pia and Rufus add nothing here.
HIDER = ["Pia Lindentwig", "Rufus Tallcandle", "Nadia Frostwhorl"]


def counted(game: MickeyGame, s: MickeyState) -> list[int]:
    """The rules' own Final Magic Powers of the table as it stands."""
    c = game.clone(s)
    c.log = None
    return magic_power.final_powers(c)


def cast(view: dict, q: int, pos: int) -> dict:
    return view["players"][q]["team"][pos]["cast"]


def hidden(view: dict, q: int, pos: int) -> dict:
    return view["players"][q]["team"][pos]["hidden"]


def echo_table() -> MickeyState:
    """P0: Echo Mirror (adds the printed power of the opposite Magic) at left and Emberbolt
    (red, 3) at centre under Ember Keep (red Magics +1); P1: Molten Crown (red, 6)
    face-down behind its right Wizard, which stands opposite P0's left."""
    s = GAME.scenario((HIDER, HIDER), (["Echo Mirror", "Emberbolt", "Cinder Spark"], ["Molten Crown", "Ripple",
                                                                                         "Sprout"]),
                      castle="Ember Keep")
    act(GAME, s, "cast Echo Mirror with left", "hide Molten Crown behind right", "cast Emberbolt with centre")
    return s


def test_a_modifier_shows_on_the_magic_and_in_the_total() -> None:
    s = GAME.scenario((HIDER, HIDER), (["Emberbolt", "Ripple"], ["Sprout", "Ripple"]), castle="Ember Keep")
    act(GAME, s, "cast Emberbolt with left")
    for seat in (0, 1, None):
        view = GAME.view(s, seat)
        assert cast(view, 0, 0)["power"] == 3 and cast(view, 0, 0)["modified_power"] == 4  # Ember Keep: +1
        assert view["players"][0]["magic_power"] == {"power": 4, "exact": True}
        assert view["players"][1]["magic_power"] == {"power": 0, "exact": True}


def test_the_owner_of_a_face_down_magic_sees_the_whole_count() -> None:
    s = echo_table()
    view = GAME.view(s, 1)
    assert hidden(view, 1, 2)["modified_power"] == 7  # Molten Crown 6, red: +1 (counted face-down, 7.8)
    assert cast(view, 0, 0)["modified_power"] == 6  # Echo Mirror reads Molten Crown's printed 6
    assert [p["magic_power"] for p in view["players"]] == [{"power": 10, "exact": True}, {"power": 7, "exact": True}]
    assert [p["magic_power"]["power"] for p in view["players"]] == counted(GAME, s)


@pytest.mark.parametrize("seat", [0, None])
def test_a_face_down_magic_stays_unknown_and_so_does_what_reads_it(seat: int | None) -> None:
    s = echo_table()
    view = GAME.view(s, seat)
    assert hidden(view, 1, 2) == {"face_down": True}
    assert cast(view, 0, 0)["modified_power"] is None  # it adds the power it cannot see
    assert cast(view, 0, 1)["modified_power"] == 4  # Emberbolt does not read it
    # Totals: a floor of what is known (Emberbolt's 4; nothing on P1's side but the hidden card).
    assert [p["magic_power"] for p in view["players"]] == [{"power": 4, "exact": False},
                                                            {"power": 0, "exact": False}]


def test_the_count_does_not_depend_on_the_hidden_card() -> None:
    """Another face-down card behind P1's right Wizard: P0's view is the same."""
    s = echo_table()
    t = GAME.clone(s)
    from wizarena.games.mickey.game import CATALOGUE
    next(m for m in t.play if m.down).card = CATALOGUE.find("Sprout").id
    assert GAME.view(t, 0) == GAME.view(s, 0)
    assert GAME.view(t, 1) != GAME.view(s, 1)


@pytest.mark.parametrize("game", [MINI, GRANDE, OFFICIAL], ids=["mini", "grande", "official"])
def test_the_count_agrees_with_the_rules_in_random_games(game: MickeyGame) -> None:
    """Where a side is exact its total is the rules' Final Magic Power, and it is the sum of
    its Magics' values less its penalty; where not, it is a floor of the real total."""
    compared = floors = 0
    for seed in range(12):
        for s in positions(game, seed):
            if not any(not x.kept for x in s.play):
                continue
            truth = counted(game, s)
            for seat in (0, 1, None):
                view = game.view(s, seat)
                for q, side in enumerate(view["players"]):
                    shown = side["magic_power"]
                    if not shown["exact"]:
                        assert shown["power"] <= truth[q]
                        floors += 1
                        continue
                    assert shown["power"] == truth[q]
                    values = [m.get("modified_power") for w in side["team"] if "card" in w
                              for m in (w["cast"], w["hidden"]) if m is not None]
                    if None not in values:
                        assert max(sum(values) - s.penalty[q], 0) == truth[q]
                    compared += 1
    assert compared > 100 and floors > 10, (compared, floors)


def test_no_count_before_any_magic_is_cast() -> None:
    s = MINI.new_state(seed=random.Random(1).randrange(100))
    assert all("magic_power" not in p for p in MINI.view(s, 0)["players"])


def test_two_copies_of_a_card_each_show_their_own_value() -> None:
    """Two Kindled Fury of one player (0, +3 while taking the turn; red, so +1 from Ember
    Keep) write events with one label: each is still shown as 4."""
    s = GAME.scenario((HIDER, HIDER), (["Kindled Fury", "Kindled Fury", "Ripple"], ["Sprout", "Ripple", "Gloom"]),
                      castle="Ember Keep")
    act(GAME, s, "cast Kindled Fury with left", "cast Sprout with left", "cast Kindled Fury with centre")
    view = GAME.view(s, 1)
    assert [cast(view, 0, v)["modified_power"] for v in (0, 1)] == [4, 4]
    assert view["players"][0]["magic_power"] == {"power": 8, "exact": True}


def test_the_terminal_board_shows_the_count_the_seat_may_know() -> None:
    s = echo_table()
    mine, theirs = GAME.render_text(GAME.view(s, 1)), GAME.render_text(GAME.view(s, 0))
    assert "Molten Crown 6→7 (face down)" in mine and "Echo Mirror 0→6" in mine
    assert "P0: 0 Diamagic, hand 1, deck 0, discard 0, Magic Power 10" in mine
    assert "Molten Crown" not in theirs
    assert "Echo Mirror 0→?" in theirs and "Emberbolt 3→4" in theirs
    assert "you: 0 Diamagic, hand 1, deck 0, discard 0, Magic Power ≥ 4 (face-down Magics unknown)" in theirs
