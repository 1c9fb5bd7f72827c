"""Wizards of Mickey, rulebook sections 2, 3, 4 (decks in play), 6 (set-up) and 7 (the turn).

One scenario per section with behaviour, named after the section it checks. Tables are
built from real cards of data/cards.json; every card used says in a comment why it is there.
Seeds are looped only where the rules call for chance (shuffles, the random first player of
the Official Challenge, the random Diamagic of 7.2).
"""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from wizarena.core import IllegalAction
from wizarena.games.mickey.cards import DIAMAGIC
from wizarena.games.mickey.deck import Deck, check_deck
from wizarena.games.mickey.effects import CARDS
from wizarena.games.mickey.game import MickeyGame
from wizarena.games.mickey.state import ASSIGN, CASTLE, CHALLENGE, FIRST, LINEUP, OVER, SUPPORT, MickeyState

from .helpers import GAME, MINI, OFFICIAL, act, card, legal_texts, rules, texts

# Pia Lindentwig is the one Wizard of the collection without abilities: a team of three of her
# (scenarios do not check deck rules) changes nothing, so only the cards under test count.
PLAIN = ["Pia Lindentwig"] * 3
PIA = "Pia Lindentwig (Hedge Witch of the Meadow)"


# -- helpers -------------------------------------------------------------------------------------
def ready(slug: str) -> dict[str, Any]:
    text = resources.files("wizarena.games.mickey").joinpath(f"data/decks/{slug}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def ids(*names: str) -> list[int]:
    return [card(n).id for n in names]


def names(pile: list[int]) -> list[str]:
    return sorted(CARDS[c].label for c in pile)


def seen_by(game: MickeyGame, s: MickeyState, seat: int | None) -> str:
    """Everything a seat can read: its events and its view, as one string."""
    return "\n".join(e.text for e in game.events(s, seat)) + "\n" + json.dumps(game.view(s, seat))


def power_line(s: MickeyState) -> str:
    lines = [e.text for e in s.log if e.rule == "WoM 7.8"]
    assert lines, "no Final Magic Power was counted"
    return lines[-1]


def challenge(game: MickeyGame, s: MickeyState, *moves: str) -> None:
    """Play casts, then check the challenge is over."""
    act(game, s, *moves)
    assert s.phase != CHALLENGE, legal_texts(game, s)


def plain_table(game: MickeyGame = GAME, **kw: Any) -> MickeyState:
    """Both teams PLAIN, P0 holds Emberbolt 3, Sunburst 3, Glimmer 1 (7 in all), P1 holds
    Ripple 1, Gloom 1, Star Shard 1 (3 in all): vanilla Magics, so P0 wins 7-3."""
    args: dict[str, Any] = dict(castle="Windswept Ruins", stake=["red"], decks=(["Sprout"] * 6, ["Starseed"] * 6),
                                castle_decks=(["The Quiet Courtyard"], ["Tower of Glass"]))
    args.update(kw)
    hands = args.pop("hands", (["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Star Shard"]))
    teams = args.pop("teams", (PLAIN, PLAIN))
    return game.scenario(teams, hands, **args)


P0_WINS = ("cast Emberbolt with left", "cast Ripple with left", "cast Sunburst with centre", "cast Gloom with centre",
           "cast Glimmer with right", "cast Star Shard with right")


def official_to_lineup(seed: int) -> MickeyState:
    """An Official table after both players keep their decks: the line-up is next."""
    s = OFFICIAL.new_state(seed)
    act(OFFICIAL, s, "keep this deck", "keep this deck")
    assert s.phase == LINEUP
    return s


def line_up_in_order(s: MickeyState) -> None:
    """Each placement takes the first legal option."""
    while s.phase == LINEUP:
        p = OFFICIAL.to_act(s)[0]
        OFFICIAL.apply(s, p, OFFICIAL.legal_actions(s, p)[0])


# -- 2 The Diamagic ------------------------------------------------------------------------------
def test_2_1_diamagic_have_four_colours_and_every_colour_counts() -> None:
    s = GAME.new_state(0)
    assert set(s.reserve) == {DIAMAGIC.index(k) for k in ("blue", "yellow", "red", "green")}
    assert "black" not in DIAMAGIC
    # Five Diamagic of four different colours plus one won: six of any colour win the Grande Sfida.
    s = plain_table(owned={(0, 0): ["blue", "yellow"], (0, 2): ["red", "green", "green"]}, stake=["yellow"])
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to centre")
    assert s.result is not None and s.result.winners == (0,)
    assert [DIAMAGIC[k] for k in s.owned[0][1]] == ["yellow"]


# -- 3 Objective of the game ---------------------------------------------------------------------
@pytest.mark.parametrize(("game", "section", "target"), [(MINI, "3.1", 4), (GAME, "3.2", 6), (OFFICIAL, "3.3", 6)],
                         ids=["mini", "grande", "official"])
def test_3_objective_targets(game: MickeyGame, section: str, target: int) -> None:
    s = game.new_state(0)
    assert s.target == target
    assert f"{target} Diamagic win" in s.log[0].text
    # One short of the target is not a win: the game goes on to the next turn.
    s = plain_table(game, owned={(0, 0): ["red"] * (target - 2)}, stake=["blue"])
    challenge(game, s, *P0_WINS)
    act(game, s, "assign to left")
    assert s.result is None
    assert sum(len(w) for w in s.owned[0]) == target - 1


# -- 4 Deck composition: decks in play -----------------------------------------------------------
def test_4_1_an_illegal_mini_deck_in_the_config_is_refused() -> None:
    deck = ready("mini-ember")
    deck["magic"]["Emberbolt"] -= 1  # 24 Magics
    with pytest.raises(ValueError, match=r"P0's deck is not a legal mini deck: 4\.1.*24"):
        MINI.new_state(0, {"decks": [deck, "mini-tide"]})


def test_4_2_a_grande_deck_is_not_a_mini_deck() -> None:
    with pytest.raises(ValueError, match=r"P1's deck is not a legal mini deck"):
        MINI.new_state(0, {"decks": ["mini-ember", "grande-tide"]})


def test_4_2_an_official_deck_over_80_magic_power_is_refused() -> None:
    deck = ready("official-phantom")
    # Phantom Ledger's Magics total 58: six cards of power 0-1 make way for big black and red
    # ones (Abyss Maw 6, Molten Crown 6, Emberbolt 3), still 40 cards in the team's colours.
    magic = deck["magic"]
    for name in ("Night Shroud", "Scorching Gaze", "Sprout"):
        magic.pop(name)
    magic["Abyss Maw"] = 3
    magic["Molten Crown"] = 3
    magic["Emberbolt"] = 2
    assert sum(magic.values()) == 40
    assert sum(card(n).power * k for n, k in magic.items()) > 80
    with pytest.raises(ValueError, match=r"P0's deck is not a legal official deck: 4\.2.*80"):
        OFFICIAL.new_state(0, {"decks": [deck, "official-luna"]})


def test_4_2_the_ready_decks_are_accepted_and_bad_config_is_explained() -> None:
    for game in (MINI, GAME, OFFICIAL):
        assert game.new_state(0).result is None
    with pytest.raises(ValueError, match="youngest"):
        MINI.new_state(0, {"youngest": 2})
    with pytest.raises(ValueError, match="two decks"):
        MINI.new_state(0, {"decks": ["mini-ember"]})
    with pytest.raises(ValueError, match="no ready-made deck"):
        MINI.new_state(0, {"decks": ["mini-ember", "no-such-deck"]})


# -- 6.1 / 6.2 MiniSfida and Grande Sfida --------------------------------------------------------
@pytest.mark.parametrize(("game", "rule", "size", "each"), [(MINI, "6.1.1", 8, 2), (GAME, "6.2.1", 12, 3),
                                                             (OFFICIAL, "6.3.1", 12, 3)],
                         ids=["mini", "grande", "official"])
def test_6_x_1_reserve_size_and_colours(game: MickeyGame, rule: str, size: int, each: int) -> None:
    s = game.new_state(0)
    assert len(s.reserve) == size
    assert Counter(DIAMAGIC[k] for k in s.reserve) == {k: each for k in DIAMAGIC}
    assert s.log[0].rule == f"WoM {rule}" and f"reserve of {size} Diamagic" in s.log[0].text
    # Face-down and secret: no seat is told a colour.
    for seat in (0, 1, None):
        assert game.view(s, seat)["reserve"] == size
        assert not any(k in e.text for e in game.events(s, seat) for k in ("blue", "yellow", " red", "green"))


@pytest.mark.parametrize(("game", "rule", "magic", "castles"), [(MINI, "6.1.2", 25, 5), (GAME, "6.2.2", 40, 8)],
                         ids=["mini", "grande"])
def test_6_1_2_and_6_2_2_decks_are_shuffled(game: MickeyGame, rule: str, magic: int, castles: int) -> None:
    hands, first_castles = set(), set()
    for seed in range(12):  # chance: the shuffles
        s = game.new_state(seed)
        assert f"WoM {rule}" in rules(s)
        assert (len(s.deck[0]), len(s.cdeck[0])) == (magic, castles)
        act(game, s, "P0 goes first")
        assert len(s.deck[0]) == magic - 5 and len(s.cdeck[0]) == castles - 1
        hands.add(tuple(sorted(s.hand[0])))
        first_castles.add(s.castles[0][0])
    assert len(hands) > 1
    assert len(first_castles) > 1  # ruling R11: the Castle deck is shuffled too


@pytest.mark.parametrize(("game", "rule"), [(MINI, "6.1.3"), (GAME, "6.2.3")], ids=["mini", "grande"])
@pytest.mark.parametrize("youngest", [0, 1])
def test_6_1_3_and_6_2_3_the_youngest_chooses_the_first_player(game: MickeyGame, rule: str, youngest: int) -> None:
    s = game.new_state(5, {"youngest": youngest})
    assert s.phase == FIRST and game.to_act(s) == (youngest,)
    assert game.legal_actions(s, 1 - youngest) == []
    assert legal_texts(game, s) == ["P0 goes first", "P1 goes first"]
    assert any(e.rule == f"WoM {rule}" and f"P{youngest}, the youngest" in e.text for e in s.log)
    with pytest.raises(IllegalAction):
        game.apply(s, 1 - youngest, game.actions[0])
    chosen = 1 - youngest  # the youngest may hand the first turn to the other player
    act(game, s, f"P{chosen} goes first")
    assert s.tp == chosen
    assert any(e.rule == f"WoM {rule}" and f"P{youngest} chooses: P{chosen} takes the first turn" in e.text
               for e in s.log)
    assert s.castles[0][1] == chosen and game.to_act(s) == (chosen,)
    assert game.config_of(s) == ({"youngest": 1} if youngest else {})


@pytest.mark.parametrize(("game", "rule"), [
    (MINI, "6.1.3"),
    (GAME, "6.2.3"),
], ids=["mini", "grande"])
def test_6_1_3_and_6_2_3_a_wrong_move_while_choosing_cites_the_format_s_rule(game: MickeyGame, rule: str) -> None:
    s = game.new_state(0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(s, 0, next(a for a in game.actions if a.text == "pass"))
    assert refused.value.rule == f"WoM {rule}"


@pytest.mark.parametrize(("game", "rule", "slugs"), [(MINI, "6.1.4", ("mini-ember", "mini-tide")),
                                                     (GAME, "6.2.4", ("grande-ember", "grande-tide"))],
                         ids=["mini", "grande"])
def test_6_1_4_and_6_2_4_teams_line_up_in_deck_order(game: MickeyGame, rule: str, slugs: tuple[str, str]) -> None:
    s = game.new_state(0)
    act(game, s, "P1 goes first")
    assert f"WoM {rule}" in rules(s)
    for p, slug in enumerate(slugs):
        assert s.team[p] == ids(*ready(slug)["team"])  # ruling R12: left, centre, right as listed
        assert [w["name"] for w in game.view(s, 1 - p)["players"][p]["team"]] == [
            CARDS[c].name for c in s.team[p]]


@pytest.mark.parametrize(("game", "rule", "magic"), [(MINI, "6.1.5", 25), (GAME, "6.2.5", 40)],
                         ids=["mini", "grande"])
def test_6_1_5_and_6_2_5_opening_hands_of_five(game: MickeyGame, rule: str, magic: int) -> None:
    s = game.new_state(2)
    assert s.hand == [[], []]
    act(game, s, "P0 goes first")
    assert [len(h) for h in s.hand] == [5, 5]
    assert [len(d) for d in s.deck] == [magic - 5, magic - 5]
    deals = [e for e in s.log if e.rule == f"WoM {rule}"]
    assert len(deals) == 4  # a private and a public event per player
    for p in (0, 1):
        mine = [e.text for e in game.events(s, p) if e.rule == f"WoM {rule}"]
        own = [x for x in mine if x.startswith("you draw ")]
        assert len(own) == 1 and sorted(own[0][len("you draw "):].split(", ")) == names(s.hand[p])
        assert f"P{1 - p} draws 5 cards" in mine
    # the 7.1 turn starts only after the deal
    assert rules(s).index(f"WoM {rule}") < rules(s).index("WoM 7.1")


@pytest.mark.parametrize(("game", "rule", "target"), [(MINI, "6.1.6", 4), (GAME, "6.2.6", 6),
                                                      (OFFICIAL, "6.3.8", 6)], ids=["mini", "grande", "official"])
def test_6_1_6_6_2_6_6_3_8_the_game_ends_at_the_target(game: MickeyGame, rule: str, target: int) -> None:
    # P1 holds target-2 and takes a stake of 2 (a tie carried over): exactly the target.
    s = plain_table(game, owned={(1, 2): ["green"] * (target - 2)}, stake=["red", "blue"], turn_player=1,
                    hands=(["Ripple", "Gloom", "Star Shard"], ["Emberbolt", "Sunburst", "Glimmer"]))
    challenge(game, s, "cast Emberbolt with left", "cast Ripple with left", "cast Sunburst with centre",
              "cast Gloom with centre", "cast Glimmer with right", "cast Star Shard with right")
    act(game, s, "assign to left")
    assert s.phase == OVER and game.to_act(s) == ()
    assert s.result.winners == (1,)
    assert s.result.scores == (0.0, float(target))
    assert s.log[-1].rule == f"WoM {rule}" and f"P1 has conquered {target} Diamagic" in s.log[-1].text
    with pytest.raises(IllegalAction):
        game.apply(s, 0, game.actions[0])


# -- 6.3 Official Challenge ----------------------------------------------------------------------
def test_6_3_2_each_player_declares_the_affiliation() -> None:
    s = OFFICIAL.new_state(0)
    declared = [e.text for e in s.log if e.rule == "WoM 6.3.2" and "declares" in e.text]
    assert declared == ["P0 declares the team affiliation Black Phantom",
                        "P1 declares the team affiliation Luna Diamante"]
    assert [OFFICIAL.view(s, None)["players"][p]["affiliation"] for p in (0, 1)] == ["Black Phantom",
                                                                                   "Luna Diamante"]


def test_6_3_2_only_the_declarations_cite_6_3_2() -> None:
    s = OFFICIAL.new_state(0)
    assert all("declares" in e.text for e in s.log if e.rule == "WoM 6.3.2")


def _legal_deck(s: MickeyState, p: int) -> list:
    deck = Deck("x", "official", s.affiliation[p], tuple(s.pool[p]), tuple(sorted(s.deck[p])), tuple(s.cdeck[p]))
    return check_deck(deck, "official", CARDS)


def phantom_without_red_magics() -> dict[str, Any]:
    """A Black Phantom deck whose one red card is Cinder Spark, and whose one red Wizard is
    Morgrave Quill (Ash Regent). The Support deck holds Vesk the Hollow (black/yellow) and
    Glimmer (yellow)."""
    return {"name": "Red Thread", "format": "official", "affiliation": "Black Phantom",
            "team": ["Morgrave Quill (Ash Regent)", "Grell Ironmask", "Ysolde Nightbloom"],
            "castles": ready("official-phantom")["castles"],
            "magic": {"Gloom": 3, "Sprout": 3, "Starseed": 3, "Star Sprout": 3, "Shatter Hex": 3, "Dispel Thorn": 3,
                      "Crystal Thief": 3, "Leaden Curse": 3, "Moss Tangle": 3, "Verdant Return": 3,
                      "Evergreen Oath": 3, "Lingering Curse": 3, "Ironbark": 3, "Cinder Spark": 1},
            "support": {"Vesk the Hollow": 1, "Glimmer": 1, "Morgrave Quill (Night Warden)": 1, "Abyss Maw": 1,
                        "Void Lash": 2, "Soul Rot": 2, "The Quiet Courtyard": 1, "Hall of Echoing Mirrors": 1}}


KEEP = next(a for a in OFFICIAL.actions if a.text == "keep this deck")


def test_6_3_3_the_limits_apply_to_the_deck_the_exchanges_end_with() -> None:
    # Vesk for Morgrave alone leaves Cinder Spark red with no red Wizard; Glimmer for Cinder
    # Spark alone brings yellow, which no Wizard has. Together the deck is legal (ruling R14).
    s = OFFICIAL.new_state(0, {"decks": [phantom_without_red_magics(), "official-luna"]})
    assert "keep this deck" in legal_texts(OFFICIAL, s)
    act(OFFICIAL, s, "take out Morgrave Quill (Ash Regent)")
    assert "put in Vesk the Hollow (Collector of Crystals)" in legal_texts(OFFICIAL, s)
    act(OFFICIAL, s, "put in Vesk the Hollow (Collector of Crystals)")
    # Keeping this deck is refused with the reason, in one line, and changes nothing.
    assert "keep this deck" not in legal_texts(OFFICIAL, s)
    before = OFFICIAL.clone(s)
    with pytest.raises(IllegalAction, match=r"^this deck is not legal: 4\.2: .*Cinder Spark") as err:
        OFFICIAL.apply(s, 0, KEEP)
    assert "\n" not in str(err.value) and err.value.rule == "WoM 6.3.3"
    assert (s.pool, s.deck, s.support, s.phase) == (before.pool, before.deck, before.support, before.phase)
    mine = [e.text for e in OFFICIAL.events(s, 0) if e.rule == "WoM 6.3.3"]
    assert mine[-1].startswith("this deck is not legal: 4.2:")
    assert not any("not legal" in e.text for e in OFFICIAL.events(s, 1))  # the exchange is secret
    act(OFFICIAL, s, "take out Cinder Spark", "put in Glimmer")
    assert _legal_deck(s, 0) == []
    act(OFFICIAL, s, "keep this deck")
    assert card("Vesk the Hollow").id in s.pool[0] and card("Glimmer").id in s.deck[0]
    assert card("Cinder Spark").id in s.support[0] and len(s.support[0]) == 10  # 6.3.4: ten stay aside
    assert OFFICIAL.to_act(s) == (1,)


def test_6_3_3_an_exchange_can_be_taken_back() -> None:
    s = OFFICIAL.new_state(0, {"decks": [phantom_without_red_magics(), "official-luna"]})
    start = (sorted(s.pool[0]), sorted(s.deck[0]), sorted(s.support[0]))
    act(OFFICIAL, s, "take out Morgrave Quill (Ash Regent)", "put in Vesk the Hollow (Collector of Crystals)")
    # Vesk's card came in: it is taken back, not taken out again; Morgrave is not put in again.
    options = legal_texts(OFFICIAL, s)
    assert "take back Vesk the Hollow (Collector of Crystals)" in options
    assert "take out Vesk the Hollow (Collector of Crystals)" not in options
    act(OFFICIAL, s, "take out Grell Ironmask (Breaker of Seals)")
    assert "put in Morgrave Quill (Ash Regent)" not in legal_texts(OFFICIAL, s)
    act(OFFICIAL, s, "put in Morgrave Quill (Night Warden)", "take back Vesk the Hollow (Collector of Crystals)",
        "take back Morgrave Quill (Night Warden)")
    assert (sorted(s.pool[0]), sorted(s.deck[0]), sorted(s.support[0])) == start
    assert s.pool[0] == ids("Morgrave Quill (Ash Regent)", "Grell Ironmask", "Ysolde Nightbloom")  # in place
    assert "keep this deck" in legal_texts(OFFICIAL, s)


def test_6_3_3_declaring_exchanges_always_ends_with_a_legal_deck() -> None:
    # R14: at most 20 exchanges are declared; taking every one back always leaves a keepable deck.
    from wizarena.games.mickey.support import MAX_EXCHANGES
    for seed in range(10):
        rng = random.Random(seed)
        s = OFFICIAL.new_state(seed, {"decks": [phantom_without_red_magics(), "official-luna"]}, log=False)
        moves = 0
        while s.phase == SUPPORT:
            seat = OFFICIAL.to_act(s)[0]
            options = OFFICIAL.legal_actions(s, seat)
            assert options
            OFFICIAL.apply(s, seat, rng.choice(options))
            moves += 1
            assert s.swaps[seat][0] <= MAX_EXCHANGES
        assert moves <= 2 * (3 * MAX_EXCHANGES + 1)
        for p in (0, 1):
            assert _legal_deck(s, p) == [], seed


def test_6_3_3_the_quick_legality_check_agrees_with_the_deck_checker() -> None:
    # 6.3.3: a player may "replace playing cards with those from their Support deck, provided
    # the limits set by the rules are respected" (ruling R14: checked on the deck the
    # exchanges end with). Keeping the deck is offered after a cheap check (support.keepable);
    # at every step of random declaring it must say what check_deck's own functions say, legal
    # or not. The counts each exchange keeps up to date must equal a recount.
    from wizarena.games.mickey.support import keepable, tallies, violations
    seen = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        decks = [phantom_without_red_magics(), "official-luna"] if seed % 2 else None
        s = OFFICIAL.new_state(seed, {"decks": decks} if decks else None, log=False)
        while s.phase == SUPPORT:
            seat = OFFICIAL.to_act(s)[0]
            for p in (0, 1):
                kept, recount = tallies(s, p), tallies(OFFICIAL.clone(s), p)
                assert (kept.have, kept.left) == (recount.have, recount.left), (seed, p)
                checked = not violations(s.pool[p], s.deck[p], s.cdeck[p], s.affiliation[p])
                assert keepable(s.pool[p], s.deck[p], s.affiliation[p]) == checked, (seed, p)
                seen[checked] += 1
            OFFICIAL.apply(s, seat, rng.choice(OFFICIAL.legal_actions(s, seat)))
    assert seen[True] and seen[False]  # both answers were put to the test


def test_6_3_3_support_replacements_are_secret() -> None:
    s = OFFICIAL.new_state(0)
    act(OFFICIAL, s, "take out Gloomspire", "put in The Quiet Courtyard", "take out Gloom", "put in Rust Whisper")
    assert card("Rust Whisper").id in s.deck[0] and card("The Quiet Courtyard").id in s.cdeck[0]
    for secret in ("Rust Whisper", "The Quiet Courtyard", "Gloomspire"):
        assert secret not in seen_by(OFFICIAL, s, 1)
        assert secret not in seen_by(OFFICIAL, s, None)
    mine = [e.text for e in OFFICIAL.events(s, 0) if e.rule == "WoM 6.3.3"]
    assert mine == ["you replace Gloomspire with The Quiet Courtyard from the Support deck",
                    "you replace Gloom with Rust Whisper from the Support deck"]
    theirs = [e.text for e in OFFICIAL.events(s, 1) if e.rule == "WoM 6.3.3"]
    assert theirs == ["P0 replaces a card with one from the Support deck"] * 2
    assert OFFICIAL.view(s, 1)["players"][0]["support"] == 10  # a count only; what went out is there now (6.3.4)
    assert "Rust Whisper" not in OFFICIAL.view(s, 0)["players"][0]["support"]
    # A Wizard exchanged by P1 stays secret until it is lined up (its Wizards to line up are a count).
    act(OFFICIAL, s, "keep this deck", "take out Selene Argentis (Moon-Oracle)",
        "put in Selene Argentis (Diamond Priestess)")
    assert card("Selene Argentis (Diamond Priestess)").id in s.pool[1]
    assert "Diamond Priestess" in seen_by(OFFICIAL, s, 1)
    for seat in (0, None):
        assert "Diamond Priestess" not in seen_by(OFFICIAL, s, seat)
        assert "Moon-Oracle" not in seen_by(OFFICIAL, s, seat)
        assert OFFICIAL.view(s, seat)["players"][1]["to_line_up"] == 3


def test_6_3_4_support_decks_stay_face_down_beside_the_table() -> None:
    s = official_to_lineup(0)
    assert "WoM 6.3.4" in rules(s)
    assert rules(s).index("WoM 6.3.3") < rules(s).index("WoM 6.3.4") < rules(s).index("WoM 6.3.5")
    for seat in (0, 1):
        v = OFFICIAL.view(s, seat)
        assert v["players"][1 - seat]["support"] == 10
        assert len(v["players"][seat]["support"]) == 10
        assert (v["players"][seat]["deck"], v["players"][seat]["castle_deck"]) == (40, 8)


def test_6_3_5_the_first_player_is_drawn_at_random() -> None:
    firsts = Counter()
    for seed in range(24):  # chance: the draw of the first player
        s = official_to_lineup(seed)
        assert s.phase != FIRST
        line = [e.text for e in s.log if e.rule == "WoM 6.3.5"]
        assert line == [f"P{s.tp} is drawn at random to take the first turn"]
        assert OFFICIAL.to_act(s) == (s.tp,)  # who goes first also lines up first (6.3.6)
        firsts[s.tp] += 1
    assert firsts[0] > 0 and firsts[1] > 0


def test_6_3_6_line_up_alternates_one_two_two_one() -> None:
    for seed in (0, 1, 2, 3):
        s = official_to_lineup(seed)
        t = s.tp
        order = []
        while s.phase == LINEUP:
            p = OFFICIAL.to_act(s)[0]
            order.append(p)
            options = legal_texts(OFFICIAL, s)
            placed = sum(1 for c in s.team[p] if c >= 0)
            assert len(options) == (3 - placed) * (3 - placed)  # any Wizard left, any free position
            act(OFFICIAL, s, options[-1])
        assert order == [t, 1 - t, 1 - t, t, t, 1 - t]
        events = [e.text for e in s.log if e.rule == "WoM 6.3.6"]
        assert len(events) == 6 and events[0].startswith(f"P{t} lines up ")
        assert all(c >= 0 for p in (0, 1) for c in s.team[p])
        assert sorted(s.team[0]) == sorted(ids(*ready("official-phantom")["team"]))


def solitary_deck() -> dict[str, Any]:
    """An Official deck whose team is Thrumgar, the Solitary Wizard (9.12): red, black and green
    Magics of total Magic Power 28; Thrumgar is a Legendary Wizard, not of the declared team."""
    return {"name": "Colossus", "format": "official", "affiliation": "Black Phantom",
            "team": ["Thrumgar (the Threefold Colossus) [left]", "Thrumgar (the Threefold Colossus) [centre]",
                     "Thrumgar (the Threefold Colossus) [right]"],
            "castles": ready("official-phantom")["castles"],
            "magic": {"Cinder Spark": 3, "Gloom": 3, "Sprout": 3, "Starseed": 3, "Scorching Gaze": 3,
                      "Kindled Fury": 3, "Rootgrowth": 3, "Dread Pall": 3, "Seed of Plenty": 3, "Night Shroud": 3,
                      "Emberbolt": 3, "Ashen Hex": 3, "Phoenix Rekindling": 3, "Moss Tangle": 1}}


def test_6_3_6_solitary_cards_only_go_to_their_positions() -> None:
    for seed in range(6):
        s = OFFICIAL.new_state(seed, {"decks": [solitary_deck(), "official-luna"]})
        act(OFFICIAL, s, "keep this deck")
        assert s.phase == LINEUP
        while s.phase == LINEUP:
            p = OFFICIAL.to_act(s)[0]
            options = legal_texts(OFFICIAL, s)
            if p == 0:
                for text in options:  # "line up Thrumgar (...) [left] at left"
                    where = text.split(" [")[1]
                    assert where.split("] at ")[0] == where.split("] at ")[1], text
                free = sum(1 for c in s.team[0] if c < 0)
                assert len(options) == free
            act(OFFICIAL, s, options[0])
        assert [CARDS[c].solitary for c in s.team[0]] == ["left", "centre", "right"]


def test_9_12_and_10_25_a_solitary_wizard_is_one_wizard_for_the_affiliation_penalty() -> None:
    # 10.25: -1 "for each Wizard not affiliated". 9.12: a Solitary Wizard is one Wizard made of
    # three cards, so Thrumgar, a Legendary Wizard (of no team), costs 1, not 3 (ruling R32).
    from wizarena.games.mickey.deck import deck_notes
    s = OFFICIAL.new_state(0, {"decks": [solitary_deck(), "official-luna"]})
    act(OFFICIAL, s, "keep this deck")
    line_up_in_order(s)
    assert s.penalty == [1, 0]
    assert [e.text for e in s.log if e.rule == "WoM 10.25"] == [
        "P0's team has 1 Wizard(s) not of the declared affiliation Black Phantom: -1 to its Final Magic Power"]
    assert OFFICIAL.view(s, 1)["players"][0]["penalty"] == 1
    notes = deck_notes(OFFICIAL.deck(solitary_deck()), "official", CARDS)
    assert [n.message for n in notes] == [
        "-1 Final Magic Power: 1 team Wizard is not of the declared affiliation (4.2, 10.25)"]


def test_6_3_7_opening_hands_of_five_after_the_line_up() -> None:
    s = official_to_lineup(7)
    assert s.hand == [[], []]
    line_up_in_order(s)
    assert [len(h) for h in s.hand] == [5, 5] and [len(d) for d in s.deck] == [35, 35]
    r = rules(s)
    assert r.count("WoM 6.3.7") == 4
    assert max(i for i, x in enumerate(r) if x == "WoM 6.3.6") < r.index("WoM 6.3.7") < r.index("WoM 7.1")
    assert s.phase == CASTLE and OFFICIAL.to_act(s) == (s.tp,)


# -- 7 The turn --------------------------------------------------------------------------------
def test_7_1_a_turn_runs_through_its_phases_in_order() -> None:
    s = plain_table()
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to right")
    r = [x for x in rules(s) if x not in ("WoM 8.4",)]
    phases = ["WoM 7.3", "WoM 7.8", "WoM 7.9", "WoM 7.10", "WoM 7.11", "WoM 7.12", "WoM 7.13", "WoM 7.14", "WoM 7.1",
              "WoM 7.2"]
    at = [r.index(x) for x in phases]
    assert at == sorted(at)
    assert s.turn == 2 and s.tp == 1 and s.phase == CHALLENGE


def test_7_2_castle_phase_grande_brings_the_top_card_without_a_choice() -> None:
    s = plain_table(castle_decks=(["The Quiet Courtyard"], ["Tower of Glass"]))
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to right")
    # P1's turn: no decision about the Castle, its only card comes into play with a token.
    assert s.phase == CHALLENGE and GAME.to_act(s) == (1,)
    assert s.castles == [(card("Tower of Glass").id, 1)] and s.cdeck[1] == []
    assert "P1 brings the Castle Tower of Glass into play" in texts(s)
    assert not any(a.startswith("bring") for a in legal_texts(GAME, s))


def test_7_2_castle_phase_official_castle_is_chosen() -> None:
    s = plain_table(OFFICIAL, castle_decks=(["The Quiet Courtyard"], ["Tower of Glass", "Crystal Vault",
                                                                      "Ember Keep"]))
    challenge(OFFICIAL, s, *P0_WINS)
    act(OFFICIAL, s, "assign to right")
    assert s.phase == CASTLE and OFFICIAL.to_act(s) == (1,)
    assert legal_texts(OFFICIAL, s) == ["bring Tower of Glass", "bring Ember Keep", "bring Crystal Vault"]
    reserve = len(s.reserve)
    act(OFFICIAL, s, "bring Crystal Vault")
    assert s.castles == [(card("Crystal Vault").id, 1)]
    assert names(s.cdeck[1]) == ["Ember Keep", "Tower of Glass"]
    assert len(s.stake) == 1 and len(s.reserve) == reserve - 1
    assert s.phase == CHALLENGE and OFFICIAL.to_act(s) == (1,)


def test_7_2_the_random_diamagic_is_seen_only_by_the_turn_player() -> None:
    colours, shown, hidden = set(), 0, 0
    for seed in range(16):  # chance: the token is taken at random
        s = GAME.new_state(seed)
        act(GAME, s, "P1 goes first")
        assert len(s.stake) == 1 and len(s.reserve) == 11
        colour = DIAMAGIC[s.stake[0]]
        colours.add(colour)
        private = [e for e in s.log if e.rule == "WoM 7.2" and e.kind == "diamagic"]
        assert [e.visible_to(1) for e in private] == [True, False]
        assert [e.visible_to(0) for e in private] == [False, True]
        assert colour in private[0].text
        assert not any(k in private[1].text for k in DIAMAGIC)
        assert GAME.view(s, 1)["stake"] == [colour]
        if CARDS[s.castles[0][0]].name in ("Tower of Glass", "Court of Crowns"):
            # These Castles show the stake to both players (10.19): the card beats the rule (8.14).
            assert GAME.view(s, 0)["stake"] == [colour] and "WoM 10.19" in rules(s)
            shown += 1
        else:
            assert GAME.view(s, 0)["stake"] == [None]
            assert GAME.view(s, None)["stake"] == [None]
            assert not any(k in e.text for e in GAME.events(s, 0) if e.kind == "diamagic" for k in DIAMAGIC)
            hidden += 1
    assert len(colours) > 1 and hidden > 0


def test_7_3_to_7_6_casts_alternate_one_per_wizard() -> None:
    s = plain_table(hands=(["Emberbolt", "Sunburst", "Glimmer", "Noonday Blaze"],
                           ["Ripple", "Gloom", "Star Shard", "Starseed"]))
    assert GAME.to_act(s) == (0,)  # 7.3: the turn player casts first
    act(GAME, s, "cast Emberbolt with centre")
    assert GAME.to_act(s) == (1,)  # 7.4
    assert not any("with centre" in t and "P0" in t for t in legal_texts(GAME, s))
    act(GAME, s, "cast Ripple with centre")
    assert GAME.to_act(s) == (0,)  # 7.5: a Wizard that has not cast yet
    left = legal_texts(GAME, s)
    assert not any(t.endswith("with centre") for t in left)
    assert "cast Noonday Blaze with left" in left and "pass" not in left
    twice = next(a for a in GAME.actions if a.text == "cast Sunburst with centre")
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, twice)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, GAME.actions[0])  # not P1's move
    act(GAME, s, "cast Sunburst with left", "cast Gloom with left", "cast Glimmer with right")
    assert GAME.to_act(s) == (1,)
    # 7.6: once all six Wizards have cast, the challenge is over even with cards left in hand.
    act(GAME, s, "cast Star Shard with right")
    assert s.phase != CHALLENGE
    assert [e.rule for e in s.log if e.kind == "cast"] == ["WoM 7.3"] * 6
    assert power_line(s) == "Final Magic Power: P0 7, P1 3"
    assert names(s.hand[0]) == ["Noonday Blaze"] and names(s.hand[1]) == ["Starseed"]


