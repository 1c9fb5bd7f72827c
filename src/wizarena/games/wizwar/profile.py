"""The rules profile: the numbers and switches in which the editions of Wiz-War differ,
kept as one record chosen when a game is made and carried on its state.

The 6th and 8th editions share the labyrinth, sight, doors and the answer windows, and
differ in numbers: life, the opening hand, the hand limit, movement, the round cap, the
printed side of the boards. The rules read them from the state's profile (`s.rules`), never
from a module constant, so that one engine plays either edition by the profile it was
given. A profile never changes during a game: every copy of a state shares its one record.
"""

from __future__ import annotations

from typing import Final, final


@final
class Profile:
    """One edition's numbers (its rulebook section in the comment of each)."""

    __slots__ = ("edition", "life", "life_cap", "opening_hand", "hand_limit", "draws", "base_moves", "max_rounds",
                 "board_side", "victory_points", "door_rule", "let_go_rule")

    def __init__(self, edition: str, *, life: int, opening_hand: int, hand_limit: int, draws: int,
                 base_moves: int, max_rounds: int, board_side: str, door_rule: str, let_go_rule: str,
                 life_cap: int = 0, victory_points: int = 0) -> None:
        self.edition: Final = edition
        self.life: Final = life                  # each wizard's life at the start
        self.life_cap: Final = life_cap          # the most life a wizard may have, 0 for no cap
        self.opening_hand: Final = opening_hand  # cards dealt to each player at the start
        self.hand_limit: Final = hand_limit      # cards a hand may hold after any change
        self.draws: Final = draws                # cards drawn at most at the end of a turn
        self.base_moves: Final = base_moves      # squares a wizard may walk a turn, before boosts
        self.max_rounds: Final = max_rounds      # rounds before the game is decided on what stands
        self.board_side: Final = board_side      # the printed side of the sector boards (8e: by default)
        self.victory_points: Final = victory_points  # points that win, 0 where treasures win (6e)
        self.door_rule: Final = door_rule        # what the shared door rules cite (doors.py)
        self.let_go_rule: Final = let_go_rule    # the ruling that a door let go of stays shut for the turn


# Wiz-War 6th edition (docs/games/wizwar.md): 6e 1 life and opening hand, 6e 3 hand limit
# and drawing, 6e 4 movement; ruling R1 the round cap; the classic faces; ruling R9 a door
# let go of.
SIXTH: Final = Profile("6e", life=15, opening_hand=7, hand_limit=7, draws=2, base_moves=3, max_rounds=60,
                       board_side="classic", door_rule="WW 6e 8", let_go_rule="WW ruling R9")

# Wiz-War 8th edition (docs/games/wizwar-8e.md): life 15 never above 20 (8e rule 3), an
# opening hand of 5 (rule 2), the hand limit 7 (rule 17), draw up to 2 (rule 4), base speed 3
# (rule 5); ruling R8-14 the round cap; side A of the boards unless the players choose B; 2
# victory points win (rule 19); ruling R8-33 a door let go of.
EIGHTH: Final = Profile("8e", life=15, life_cap=20, opening_hand=5, hand_limit=7, draws=2, base_moves=3,
                        max_rounds=60, board_side="new", victory_points=2, door_rule="WW8 Doors",
                        let_go_rule="WW8 ruling R8-33")
