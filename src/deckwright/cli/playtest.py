"""`deckwright playtest`: run every worked example of the games as a strict scripted playtest."""

from __future__ import annotations

import argparse

from . import COMMANDS, GAME_IDS_HELP
from rich.console import Console

from ..app import verify
from ..app.verify import Verdict, bad_input_problems
from ..model import GameData, InputError, Project, load_games
from ..app.registry import registered
from .check import misregistrations


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "playtest", help=COMMANDS["playtest"],
        description="Run the examples of cards/<GAME>.yaml and playtest/<GAME>/*.yaml strictly: "
                    "every decision must be scripted, refusals must give their reason, "
                    "expectations are checked mid-script and at the end. Each failure is printed "
                    "with expected vs actual and the event log; the last line is "
                    "'N passed, M failed'. Each failure names the file:line of its step or "
                    "expectation and only the entries that differ. Exit status 1 if any example "
                    "fails or a game with examples has no rules module (rules/<game>.py in the "
                    "project, see docs/project.md), 2 for bad input (also a step, card, player or "
                    "expectation key the game's notation does not know) or a rules module that "
                    "does not import.")
    p.add_argument("games", nargs="*", metavar="GAME", help=GAME_IDS_HELP)
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also list each passing example with its event log")
    p.add_argument("--lang", metavar="TAG",
                   help="run the examples of this language's edition (cards/<game>.<TAG>.yaml): "
                        "its reason: lines are matched against the refusals in that language")
    p.set_defaults(run=run)


def _report_game(out: Console, game: GameData, verdicts: dict[str, Verdict],
                 verbose: bool) -> tuple[int, int, int]:
    sources = {ex.id: src for src, ex in game.all_examples()}
    counts = {"verified": 0, "failing": 0, "unverified": 0}
    for verdict in verdicts.values():
        counts[verdict.status] += 1
        where = f"{game.id}/{verdict.example_id} ({sources.get(verdict.example_id, '?')})"
        if verdict.status == "failing":
            out.print(f"FAIL {where}", markup=False)
            for line in verdict.detail.splitlines():
                out.print(f"  {line}", markup=False)
        elif verdict.status == "verified" and verbose:
            out.print(f"ok   {where}", markup=False)
            for i, sentence in enumerate(verdict.log, 1):
                out.print(f"       {i}. {sentence}", markup=False)
    if not verdicts:
        out.print(f"{game.id}: no examples", markup=False)
    elif counts["unverified"]:
        why = next(v.detail for v in verdicts.values() if v.status == "unverified")
        out.print(f"{game.id}: {counts['unverified']} example(s) not yet verified: {why}",
                  markup=False)
    else:
        out.print(f"{game.id}: {counts['verified']} passed, {counts['failing']} failed",
                  markup=False)
    return counts["verified"], counts["failing"], counts["unverified"]


def run(args: argparse.Namespace) -> int:
    project = Project(args.project)
    games = load_games(project, args.games, args.lang)
    registered(project)   # a project rules module that does not import: one line, exit 2
    wrong = misregistrations(project, games)   # one named for a game that registers another
    if wrong:
        raise InputError(wrong)
    out = Console(highlight=False, soft_wrap=True)
    passed = failed = unverified = 0
    bad = []
    for game in games:
        verdicts = verify.verify_examples(game)  # looked up now: tests may stand in for it
        p, f, u = _report_game(out, game, verdicts, args.verbose)
        passed, failed, unverified = passed + p, failed + f, unverified + u
        bad += bad_input_problems(verdicts)
    if unverified:
        out.print(f"{unverified} example(s) not verified: their game has no rules module",
                  markup=False)
    out.print(f"{passed} passed, {failed} failed", markup=False)
    if bad:
        raise InputError(bad)
    return 1 if failed or unverified else 0