def test_7_7_face_down_magics_are_revealed_before_the_count() -> None:
    # Nadia Frostwhorl: "This Wizard may cast its Magic face-down".
    s = plain_table(hands=(["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Tidal Surge"]),
                    teams=(PLAIN, [PIA, PIA, "Nadia Frostwhorl"]))
    act(GAME, s, *P0_WINS[:5], "hide Tidal Surge behind right")
    r = rules(s)
    assert r.index("WoM 7.7") < r.index("WoM 7.8")
    reveal = next(e for e in s.log if e.rule == "WoM 7.7")
    assert reveal.to is None and "Tidal Surge" in reveal.text
    assert power_line(s) == "Final Magic Power: P0 7, P1 6"


def test_7_8_final_magic_power_sums_the_casts_and_the_castle_counts_for_both() -> None:
    # Ember Keep: "Red Magics get +1", whoever cast them. Emberbolt, Cinder Spark, Molten Crown are red.
    s = plain_table(castle="Ember Keep", hands=(["Emberbolt", "Cinder Spark", "Glimmer"],
                                                ["Molten Crown", "Ripple", "Gloom"]))
    challenge(GAME, s, "cast Emberbolt with left", "cast Molten Crown with left", "cast Cinder Spark with centre",
              "cast Ripple with centre", "cast Glimmer with right", "cast Gloom with right")
    assert power_line(s) == "Final Magic Power: P0 7, P1 9"  # (3+1)+(1+1)+1 against (6+1)+1+1
    keep = [e.text for e in s.log if e.rule == "WoM 8.4"]
    assert keep == ["Emberbolt (P0): +1 from Ember Keep (P0) -> 4", "Molten Crown (P1): +1 from Ember Keep (P0) -> 7",
                    "Cinder Spark (P0): +1 from Ember Keep (P0) -> 2"]


