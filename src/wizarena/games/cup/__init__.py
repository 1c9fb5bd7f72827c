"""Wizards Cup: an auto-battler of 18-card sets (rules in game.py, docs/games/cup.md)."""
