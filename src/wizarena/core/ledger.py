"""`python -m wizarena.core.ledger GAME [GAME...]`: record the ids of a game's new actions.

Each game package keeps its ledger, `action_ids.py` (`IDS = {key: id}`), beside the
`actions.py` whose `TABLE` (a `core.actions.ActionTable`) builds its actions. A card or
an action added to the game takes the next free ids at once; this writes them into the
ledger, so that they never move again. Nothing is ever renumbered or removed.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from .actions import ActionTable, ledger_source


def table_of(game_id: str) -> tuple[ActionTable, Path]:
    """The action table of a game package and the path of its ledger module."""
    package = game_id.split("/", 1)[0]
    module = importlib.import_module(f"wizarena.games.{package}.actions")
    table: ActionTable = module.TABLE
    return table, Path(module.__file__ or "").with_name("action_ids.py")


def update(game_id: str) -> list[str]:
    """Write the game's ledger with its new keys recorded; returns those keys."""
    table, path = table_of(game_id)
    new = table.missing()
    if new or not path.exists():
        path.write_text(ledger_source(game_id, table.ledger_after()), encoding="utf-8")
    return new


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m wizarena.core.ledger GAME [GAME...]", file=sys.stderr)
        return 2
    for game_id in argv:
        new = update(game_id)
        print(f"{game_id}: {len(new)} new action ids recorded" if new else f"{game_id}: the ledger is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
