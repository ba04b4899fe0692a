"""`deckwright preflight`: what each print service or table would reject or crop, per game."""

from __future__ import annotations

import argparse
import json
import sys

from . import COMMANDS
from .tables import Line, Shown, Table, show

from ..model import Project, UsageError
from ..model.load import load_editions
from ..press.cards import GamePress
from ..press.intake import Finding, game_label, run as intake
from ..press.services import services

MARKS = {"ok": "ok", "note": "note", "reject": "REJECT"}


def register(sub: argparse._SubParsersAction) -> None:
    known = ", ".join(f"{s.id} ({s.title})" for s in services().values())
    p = sub.add_parser(
        "preflight", help=COMMANDS["preflight"],
        description="Check each game against what each service asks of its files, before "
                    "upload: the card size on the service's templates (a card a little smaller "
                    "is padded, one that fits no template refused, with the reason), the "
                    "images' pixel size, colour mode and dpi, the bleed, text and art inside "
                    "the safe zone (from the face plans), the ink limit, PDF/X and embedded "
                    "fonts, TTS's sheet limits, CGS's plain text and unique names, and the "
                    "print-and-play sheets' marks inside a desktop printer's printable area. "
                    "Files a build has written under build/ are read back too. The rules, each "
                    "with the page it comes from, are in deckwright/press/services/*.yaml. "
                    f"Services: {known}. Exit status 1 when anything would be rejected, 2 on "
                    "bad input.")
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.add_argument("--service", action="append", metavar="S", default=None,
                   help="only this service (repeat or comma-separate): "
                        + "|".join(services()))
    p.add_argument("--json", action="store_true",
                   help="print the findings as a JSON list (game, service, check, verdict, "
                        "detail, source)")
    p.set_defaults(run=run)


def chosen_services(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    wanted = [v.strip() for value in values for v in value.split(",") if v.strip()]
    unknown = [w for w in wanted if w not in services()]
    if unknown:
        raise UsageError(f"unknown service {unknown[0]} for --service (known: "
                         f"{', '.join(services())})")
    return list(dict.fromkeys(wanted))


def tables(found: list[Finding], titles: dict[str, str]) -> list[Shown]:
    """One table per game: a row per finding, `service check` and `verdict: detail`."""
    out: list[Shown] = []
    names = {s.id: s.title for s in services().values()}
    for game in dict.fromkeys(f.game for f in found):
        table = Table(f"{titles.get(game, game)} ({game}): preflight")  # one per edition too
        for f in (f for f in found if f.game == game):
            table.add_row(f"{names.get(f.service, f.service)}: {f.check}",
                          f"{MARKS[f.verdict]}: {f.detail}")
        out.append(table)
    rejected = sum(f.verdict == "reject" for f in found)
    out.append(Line(f"{rejected} finding(s) a service would reject" if rejected else
                    "nothing any service would reject", markup=False))
    return out


def report(presses: list[GamePress], wanted: list[str] | None, build_dir, as_json: bool) -> int:
    found = intake(presses, wanted, build_dir)
    if as_json:
        sys.stdout.write(json.dumps([f.as_json() for f in found], ensure_ascii=False, indent=2) + "\n")
    else:
        titles = {game_label(p): p.game.db.game.title for p in presses}
        show(tables(found, titles))
    return 1 if any(f.verdict == "reject" for f in found) else 0


def run(args: argparse.Namespace) -> int:
    wanted = chosen_services(args.service)
    project = Project(args.project)
    games = load_editions(project, args.games)
    presses = [GamePress(g) for g in games]
    build_dir = project.build_dir if project.build_dir.is_dir() else None
    return report(presses, wanted, build_dir, args.json)
