"""Hidden information: what a seat receives (view, events, legal actions, error messages,
determinizations, observation tensor) depends only on what that seat may know.

The method, as for the Wizards Cup: build a twin table that differs from the real one in
everything the seat cannot know (the other hand, the other decks, face-down Magics, unseen
Diamagic colours, the order of its own deck, the chance to come) and demand that nothing
the seat receives differs. Events are checked by playing the twins one step on: when the
step leaves the seat's views equal, its new events must be equal too."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from wizarena.core import IllegalAction, Rng
from wizarena.games.mickey.actions import ACTIONS, CAST_DOWN, CAST_UP, DISCARD_A, K_DISCARD, K_DOWN, K_UP
from wizarena.games.mickey.effects import CARDS, CASTLES, LABEL, MAGICS, WIZARDS
from wizarena.games.mickey.game import MickeyGame
from wizarena.games.mickey.state import MickeyState, copy_state

from .helpers import EMBER, GAME, MINI, OFFICIAL, TIDE, act
from .test_properties import GRANDE, positions

GAMES = {"mini": MINI, "grande": GRANDE, "official": OFFICIAL}
SAMPLE = ACTIONS[::23]


def visible_token(s: MickeyState, i: int, seat: int | None) -> bool:
    return s.seen[i] == 3 or (seat is not None and s.seen[i] >> seat & 1 == 1)


def _other(c: int, pool: tuple[int, ...] | list[int], rng: random.Random) -> int:
    while True:
        x = rng.choice(pool)
        if x != c:
            return x


def unknown_in_hand(s: MickeyState, q: int) -> list[int]:
    return sorted((Counter(s.hand[q]) - Counter(s.known[q])).elements())


def twin(s: MickeyState, seat: int | None, rng: random.Random) -> MickeyState:
    """A copy of s that differs in everything `seat` (None: a spectator) cannot know."""
    t = copy_state(s)
    t.rng = Rng(rng.getrandbits(64))
    for o in (0, 1) if seat is None else (1 - seat,):
        t.hand[o] = sorted(t.known[o] + [_other(c, MAGICS, rng) for c in unknown_in_hand(s, o)])
        t.deck[o] = [_other(c, MAGICS, rng) for c in t.deck[o]]
        for m in t.play:
            if m.owner == o and m.down:
                m.card = _other(m.card, MAGICS, rng)
        t.support[o] = [_other(c, {"magic": MAGICS, "castle": CASTLES, "wizard": WIZARDS}[CARDS[c].kind], rng)
                        for c in t.support[o]]
        seen = set(t.cdisc[o]) | {c for c, q in t.castles if q == o}
        fresh = [c for c in CASTLES if c not in seen]
        rng.shuffle(fresh)
        if len(fresh) >= len(t.cdeck[o]):
            t.cdeck[o] = fresh[:len(t.cdeck[o])]
        placed = {CARDS[w].name for w in t.team[o] if w >= 0}
        others = [w for w in WIZARDS if CARDS[w].name not in placed and not CARDS[w].solitary]
        rng.shuffle(others)
        t.pool[o] = others[:len(t.pool[o])]
    if seat is not None:
        rng.shuffle(t.deck[seat])
        rng.shuffle(t.cdeck[seat])
    permute_hidden_tokens(t, seat, rng)
    t.legal = None
    return t


def permute_hidden_tokens(t: MickeyState, seat: int | None, rng: random.Random) -> None:
    hidden = [i for i in range(len(t.stake)) if not visible_token(t, i, seat)]
    bag = t.reserve + [t.stake[i] for i in hidden]
    rng.shuffle(bag)
    for i in hidden:
        t.stake[i] = bag.pop()
    t.reserve = bag


def knowledge(game: MickeyGame, s: MickeyState, seat: int | None):
    legal = [] if seat is None else [a.id for a in game.legal_actions(s, seat)]
    return game.view(s, seat), game.events(s, seat), legal, game.to_act(s)


def errors(game: MickeyGame, s: MickeyState, seat: int) -> list[str]:
    msgs = []
    for a in SAMPLE:
        try:
            game.apply(game.clone(s), seat, a)
            msgs.append("ok")
        except IllegalAction as exc:
            msgs.append(str(exc))
    return msgs


def redrawn(d: MickeyState, seat: int) -> tuple:
    """What a determinization drew for the seat's unknowns (its own deck order aside)."""
    o = 1 - seat
    hidden = [d.stake[i] for i in range(len(d.stake)) if not visible_token(d, i, seat)]
    return (d.hand[o], d.deck[o], [m.card for m in d.play if m.owner == o], d.support[o], d.cdeck[o], d.pool[o],
            sorted(d.reserve + hidden), sorted(d.deck[seat]), sorted(d.cdeck[seat]), d.rng.state)


