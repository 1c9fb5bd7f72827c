"""Wiz-War (6th edition rules): the labyrinth so far — board, line of sight, map changes.

No game is registered yet: the turn, combat and counteractions come next, on this board
API (`board.py` the fixed layout, `mapstate.py` what changes, `sight.py` line of sight).
"""