def test_7_9_the_greater_final_magic_power_takes_the_stake() -> None:
    s = plain_table(stake=["red", "blue"], turn_player=1, hands=(["Ripple", "Gloom", "Star Shard"],
                                                                  ["Emberbolt", "Sunburst", "Glimmer"]))
    challenge(GAME, s, "cast Emberbolt with left", "cast Ripple with left", "cast Sunburst with centre",
              "cast Gloom with centre", "cast Glimmer with right", "cast Star Shard with right")
    win = [e for e in s.log if e.kind == "win"]
    assert [(e.rule, e.text) for e in win] == [("WoM 7.9", "P1 wins the challenge and conquers 2 Diamagic")]
    assert s.phase == ASSIGN and GAME.to_act(s) == (1,)
    act(GAME, s, "assign to centre")
    assert [DIAMAGIC[k] for k in s.owned[1][1]] == ["red", "blue"]
    assert s.owned[0] == [[], [], []] and len(s.stake) == 1  # the next turn's token only


def test_7_9_tie_carries_the_stake_over() -> None:
    s = plain_table(stake=["red"], reserve=["green", "green", "green"],
                    castle_decks=(["The Quiet Courtyard"], ["Windswept Ruins"]), hands=(
        ["Emberbolt", "Glimmer", "Ripple", "Sunburst", "Star Shard", "Starseed"],
        ["Sunburst", "Gloom", "Star Shard", "Noonday Blaze", "Ripple", "Sprout"]))
    challenge(GAME, s, "cast Emberbolt with left", "cast Sunburst with left", "cast Glimmer with centre",
              "cast Gloom with centre", "cast Ripple with right", "cast Star Shard with right")
    assert power_line(s) == "Final Magic Power: P0 5, P1 5"
    tie = [e for e in s.log if e.kind == "tie"]
    assert [(e.rule, e.text) for e in tie] == [("WoM 7.9", "a tie: the 1 Diamagic at stake stay for the next "
                                                            "challenge")]
    assert not any(e.kind == "win" for e in s.log)
    assert s.phase != ASSIGN and s.owned == [[[], [], []], [[], [], []]]
    assert [DIAMAGIC[k] for k in s.stake] == ["red"] and len(s.reserve) == 3
    act(GAME, s, "discard Starseed", "discard Sprout")  # 7.13: both back to 5 cards
    # Next turn: P1's token joins the red one carried over; each player knows only its own (R17).
    assert s.tp == 1 and [DIAMAGIC[k] for k in s.stake] == ["red", "green"] and len(s.reserve) == 2
    assert GAME.view(s, 0)["stake"] == ["red", None]
    assert GAME.view(s, 1)["stake"] == [None, "green"]
    challenge(GAME, s, "cast Noonday Blaze with left", "cast Sunburst with left", "cast Ripple with centre",
              "cast Star Shard with centre", "cast Starseed with right", "cast Sprout with right")
    assert power_line(s) == "Final Magic Power: P0 5, P1 7"
    assert [e.text for e in s.log if e.kind == "win"] == ["P1 wins the challenge and conquers 2 Diamagic"]
    act(GAME, s, "assign to left")
    assert sorted(DIAMAGIC[k] for k in s.owned[1][0]) == ["green", "red"]


