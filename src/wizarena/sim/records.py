"""Record files of a simulation: JSON lines or Parquet, written as games finish, read back
for replay and for resuming a run.

JSON lines are the kernel's own record format (`core.record`), one game a line. Parquet is
the same record as columns, one row a game, for the tools people study results with
(pandas, polars, DuckDB, Spark): index, game, variant, players, config (JSON text), seed,
agents (per seat), winners, eliminated, scores, reason, length, the moves as two lists
(`actors`, the seat that moved, and `actions`, the action id), and the step digests. A row
turns back into a `Record` through `Record.from_json`, so a Parquet file gets the same
checks as a JSON-lines one before anything replays.

Parquet is written one row group per chunk of games (pyarrow's ParquetWriter), so memory
stays bounded; a Parquet file is only readable once its footer is written, which happens
when the run ends, is interrupted (Ctrl-C, SIGTERM) or fails. A run killed outright
(SIGKILL, power loss) leaves a JSON-lines file that resumes from its last whole line, and
a Parquet file that cannot be resumed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wizarena.core import Record, RecordError
from wizarena.core.inputs import load_json
from wizarena.core.record import read_records as read_jsonl

PARQUET_SUFFIXES = (".parquet", ".pq")
PYARROW_INSTALL = "pip install 'wizarena[lab]'"
READ_ROWS = 4096  # rows per batch when reading a Parquet file back


def is_parquet(path: str | Path) -> bool:
    return str(path).lower().endswith(PARQUET_SUFFIXES)


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise RecordError(f"Parquet files need pyarrow, which is not installed: {PYARROW_INSTALL}") from None
    return pa, pq


def schema() -> Any:
    pa, _ = _pyarrow()
    return pa.schema([
        ("index", pa.int64()), ("game", pa.string()), ("variant", pa.string()), ("players", pa.int16()),
        ("config", pa.string()), ("seed", pa.int64()), ("agents", pa.list_(pa.string())),
        ("winners", pa.list_(pa.int8())), ("eliminated", pa.list_(pa.int8())), ("scores", pa.list_(pa.float64())),
        ("reason", pa.string()), ("length", pa.int32()), ("actors", pa.list_(pa.int8())),
        ("actions", pa.list_(pa.int32())), ("digests", pa.list_(pa.string())),
    ])


def record_batch(records: list[Record]) -> Any:
    """Records of one chunk as a pyarrow RecordBatch (built in the worker, written by the parent)."""
    pa, _ = _pyarrow()
    columns: dict[str, list[Any]] = {name: [] for name in schema().names}
    for r in records:
        outcome = r.outcome or {}
        columns["index"].append(r.meta["index"])
        columns["game"].append(r.game)
        columns["variant"].append(r.variant)
        columns["players"].append(r.players)
        columns["config"].append(json.dumps(r.config, separators=(",", ":")))
        columns["seed"].append(r.seed)
        columns["agents"].append(r.meta["agents"])
        columns["winners"].append(outcome.get("winners", []))
        columns["eliminated"].append(outcome.get("eliminated", []))
        columns["scores"].append(outcome.get("scores"))
        columns["reason"].append(outcome.get("reason", ""))
        columns["length"].append(len(r.moves))
        columns["actors"].append([seat for seat, _ in r.moves])
        columns["actions"].append([action for _, action in r.moves])
        columns["digests"].append(r.digests)
    return pa.RecordBatch.from_pydict(columns, schema=schema())


def _row_record(row: dict[str, Any], where: str) -> Record:
    """One Parquet row as a Record, through the same checks as a JSON line."""
    try:
        actors, actions = row["actors"], row["actions"]
        if actors is None or actions is None or len(actors) != len(actions):
            raise RecordError("its 'actors' and 'actions' must be lists of the same length")
        outcome = None
        if row["winners"] is not None:
            outcome = {"winners": row["winners"], "scores": row["scores"], "reason": row["reason"] or ""}
            if row["eliminated"]:
                outcome["eliminated"] = row["eliminated"]
        if row["config"] is not None and not isinstance(row["config"], str):
            raise RecordError("its 'config' is not JSON text")
        config = load_json(row["config"], "its 'config'", RecordError) if row["config"] else {}
        data = {"game": row["game"], "variant": row["variant"], "seed": row["seed"], "config": config,
                "moves": [[a, b] for a, b in zip(actors, actions, strict=True)], "outcome": outcome,
                "meta": {"agents": row["agents"], "index": row["index"]}, "digests": row["digests"],
                "players": row["players"]}
        return Record.from_json(data)
    except KeyError as exc:
        raise RecordError(f"{where}: no {exc.args[0]!r} column") from None
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _parquet_file(path: str | Path) -> Any:
    pa, pq = _pyarrow()
    try:
        return pq.ParquetFile(path)
    except FileNotFoundError:
        raise RecordError(f"no such record file: {path}") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a directory, not a record file") from None
    except (pa.ArrowException, OSError) as exc:
        raise RecordError(f"{path}: not a readable Parquet file ({' '.join(str(exc).split())[:200]})") from None


def parquet_rows(path: str | Path, columns: list[str] | None = None) -> Iterator[dict[str, Any]]:
    """The rows of a Parquet record file as dicts, a batch at a time."""
    pa, _ = _pyarrow()
    pf = _parquet_file(path)
    missing = [c for c in (columns or schema().names) if c not in pf.schema_arrow.names]
    if missing:
        raise RecordError(f"{path}: not a wizarena record file (no {', '.join(missing)} column)")
    try:
        for batch in pf.iter_batches(batch_size=READ_ROWS, columns=columns):
            yield from batch.to_pylist()
    except pa.ArrowException as exc:
        raise RecordError(f"{path}: a damaged Parquet file ({' '.join(str(exc).split())[:200]})") from None


def read_records(path: str | Path) -> Iterator[Record]:
    """The records of a JSON-lines or a Parquet file (by its suffix), in file order."""
    if not is_parquet(path):
        yield from read_jsonl(path)
        return
    for k, row in enumerate(parquet_rows(path)):
        yield _row_record(row, f"{path}: row {k}")


def read_record(path: str | Path, index: int) -> tuple[Record | None, int]:
    """Record number `index` (its position in the file), or None and how many there are.
    In a Parquet file only the row group holding it is read."""
    if is_parquet(path):
        pa, _ = _pyarrow()
        pf = _parquet_file(path)
        missing = [c for c in schema().names if c not in pf.schema_arrow.names]
        if missing:
            raise RecordError(f"{path}: not a wizarena record file (no {', '.join(missing)} column)")
        first = 0
        for k in range(pf.num_row_groups):
            rows = pf.metadata.row_group(k).num_rows
            if index < first + rows:
                try:
                    row = pf.read_row_group(k).slice(index - first, 1).to_pylist()[0]
                except pa.ArrowException as exc:
                    raise RecordError(f"{path}: a damaged Parquet file ({' '.join(str(exc).split())[:200]})") from None
                return _row_record(row, f"{path}: row {index}"), first + rows
            first += rows
        return None, first
    count = 0
    for k, record in enumerate(read_records(path)):
        count = k + 1
        if k == index:
            return record, count
    return None, count


class JsonlSink:
    """JSON lines appended as chunks arrive; `keep` lines already there are kept (a resume)."""

    def __init__(self, path: str | Path, resume: bool) -> None:
        self.path = Path(path)
        self._fh = open(self.path, "a" if resume else "w", encoding="utf-8")

    def write(self, lines: Any) -> None:
        if lines:
            self._fh.write("\n".join(lines))
            self._fh.write("\n")
            self._fh.flush()  # a hard kill loses at most the chunk being written

    def close(self) -> None:
        self._fh.close()


class ParquetSink:
    """Record batches written as row groups. On a resume the rows already in the file are
    copied first into a new file beside it, which replaces the old one when closed: a
    Parquet file cannot be appended to."""

    def __init__(self, path: str | Path, resume: bool) -> None:
        _, pq = _pyarrow()
        self.path = Path(path)
        self._target = self.path.with_name(self.path.name + ".resuming") if resume else self.path
        self._writer = pq.ParquetWriter(str(self._target), schema(), compression="zstd")
        if resume:
            pf = _parquet_file(self.path)
            for k in range(pf.num_row_groups):
                self._writer.write_table(pf.read_row_group(k).cast(schema()))

    def write(self, batch: Any) -> None:
        if batch is not None and batch.num_rows:
            self._writer.write_batch(batch)

    def close(self) -> None:
        self._writer.close()
        if self._target != self.path:
            os.replace(self._target, self.path)


def open_sink(path: str | Path, resume: bool) -> JsonlSink | ParquetSink:
    return ParquetSink(path, resume) if is_parquet(path) else JsonlSink(path, resume)


def trim_partial_line(path: str | Path) -> None:
    """Drop a last line cut short by a run killed mid-write, so the file resumes cleanly."""
    with open(path, "rb+") as fh:
        size = fh.seek(0, os.SEEK_END)
        if size == 0:
            return
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return
        block = 1 << 16
        pos = size
        while pos > 0:
            start = max(0, pos - block)
            fh.seek(start)
            cut = fh.read(pos - start).rfind(b"\n")
            if cut >= 0:
                fh.truncate(start + cut + 1)
                return
            pos = start
        fh.truncate(0)
