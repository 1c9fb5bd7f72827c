"""Wizards of Mickey: the CCG in its three formats (rules in game.py, docs/games/mickey.md)."""
