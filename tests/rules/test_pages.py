"""The players' rules pages (wizarena.rules): one per game, shipped with the package, found
for every game id and variant, and holding the paragraph behind every rule the game's log
cites, so that a player who wonders about a ruling in the log can look it up."""

from __future__ import annotations

import random
import re

import pytest

from wizarena import rules
from wizarena.core import game_class, game_ids, load_game

FULL_IDS = [load_game(gid, variant).full_id for gid in game_ids() for variant in game_class(gid).variants]


@pytest.mark.parametrize("full_id", FULL_IDS)
def test_every_game_and_variant_has_its_page(full_id: str) -> None:
    page = rules.text(full_id)
    assert page.startswith("# ") and rules.title(page) and len(page.splitlines()) >= 40
    assert rules.text(full_id.upper()) == page  # as typed: case does not matter


def test_a_variant_reads_its_family_s_page_and_8e_its_own() -> None:
    assert rules.page_id("mickey/mini") == "mickey" and rules.page_id("cup/swap") == "cup"
    assert rules.page_id("wizwar/8e") == "wizwar/8e" and rules.page_id("wizwar") == "wizwar"
    assert rules.text("wizwar/8e") != rules.text("wizwar")


@pytest.mark.parametrize("name", ["chess", "", "../cup", "cup.md", "x" * 10_000, "wizwar/../../etc"])
def test_no_page_for_what_is_not_a_game(name: str) -> None:
    with pytest.raises(ValueError, match="no rules page") as info:
        rules.text(name)
    assert len(str(info.value)) < 200  # a long name is not echoed whole


@pytest.mark.parametrize("page_id", list(rules.PAGES))
def test_pages_are_our_own_words_for_players(page_id: str) -> None:
    """No machine path, no module of the engine, no web host: a page is for players."""
    page = rules.text(page_id)
    assert not re.search(r"/work/|/tmp/|\.py\b|src/wizarena|https?://", page), page_id


def _cited(full_id: str, players: int, seeds: int) -> set[str]:
    game = load_game(full_id, players=players)
    cited: set[str] = set()
    for seed in range(seeds):
        state, rng = game.new_state(seed, log=True), random.Random(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        cited |= {e.rule for e in state.log if e.rule}
    return cited


def _where(citation: str) -> list[str]:
    """What a page must hold for a citation: its parts as the page names them. A card's own
    text (`WW card Blink`) and the rulings behind the rules (`WW ruling R1`, `WW8 ruling R8-4`)
    are answered by `help CARD` and the project's docs, not the players' page."""
    if " card " in f" {citation} " or " ruling " in citation or citation.endswith(("INV", "MW")):
        return []
    if citation.startswith("WoM "):
        return [f"WoM {citation[4:]}"]  # looked up among the page's numbers (`_held`)
    if citation.startswith("WW 6e "):
        return [f"## {citation[6:]}"]
    if citation.startswith("WW8 "):
        return [citation]
    head, _, part = citation.partition("/")
    return [head, part.removesuffix(" X")] if part else [head]


def _numbers(page: str) -> set[str]:
    """The section numbers a Wizards of Mickey page tags its paragraphs with, as `WoM 7.9`:
    one "(7.9)", several "(6.1.1, 6.2.1)", or a run "(7.3–7.6)"."""
    held: set[str] = set()
    for group in re.findall(r"\((\d+(?:\.\d+)+(?:\s*[,–]\s*\d+(?:\.\d+)+)*)\)", page):
        for part in re.split(r"\s*,\s*", group):
            first, _, last = part.partition("–")
            if not last:
                held.add(f"WoM {first}")
                continue
            stem, _, low = first.rpartition(".")
            for n in range(int(low), int(last.rpartition(".")[2]) + 1):
                held.add(f"WoM {stem}.{n}")
    return held


@pytest.mark.parametrize(("full_id", "players"), [("cup", 2), ("mickey/mini", 2), ("mickey/official", 2),
                                                   ("wars", 2), ("wizwar", 2), ("wizwar", 4), ("wizwar/8e", 3)])
def test_the_page_explains_every_rule_the_log_cites(full_id: str, players: int) -> None:
    page = rules.text(full_id)
    flat = " ".join(page.split())
    numbers = _numbers(page)
    cited = _cited(full_id, players, seeds=8)
    assert cited
    missing = sorted(c for c in cited for wanted in _where(c)
                     if wanted not in numbers and " ".join(wanted.split()) not in flat)
    assert missing == [], missing
