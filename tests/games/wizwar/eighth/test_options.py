"""The optional rules (brief rule 20, docs/games/wizwar-8e.md "Optional rules"), one
scenario per option from its line in the rulebook's list, each turned on by the game's
config and kept in its record."""

from __future__ import annotations

import pytest

from wizarena import load_game
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.eighth import cards, harm, items, legal, neutrals, piles, stones, turn, victory
from wizarena.games.wizwar.eighth.actions import END_SPELLS
from wizarena.games.wizwar.eighth.card_checks import SCHOOLS
from wizarena.games.wizwar.eighth.state import DRAFTING, MOVE_AND_CAST, PERMANENT, SPELL_SLOTS, TRIMMING, EighthState
from wizarena.games.wizwar.mapstate import KIND_MASK, OPEN, WALL

from ..helpers import side, sq
from .scenes import open_table

LARGE_ROCK = cards.INDEX["large_rock"]
ENERGY_4 = cards.INDEX["energy_4"]


def test_extended_play() -> None:
    """Extended Play: "the target is 3 or 4 victory points"; true means 3, and the record
    keeps the number."""
    for value, target in ((True, 3), (3, 3), (4, 4)):
        g = load_game("wizwar/8e", players=2)
        s = g.new_state(1, config={"extended_play": value})
        assert s.target == target and g.config_of(s)["extended_play"] == target
        again = g.new_state(1, config=g.config_of(s))
        assert again.target == target
    s = load_game("wizwar/8e", players=2).new_state(1)
    assert s.target == 2
    s.target = 3
    victory.score(s, 0, "kills P1")
    victory.score(s, 0, "kills P1")
    assert s.result is None                      # 2 points are not enough under Extended Play
    victory.score(s, 0, "kills P1")
    assert s.result is not None and s.result.winners == (0,)


@pytest.mark.parametrize("value", [1, 5, "3", 3.0, None])
def test_extended_play_takes_only_3_or_4(value: object) -> None:
    g = load_game("wizwar/8e", players=2)
    with pytest.raises(ValueError, match="extended_play"):
        g.new_state(1, config={"extended_play": value})


def test_giant_book() -> None:
    """Giant Book of Spells: "one deck of every card but the Black Cantrip: 156 cards"; no
    schools may be named with it."""
    g = load_game("wizwar/8e", players=3)
    s = g.new_state(4, config={"giant_book": True})
    assert len(s.decks[0]) + sum(len(h) for h in s.hands) == 156
    assert s.schools == SCHOOLS[1:]
    assert "schools" not in g.config_of(s)
    with pytest.raises(ValueError, match="Giant Book"):
        g.new_state(4, config={"giant_book": True, "schools": ["alchemy", "conjuring", "elemental"]})


def test_heavy_items() -> None:
    """Heavy Items: "picking up any item ends Move & Cast, as a treasure does"."""
    for heavy in (False, True):
        s = open_table(2)
        s.options = frozenset({"heavy_items"}) if heavy else frozenset()
        s.moves = 3
        s.floor = [(s.pos[0], LARGE_ROCK)]
        items.take(s, 0, LARGE_ROCK)
        assert (s.phase == turn.DISCARD_AND_DRAW) is heavy


def test_uncluttered_minds() -> None:
    """Uncluttered Minds: "maintained spells no longer count toward the hand limit (carried
    items still do)"."""
    s = open_table(2)
    s.hands[0] = [ENERGY_4] * 7
    s.maintained[0] = [(cards.INDEX["invisible"], PERMANENT, 0)]
    s.items[0] = [LARGE_ROCK]
    assert turn.over_limit(s, 0) == 2
    s.options = frozenset({"uncluttered_minds"})
    assert turn.over_limit(s, 0) == 1


def _walled(s: EighthState) -> int:
    """A created wall of P0's beside his wizard, its spell in his play area; its line."""
    line = side(s.map.asm, s.pos[0], 1)
    assert s.map.create_wall(line) == ""
    vision.changed(s)
    s.maintained[0] = [(neutrals.CREATE_WALL, PERMANENT, line)]
    return line


def test_permanent_creations() -> None:
    """Permanent Creations: "created objects stay until destroyed: their cards lie beside
    the board, count toward no limit, and are discarded when the object goes"."""
    s = open_table(2)
    s.options = frozenset({"permanent_creations"})
    line = _walled(s)
    s.hands[0] = [ENERGY_4] * 7
    assert turn.over_limit(s, 0) == 0                         # the wall's card counts toward nothing
    s.hands[0].append(ENERGY_4)
    s.trim, s.phase = [0], TRIMMING
    assert END_SPELLS[neutrals.CREATE_WALL] not in legal.legal_list(s, 0)   # nor may it be ended for one
    assert stones.lasting_spells(s, 1) == []                  # Dispel and Null Powder cannot choose it
    s.life[0] = 0
    s.dying = [(0, 1)]
    turn.settle(s)                                            # its maker dies: the wall stands
    assert s.map.edges[line] & KIND_MASK == WALL and s.maintained[0] == [(neutrals.CREATE_WALL, PERMANENT, line)]


def test_without_permanent_creations_a_creation_is_a_spell() -> None:
    """Off, a creation is a maintained spell: it counts, may be ended, and ends with its maker."""
    s = open_table(2)
    line = _walled(s)
    s.hands[0] = [ENERGY_4] * 7
    assert turn.over_limit(s, 0) == 1
    assert stones.lasting_spells(s, 1) == [0 * SPELL_SLOTS]
    s.life[0] = 0
    s.dying = [(0, 1)]
    turn.settle(s)
    assert s.map.edges[line] & KIND_MASK == OPEN and neutrals.CREATE_WALL in s.discards[0]
    assert not harm.beside_board(s, neutrals.CREATE_WALL)