# -- the static twin ------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt, seeds, every", [("mini", 16, 2), ("grande", 10, 3), ("official", 8, 4)])
def test_what_a_seat_receives_ignores_what_it_cannot_see(fmt: str, seeds: int, every: int) -> None:
    game = GAMES[fmt]
    size = game.observation_shape[0]
    checked = changed = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        for i, s in enumerate(positions(game, seed)):
            if i % every or s.result is not None:  # at the end every card is public (test_view_at_the_end)
                continue
            for seat in (0, 1):
                t = twin(s, seat, rng)
                changed += t.hand != s.hand or t.deck != s.deck
                assert knowledge(game, t, seat) == knowledge(game, s, seat)
                assert errors(game, t, seat) == errors(game, s, seat)
                obs = list(game.observation_tensor(s, seat))
                assert list(game.observation_tensor(t, seat)) == obs
                assert len(obs) == size and all(0.0 <= x <= 1.0 for x in obs)
                k = rng.getrandbits(32)
                d1 = game.determinize(s, seat, random.Random(k))
                d2 = game.determinize(t, seat, random.Random(k))
                assert redrawn(d1, seat) == redrawn(d2, seat)
                # and the determinization is a table the seat could be at
                assert knowledge(game, d1, seat)[::2] == knowledge(game, s, seat)[::2]
                assert knowledge(game, d2, seat)[::2] == knowledge(game, s, seat)[::2]
                assert list(game.observation_tensor(d1, seat)) == obs
                o = 1 - seat
                assert game.view(s, seat)["players"][o]["known_hand"] == sorted(LABEL[c] for c in s.known[o])
                checked += 1
            spectator = twin(s, None, rng)
            assert knowledge(game, spectator, None) == knowledge(game, s, None)
    assert checked > 300 and changed > checked // 2


def test_the_twin_really_changes_hidden_things() -> None:
    rng = random.Random(0)
    s = next(s for s in positions(GRANDE, 3) if s.turn == 2 and s.stake and s.play)
    t = twin(s, 0, rng)
    assert unknown_in_hand(t, 1) != unknown_in_hand(s, 1) and t.deck[1] != s.deck[1]
    assert t.deck[0] != s.deck[0] and sorted(t.deck[0]) == sorted(s.deck[0])
    assert t.hand[0] == s.hand[0] and t.rng.state != s.rng.state
    draws = {tuple(sorted(GRANDE.determinize(s, 0, random.Random(k)).hand[1])) for k in range(20)}
    assert len(draws) > 10  # a determinization does redraw the other hand


def test_determinize_keeps_what_the_seat_has_seen() -> None:
    for seed in range(12):
        for s in positions(MINI, seed, log=False):
            for seat in (0, 1):
                o = 1 - seat
                d = MINI.determinize(s, seat, random.Random(seed))
                assert not Counter(s.known[o]) - Counter(d.hand[o])
                assert d.hand[seat] == s.hand[seat] and d.disc == s.disc and d.owned == s.owned
                assert len(d.hand[o]) == len(s.hand[o]) and len(d.deck[o]) == len(s.deck[o])
                for i in range(len(s.stake)):
                    if visible_token(s, i, seat):
                        assert d.stake[i] == s.stake[i]
                for a, b in zip(s.play, d.play, strict=True):
                    if not (b.down and b.owner == o):
                        assert a.card == b.card


