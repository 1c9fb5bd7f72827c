"""The JSON the server sends, built in one place so that every message obeys one rule:
a seat is shown only `game.view(state, seat)`, the events it may read and its own
legal actions; a spectator (seat None) only the public view and public events.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from wizarena.core import Game, Record
from wizarena.core.events import Event

if TYPE_CHECKING:
    from .store import TableInfo


def legal_json(game: Game, state: Any, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat not in game.to_act(state):
        return []
    out = []
    for a in game.legal_actions(state, seat):
        data = a.to_json()
        data["text"] = game.action_text(state, a)  # the words for this position (Wiz-War's squares)
        out.append(data)
    return out


def outcome_json(game: Game, state: Any) -> dict[str, Any] | None:
    outcome = game.outcome(state)
    return None if outcome is None else outcome.to_json()


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def seat_state(game: Game, state: Any, seat: int | None, events: list[Event] | None) -> dict[str, Any]:
    """What one seat may know of a position: view, `events` (the ones it may read; None:
    leave them out), legal, to_act, outcome."""
    return {
        "view": game.view(state, seat),
        "events": None if events is None else events_json(events),
        "legal": legal_json(game, state, seat),
        "to_act": list(game.to_act_seen(state, seat)),
        "outcome": outcome_json(game, state),
    }


def ws_state(part: dict[str, Any], seat: int | None, seq: int, status: str,
             seats: list[dict[str, Any]]) -> str:
    """A seat's WebSocket state message from its `seat_state`, as JSON text, without the
    events: the same for every connection of that seat, so it is encoded once per seat and
    kept as text to tell whether anything changed (`with_events` adds a connection's own)."""
    return encode({"type": "state", "seat": seat, "seq": seq, "status": status, "view": part["view"],
                   "legal": part["legal"], "to_act": part["to_act"], "seats": seats, "outcome": part["outcome"]})


def with_events(state: str, events: list[dict[str, Any]], cursor: int) -> str:
    """The state message `state` (from `ws_state`) with `events`, a connection's events from
    its `cursor` on (the ones it has not been sent), as `events` and `events_from`."""
    return f'{state[:-1]},"events":{encode(events)},"events_from":{cursor}}}'


def encode(message: Any) -> str:
    """A message as the compact JSON text the WebSocket sends."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def summary(info: TableInfo, moves: int | None, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A table as the lobby lists it: public facts only, never a token."""
    return {"id": info.id, "game": info.game, "variant": info.variant, "status": info.status, "seats": seats,
            "moves": moves, "created_at": info.created_at.isoformat(), "outcome": info.outcome,
            "timeout_s": info.timeout_s, "fairness": info.fairness()}


def error(message: str, rule: str = "") -> dict[str, Any]:
    """A refusal; sent only to the client that caused it. Kept to one line."""
    return {"type": "error", "message": " ".join(str(message).split()) or "error", "rule": rule or ""}


def replay_frames(game: Game, record: Record, seat: int | None) -> list[dict[str, Any]]:
    """Frame 0 is the start, frame i the table after move i, each from `seat`'s point of
    view only, with the events that became readable to that seat at that step."""
    state = game.new_state(record.seed, record.config, log=True)
    seen = 0

    def frame(step: int) -> dict[str, Any]:
        nonlocal seen
        events = events_json(game.events(state, seat, seen))
        seen += len(events)
        return {"step": step, "view": game.view(state, seat), "events": events}

    frames = [frame(0)]
    for step, (mover, action_id) in enumerate(record.moves, 1):
        game.apply(state, mover, game.action(action_id))
        frames.append(frame(step))
    return frames
