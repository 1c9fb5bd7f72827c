"""Wizard Wars: a three-round duel of decks, rows of units and nine mana dice."""