def test_7_10_the_winner_places_everything_on_one_wizard() -> None:
    s = plain_table(stake=["red", "yellow", "green"])
    challenge(GAME, s, *P0_WINS)
    assert s.phase == ASSIGN and GAME.to_act(s) == (0,)
    assert legal_texts(GAME, s) == ["assign to left", "assign to centre", "assign to right"]
    assert GAME.legal_actions(s, 1) == []
    act(GAME, s, "assign to right")
    assert [len(w) for w in s.owned[0]] == [0, 0, 3]
    line = next(e for e in s.log if e.rule == "WoM 7.10")
    assert line.to is None and line.text == f"P0 places red, yellow, green Diamagic face-up on {PIA}"
    # face up: the other player sees the colours
    assert GAME.view(s, 1)["players"][0]["team"][2]["diamagic"] == ["red", "yellow", "green"]
    assert GAME.view(s, 1)["players"][0]["diamagic"] == 3


def test_7_11_every_magic_played_goes_to_its_owners_discard() -> None:
    s = plain_table()
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to left")
    assert names(s.disc[0]) == ["Emberbolt", "Glimmer", "Sunburst"]
    assert names(s.disc[1]) == ["Gloom", "Ripple", "Star Shard"]
    assert s.play == [] and s.up == [[None] * 3, [None] * 3]
    assert "WoM 7.11" in rules(s)
    assert GAME.view(s, 1)["players"][0]["discard"] == ["Emberbolt", "Sunburst", "Glimmer"]


