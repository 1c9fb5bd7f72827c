"""Wiz-War 8th edition (Fantasy Flight Games, 2012), being built as a sibling of the 6e game
on the shared labyrinth: this subpackage holds what differs from the 6th edition, beginning
with its cards (`cards.py`, checked by `card_checks.py`, facts in `data/cards-8e.json`), so
adding to one edition never moves the other's card indices or action ids.
"""
