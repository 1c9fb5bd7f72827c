"""Wiz-War (6th edition rules), being built: the labyrinth (`board.py` the fixed layout,
`mapstate.py` what changes, `sight.py` line of sight) and the deck as data (`cards.py`).

No game is registered yet: it is registered once the turn, combat, counteractions and
every card's behaviour are in, so that no half game shows up in the lobby or the CLI.
"""
