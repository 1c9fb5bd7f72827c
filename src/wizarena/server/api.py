"""The HTTP API of docs/web-protocol.md: games, agents, tables, state, moves, replays.

Requests act for a seat only with that seat's token (header, query or the table's cookie);
without one they are a spectator's, who may look but never act. Refusals are one-line
`{"detail": ...}` bodies with the status the protocol names.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from wizarena.agents import agent_names, agents_for
from wizarena.core import Record, RecordError, UnknownGame, WizarenaError, load_game
from wizarena.core.record import seal
from wizarena.core.registry import game_class, game_ids

from . import messages
from .errors import TableError
from .identity import request_tokens
from .limits import address_key
from .live import LiveTable
from .tables import TableManager

router = APIRouter(prefix="/api")
log = logging.getLogger("wizarena.server")


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "agent"]
    agent: str | None = Field(None, max_length=200, description="agent spec, e.g. ismcts:iterations=300")


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    variant: str | None = Field(None, max_length=64)
    seats: list[SeatRequest] = Field(max_length=16)
    players: StrictInt | None = Field(None, ge=1, le=16, description="the number of players, one of the "
                                      "game's player_counts; default: as many as `seats`")
    seed: StrictInt | None = None
    hotseat: StrictBool = Field(False, description="the creator keeps every seat's token (people share one "
                                                  "screen): such a table may choose its seed")
    config: dict[str, Any] = Field(default_factory=dict)
    timeout_s: float = 120


class ActRequest(BaseModel):
    action: StrictInt | StrictStr | dict[str, Any] = Field(description="an action id, its text, or {'id': ...}")
    seq: StrictInt | None = Field(None, description="the number of moves the client has seen; stale -> 409")


class ComputerRequest(BaseModel):
    agent: str | None = Field(None, max_length=200, description="an agent spec; none: the game's default")


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


def client_address(request: Request) -> str:
    """The address rate limits and the open-tables cap count by: the socket peer as the
    ASGI server reports it (uvicorn puts X-Forwarded-For there only for a trusted proxy,
    see docs/web.md, "Limits"), IPv6 grouped by /64."""
    return address_key(request.client.host if request.client is not None else None)


def cookie_allowed(request: Request) -> bool:
    """A cookie is ambient: a request from another site's page must not act with it."""
    origin = request.headers.get("origin")
    if not origin or request.method in ("GET", "HEAD"):
        return True
    return urlsplit(origin).netloc.lower() == (request.headers.get("host") or "").lower()


def held_seats(request: Request, table: LiveTable) -> set[int]:
    tokens = request_tokens(table.id, request.headers, request.query_params, request.cookies,
                            trust_cookie=cookie_allowed(request))
    return table.seats_for(tokens)


async def _table(request: Request, table_id: str) -> LiveTable:
    table = await _manager(request).get(table_id)
    if _manager(request).notifier.shared:
        await table.catch_up()  # another worker may have moved it: the database decides
    return table


def _asked_seat(request: Request) -> int | None:
    raw = request.query_params.get("seat")
    if raw is None or raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        raise TableError(400, "seat must be a number") from None


def _held_and_asked(request: Request, table: LiveTable) -> tuple[set[int], int | None]:
    """The seats the request holds tokens for, and the one it names (which it must hold)."""
    held = held_seats(request, table)
    asked = _asked_seat(request)
    if asked is not None and asked not in held:
        raise TableError(403, f"no token for seat {asked}")
    return held, asked


def _viewer(request: Request, table: LiveTable) -> int | None:
    """The seat whose view a reading request gets: the one asked for (its token needed), the
    only one held, or the lowest of several (hot-seat); None for a spectator."""
    held, asked = _held_and_asked(request, table)
    if asked is not None:
        return asked
    return min(held) if held else None


async def _actor(request: Request, table: LiveTable) -> int:
    """The seat a move is for: as asked, the only one held, or (hot-seat) the held seat
    that must decide now."""
    held, asked = _held_and_asked(request, table)
    if asked is not None:
        return asked
    if not held:
        raise TableError(403, "acting needs a seat token (X-Seat-Token header, token parameter or cookie)")
    if len(held) == 1:
        return next(iter(held))
    to_act = await table.read(lambda: table.game.to_act(table.state))
    return next((s for s in sorted(held) if s in to_act), min(held))


@router.get("/games")
def list_games() -> list[dict[str, Any]]:
    """Every registered game and variant."""
    out = []
    for gid in game_ids():
        cls = game_class(gid)
        for variant, description in cls.variants.items():
            game = load_game(gid, variant)
            same = None if variant is not None or cls.default_variant is None else f"{gid}/{cls.default_variant}"
            out.append({"id": gid, "variant": variant, "full_id": game.full_id, "name": cls.name,
                        "title": game.title, "same_as": same, "description": description,
                        "num_players": game.num_players, "player_counts": sorted(cls.player_counts),
                        "options": [o.to_json() for o in game.options], "default_agent": game.default_agent,
                        "agents": agents_for(game), "rules_url": f"/rules/{game.full_id}"})
    return out


@router.get("/games/{game_id}/cards")
def list_cards(game_id: str, variant: str | None = None) -> list[dict[str, Any]]:
    """A game's card facts, so that clients draw card faces from the game's own data."""
    try:
        game = load_game(game_id, variant)
    except UnknownGame as exc:
        raise TableError(404, str(exc)) from None
    return [card.to_json() for card in game.cards]


