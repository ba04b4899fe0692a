"""`deckwright check`: everything `build` would refuse, found without drawing, in one run."""

from __future__ import annotations

import argparse
from typing import Any
from collections import Counter

from . import COMMANDS, GAME_IDS_HELP
from .tables import Line, Shown, Table, show

from .. import i18n
from ..model import GameData, InputError, Problem, Project, kept_yaml
from ..model.load import load_each, with_editions
from ..press.preflight import problems
from ..app.registry import Registration, how_to_add, misregistered
from ..app.registry import games as registry
from ..app.words import rules_words


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check", help=COMMANDS["check"],
        description="Validate cards/<GAME>.yaml, the sheets it names, playtest/<GAME>/*.yaml and "
                    "the face layouts, and plan every face without drawing it: unknown or "
                    "misspelt keys, colours, fonts and glyphs, text that does not fit, missing "
                    "or unreadable art; and for a game with a rules module, every example's "
                    "steps, cards, players and expectation keys against its notation. Every "
                    "problem of every file is printed in one run as file:line:col: field: "
                    "message, sorted by file and line; the exit status is 2 if any is found. "
                    "The editions cards/<GAME>.<LANG>.yaml are checked too; "
                    "words an edition leaves untranslated, and deckwright's own messages missing "
                    "from the catalog of a game's language, are listed as warnings.")
    p.add_argument("games", nargs="*", metavar="GAME", help=GAME_IDS_HELP)
    p.add_argument("--fresh", action="store_true",
                   help="ignore what a build kept in build/ (parsed YAML, the examples' "
                        "verdicts, clean face plans): parse, run and plan everything again, "
                        "as for a project folder received from someone else")
    p.add_argument("--preflight", action="store_true",
                   help="also say what each print service or table would reject or crop "
                        "(as `deckwright preflight`, from the face plans alone: nothing drawn, "
                        "no built file read); exit status 1 when anything would be")
    p.set_defaults(run=run)


def summary(game: GameData, rules: Registration | None = None) -> Table:
    """The table `check` prints: what a designer wants to confirm at a glance."""
    db = game.db
    table = Table(f"{db.game.title} ({game.id})")
    table.add_row("cards", f"{len(db.cards)} distinct, {sum(c.copies for c in db.cards)} copies")
    for deck in db.decks:
        total = sum(game.deck_contents(deck).values())
        stated = "" if deck.total is None else f" (stated {deck.total})"
        mark = " [default]" if deck is game.default_deck else ""
        table.add_row(f"deck {deck.id}", f"{total} cards{stated}{mark}")
    origins = Counter(r.origin for r in db.rulings)
    table.add_row("rulings", f"{origins['designer']} designer, {origins['project']} project")
    examples = game.all_examples()
    table.add_row("examples", f"{len(db.examples)} in database, {len(examples) - len(db.examples)} in playtest/")
    table.add_row("language", game.language + (f" (edition of {game.main_language})"
                                               if game.edition else ""))
    table.add_row("rules", str(rules.origin) if rules else f"none: {how_to_add(game.id, game.project)}")
    if rules and rules.shadows:
        table.add_row("not used", ", ".join(str(o) for o in rules.shadows))
    return table


def warnings(game: GameData) -> list[str]:
    """What a language leaves to English or to the main database: an edition's untranslated
    entries (file:line:col in the main database), the catalog's missing messages."""
    out = [f"{p} [warning]" for p in game.untranslated]
    missing = i18n.missing(game.language)
    if missing:
        catalog = i18n.po_path(i18n.normalise(game.language))
        where = game.project.display(game.path) if game.edition is None else game.edition
        out.append(f"{where}: game.language: deckwright has no {game.language} translation for "
                   f"{len(missing)} of its own messages (printed in English); add them to "
                   f"{catalog.relative_to(i18n.LOCALE_DIR.parent)} [warning]")
        out += [f"  missing: {m!r}" for m in missing]
    return out


def example_verdicts(game: GameData, fresh: bool = False) -> dict[str, Any]:
    """The engine's verdicts on the game's examples: what tells the examples not in the
    game's notation (only the rules can tell a verb or key they do not know) and each
    decision step's parsed words (the label pass reads those). The examples are run, unless a
    build kept the verdicts on exactly these inputs (`app.verdict_cache`, keyed by the
    database, playtests, rules and deckwright's code): those say the same and cost nothing to
    read; with `fresh`, they are not read. Check itself keeps nothing."""
    from ..app import verdict_cache   # only this needs the rules engine
    from ..app.verify import verify_examples

    kept = None if fresh else verdict_cache.load(game)
    return verify_examples(game) if kept is None else kept


def misregistrations(project: Project, games: list[GameData]) -> list[Problem]:
    """The project's rules modules named for a game that register another id or none."""
    found = (misregistered(game_id, project) for game_id in sorted({g.id for g in games}))
    return [p for p in found if p is not None]


def run(args: argparse.Namespace) -> int:
    if args.fresh:
        return _run(args)
    with kept_yaml.notes(args.project):   # what a build found these files parse to: read only
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    project = Project(args.project)
    games, found = load_each(project, args.games)
    found += misregistrations(project, games)
    from ..app.steps import step_words   # these need the rules engine
    from ..app.verify import bad_input_problems

    verdicts = {id(game): example_verdicts(game, args.fresh) for game in games}
    found += [p for game in games for p in bad_input_problems(verdicts[id(game)])]
    games, more = with_editions(games)
    # the label pass reads the steps as the verdicts parsed them; an edition's own examples
    # (no verdicts here) as written (app/steps.py)
    presses, faults = problems(games, vocabulary=rules_words,
                               steps=lambda game: step_words(game, verdicts.get(id(game))),
                               kept_faces=not args.fresh and not args.preflight)
    found += more + faults  # the games that loaded are checked as build would
    if found:
        raise InputError(found)
    rules = registry(project)   # a project rules module that does not import: exit 2
    out: list[Shown] = []
    for game in games:
        out.append(summary(game, rules.get(game.id)))
        out += [Line(line, markup=False) for line in warnings(game)]
    out.append(Line(f"{len(games)} game(s) valid" if not any(g.edition for g in games) else
                    f"{sum(not g.edition for g in games)} game(s) and "
                    f"{sum(bool(g.edition) for g in games)} edition(s) valid"))
    show(out)   # rich's bytes, through rich only on a terminal (tables.py)
    if args.preflight:
        from .preflight import report
        return report(presses, None, None, as_json=False)
    return 0