# -- events: the twins one step on -------------------------------------------------------------
def relabelled(s: MickeyState, seat: int | None, rng: random.Random) -> tuple[MickeyState, dict[int, int]]:
    """A twin that can play on in step with s: the hidden Magics of the other side(s) renamed
    by one permutation, the unseen Diamagic permuted, the same chance to come."""
    image = list(MAGICS)
    rng.shuffle(image)
    pi = dict(zip(MAGICS, image, strict=True))
    t = copy_state(s)
    for o in (0, 1) if seat is None else (1 - seat,):
        t.hand[o] = sorted(t.known[o] + [pi[c] for c in unknown_in_hand(s, o)])
        t.deck[o] = [pi[c] for c in t.deck[o]]
        for m in t.play:
            if m.owner == o and m.down:
                m.card = pi[m.card]
    permute_hidden_tokens(t, seat, rng)
    t.legal = None
    return t, pi


def mapped(s: MickeyState, actor: int, seat: int | None, action, pi: dict[int, int]):
    k, x, y = action.data
    if actor == seat or (k not in (K_UP, K_DOWN, K_DISCARD)) or x in s.known[actor]:
        return action
    if k == K_DISCARD:
        return DISCARD_A[pi[x]]
    return (CAST_UP if k == K_UP else CAST_DOWN)[pi[x]][y]


@pytest.mark.parametrize("fmt", ["mini", "grande", "official"])
def test_events_tell_a_seat_no_more_than_its_view(fmt: str) -> None:
    """Play a table and its twin one step on with the same (renamed) move. Where the seat's
    views still agree, so must the events it reads."""
    game = GAMES[fmt]
    agreed = 0
    for seed in range(10):
        rng = random.Random(seed + 100)
        for s in positions(game, seed):
            seats = game.to_act(s)
            if not seats:
                continue
            actor = seats[0]
            action = rng.choice(game.legal_actions(s, actor))
            for seat in (0, 1, None):
                t, pi = relabelled(s, seat, rng)
                a2 = mapped(s, actor, seat, action, pi)
                if a2 not in game.legal_actions(t, actor):
                    continue
                s2 = game.clone(s)
                n = len(game.events(s2, seat))
                game.apply(s2, actor, action)
                game.apply(t, actor, a2)
                if game.view(s2, seat) == game.view(t, seat):
                    assert game.events(s2, seat) == game.events(t, seat)
                    agreed += len(game.events(s2, seat)) > n
    assert agreed > 200


# -- what spectators and seats see ----------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["mini", "official"])
def test_spectators_see_no_hand_and_no_face_down_magic(fmt: str) -> None:
    game = GAMES[fmt]
    hidden_seen = 0
    for seed in range(15):
        for s in positions(game, seed):
            if s.result is not None:  # at the end every card is public (test_view_at_the_end)
                continue
            down = {(m.owner, m.pos) for m in s.play if m.down}
            for seat in (None, 0, 1):
                view = game.view(s, seat)
                for q, side in enumerate(view["players"]):
                    assert ("hand" in side) == (q == seat)
                    for v, w in enumerate(side["team"]):
                        if (q, v) in down:
                            hidden_seen += seat is None
                            if q != seat:
                                assert w["hidden"] == {"face_down": True}
                            else:
                                assert w["hidden"]["card"] == s.down[q][v].card
                        if w.get("hidden") is not None and (q, v) not in down:
                            assert "name" in w["hidden"]  # revealed (7.7): public
            for e in game.events(s, None):
                assert not e.text.startswith("you "), e
    assert hidden_seen > 20


def _confused_table() -> MickeyState:
    s = GAME.scenario((EMBER, TIDE), (["Dizzy Sparks", "Glimmer", "Emberbolt"],
                                      ["Ripple", "Tidal Surge", "Sprout", "Leviathan Call"]))
    act(GAME, s, "cast Dizzy Sparks with left")
    return s