def test_7_12_castles_go_to_their_owners_castle_discards() -> None:
    # Ember Stair: "Teletrasporto" - P1's Castle covers P0's; both go home at 7.12. P0 keeps
    # 3 cards and draws 3, so the game stops at the 7.13 discard, after 7.12 and before turn 2.
    s = plain_table(castle="Windswept Ruins", castle_decks=(["The Quiet Courtyard"], ["Tower of Glass"]),
                    hands=(["Emberbolt", "Sunburst", "Glimmer", "Ripple", "Gloom", "Sprout"],
                           ["Ember Stair", "Gloom", "Star Shard"]))
    challenge(GAME, s, "cast Emberbolt with left", "cast Ember Stair with left", "cast Sunburst with centre",
              "cast Gloom with centre", "cast Glimmer with right", "cast Star Shard with right")
    assert "WoM 9.16" in rules(s)
    act(GAME, s, "assign to left")
    assert GAME.to_act(s) == (0,) and legal_texts(GAME, s)[0].startswith("discard")
    assert s.castles == []
    assert names(s.cdisc[0]) == ["Windswept Ruins"]
    assert names(s.cdisc[1]) == ["Tower of Glass"]
    assert names(s.cdeck[0]) == ["The Quiet Courtyard"] and s.cdeck[1] == []
    assert "WoM 7.12" in rules(s)
    assert GAME.view(s, 0)["players"][1]["castle_discard"] == ["Tower of Glass"]


