"""Doors on the table (6e 8, and the doors variant of 6e 11): a door opened by a card lets
its opener through once and locks again; the opener may hold it for others; a door opened
and left locks again when the opener's turn is over; in the doors variant a wizard opens
the doors of his own sector without a key, but not a jammed one."""

from __future__ import annotations

from wizarena.core import Action
from wizarena.core.record import record_of, replay
from wizarena.games.wizwar import neutrals, sectors
from wizarena.games.wizwar.actions import (
    AIM_LINES,
    END_TURN,
    LET_BE,
    MOVES,
    NEUTRAL_CARDS,
    NEUTRALS,
    SECTORS,
    USE_KEY,
)
from wizarena.games.wizwar.board import DIR_NAMES
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import DOOR, JAMMED
from wizarena.games.wizwar.places import line_name
from wizarena.games.wizwar.state import NEUTRAL, TURN, WizWarState

G2 = WizWarGame(None, 2)


def act(s: WizWarState, seat: int, action: Action) -> None:
    G2.apply(s, seat, action)


def of_kind(s: WizWarState, seat: int, kind: str) -> list[Action]:
    s.legal_for = -1  # the tests move wizards and change doors by hand: no cached list
    return [a for a in G2.legal_actions(s, seat) if a.kind == kind]


def with_hand(s: WizWarState, seat: int, hand: list[int]) -> None:
    """Every hand emptied into the draw pile, then `seat` given `hand` from it."""
    s.deck += [c for h in s.hands for c in h]
    s.hands = [[] for _ in range(s.n)]
    for c in hand:
        (s.deck if c in s.deck else s.discard).remove(c)
        s.hands[seat].append(c)


def a_door(s: WizWarState, sector: int | None = None) -> tuple[int, int, int, int, int]:
    """A printed door on the line `e` between squares a (heading d) and b, with a square c
    beside b to walk on to, in `sector` when given: (a, d, b, e, c)."""
    m = s.map
    asm = m.asm
    for a in range(asm.n_squares):
        for d in range(4):
            e, b = asm.side_edge[a * 4 + d], asm.step[a * 4 + d]
            if e < 0 or b < 0 or m.kind(e) != DOOR or asm.far_edge[a * 4 + d] != e:
                continue
            if sector is not None and m.sector_of(a) != sector:
                continue
            c = next((c for c in m.neighbours(b) if c != a), -1)
            if c >= 0:
                return a, d, b, e, c
    raise AssertionError("no door fits")


def everyone_lets_it_be(s: WizWarState) -> None:
    while s.phase == NEUTRAL:
        act(s, G2.to_act(s)[0], LET_BE)


def picked_open(seed: int = 2) -> tuple[WizWarState, int, int, tuple[int, int, int, int, int]]:
    """P(turn) beside a door with Pick Lock, which he casts on it; the other wizard waits
    in the same square. Round 1: nothing here is an attack."""
    s = G2.new_state(seed)
    q, t = s.turn, 1 - s.turn
    with_hand(s, q, [neutrals.PICK_LOCK])
    door = a_door(s)
    a, d, b, e, c = door
    s.pos[q] = s.pos[t] = a
    act(s, q, NEUTRALS[NEUTRAL_CARDS.index(neutrals.PICK_LOCK)])
    act(s, q, AIM_LINES[e])
    everyone_lets_it_be(s)
    assert s.phase == TURN and s.map.step_to(a, d) == b
    return s, q, t, door


def hold(s: WizWarState, q: int, d: int) -> None:
    holds = [x for x in of_kind(s, q, "hold-door") if x.fields["direction"] == DIR_NAMES[d]]
    assert holds, "the opener may say he holds the door"
    act(s, q, holds[0])


# -- 6e 8: holding a door ---------------------------------------------------------------------
def test_6e_8_holding_a_door_lets_another_wizard_through() -> None:
    """6e 8: "You cannot tailgate unless the opener states he is holding the door." """
    unheld, q, t, (a, d, b, e, c) = picked_open()
    act(unheld, q, MOVES[d])  # no hold: it locks behind him, and no hold can be stated now
    assert not unheld.map.door_open(e) and not of_kind(unheld, q, "hold-door")
    act(unheld, q, END_TURN[2])
    assert MOVES[d] not in G2.legal_actions(unheld, t)
    s, q, t, (a, d, b, e, c) = picked_open()
    hold(s, q, d)
    act(s, q, MOVES[d])
    assert s.pos[q] == b and s.map.door_open(e), "held: it does not lock behind him"
    assert any(ev.rule == "WW 6e 8" and "holds the door" in ev.text for ev in s.log)
    act(s, q, END_TURN[2])
    assert s.turn == t and MOVES[d] in G2.legal_actions(s, t)
    act(s, t, MOVES[d])
    assert s.pos[t] == b and s.map.door_open(e), "still held: its holder stands beside it"


