"""Tests of the game-agnostic kernel, with a three-player toy game as the second witness."""
