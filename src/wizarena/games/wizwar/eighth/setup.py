"""Setting up an 8th-edition game (design brief rules 1-3, rulings R8-2 and R8-13 in
docs/games/wizwar-8e.md): the labyrinth dealt with its sectors shuffled and turned, a deck
of White Cantrip and three schools, each wizard on his home base with 15 life and 5 cards,
the treasures on their marks, and the first player found by rolling the d4.

All chance comes from the game's seeded generator, in a fixed order (sectors, schools,
the deck, the roll-off), so one seed and one set of options always give one game.
"""

from __future__ import annotations

from collections.abc import Sequence

from wizarena.core import Rng, say

from .. import vision
from ..board import assembly, faces
from ..dice import roll_off
from ..profile import EIGHTH
from . import cards, moving, piles, treasures
from .card_checks import SCHOOLS
from .labyrinth import deal_labyrinth
from .state import DISCARD_AND_DRAW, DRAFTING, MOVE_AND_CAST, R_FIRST, R_SETUP, EighthState


def deal(seed: int, players: int, side: str | None = None, schools: Sequence[str] | None = None, *,
         log: bool = True, giant: bool = False, spellbook: bool = False) -> EighthState:
    """A new 8e game for `players` seats: `side` of the boards ("new" side A, "classic" side
    B; the profile's by default) and the three `schools` besides White Cantrip (drawn at
    random by default), or every school (`giant`: Giant Book of Spells), or none yet
    (`spellbook`: Custom Spellbook, whose groups draft their schools before the first turn,
    piles.py). Bad options raise ValueError before any chance is drawn."""
    rules = EIGHTH
    side = rules.board_side if side is None else side
    chosen = None if schools is None else cards.check_schools(schools)
    if giant and chosen is not None:
        raise ValueError("Giant Book of Spells deals every school: name no schools with it")
    if spellbook and (giant or chosen is not None):
        raise ValueError("Custom Spellbook drafts the schools: name none, and leave out the Giant Book of Spells")
    s = EighthState()
    s.seed, s.rules, s.rng, s.n = seed, rules, Rng(seed), players
    s.log = [] if log else None
    s.map = deal_labyrinth(assembly(players), faces(), side, s.rng.below)
    s.sight = vision.rows_for(s.map)
    s.cracks = [0] * (s.map.asm.n_edges + s.map.asm.n_squares)
    # The draw is made even when the schools are chosen, so that one seed deals the same
    # deck whether its schools were drawn or named (a record names them: it replays).
    drawn = _draw_schools(s.rng)
    if spellbook:  # the decks are built once the schools are drafted (piles.build)
        s.schools, s.decks, s.discards = (), [[], []], [[], []]
        s.group, s.drafts = tuple(q % piles.GROUPS for q in range(players)), [[], []]
    else:
        s.schools = SCHOOLS[1:] if giant else chosen if chosen is not None else drawn
        s.decks = [cards.giant_deck() if giant else cards.deck(s.schools)]
        s.rng.shuffle(s.decks[0])
        s.discards, s.group, s.drafts = [[]], (0,) * players, []
    s.floor, s.spent, s.dying = [], [], []
    s.pos = [s.map.home_base(q) for q in range(players)]
    s.life = [rules.life] * players
    s.speed = [rules.base_moves] * players
    s.controller = list(range(players))
    s.treasure_at = []
    for q in range(players):
        s.treasure_at += s.map.treasure_marks(q)[:treasures.EACH]  # rule 1: two on his sector's marks
    s.carried = [-1] * players
    s.points = [0] * players
    s.target = rules.victory_points
    s.maintained = [[] for _ in range(players)]
    s.items = [[] for _ in range(players)]
    s.out = []
    s.hands = [[] for _ in range(players)]
    if s.log is not None:
        deck = ("each group drafts its schools (Custom Spellbook)" if spellbook else
                f"the deck is White Cantrip with {', '.join(s.schools)}{' (Giant Book of Spells)' if giant else ''}")
        say(s, "setup", R_SETUP, f"{players} sectors laid in random places and turns, side "
            f"{'A' if side == 'new' else 'B'} up; {deck}; "
            f"each wizard on his home base with {rules.life} life and {rules.opening_hand} cards")
    if not spellbook:
        deal_hands(s)
    s.stun = [0] * players
    s.played, s.holding = [0] * players, [-1] * players
    s.reacting, s.trigger = [], (-1, -1, -1, DISCARD_AND_DRAW)
    s.traps = []
    s.pool, s.origin, s.bend, s.sick, s.barred = 0, -1, False, 0, 0
    s.strides, s.busy = [0] * players, False
    s.owed, s.brained = [0] * players, 0
    s.follow, s.back, s.seen = None, MOVE_AND_CAST, None
    s.cast, s.answer, s.asking, s.trim, s.resume = None, None, [], [], MOVE_AND_CAST
    s.options, s.legal_for, s.legal = frozenset(), -1, []
    s.first = _roll_off(s)
    s.turn, s.round, s.phase, s.result = s.first, 1, MOVE_AND_CAST, None
    s.attacks, s.dazed, s.walked, s.struck = 1, False, False, False
    moving.begin(s)
    if spellbook:
        s.phase = DRAFTING
    return s


def deal_hands(s: EighthState) -> None:
    """Each wizard's opening hand, from his group's deck."""
    for q in range(s.n):
        deck = s.decks[s.group[q]]
        s.hands[q] = [deck.pop() for _ in range(s.rules.opening_hand)]
        if s.log is not None:
            say(s, "setup", R_SETUP, f"you are dealt {cards.names(s.hands[q])}", 1 << q)


def drafted(s: EighthState, seat: int, school: str) -> None:
    """Custom Spellbook: `seat` drafts `school`; after the last pick the decks are built,
    the hands dealt, and the first player's turn begins."""
    if piles.draft(s, seat, school):
        piles.build(s)
        deal_hands(s)
        s.phase = MOVE_AND_CAST
        moving.begin(s)


def _draw_schools(rng: Rng) -> tuple[str, ...]:
    """Three of the six schools at random (brief rule 2: "chosen at random by default")."""
    left = list(SCHOOLS[1:])
    drawn = [left.pop(rng.below(len(left))) for _ in range(cards.CHOSEN_SCHOOLS)]
    return cards.check_schools(drawn)


def _roll_off(s: EighthState) -> int:
    """Ruling R8-13: everyone rolls the d4, the highest goes first, a tie rolls again."""

    def tell(rolling: list[int], rolls: list[int]) -> None:
        if s.log is not None:
            say(s, "setup", R_FIRST, "first player roll: " + ", ".join(
                f"P{q} {r}" for q, r in zip(rolling, rolls, strict=True)))

    return roll_off(lambda: s.rng.below(4) + 1, s.n, tell)
