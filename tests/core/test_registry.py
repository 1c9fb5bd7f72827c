"""The registry: ids and variants resolve to games, and a wrong name says what exists."""

from __future__ import annotations

import pytest

import wizarena
from wizarena.core import UnknownGame, WizarenaError, game_class, game_ids, load_game, register
from wizarena.games.cup.game import CupGame

from .toy import ToyGame


def test_game_ids_list_the_shipped_games() -> None:
    ids = game_ids()
    assert "cup" in ids
    assert ids == sorted(ids)
    assert wizarena.game_ids() == ids


def test_a_registered_class_is_served() -> None:
    assert "toy" in game_ids()
    game = load_game("toy")
    assert isinstance(game, ToyGame) and game.variant is None and game.full_id == "toy"
    assert game_class("toy") is ToyGame


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as info:
        load_game("chess")
    message = str(info.value)
    assert "'chess'" in message
    for known in game_ids():
        assert known in message
    assert isinstance(info.value, WizarenaError)


@pytest.mark.parametrize(("game_id", "variant"), [("cup", "nope"), ("cup/nope", None), ("cup/", None),
                                                  ("toy", "swap")])
def test_unknown_variant_names_the_known_ones(game_id: str, variant: str | None) -> None:
    with pytest.raises(UnknownGame) as info:
        load_game(game_id, variant)
    message = str(info.value)
    assert "no variant" in message
    cls = game_class(game_id.split("/")[0])
    for name in cls.variants:
        if name:
            assert name in message


def test_id_slash_variant_form() -> None:
    swap = load_game("cup/swap")
    assert isinstance(swap, CupGame)
    assert swap.variant == "swap" and swap.full_id == "cup/swap"
    assert load_game("cup", "swap").full_id == "cup/swap"
    assert load_game("cup").full_id == "cup" and load_game("cup").variant is None
    assert load_game("toy/quick").full_id == "toy/quick"


def test_every_variant_of_every_game_loads() -> None:
    for game_id in game_ids():
        for variant in game_class(game_id).variants:
            game = load_game(game_id, variant)
            assert game.variant == variant
            assert game.id == game_id
            assert [a.id for a in game.actions] == list(range(game.num_distinct_actions))


def test_registering_by_path_is_lazy_and_replaces_a_class() -> None:
    register("cup-alias", ToyGame)
    assert game_class("cup-alias") is ToyGame
    register("cup-alias", "wizarena.games.cup.game:CupGame")  # a path forgets the cached class
    assert game_class("cup-alias") is CupGame
    assert "cup-alias" in game_ids()


def test_a_variant_may_be_played_by_a_class_of_its_own() -> None:
    """An edition with its own state and actions (`variant_classes`) keeps the game's id:
    `wizwar/8e` is made by the 8e class, `wizwar` by the 6e class, and the player count
    reaches either."""
    from wizarena.games.wizwar.eighth.game import EighthGame
    from wizarena.games.wizwar.game import WizWarGame

    eighth = load_game("wizwar/8e", players=3)
    assert isinstance(eighth, EighthGame) and eighth.id == "wizwar" and eighth.full_id == "wizwar/8e"
    assert eighth.num_players == 3 and eighth.actions is not WizWarGame.actions
    sixth = load_game("wizwar", players=3)
    assert type(sixth) is WizWarGame and sixth.full_id == "wizwar"
