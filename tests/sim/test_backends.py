"""Backends: the same seed gives the same counts in this process, on a process pool and on
Ray, whatever the number of workers or the chunk size; Ray's absence or an address nobody
answers at is one clear error."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from wizarena.core import WizarenaError
from wizarena.sim import simulate
from wizarena.sim.backends import check_address

SPECS = ["random", "greedy:samples=1"]


def _counts(r) -> tuple:
    return r.wins, r.seat_wins, r.draws, r.steps, r.eliminated, r.lengths


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[object]:
    """A local Ray cluster of 2 CPUs for the module (as CI runs it)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_the_same_seed_gives_the_same_counts_on_every_backend(ray_cluster: object) -> None:
    here = simulate("cup", SPECS, 120, seed=77, workers=1, cards=True)
    pool = simulate("cup", SPECS, 120, seed=77, workers=2, chunk=9, cards=True)
    ray_two = simulate("cup", SPECS, 120, seed=77, workers=2, chunk=13, backend="ray", cards=True)
    ray_one = simulate("cup", SPECS, 120, seed=77, workers=1, chunk=120, backend="ray", cards=True)
    assert _counts(here) == _counts(pool) == _counts(ray_two) == _counts(ray_one)
    assert here.cards == pool.cards == ray_two.cards
    assert (pool.backend, ray_two.backend, ray_two.workers) == ("pool", "ray", 2)


def test_several_players_and_records_on_ray(ray_cluster: object, tmp_path) -> None:
    from wizarena.sim.records import read_records

    here = simulate("wizwar", ["random"] * 3, 6, seed=4, out=tmp_path / "a.jsonl")
    far = simulate("wizwar", ["random"] * 3, 6, seed=4, workers=2, chunk=2, backend="ray",
                   out=tmp_path / "b.jsonl")
    assert _counts(here) == _counts(far)
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert len(list(read_records(tmp_path / "b.jsonl"))) == 6


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_ray(name: str, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(WizarenaError, match=r"pip install 'wizarena\[ray\]'"):
        simulate("cup", SPECS, 2, backend="ray")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_address_nobody_answers_at_fails_at_once() -> None:
    port = _closed_port()
    with pytest.raises(WizarenaError, match=f"no Ray cluster answers at 127.0.0.1:{port}"):
        check_address(f"ray://127.0.0.1:{port}")
    with pytest.raises(WizarenaError, match="names no host and port"):
        check_address("ray://nowhere")
    with pytest.raises(WizarenaError, match="must be auto"):
        check_address("http://127.0.0.1:80")


@pytest.mark.parametrize("kwargs, message", [
    ({"backend": "spark"}, "backend must be one of pool, ray"),
    ({"address": "auto"}, "needs --backend ray"),
    ({"resume": True}, "give --out"),
    ({"workers": 0}, "workers must be from 1"),
    ({"chunk": 5000}, "chunk size must be from 1"),
])
def test_bad_options_are_refused_before_any_game(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate("cup", SPECS, 2, **kwargs)