def test_deadly_treasures() -> None:
    """Deadly Treasures: "a wizard whose two treasures both lie on other players' home bases
    at once dies and is out; nobody scores a point for him"."""
    for deadly in (False, True):
        s = open_table(3)
        s.options = frozenset({"deadly_treasures"}) if deadly else frozenset()
        s.treasure_at = [sq(s.map.asm, t // 2, 1, 1) for t in range(6)]
        s.treasure_at[0] = s.map.home_base(1)
        assert victory.doomed(s) == []                        # one of the two is not enough
        s.treasure_at[1] = s.map.home_base(2)
        assert victory.doomed(s) == ([0] if deadly else [])
        points = s.points[:]
        turn.settle(s)
        assert (0 in s.out) is deadly and s.points == points


# -- Custom Spellbook (ruling R8-31) -------------------------------------------------------------------
SPELLBOOK = {"custom_spellbook": True}


def _drafted(players: int, seed: int = 5) -> tuple[object, EighthState, list[tuple[int, str]]]:
    """A Custom Spellbook game with its draft played, each pick the first school offered;
    the picks as (seat, school)."""
    g = load_game("wizwar/8e", players=players)
    s = g.new_state(seed, config=SPELLBOOK)
    picks: list[tuple[int, str]] = []
    while s.phase == DRAFTING:
        (seat,) = g.to_act(s)
        assert s.hands[seat] == [] and s.decks == [[], []]  # nothing is dealt before the draft
        for viewer in (*range(players), None):  # every view and picture of the draft under way
            assert g.view(s, viewer)["phase"] == "drafting schools"
            assert "no school yet" in g.render_text(g.view(s, viewer)) or s.drafts[0]
        action = g.legal_actions(s, seat)[0]
        picks.append((seat, action.fields["school"]))
        g.apply(s, seat, action)
    return g, s, picks


def test_custom_spellbook_groups_draft_their_schools_in_turns() -> None:
    """Custom Spellbook, our reading (R8-31): "two groups of players each start from one
    Cantrip and draft three schools in turns": the even seats against the odd, the even
    seats' group first, a group's members picking in turn; each school is taken once."""
    _, s, picks = _drafted(3)
    assert [seat for seat, _ in picks] == [0, 1, 2, 1, 0, 1]
    assert sorted(school for _, school in picks) == sorted(SCHOOLS[1:])
    assert s.drafts == [[picks[0][1], picks[2][1], picks[4][1]], [picks[1][1], picks[3][1], picks[5][1]]]
    assert s.group == (0, 1, 0) and s.phase == MOVE_AND_CAST and s.turn == s.first
    assert [len(d) for d in s.decks] == [84 - 5 * 2, 84 - 5]  # P0 and P2 drew from the first deck
    assert all(len(h) == 5 for h in s.hands)
    for seat in range(3):  # a hand is dealt from its own group's deck: its Cantrip and schools
        mine = {"cantrip", *s.drafts[s.group[seat]]}
        assert all(mine & set(cards.SCHOOLS_OF[c]) for c in s.hands[seat])


def test_custom_spellbook_each_group_draws_from_and_discards_to_its_own_piles() -> None:
    """ "Each group draws from and discards to its own deck": a discarded school card goes
    to the pile of the group that drafted the school, a Cantrip card to the discarder's;
    an empty deck takes only its own group's discard pile (R8-13)."""
    _, s, _ = _drafted(2)
    theirs = next(c for c in cards.deck(tuple(sorted(s.drafts[1]))) if cards.SCHOOLS_OF[c] != ("cantrip",)
                  and not any(school in s.drafts[0] for school in cards.SCHOOLS_OF[c]))
    cantrip = next(c for c in range(len(cards.ID)) if cards.SCHOOLS_OF[c] == ("cantrip",))
    s.hands[0] += [theirs, cantrip]
    turn.discard(s, 0, theirs)                     # taken from the other group (a dead man's hand)
    turn.discard(s, 0, cantrip)
    assert s.discards == [[cantrip], [theirs]]
    s.decks[1] = []
    assert piles.draw_card(s, 1) == theirs and s.discards == [[cantrip], []]
    s.decks[0] = []
    assert piles.draw_card(s, 0) == cantrip and piles.draw_card(s, 0) == -1


def test_custom_spellbook_is_no_giant_book_and_names_no_schools() -> None:
    g = load_game("wizwar/8e", players=2)
    with pytest.raises(ValueError, match="Custom Spellbook drafts the schools"):
        g.new_state(1, config={**SPELLBOOK, "giant_book": True})
    with pytest.raises(ValueError, match="Custom Spellbook drafts the schools"):
        g.new_state(1, config={**SPELLBOOK, "schools": ["alchemy", "elemental", "mutation"]})


def test_custom_spellbook_piles_are_hidden_and_the_draft_public() -> None:
    """Each group's deck size and discard pile are public, its order is not: a seat's view
    is the same when only a deck's order changes; the drafted schools are everyone's."""
    g, s, picks = _drafted(4)
    view = g.view(s, 1)
    assert [group["schools"] for group in view["groups"]] == s.drafts
    assert [group["seats"] for group in view["groups"]] == [[0, 2], [1, 3]]
    assert view["deck"] == len(s.decks[1])  # his own group's deck
    before = [g.view(s, q) for q in (*range(4), None)]
    s.decks[0].reverse()
    s.decks[1].reverse()
    assert [g.view(s, q) for q in (*range(4), None)] == before
    assert "P0 and P2's group" in g.render_text(view)
    assert g.config_of(s).get("custom_spellbook") is True and "schools" not in g.config_of(s)
