"""The computer's move budget, enforced outside the agent: a move that never ends does not
hold the table, the process that thought it is killed and replaced, a slow table does not
stop another table's computer, and a failing agent's table plays on."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.server.limits import Limits

from . import slow_agents
from .helpers import new_table, state, vs

slow_agents.register()  # this process checks the specs; the thinking processes run `register` themselves

BUDGET_S = 0.4
WAIT_S = 60.0  # how long a test waits for something that takes a budget or two: a hang guard, not a timing


def wait_for(what: str, done: Callable[[], Any]) -> Any:
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        value = done()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"gave up waiting for {what}")


@pytest.fixture
def slow_client(open_app: Callable[..., Any], sqlite_url: str) -> Iterator[TestClient]:
    """An app with one thinking process and a short move budget."""
    limits = Limits(move_seconds=BUDGET_S, agent_processes=1)
    with open_app(sqlite_url, limits=limits, agent_setup=slow_agents.register) as c:
        yield c


def seat_moves(client: TestClient, table_id: str, seat: int) -> int:
    return sum(1 for mover, _ in client.app.state.manager.tables[table_id].moves if mover == seat)


def play_human(client: TestClient, table: dict[str, Any]) -> bool:
    """Seat 0 plays its first legal move if it must decide; False when it need not."""
    s = state(client, table["id"], table["tokens"][0])
    if not s["legal"]:
        return False
    r = client.post(f"/api/tables/{table['id']}/actions", headers={"X-Seat-Token": table["tokens"][0]},
                    json={"action": s["legal"][0]["id"], "seq": s["seq"]})
    return r.status_code == 200


def test_a_move_that_never_ends_is_cut_off_and_the_game_goes_on(slow_client: TestClient,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "wizarena.server")
    t = new_table(slow_client, vs("hang"))
    manager = slow_client.app.state.manager
    thinking = wait_for("the hanging agent's process", manager.thinkers.pids)
    wait_for("a fallback move of seat 1", lambda: seat_moves(slow_client, t["id"], 1) >= 1)
    # The process that was thinking is gone (killed and reaped), and another took its place.
    with pytest.raises(ProcessLookupError):
        os.kill(thinking[0], 0)
    successor = manager.thinkers.pids()
    assert len(successor) == 1 and successor != thinking
    assert manager.tables[t["id"]].computers.fallbacks >= 1
    assert "no answer within the move budget of 0.4 s" in caplog.text
    # The game goes on: the person plays, the computer answers (again by the fallback).
    before = seat_moves(slow_client, t["id"], 1)
    wait_for("seat 0's turn", lambda: play_human(slow_client, t))
    wait_for("seat 1's next move", lambda: seat_moves(slow_client, t["id"], 1) > before
             or state(slow_client, t["id"])["table"]["status"] == "finished")


def test_a_slow_table_does_not_stop_another_tables_computer(slow_client: TestClient) -> None:
    slow = new_table(slow_client, [{"kind": "agent", "agent": "hang"}, {"kind": "agent", "agent": "hang"}])
    quick = new_table(slow_client, vs("random"))
    # With one thinking process, the hanging table uses a whole budget at every move; the
    # quick table's computer still answers each of the person's moves, as the two take turns.
    answered = 0
    while answered < 3:
        before = seat_moves(slow_client, quick["id"], 1)
        if not wait_for("seat 0's turn", lambda: play_human(slow_client, quick)
                        or state(slow_client, quick["id"])["table"]["status"] == "finished"):
            break
        wait_for("the quick table's computer", lambda before=before: seat_moves(slow_client, quick["id"], 1) > before)
        answered += 1
    assert answered == 3
    assert state(slow_client, slow["id"])["table"]["status"] == "active"


def test_a_failing_agent_plays_a_random_legal_move(slow_client: TestClient,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "wizarena.server")
    t = new_table(slow_client, vs("fail"))
    wait_for("seat 1's move", lambda: seat_moves(slow_client, t["id"], 1) >= 1)
    assert "RuntimeError: this agent always fails" in caplog.text


def test_an_agent_whose_own_clock_is_over_the_move_budget_is_refused(slow_client: TestClient) -> None:
    r = slow_client.post("/api/tables", json={"game": "cup", "seats": vs("ismcts:seconds=1")})
    assert r.status_code == 400
    assert r.json()["detail"] == "agent option seconds=1.0 must be under this server's move budget of 0.4 s"


def test_stopping_the_server_stops_its_thinking_processes(open_app: Callable[..., Any], sqlite_url: str) -> None:
    limits = Limits(move_seconds=60.0, agent_processes=2)
    with open_app(sqlite_url, limits=limits, agent_setup=slow_agents.register) as client:
        new_table(client, vs("hang"))
        new_table(client, vs("hang"), seed=8)
        thinking = wait_for("two hanging agents", lambda: len(pids := client.app.state.manager.thinkers.pids()) == 2
                            and pids)
    for pid in thinking:  # the app is stopped, long before the budget of a minute is over
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