@router.get("/agents")
def list_agents() -> list[str]:
    return agent_names()


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    """Open a table. The seat tokens are in this answer and nowhere else."""
    table, tokens = await _manager(request).create(
        body.game, body.variant, [s.model_dump() for s in body.seats], body.seed, body.config, body.timeout_s,
        hotseat=body.hotseat, address=client_address(request), players=body.players)
    seats = []
    for s in table.info.seats:
        entry: dict[str, Any] = {"seat": s["seat"], "kind": s["kind"]}
        if s["kind"] == "human":
            token = tokens[s["seat"]]
            entry.update(token=token, url=f"/table/{table.id}?token={token}")
        else:
            entry["agent"] = s["agent"]
        seats.append(entry)
    return {"id": table.id, "game": table.game.full_id, "seats": seats, "spectate_url": f"/table/{table.id}"}


@router.get("/tables")
async def list_tables(request: Request, cursor: str | None = Query(None, max_length=200),
                      limit: int = 20) -> dict[str, Any]:
    """The lobby: one page of the open tables, newest first, and the cursor of the next."""
    return await _manager(request).lobby(cursor, limit)


@router.get("/tables/{table_id}")
async def table_summary(table_id: str, request: Request) -> dict[str, Any]:
    table = await _table(request, table_id)
    return await table.read(table.summary)


@router.get("/tables/{table_id}/state")
async def table_state(table_id: str, request: Request) -> dict[str, Any]:
    table = await _table(request, table_id)
    seat = _viewer(request, table)
    table.touch(seat)
    return await table.read(lambda: table.state_payload(seat))


@router.post("/tables/{table_id}/actions")
async def table_act(table_id: str, body: ActRequest, request: Request) -> dict[str, Any]:
    await _manager(request).services.rates.address_move(client_address(request))
    table = await _table(request, table_id)
    seat = await _actor(request, table)
    result = await table.act(seat, body.action, body.seq, reply=True)
    assert result is not None
    return result


@router.post("/tables/{table_id}/seats/{seat}/computer")
async def hand_to_computer(table_id: str, seat: int, request: Request,
                           body: ComputerRequest | None = None) -> dict[str, Any]:
    await _manager(request).services.rates.address_move(client_address(request))
    table = await _table(request, table_id)
    held = held_seats(request, table)
    if not held:
        raise TableError(403, "this needs the token of another seat of the table")
    spec = body.agent if body is not None and body.agent else table.game.default_agent
    return await table.hand_to_computer(seat, spec, held)


@router.get("/tables/{table_id}/replay")
async def table_replay(table_id: str, request: Request) -> dict[str, Any]:
    """Every step of the table from one seat's point of view (with its token), or public,
    and, once the game is over, the check that it follows from the seat it committed to."""
    table = await _table(request, table_id)
    seat = _asked_seat(request)
    if seat is not None and seat not in held_seats(request, table):
        raise TableError(403, f"no token for seat {seat}")
    record = await table.read(lambda: table.info.record(table.moves))
    game = load_game(record.game, record.variant, players=record.players)
    frames = await asyncio.to_thread(messages.replay_frames, game, record, seat)
    summary = await table.read(table.summary)
    if "seed" in summary["fairness"]:
        try:
            await _final_record(table)  # sealing replays it: the commitment, every move, the outcome
            summary["fairness"]["verified"] = ("the seed matches the commitment shown before the game, "
                                               "and every move replays from it")
        except RecordError as exc:
            summary["fairness"]["verified"] = f"does not verify: {exc}"
    return {"table": summary, "seat": seat, "frames": frames}


async def _final_record(table: LiveTable) -> Record:
    """The record of a finished table with its seed, outcome, seats and step digests."""
    def build() -> Record:
        record = table.info.record(table.moves)
        record.outcome = table.info.outcome
        record.meta = {"table": table.id, "agents": [s.get("agent") or "person" for s in table.info.seats]}
        return record
    return await asyncio.to_thread(seal, await table.read(build))


@router.get("/tables/{table_id}/record")
async def table_record(table_id: str, request: Request) -> Response:
    """The finished table's record as one JSON line, signed by the server's current key, for
    `wizarena replay --verify --key`. Not before the end: it holds the seed, and with it
    every hidden card."""
    table = await _table(request, table_id)
    if not table.finished:
        raise TableError(409, "the record, with the seed the table was dealt from, is given out when the game ends")
    record = await _final_record(table)
    record = await asyncio.to_thread(_keys_call, request, lambda keys: keys.sign(record))
    return Response(record.dumps() + "\n", media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="wizarena-{table.id}.jsonl"'})


def _keys_call(request: Request, use: Any) -> Any:
    """`use(key ring)`; a key file that cannot be read is logged with its path and answered
    with a 500 that names no path."""
    try:
        return use(request.app.state.keys)
    except WizarenaError as exc:
        log.error("signing keys: %s", exc)
        raise TableError(500, "the server's signing keys cannot be read; its log says why") from None


@router.get("/keys")
async def signing_keys(request: Request) -> dict[str, Any]:
    """The public keys the server signs records with: the current one and every one before
    it, so that a record signed before a rotation still verifies."""
    keys = await asyncio.to_thread(_keys_call, request, lambda ring: ring.public())
    return {"keys": [k.to_json() for k in keys]}
