"""`cards_used`: the cards each player put into play (its Wizards, the Magics it cast face-up
or face-down, the Castles it brought into play), read from the state for the card-balance
study. Checked against the event log of the same game, on a table built by hand, and
through clones."""

from __future__ import annotations

import random
import re

import pytest

import wizarena
from wizarena.agents import make_agent
from wizarena.core import play
from wizarena.games.mickey.effects import CARDS, LABEL

from .helpers import GAME, act

CATALOGUE = {c.name for c in CARDS}
NAME_OF_LABEL = {LABEL[i]: c.name for i, c in enumerate(CARDS)}
PLAIN = ["Pia Lindentwig"] * 3
TIDE = ["Delia Stormglass", "Fenn Mossguard", "Nadia Frostwhorl"]


def put_into_play(log, seat: int) -> set[str]:
    """What the log says `seat` put into play: its casts (its own face-down ones are told to
    it alone) and its Castles."""
    out: set[str] = set()
    for e in log:
        for pattern in (rf"P{seat}'s .+ \((?:left|centre|right)\) casts (.+) \(Magic Power",
                        r"you cast (.+) face-down behind" if e.to == 1 << seat else None,
                        rf"P{seat} brings the Castle (.+) into play",
                        rf"Teletrasporto: P{seat}'s (.+) replaces"):
            m = re.match(pattern, e.text) if pattern else None
            if m:
                out.add(NAME_OF_LABEL[m.group(1)])
    return out


@pytest.mark.parametrize("variant", ["mini", "grande", "official"])
def test_every_card_the_log_shows_played_is_reported_for_its_player(variant: str) -> None:
    game = wizarena.load_game("mickey", variant)
    assert game.card_usage == "played"
    for seed in range(3):
        _record, s = play(game, [make_agent("random", seed), make_agent("random", seed + 7)], seed, log=True)
        used = game.cards_used(s)
        assert isinstance(used, tuple) and len(used) == 2
        for p in (0, 1):
            team = {CARDS[w].name for w in s.team[p]}
            logged = put_into_play(s.log, p)
            assert used[p] <= CATALOGUE
            assert logged and logged <= used[p]
            assert used[p] == logged | team  # nothing else: no card only drawn, held or discarded


def test_simulations_without_a_log_report_the_same() -> None:
    for seed in range(3):
        agents = [make_agent("random", seed), make_agent("random", seed + 1)]
        _r, quiet = play(GAME, agents, seed, log=False)
        agents = [make_agent("random", seed), make_agent("random", seed + 1)]
        _r, loud = play(GAME, agents, seed, log=True)
        assert GAME.cards_used(quiet) == GAME.cards_used(loud)


def table(**kw):
    return GAME.scenario((PLAIN, TIDE), (["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Star Shard"]),
                         castle="Windswept Ruins", stake=["red"], decks=(["Sprout"] * 6, ["Sprout"] * 6),
                         castle_decks=(["The Quiet Courtyard"], ["Windswept Ruins"]), **kw)


def test_a_cast_magic_counts_and_one_still_in_hand_does_not() -> None:
    s = table()
    act(GAME, s, "cast Emberbolt with centre", "hide Gloom behind right")  # Nadia may hide (P1's right)
    used = GAME.cards_used(s)
    assert used[0] == {"Pia Lindentwig", "Windswept Ruins", "Emberbolt"}
    assert used[1] == {*TIDE, "Gloom"}  # face-down counts: the card was cast
    assert "Sunburst" in [LABEL[c] for c in s.hand[0]] and "Sunburst" not in used[0]
    assert "Ripple" not in used[1]


def test_a_castle_brought_into_play_counts_for_its_owner() -> None:
    s = table()
    while s.turn == 1 and GAME.to_act(s):  # end the first challenge: both pass
        p = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, p)
        GAME.apply(s, p, next((a for a in legal if a.text == "pass"), legal[0]))
    assert any("P1 brings the Castle Windswept Ruins into play" in e.text for e in s.log)
    assert "Windswept Ruins" in GAME.cards_used(s)[1]
    assert "The Quiet Courtyard" not in GAME.cards_used(s)[0]  # still in P0's Castle deck


def test_clone_keeps_the_record_and_is_independent_of_it() -> None:
    s = table(log=False)
    act(GAME, s, "cast Emberbolt with centre")
    c = GAME.clone(s)
    assert GAME.cards_used(c) == GAME.cards_used(s)
    act(GAME, c, "cast Ripple with left", "cast Sunburst with left")
    assert "Sunburst" in GAME.cards_used(c)[0] and "Ripple" in GAME.cards_used(c)[1]
    assert "Sunburst" not in GAME.cards_used(s)[0] and "Ripple" not in GAME.cards_used(s)[1]


def test_no_view_reads_the_record() -> None:
    s = table()
    act(GAME, s, "cast Emberbolt with centre", "hide Gloom behind right")
    blank = GAME.clone(s)
    blank.played = [0, 0]
    for seat in (0, 1, None):  # P1's face-down Gloom stays secret from P0
        assert GAME.view(blank, seat) == GAME.view(s, seat)
    rng = random.Random(0)
    d = GAME.determinize(s, 0, rng)
    assert GAME.view(d, 0) == GAME.view(s, 0)
