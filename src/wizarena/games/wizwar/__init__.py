"""Wiz-War, 6th-edition rules: board, cards and (later) the engine that plays them."""
