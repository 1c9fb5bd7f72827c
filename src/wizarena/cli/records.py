"""`wizarena replay`: a recorded game narrated again with its rule citations, or records
verified: replayed step by step, their secret seeds and signatures checked."""

from __future__ import annotations

from typing import Annotated

import typer

from wizarena.core import RecordError, ReplayDivergence, WizarenaError, replay
from wizarena.sim.records import read_record, read_records

from .base import app, check_seat, narrate, out, outcome_line


# -- replay -------------------------------------------------------------------------------------
def _verify(path: str, index: int | None, key: str | None) -> None:
    from wizarena.core.signing import check_signature, read_keys

    keys = read_keys(key) if key is not None else None
    ok = failed = unchained = pledged = 0
    signers: dict[str, int] = {}
    unsigned = unchecked = 0
    first = ""
    for k, record in enumerate(read_records(path)):
        if index is not None and k != index:
            continue
        try:
            if keys is not None and key is not None:
                # First: a record the server did not sign as it is gets no replay at all.
                signer = check_signature(record, keys, key)
                signers[signer] = signers.get(signer, 0) + 1
            replay(record, log=False)
            ok += 1
            unchained += record.digests is None
            pledged += record.commitment is not None
            unsigned += record.signature is None
            unchecked += keys is None and record.signature is not None
        except ReplayDivergence as exc:
            failed += 1
            first = first or f"record {k} diverges at step {exc.step}: {exc.reason}"
        except RecordError as exc:
            failed += 1
            first = first or f"record {k}: {exc}"
        if index is not None:
            break
    if index is not None and ok + failed == 0:
        raise WizarenaError(f"{path} has no record {index}")
    if ok + failed == 0:  # an empty file, or blank lines: nothing was shown to be right
        raise WizarenaError(f"{path} holds no records to verify")
    if failed:
        more = f" ({failed} of {ok + failed} records fail)" if ok + failed > 1 else ""
        raise WizarenaError(first + more)
    notes = []
    if unchained:
        notes.append(f"{unchained} of them carr{'ies' if unchained == 1 else 'y'} no step digests (an older "
                     "format), so a changed choice could not be checked step by step, only the whole game")
    if pledged:
        notes.append(f"{pledged} dealt from a secret seed that matches the commitment shown before the game")
    for signer, n in signers.items():
        notes.append(f"{n} signed by {signer}")
    if unchecked:
        notes.append(f"{unchecked} signed, not checked (--key FILE|URL checks whose signature it is)")
    if unsigned:
        notes.append(f"{unsigned} unsigned (no server vouches for who wrote {'it' if unsigned == 1 else 'them'})")
    out.print(f"ok: {ok} record(s) replay exactly" + "".join(f"; {n}" for n in notes), markup=False)


@app.command(name="replay")
def replay_cmd(
    path: Annotated[str, typer.Argument(metavar="FILE", help="Record file: JSON lines, or Parquet (.parquet) "
                                        "as `simulate --out` writes.", show_default=False)],
    index: Annotated[int | None, typer.Option("--index", "-k", min=0, help="Record number, from 0 "
                                              "(default: the first; with --verify, all).")] = None,
    verify: Annotated[bool, typer.Option("--verify", help="Re-execute the records and report whether "
                                         "each replays exactly, or where one diverges.")] = False,
    seat: Annotated[int | None, typer.Option("--seat", help="Narrate as this seat sees it "
                                             "(default: a spectator).")] = None,
    key: Annotated[str | None, typer.Option("--key", metavar="FILE|URL", help="With --verify: the public keys "
                                            "of the server that signed the records, as a file of its /api/keys "
                                            "answer or the server's http(s) URL; every record must carry a "
                                            "signature by one of them.")] = None,
) -> None:
    """Re-execute a recorded game and narrate it with rule citations, or verify records."""
    if key is not None and not verify:
        raise WizarenaError("--key checks signatures while verifying: add --verify")
    if verify:
        _verify(path, index, key)
        return
    want = index or 0
    record, count = read_record(path, want)
    if record is None:
        raise WizarenaError(f"{path} has {count} record(s); there is no record {want}")
    try:
        game, state = replay(record, log=True)
    except ReplayDivergence as exc:
        raise WizarenaError(f"record {want} diverges at step {exc.step}: {exc.reason}") from None
    check_seat(game, seat)
    who = "a spectator" if seat is None else f"P{seat}"
    agents = record.meta.get("agents") if isinstance(record.meta, dict) else None
    seated = f", seats: {', '.join(f'P{s} {a}' for s, a in enumerate(agents))}" if isinstance(agents, list) else ""
    out.print(f"record {want}: {game.name} ({game.full_id}), seed {record.seed}, {len(record.moves)} steps"
              f"{seated}; as {who} sees it", style="bold", markup=False)
    if record.digests is None:
        out.print("(this record carries no step digests, an older format: it replays, but a changed choice "
                  "could not be found step by step)", style="dim", markup=False)
    events = game.events(state, seat)
    narrate([e for e in events if e.kind != "end"])  # the closing events are the last line's, cited there
    names = {s: f"P{s}" for s in range(game.num_players)}
    if isinstance(agents, list):
        names.update({s: f"P{s} ({a})" for s, a in enumerate(agents) if s in names})
    cited = "".join(f"  [{e.rule}]" for e in events if e.kind == "end" and e.rule)
    out.print("game over: " + outcome_line(game.outcome(state), names) + cited, style="bold", markup=False,
              soft_wrap=not out.is_terminal)