def test_the_card_confuse_picks_is_shown_to_everyone() -> None:
    """9.4: "The player chooses at random a Magic: the opponent shows the chosen card and,
    if possible, must cast it on their own Wizard"; R33: "All picks are shown." Both players
    see the pick and which Wizard must cast it, the confused one too."""
    s = _confused_table()
    assert s.forced[1] is not None
    pos, pick = s.forced[1]
    assert pos == 2 and s.known[1] == [pick]
    name = LABEL[pick]
    for seat in (0, None):
        assert GAME.view(s, seat)["players"][1]["known_hand"] == [name]
        assert any(e.rule == "WoM 9.4" and name in e.text for e in GAME.events(s, seat))
    assert [a.text for a in GAME.legal_actions(s, 1)] == [f"cast {name} with right"]
    for seat in (0, 1, None):  # the confused player's own view says it too: its moves depend on it
        assert GAME.view(s, seat)["players"][1]["confused"] == [{"position": "right", "magic": name}]
        assert f"the right Wizard must cast {name}" in GAME.render_text(GAME.view(s, seat))
    other = copy_state(s)
    other.forced[1] = (2, next(c for c in s.hand[1] if c != pick))
    assert GAME.view(other, 1) != GAME.view(s, 1)
    for k in range(10):  # every table seat 0 may imagine holds the picked card, to be cast with right
        d = GAME.determinize(s, 0, random.Random(k))
        assert pick in d.hand[1] and d.forced[1] == (2, pick)
        assert [a.text for a in GAME.legal_actions(d, 1)] == [f"cast {name} with right"]
    hidden = copy_state(s)
    hidden.known[1] = []
    assert list(GAME.observation_tensor(hidden, 0)) != list(GAME.observation_tensor(s, 0))


def test_a_hand_revealed_under_8_11_is_public() -> None:
    big = ["Molten Crown", "Leviathan Call", "Abyss Maw"]
    s = GAME.scenario((EMBER, ["Pia Lindentwig", "Rufus Tallcandle", "Orrin Tallowmere"]),
                      (["Glimmer", "Cinder Spark", "Sunburst"], big), castle="Thornwood Bastion")
    assert GAME.view(s, 0)["players"][1]["known_hand"] == []
    act(GAME, s, "cast Glimmer with left")
    names = sorted(big)
    assert sorted(LABEL[c] for c in s.known[1]) == names
    for seat in (0, None):
        assert GAME.view(s, seat)["players"][1]["known_hand"] == names
        shown = [e for e in GAME.events(s, seat) if e.rule == "WoM 8.11"]
        assert len(shown) == 1 and all(n in shown[0].text for n in names)
    for k in range(5):
        assert sorted(GAME.determinize(s, 0, random.Random(k)).hand[1]) == sorted(s.hand[1])
    hidden = copy_state(s)
    hidden.known[1] = []
    assert list(GAME.observation_tensor(hidden, 0)) != list(GAME.observation_tensor(s, 0))


def test_the_stake_token_is_seen_by_whoever_drew_it() -> None:
    for seed in range(20):
        s = next(s for s in positions(MINI, seed) if s.stake and s.turn == 1 and s.phase == 4)
        drawer = s.castles[-1][1]
        colour = ("blue", "yellow", "red", "green")[s.stake[0]]
        if s.seen[0] == 3:
            continue  # a Castle revealed it (10.19)
        assert MINI.view(s, drawer)["stake"] == [colour]
        assert MINI.view(s, 1 - drawer)["stake"] == [None] and MINI.view(s, None)["stake"] == [None]
        assert any(colour in e.text for e in MINI.events(s, drawer) if e.rule == "WoM 7.2")
        assert not any(colour in e.text for e in MINI.events(s, 1 - drawer) if e.rule == "WoM 7.2")


# -- determinizations are tables the engine could reach ------------------------------------------
def test_a_determinization_keeps_the_tables_invariants() -> None:
    from .test_properties import check_table
    for game in (MINI, OFFICIAL):
        for seed in range(6):
            for s in positions(game, seed, log=False):
                for seat in (0, 1):
                    d = game.determinize(s, seat, random.Random(seed))
                    check_table(d)
                    for q in game.to_act(d):
                        ids = [a.id for a in game.legal_actions(d, q)]
                        assert ids == sorted(set(ids))


def _mid_exchange(seed: int) -> MickeyState | None:
    """An Official table where P1 has picked a card to take out of its deck (6.3.3), not yet
    the Support card to put in: P0 cannot know which card that is (R14)."""
    rng = random.Random(seed)
    s = OFFICIAL.new_state(seed, log=False)
    while s.phase == 1:  # Support
        if OFFICIAL.to_act(s) == (1,) and s.out_pick[1] >= 0:
            return s
        seat = OFFICIAL.to_act(s)[0]
        OFFICIAL.apply(s, seat, rng.choice(OFFICIAL.legal_actions(s, seat)))
    return None


