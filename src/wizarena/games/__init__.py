"""The games that ship with wizarena, one package each; the registry finds them by path."""
