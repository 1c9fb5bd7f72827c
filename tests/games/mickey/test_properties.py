"""Properties that hold for every legal Wizards of Mickey game, in every format: it ends,
Magics, Castles, Wizards and Diamagic never vanish or double, illegal actions change
nothing, records replay exactly, and a clone is a separate table."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wizarena
from wizarena.agents import make_agent
from wizarena.core import IllegalAction, Record, play, replay
from wizarena.games.mickey.actions import ACTIONS, K_IN
from wizarena.games.mickey.effects import CARDS
from wizarena.games.mickey.game import MickeyGame
from wizarena.games.mickey.state import CHALLENGE, FIELDS, OVER, PER_COLOUR, SUPPORT, Mg, MickeyState

from .helpers import GAME, MINI, OFFICIAL

GRANDE: MickeyGame = wizarena.load_game("mickey", "grande")
FORMATS = {"mini": MINI, "grande": GRANDE, "official": OFFICIAL, "mickey": GAME}
MAGIC, CASTLE, WIZARD = "magic", "castle", "wizard"


# -- helpers shared with test_information.py --------------------------------------------------
def dump(s: MickeyState) -> dict[str, str]:
    """Everything in a state as comparable text (Magics in play by value, not identity);
    the cached legal list and Support tallies are left out: they are rebuilt on demand."""
    def mg(m: Mg | None):
        if m is None:
            return None
        return (m.card, m.owner, m.pos, m.down, m.plain, m.noeffect, m.kept, m.gained, m.seq)

    out = {}
    for name in FIELDS:
        if name in ("legal", "tallies", "rng", "log"):
            continue
        v = getattr(s, name)
        if name == "play":
            v = [mg(m) for m in v]
        elif name in ("up", "down"):
            v = [[mg(m) for m in row] for row in v]
        out[name] = repr(v)
    out["rng"] = repr(s.rng.state)
    out["log"] = repr(None if s.log is None else list(s.log))
    return out


def step_random(game: MickeyGame, s: MickeyState, rng: random.Random):
    """Apply one random legal action; returns (seat, action)."""
    seat = game.to_act(s)[0]
    action = rng.choice(game.legal_actions(s, seat))
    game.apply(s, seat, action)
    return seat, action


def positions(game: MickeyGame, seed: int, log: bool = True):
    """Every position of one random game (the same state object, moved on after each yield)."""
    rng = random.Random(seed)
    s = game.new_state(seed, log=log)
    while game.to_act(s):
        yield s
        step_random(game, s, rng)
    yield s


# -- conservation ----------------------------------------------------------------------------
def holdings(s: MickeyState, p: int) -> tuple[Counter, Counter, Counter]:
    """(Magics, Castles, Wizards) of seat p in every zone it can be in."""
    magic = Counter(s.deck[p]) + Counter(s.hand[p]) + Counter(s.disc[p])
    magic.update(m.card for m in s.play if m.owner == p)
    castle = Counter(s.cdeck[p]) + Counter(s.cdisc[p])
    castle.update(c for c, q in s.castles if q == p)
    wizard = Counter(w for w in s.team[p] if w >= 0) + Counter(s.pool[p])
    for c in s.support[p]:
        {MAGIC: magic, CASTLE: castle, WIZARD: wizard}[CARDS[c].kind][c] += 1
    return magic, castle, wizard


class Ledger:
    """What each seat must hold at every step; an exchange with the Support deck (6.3.3, R14)
    swaps a deck card and a Support card, so it changes nothing here either (6.3.4: the ten
    Support cards stay beside the table)."""

    def __init__(self, s: MickeyState) -> None:
        self.start = [holdings(s, p) for p in (0, 1)]
        self.aside: list[Counter] = [Counter(), Counter()]
        for p in (0, 1):
            for c in self.start[p][0]:
                assert CARDS[c].kind == MAGIC, (p, CARDS[c].label)
            for c in self.start[p][1]:
                assert CARDS[c].kind == CASTLE
            for c in self.start[p][2]:
                assert CARDS[c].kind == WIZARD

    def before(self, s: MickeyState, seat: int, action) -> None:
        """Nothing to remember: no move sets a card aside."""

    def check(self, s: MickeyState) -> None:
        for p in (0, 1):
            now = holdings(s, p)
            for k in range(3):
                total = now[k].copy()
                total.update({c: n for c, n in self.aside[p].items() if CARDS[c].kind == (MAGIC, CASTLE, WIZARD)[k]})
                assert +total == +self.start[p][k], (p, ("magics", "castles", "wizards")[k])


def check_table(s: MickeyState) -> None:
    """The invariants of a table: Diamagic, hands, the areas of cast Magics."""
    per = PER_COLOUR[s.fmt]
    tokens = Counter(s.reserve) + Counter(s.stake)
    for q in (0, 1):
        for w in s.owned[q]:
            tokens.update(w)
    assert sum(tokens.values()) == 4 * per == (8 if s.fmt == 0 else 12)
    assert tokens == Counter({k: per for k in range(4)})
    assert len(s.seen) == len(s.stake)
    for p in (0, 1):
        assert s.hand[p] == sorted(s.hand[p])
        assert not Counter(s.known[p]) - Counter(s.hand[p]), "a card shown is no longer in the hand"
        for v in range(3):
            up, down = s.up[p][v], s.down[p][v]
            assert up is None or (any(m is up for m in s.play) and up.owner == p and up.pos == v)
            assert down is None or (any(m is down for m in s.play) and down.owner == p and down.pos == v)
    ids = [id(m) for m in s.play]
    assert len(set(ids)) == len(ids)
    if s.phase == OVER:
        assert s.result is not None and s.actor == ()
    else:
        assert s.result is None and len(s.actor) == 1


def play_checked(game: MickeyGame, seed: int, log: bool, rng: random.Random | None = None,
                 config: dict | None = None) -> MickeyState:
    rng = rng or random.Random(seed)
    s = game.new_state(seed, config, log=log)
    ledger = Ledger(s)
    check_table(s)
    steps = 0
    while game.to_act(s):
        seat = game.to_act(s)[0]
        legal = game.legal_actions(s, seat)
        ids = [a.id for a in legal]
        assert ids and ids == sorted(set(ids)), "legal actions are distinct, in id order, never none"
        assert game.legal_actions(s, 1 - seat) == []
        action = rng.choice(legal)
        ledger.before(s, seat, action)
        game.apply(s, seat, action)
        steps += 1
        assert steps <= game.max_game_length
        ledger.check(s)
        check_table(s)
    return s


def quick_game(game: MickeyGame, seed: int) -> tuple[MickeyState, int]:
    rng = random.Random(seed)
    s = game.new_state(seed, log=False)
    to_act, legal, apply = game.to_act, game.legal_actions, game.apply
    steps = 0
    while True:
        seats = to_act(s)
        if not seats:
            return s, steps
        apply(s, seats[0], rng.choice(legal(s, seats[0])))
        steps += 1
        assert steps <= game.max_game_length


# -- every game ends ---------------------------------------------------------------------------
ENDINGS = ("has conquered", "the table limit", "has no Castle to bring into play", "the reserve is empty")


@pytest.mark.parametrize("fmt, games", [("mini", 2000), ("grande", 1500), ("official", 800)])
def test_thousands_of_random_games_end(fmt: str, games: int) -> None:
    game = FORMATS[fmt]
    for seed in range(games):
        s, steps = quick_game(game, seed)
        out = game.outcome(s)
        assert out is not None and s.phase == OVER and game.to_act(s) == ()
        assert game.legal_actions(s, 0) == game.legal_actions(s, 1) == []
        assert len(out.winners) <= 1 and any(e in out.reason for e in ENDINGS), out.reason
        n = [sum(len(w) for w in s.owned[q]) for q in (0, 1)]
        assert out.scores == (float(n[0]), float(n[1]))
        if "has conquered" in out.reason:
            assert n[out.winners[0]] >= s.target > n[1 - out.winners[0]]
        else:
            assert out.winners == (() if n[0] == n[1] else ((0,) if n[0] > n[1] else (1,)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63 - 1), st.sampled_from(sorted(FORMATS)))
def test_random_play_with_events_ends_and_conserves_everything(seed: int, fmt: str) -> None:
    game = FORMATS[fmt]
    s = play_checked(game, seed, log=True)
    assert game.outcome(s) is not None
    assert s.log and s.log[-1].kind == "end"


@pytest.mark.parametrize("fmt", ["mini", "grande", "official"])
def test_cards_and_diamagic_are_conserved_at_every_step(fmt: str) -> None:
    game = FORMATS[fmt]
    for seed in range(60):
        play_checked(game, seed, log=False)


def test_short_tables_and_other_seats_end_too() -> None:
    """The R10 turn limit and the other seat choosing who goes first (R13)."""
    for seed in range(40):
        game = (MINI, GRANDE, OFFICIAL)[seed % 3]
        s = play_checked(game, seed, log=True, config={"max_turns": 1 + seed % 4, "youngest": 1})
        assert s.turn <= 1 + seed % 4 + 1
        out = game.outcome(s)
        if "table limit" in out.reason:
            n = [sum(len(w) for w in s.owned[q]) for q in (0, 1)]
            assert out.winners == (() if n[0] == n[1] else ((0,) if n[0] > n[1] else (1,)))


def test_official_support_exchanges_swap_a_deck_card_and_a_support_card() -> None:
    """The exchange rule is exercised: random play does take Support cards, and each exchange
    moves the card taken out into the Support deck and the card put in out of it."""
    exchanges = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = OFFICIAL.new_state(seed, log=False)
        while s.phase == SUPPORT:
            seat = OFFICIAL.to_act(s)[0]
            action = rng.choice(OFFICIAL.legal_actions(s, seat))
            if action.data[0] == K_IN:
                out, new = s.out_pick[seat], action.data[1]
                before = holdings(s, seat)
                support = Counter(s.support[seat])
                OFFICIAL.apply(s, seat, action)
                assert holdings(s, seat) == before
                moved = Counter() if out == new else Counter({out: 1})
                assert Counter(s.support[seat]) - support == moved
                assert support - Counter(s.support[seat]) == (Counter() if out == new else Counter({new: 1}))
                exchanges += 1
            else:
                OFFICIAL.apply(s, seat, action)
    assert exchanges > 10


def test_bare_mickey_is_the_grande_sfida() -> None:
    for seed in range(10):
        a, b = GAME.new_state(seed), GRANDE.new_state(seed)
        ra, rb = random.Random(seed), random.Random(seed)
        while GAME.to_act(a):
            assert GAME.to_act(a) == GRANDE.to_act(b)
            step_random(GAME, a, ra)
            step_random(GRANDE, b, rb)
        va, vb = GAME.view(a, None), GRANDE.view(b, None)
        assert va.pop("game") == "mickey" and vb.pop("game") == "mickey/grande"
        assert va == vb and a.log == b.log


# -- illegal actions ---------------------------------------------------------------------------
def snapshot(game: MickeyGame, s: MickeyState):
    return [game.view(s, p) for p in (0, 1, None)], len(s.log), dump(s)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from(["mini", "grande", "official"]), st.data())
def test_illegal_actions_are_refused_and_change_nothing(seed: int, fmt: str, data) -> None:
    game = FORMATS[fmt]
    rng = random.Random(seed)
    s = game.new_state(seed)
    while game.to_act(s):
        actor = game.to_act(s)[0]
        legal = game.legal_actions(s, actor)
        before = snapshot(game, s)
        tries = [(data.draw(st.sampled_from([0, 1, 2, -1, None]), label="seat"),
                  data.draw(st.sampled_from(ACTIONS), label="action")),
                 (1 - actor, rng.choice(legal))]  # a legal move offered by the wrong seat
        for seat, action in tries:
            if seat == actor and action in legal:
                continue
            with pytest.raises(IllegalAction) as exc:
                game.apply(s, seat, action)
            assert exc.value.reason and exc.value.rule.startswith("WoM")
            assert snapshot(game, s) == before
            assert [a.id for a in game.legal_actions(s, actor)] == [a.id for a in legal]
        game.apply(s, actor, rng.choice(legal))
    before = snapshot(game, s)
    for seat in (0, 1):
        for action in ACTIONS[:: max(1, len(ACTIONS) // 25)]:
            with pytest.raises(IllegalAction, match="the game is over"):
                game.apply(s, seat, action)
    assert snapshot(game, s) == before
    assert game.legal_actions(s, 0) == game.legal_actions(s, 1) == []


def test_illegal_cast_names_the_rule() -> None:
    s = next(s for s in positions(MINI, 4) if s.phase == CHALLENGE)
    actor = MINI.to_act(s)[0]
    not_in_hand = next(a for a in ACTIONS if a.data[0] == 1 and a.data[1] not in s.hand[actor])
    with pytest.raises(IllegalAction, match=r"is not legal now \(WoM 7\.3\)"):
        MINI.apply(s, actor, not_in_hand)
    with pytest.raises(IllegalAction, match=rf"it is not P{1 - actor}'s decision now"):
        MINI.apply(s, 1 - actor, MINI.legal_actions(s, actor)[0])


# -- records replay exactly --------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["mini", "grande", "official"])
def test_records_replay_exactly(fmt: str) -> None:
    game = FORMATS[fmt]
    for seed in range(12):
        spec = "greedy:samples=1" if seed % 4 == 3 else "random"
        agents = [make_agent(spec, seed), make_agent("random", seed + 1)]
        config = {"youngest": 1} if seed % 3 == 1 else None
        record, final = play(game, agents, seed, config, log=True)
        assert record.outcome is not None and record.outcome == game.outcome(final).to_json()
        back = Record.from_json(json.loads(record.dumps()))
        assert back.moves == record.moves and back.config == record.config
        game2, again = replay(back)
        assert again.log == final.log
        assert game2.outcome(again) == game.outcome(final)
        for seat in (0, 1, None):
            assert game2.view(again, seat) == game.view(final, seat)
        assert dump(again) == dump(final)
        _, quiet = replay(back, log=False)  # events off: the same game
        assert game.view(quiet, None) == game.view(final, None) and quiet.log is None


def test_record_of_other_decks_replays() -> None:
    config = {"decks": ["mini-tide", "mini-ember"], "max_turns": 12}
    record, final = play(MINI, [make_agent("random", 1), make_agent("random", 2)], 77, config, log=True)
    assert record.config == config
    _, again = replay(Record.from_json(json.loads(record.dumps())))
    assert again.log == final.log and again.decks == ("mini-tide", "mini-ember")


# -- clones ------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["mini", "grande", "official"])
def test_clones_are_faithful_and_independent(fmt: str) -> None:
    game = FORMATS[fmt]
    checked = 0
    for seed in range(8):
        for i, s in enumerate(positions(game, seed)):
            if i % 5 or not game.to_act(s):
                continue
            before = dump(s)
            c = game.clone(s)
            assert dump(c) == before
            actor = game.to_act(s)[0]
            assert [a.id for a in game.legal_actions(c, actor)] == [a.id for a in game.legal_actions(s, actor)]
            # play the clone to its end, and mess with what is left of it
            rng = random.Random(seed * 1000 + i)
            moves = []
            while game.to_act(c):
                moves.append(step_random(game, c, rng))
            for p in (0, 1):
                c.hand[p].append(-1)
                c.deck[p].clear()
                c.owned[p][0].append(0)
                c.known[p].append(-1)
            for m in c.play:
                m.card, m.down = -1, not m.down
            c.reserve.clear()
            c.stake.append(3)
            c.queue.append(["limit", 0])
            c.log.append(None)
            assert dump(s) == before
            # the original plays the same moves to the same end
            copy2 = game.clone(s)
            for seat, action in moves:
                game.apply(copy2, seat, action)
            assert game.outcome(copy2) is not None
            checked += 1
    assert checked > 20


def test_clone_keeps_magics_shared_between_areas_shared() -> None:
    """A Magic in play is one object in `play` and in an area; the clone keeps that shape
    with its own objects."""
    found = 0
    for seed in range(40):
        for s in positions(GRANDE, seed, log=False):
            if not s.play:
                continue
            c = GRANDE.clone(s)
            ids = {id(m) for m in c.play}
            assert not ids & {id(m) for m in s.play}
            for row in c.up + c.down:
                for m in row:
                    assert m is None or id(m) in ids
            found += 1
    assert found > 100