def test_7_13_draw_three_then_discard_down_to_five_by_choice() -> None:
    # P0 keeps 4 cards after casting 3, draws 3 = 7: two discards of its choice. P1 keeps 2 + 3 = 5.
    s = plain_table(hands=(["Emberbolt", "Sunburst", "Glimmer", "Noonday Blaze", "Tidal Surge", "Leviathan Call",
                            "Oakheart Slam"], ["Ripple", "Gloom", "Star Shard", "Starseed", "Sprout"]),
                    decks=(["Sprout"] * 6, ["Starseed"] * 6))
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to left")
    assert GAME.to_act(s) == (0,) and GAME.view(s, 0)["phase"] in ("discard", "choice")
    assert len(s.hand[0]) == 7 and len(s.hand[1]) == 5 and len(s.deck[0]) == 3 and len(s.deck[1]) == 3
    assert sorted(legal_texts(GAME, s)) == ["discard Leviathan Call", "discard Noonday Blaze",
                                            "discard Oakheart Slam", "discard Sprout", "discard Tidal Surge"]
    act(GAME, s, "discard Sprout")
    assert GAME.to_act(s) == (0,) and len(s.hand[0]) == 6
    act(GAME, s, "discard Leviathan Call")
    assert names(s.hand[0]) == ["Noonday Blaze", "Oakheart Slam", "Sprout", "Sprout", "Tidal Surge"]
    assert names(s.disc[0]) == ["Emberbolt", "Glimmer", "Leviathan Call", "Sprout", "Sunburst"]
    assert [e.text for e in s.log if e.rule == "WoM 7.13" and e.kind == "discard"] == [
        "P0 discards Sprout to keep a hand of at most 5", "P0 discards Leviathan Call to keep a hand of at most 5"]
    assert s.phase == CHALLENGE and s.tp == 1