def test_6e_8_a_held_door_locks_again_when_its_holder_walks_away() -> None:
    """6e 8: "only Remove Lock keeps a door permanently open": a hold lasts while the
    holder stays beside the door."""
    s, q, t, (a, d, b, e, c) = picked_open()
    hold(s, q, d)
    act(s, q, MOVES[d])
    step = next(k for k in range(4) if s.map.step_to(b, k) == c)
    act(s, q, MOVES[step])
    assert s.pos[q] == c and not s.map.door_open(e)
    assert G2.view(s, t)["board"]["lines"][e]["door"] == "locked"
    assert any(ev.rule == "WW 6e 8" and "locks again" in ev.text for ev in s.log)


def test_6e_8_the_holder_may_let_go_of_the_door() -> None:
    """6e 8: the door is held only while the opener states he holds it."""
    s, q, t, (a, d, b, e, c) = picked_open()
    hold(s, q, d)
    assert G2.view(s, t)["board"]["lines"][e]["door"] == "held"
    let_go = of_kind(s, q, "let-go-door")
    assert len(let_go) == 1
    act(s, q, let_go[0])
    assert not s.map.door_open(e) and MOVES[d] not in G2.legal_actions(s, q)


def test_6e_8_a_door_opened_and_not_passed_locks_again_when_the_opener_s_turn_ends() -> None:
    """6e 8: "Doors: locked at all times; opened only via cards ... auto-relock after
    passage": what was opened for the opener's passage does not wait for a later turn."""
    s, q, t, (a, d, b, e, c) = picked_open()
    act(s, q, END_TURN[2])
    assert s.turn == t and not s.map.door_open(e)
    assert MOVES[d] not in G2.legal_actions(s, t)
    assert any(ev.rule == "WW 6e 8" and line_name(s.map.asm, e) in ev.text and "locks again" in ev.text for ev in s.log)


# -- ruling R9: a door let go of stays locked for the turn ------------------------------------
def test_ruling_r9_a_door_let_go_of_stays_locked_until_the_turn_is_over() -> None:
    """Ruling R9 (docs/games/wizwar.md): "A door its holder lets go of stays locked until
    the turn is over: no key, card or hand opens it again this turn." The Master Key stays
    in hand, so without it opening, holding and letting go went round for ever."""
    s = G2.new_state(2)
    q, t = s.turn, 1 - s.turn
    with_hand(s, q, [neutrals.MASTER_KEY])
    a, d, b, e, c = a_door(s)
    s.pos[q] = s.pos[t] = a
    act(s, q, USE_KEY)
    act(s, q, AIM_LINES[e])
    everyone_lets_it_be(s)
    assert s.map.door_open(e)
    hold(s, q, d)
    act(s, q, of_kind(s, q, "let-go-door")[0])
    assert not s.map.door_open(e)
    assert any(ev.rule == "WW ruling R9" and "lets go" in ev.text for ev in s.log)
    s.legal_for = -1
    assert not neutrals.lines_for(s, q, neutrals.MASTER_KEY) and USE_KEY not in G2.legal_actions(s, q)
    assert G2.why_not(s, q, USE_KEY) == (f"you let go of the door on {line_name(s.map.asm, e)} this turn: it "
                                         "stays locked until the turn is over", "WW ruling R9")
    act(s, q, END_TURN[2])
    act(s, t, END_TURN[2])
    assert s.turn == q and e in neutrals.lines_for(s, q, neutrals.MASTER_KEY), "a new turn: the key opens it"


# -- 6e 11: the doors variant -------------------------------------------------------------------
def own_doors_game(seed: int = 2, variant: bool = True) -> tuple[WizWarState, int, tuple[int, int, int, int, int]]:
    s = G2.new_state(seed, {"own_doors": True} if variant else None)
    q = s.turn
    with_hand(s, q, [])
    door = a_door(s, q)
    s.pos[q] = door[0]
    return s, q, door


def opens(s: WizWarState, q: int, d: int) -> list[Action]:
    return [x for x in of_kind(s, q, "open-own-door") if x.fields["direction"] == DIR_NAMES[d]]


