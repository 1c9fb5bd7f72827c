"""Wiz-War (6th edition rules): the labyrinth (`board.py` the fixed layout, `mapstate.py`
what changes, `sight.py` line of sight), the deck as data (`cards.py`), the turn
(`game.py`) and what a seat sees (`view.py`); docs/games/wizwar.md.
"""