def test_7_13_the_hand_limit_discard_is_the_draw_phase() -> None:
    s = plain_table(hands=(["Emberbolt", "Sunburst", "Glimmer", "Noonday Blaze", "Tidal Surge", "Leviathan Call",
                            "Oakheart Slam"], ["Ripple", "Gloom", "Star Shard", "Starseed", "Sprout"]))
    challenge(GAME, s, *P0_WINS)
    act(GAME, s, "assign to left")
    assert GAME.to_act(s) == (0,) and len(s.hand[0]) == 7
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, next(a for a in GAME.actions if a.text == "discard Glimmer"))  # not in hand
    assert refused.value.rule == "WoM 7.13"
    assert GAME.view(s, 0)["phase"] == "discard"


def test_7_14_the_first_player_alternates() -> None:
    s = plain_table(hands=(["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Star Shard"]),
                    decks=(["Sprout"] * 9, ["Starseed"] * 9), castle_decks=(["The Quiet Courtyard", "Tower of Glass"],
                                                                         ["Windswept Ruins", "Ember Keep"]))
    seen = [s.tp]
    for _ in range(3):
        turn = s.turn
        while s.turn == turn:  # whatever is cast, won or tied
            p = GAME.to_act(s)[0]
            GAME.apply(s, p, GAME.legal_actions(s, p)[0])
        assert s.phase == CHALLENGE
        seen.append(s.tp)
        assert GAME.to_act(s) == (s.tp,)
        assert s.castles[-1][1] == s.tp
    assert seen == [0, 1, 0, 1]
    assert [e.text for e in s.log if e.rule == "WoM 7.14"] == ["P1 becomes the first player",
                                                               "P0 becomes the first player",
                                                               "P1 becomes the first player"]