def test_6e_11_doors_variant_a_wizard_opens_the_doors_of_his_own_sector_without_a_key() -> None:
    """6e 11: "Doors variant: a wizard may open the doors of his own sector without a key." """
    s, q, (a, d, b, e, c) = own_doors_game()
    assert opens(s, q, d)
    act(s, q, opens(s, q, d)[0])
    assert s.map.door_open(e) and s.phase == TURN and s.hands[q] == []
    assert any(ev.rule == "WW 6e 11" for ev in s.log)
    act(s, q, MOVES[d])
    assert s.pos[q] == b and not s.map.door_open(e), "opened for one passage, like any door (6e 8)"
    plain, p, (a2, d2, *_rest) = own_doors_game(variant=False)
    assert not opens(plain, p, d2)


def test_6e_11_doors_variant_not_another_sector_s_door_nor_a_jammed_one() -> None:
    """6e 11 and 6e 8: the variant opens his own sector's doors; "Jam Lock beats Master
    Key", and it beats the owner's hand as well: jammed, his door stays shut, and once
    the jam is gone (a door rebuilt is beyond the basic deck, so the test lifts it) he
    opens it again."""
    s, q, (a, d, b, e, c) = own_doors_game()
    m = s.map
    asm = m.asm
    theirs = [(x, k) for x in range(asm.n_squares) for k in range(4)
              if m.sector_of(x) != q and asm.side_edge[x * 4 + k] >= 0 and m.kind(asm.side_edge[x * 4 + k]) == DOOR
              and not m.may_open_without_key(asm.side_edge[x * 4 + k], q)]
    assert theirs
    for x, k in theirs:
        s.pos[q] = x
        assert not opens(s, q, k)
    s.pos[q] = a
    s.map.jam_lock(e)
    assert not opens(s, q, d)
    s.map.edges[e] &= ~JAMMED
    assert opens(s, q, d)


def test_6e_11_doors_variant_the_opener_may_hold_his_door() -> None:
    """6e 8 with 6e 11: a door opened by its owner's hand is an opened door like any, so he
    may state he holds it."""
    s, q, (a, d, b, e, c) = own_doors_game()
    act(s, q, opens(s, q, d)[0])
    hold(s, q, d)
    act(s, q, MOVES[d])
    assert s.map.door_open(e)


def test_ruling_r9_binds_the_doors_variant_s_hand_too() -> None:
    """Ruling R9: "no key, card or hand opens it again this turn": a wizard's own door,
    opened without a key, held and let go of, stays shut to his hand until the turn is over."""
    s, q, (a, d, b, e, c) = own_doors_game()
    act(s, q, opens(s, q, d)[0])
    hold(s, q, d)
    act(s, q, of_kind(s, q, "let-go-door")[0])
    assert not opens(s, q, d) and not s.map.door_open(e)


def test_6e_11_the_doors_variant_is_kept_in_the_record() -> None:
    """A record must replay the game it was made from: the variant is part of its config."""
    s = G2.new_state(3, {"own_doors": True})
    record = record_of(G2, s, 3, [], {})
    assert record.config == {"own_doors": True}
    _game, again = replay(record)
    assert again.map.own_doors
    assert record_of(G2, G2.new_state(3), 3, [], {}).config == {}


def test_6e_8_a_held_door_turns_with_its_sector_and_stays_held() -> None:
    """6e 8: a sector turned carries everything on it: the door and the wizard who holds it
    turn together, and he still holds it; once he leaves it, it locks again."""
    s, q, t, (a, d, b, e, c) = picked_open(5)
    m = s.map
    assert m.sector_of(a) == m.sector_of(b), "a door inside one sector: the two turn together"
    hold(s, q, d)
    s.hands[q].append(sectors.ROTATE)
    s.deck.remove(sectors.ROTATE) if sectors.ROTATE in s.deck else s.discard.remove(sectors.ROTATE)
    slot = a // 25
    act(s, q, NEUTRALS[NEUTRAL_CARDS.index(sectors.ROTATE)])
    act(s, q, SECTORS[slot * 3])  # a quarter turn
    everyone_lets_it_be(s)
    line = s.holding[q]
    assert line >= 0 and line != e and s.map.door_open(line) and not s.map.door_open(e)
    sides = [s.map.asm.side_edge[s.pos[q] * 4 + k] for k in range(4)]
    assert line in sides, "he turned with it and stands beside it"
    away = next(k for k in range(4) if s.map.step_to(s.pos[q], k) >= 0 and sides[k] != line)
    act(s, q, MOVES[away])  # off the two squares the door parts
    assert not s.map.door_open(line) and s.holding[q] == -1
