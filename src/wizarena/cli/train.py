"""`wizarena train`: a policy trained by self-play (wizarena.learn), playable as the agent
`policy:file=OUT/policy.npz`.

The training libraries are optional (`pip install 'wizarena[train]'`); without them the
command ends in one line saying so. Everything else (options, the output directory) is
checked before the libraries are even looked for, so a typo is reported as a typo.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from wizarena.core import WizarenaError
from wizarena.core.inputs import shown

from .base import GameArg, PlayersOpt, StoppedEarly, VariantOpt, app, err, error, out
from .lab import _duration, _stop_on_sigterm

REPORT_EVERY_S = 30.0  # plain progress lines when stderr is not a terminal


def _hidden(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise WizarenaError(f"--hidden must be layer widths separated by commas, e.g. 128,128, not {shown(text)}") \
            from None
    if not widths:
        raise WizarenaError("--hidden names no layer: give widths such as 128,128")
    return widths


def _scores(recent: dict[str, tuple[int, float]]) -> str:
    return ", ".join(f"{k} {s:.0%} of {n:,}" for k, (n, s) in sorted(recent.items())) or "no game finished yet"


class _Reporter:
    """Progress: a rich bar on a terminal, a plain line every half minute otherwise (a run
    under nohup writes a log a person reads later)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar: Any = None
        self.last = 0.0
        if err.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.bar = Progress(TextColumn("training"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                TextColumn("{task.fields[scores]}"), console=err, transient=True)
            self.task = self.bar.add_task("steps", total=total, scores="")

    def __enter__(self) -> _Reporter:
        if self.bar is not None:
            self.bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)

    def __call__(self, status: Any) -> None:
        scores = _scores(status.recent)
        if self.bar is not None:
            self.bar.update(self.task, completed=status.steps, scores=f"score {scores}")
            return
        now = time.monotonic()
        if status.note or now - self.last >= REPORT_EVERY_S:
            self.last = now
            print(f"trained {status.steps:,}/{self.total:,} steps in {_duration(status.seconds)}, "
                  f"{status.episodes:,} games, {status.snapshots} snapshots; recent score {scores}"
                  f"{'; ' + status.note if status.note else ''}", file=sys.stderr, flush=True)


@app.command("train")
def train_cmd(
    game_id: GameArg,
    steps: Annotated[int, typer.Option("--steps", help="Learner decisions to train for in all (a resumed run "
                                       "goes on to this total).")] = 1_000_000,
    out_dir: Annotated[Path, typer.Option("--out", help="Directory of the run: checkpoints, snapshots and "
                                          "policy.npz.")] = Path("wizarena-train"),
    seed: Annotated[int, typer.Option("--seed", help="Seed of the network, the games and the opponents.")] = 0,
    resume: Annotated[bool, typer.Option("--resume", help="Go on with the run in --out from its last "
                                         "checkpoint.")] = False,
    against: Annotated[str, typer.Option("--against", help="self: a league of the learner's own snapshots "
                                         "with random and greedy play mixed in; or an agent spec to train "
                                         "against only, e.g. random.")] = "self",
    minutes: Annotated[float | None, typer.Option("--minutes", help="Stop after this much training time "
                                                  "(resumes included), even short of --steps.")] = None,
    envs: Annotated[int, typer.Option("--envs", help="Games played side by side (one process).")] = 8,
    hidden: Annotated[str, typer.Option("--hidden", help="Widths of the network's hidden layers.")] = "128,128",
    snapshot_every: Annotated[int, typer.Option("--snapshot-every", help="Steps between the snapshots the "
                                                "learner plays against.")] = 200_000,
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", help="Steps between "
                                                  "checkpoints.")] = 200_000,
    variant: VariantOpt = None,
    players: PlayersOpt = None,
) -> None:
    """Train a policy by self-play with MaskablePPO (sb3-contrib) on one CPU core.

    The result, OUT/policy.npz, plays with numpy alone: `wizarena play GAME --vs
    policy:file=OUT/policy.npz`, or `benchmarks/strength.py policy:file=OUT/policy.npz ismcts`.
    Ctrl-C stops at a checkpoint; --resume goes on from it. Needs `pip install 'wizarena[train]'`.
    """
    from wizarena.learn.train import Run, TrainOptions

    opts = TrainOptions(game_id, variant, players, steps, seed, out_dir, resume, against, minutes, envs,
                        _hidden(hidden), snapshot_every, checkpoint_every)
    run = Run(opts)  # checks everything, the libraries last
    with _stop_on_sigterm(), _Reporter(steps) as reporter:
        run.progress = reporter
        result = run.run()
    why = " (the --minutes budget)" if result.stopped_by_time else ""
    out.print(f"{run.game.full_id}: {result.steps:,} steps in {_duration(result.seconds)}{why}, "
              f"{result.episodes:,} games; recent score {_scores(result.recent)}", markup=False)
    out.print(f"policy written to {result.policy}; play it with --vs policy:file={result.policy}", markup=False)
    if result.interrupted:
        error(f"interrupted: the run is kept in {result.out}; add --resume to the same command to go on")
        raise StoppedEarly