def test_determinize_during_the_other_players_support_exchange() -> None:
    tables = [s for s in map(_mid_exchange, range(40)) if s is not None]
    assert len(tables) > 5
    for k, s in enumerate(tables):
        t = twin(s, 0, random.Random(k))
        choices = [c for c in t.deck[1] + t.cdeck[1] + t.pool[1] if c != s.out_pick[1]]
        t.out_pick[1] = random.Random(k).choice(choices)
        assert knowledge(OFFICIAL, t, 0) == knowledge(OFFICIAL, s, 0)  # P0 cannot tell them apart
        d1 = OFFICIAL.determinize(s, 0, random.Random(k))
        d2 = OFFICIAL.determinize(t, 0, random.Random(k))
        assert d1.out_pick == d2.out_pick
        assert OFFICIAL.legal_actions(d1, 1), "the other player is to act but has no legal action"


def test_determinize_keeps_a_deck_rebuilt_from_public_discards() -> None:
    from .helpers import card
    cast = ["Ripple", "Sprout", "Tidal Surge"]
    s = GAME.scenario((EMBER, TIDE), (["Glimmer", "Cinder Spark", "Emberbolt"], cast),
                      decks=(["Glimmer"] * 10, []), castle_decks=(["Windswept Ruins"], ["The Quiet Courtyard"]))
    s.disc[1] = [card(n).id for n in ("Star of the Deep", "Oakheart Slam", "Sprout", "Ripple", "Starseed",
                                      "Leviathan Call", "Tidebloom", "Ripple")]
    # P1's whole new deck is its discard pile and the three Magics it casts face-up: all public
    rebuilt = Counter(s.disc[1]) + Counter(card(n).id for n in cast)
    while not any(e.rule == "WoM 8.8" and e.text.startswith("P1") for e in s.log):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert sorted(LABEL[m.card] for m in s.play) == [] and GAME.to_act(s) == (1,)
    assert Counter(s.deck[1]) + Counter(s.hand[1]) == rebuilt
    for k in range(10):
        d = GAME.determinize(s, 0, random.Random(k))
        assert not Counter(d.deck[1]) - rebuilt, "a determinized deck holds cards P0 knows are not there"


def _hidden(s: MickeyState, q: int) -> tuple[Counter, Counter]:
    """Player q's Magics and Castles in places the other player cannot see."""
    known = Counter(s.known[q])
    magics = Counter(s.hand[q]) - known + Counter(s.deck[q])
    magics.update(m.card for m in s.play if m.owner == q and m.down)
    return magics, Counter(s.cdeck[q]) - Counter(s.cpub[q])


@pytest.mark.parametrize("game", [MINI, GRANDE], ids=["mini", "grande"])
def test_r36_the_list_of_a_ready_made_deck_is_public(game: MickeyGame) -> None:
    """R36 (our ruling): a ready-made deck ships with the game and its list is there for
    anyone to read, so a player facing one knows what it holds, if not where. Every table a
    seat imagines holds, in the other player's hidden places, exactly the cards the list
    leaves unaccounted for: here, the real ones, in other places."""
    moved = 0
    for k, s in enumerate(positions(game, 11, log=False)):
        if k % 7 or not game.to_act(s):
            continue
        seat = game.to_act(s)[0]
        other = 1 - seat
        for r in range(3):
            d = game.determinize(s, seat, random.Random(r))
            assert _hidden(d, other) == _hidden(s, other)
            moved += sorted(d.hand[other]) != sorted(s.hand[other])
    assert moved > 10  # which of them is in hand is still drawn afresh


def test_r36_a_deck_of_the_owner_s_own_is_drawn_from_the_collection() -> None:
    """A deck given as an object is its owner's: the other seat draws its unknown cards
    from the collection, within the public facts, as before the ruling."""
    own = MINI.deck("mini-ember").to_json(CARDS)
    s = MINI.new_state(5, {"decks": [own, "mini-tide"]}, log=False)
    assert s.lists[0] is None and s.lists[1] is not None
    rng = random.Random(5)
    while len(s.deck[0]) > 10 and MINI.to_act(s):  # on into the game
        seat = MINI.to_act(s)[0]
        MINI.apply(s, seat, rng.choice(MINI.legal_actions(s, seat)))
    differ = sum(_hidden(MINI.determinize(s, 1, random.Random(r)), 0)[0] != _hidden(s, 0)[0] for r in range(5))
    assert differ == 5
