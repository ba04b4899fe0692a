"""Load a project: its game databases and playtest scripts, validated into `GameData`.

A project is a folder with `cards/<game>.yaml` (one database per game), optional
`playtest/<game>/*.yaml` (longer scripted examples), optional `templates/` overriding the
built-in ones, and `build/` for outputs. Loading never executes anything from the files.

A game named that the project does not have is looked for among the games bundled with
deckwright (bundled.py): the project's own database first, then the bundled one, the order
rules modules and face layouts follow. A bundled game is read from deckwright's tree and
built into the project's `build/`.

Editions and spreadsheets are read by modules of their own, imported only for a game that has
them: a command about one game in one language (simulate, play) does not build their models.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .. import paths
from . import bundled as shipped
from .errors import InputError, Problem, UsageError
from .schema import Card, Database, Deck, Example, PlaytestFile
from .validate import check_database, check_examples, deck_contents, salvage, schema_problems
from .yamlsafe import Positions, load_yaml


@dataclass
class Project:
    """Where a project's inputs and outputs live."""

    #: where the inputs are read: cards/, templates/, playtest/, fonts/, art
    root: Path
    #: the folder the user works in when the inputs are deckwright's bundled games (its build/
    #: takes the outputs, its rules/ comes first); None for a project of one's own: `root`
    home_dir: Path | None = None

    def __post_init__(self) -> None:
        self.root = Path(self.root)
        if self.home_dir is not None:
            self.home_dir = Path(self.home_dir)

    @property
    def home(self) -> Path:
        """The folder whose build/ takes the outputs and whose rules/ is imported."""
        return self.home_dir or self.root

    @property
    def bundled(self) -> bool:
        """Whether the inputs are deckwright's own (read-only) copy of a bundled game."""
        return self.home_dir is not None

    @property
    def cards_dir(self) -> Path:
        return self.root / "cards"

    @property
    def templates_dir(self) -> Path:
        return self.root / "templates"

    @property
    def playtest_dir(self) -> Path:
        return self.root / "playtest"

    @property
    def build_dir(self) -> Path:
        return self.home / "build"

    def display(self, path: Path) -> str:
        """A path as the user should read it in messages: relative to the project (as written,
        so a symlink that leads out is still named by its place in the project)."""
        pairs = (lambda: (os.path.abspath(path), os.path.abspath(self.root)),
                 lambda: (path.resolve(), self.root.resolve()))   # resolved only when needed
        for pair in pairs:
            mine, root = pair()
            try:
                return str(Path(mine).relative_to(root))
            except ValueError:
                continue
        return str(path)

    def game_ids(self) -> list[str]:
        """Games are `cards/<game>.yaml` with a plain id; `cards/<game>.<lang>.yaml` are editions."""
        return sorted(p.stem for p in self.cards_dir.glob("*.yaml") if paths.is_safe_id(p.stem))

    def edition_languages(self, game_id: str) -> list[str]:
        """The languages `cards/<game>.<lang>.yaml` edition files exist for."""
        return sorted(p.stem.split(".", 1)[1] for p in self.cards_dir.glob(f"{game_id}.*.yaml")
                      if p.stem.count(".") == 1)

    def require_games(self) -> None:
        """Stop with a message naming the folder looked in when there is no game to work on."""
        start = "start a project with 'deckwright new NAME', or name one with -C DIR"
        if not self.root.is_dir():
            raise UsageError(f"{self.root}: no such folder; {start}")
        if not self.cards_dir.is_dir():
            raise UsageError(f"{self.root}: not a deckwright project (it has no cards/ folder); "
                             f"{start}")
        if not self.game_ids():
            raise UsageError(f"{self.cards_dir}: no game databases (cards/<game>.yaml); {start}")

    def database_path(self, game_id: str) -> Path:
        """cards/<game_id>.yaml: the id must be plain and the file must lie inside the project."""
        try:
            paths.safe_id(game_id, "game")
        except paths.UnsafePath as exc:
            raise UsageError(str(exc)) from None
        path = self.cards_dir / f"{game_id}.yaml"
        if not path.is_file():
            self.require_games()
            known = ", ".join(self.game_ids()) or "none"
            others = ", ".join(i for i in shipped.game_ids() if i not in self.game_ids())
            others = f"; bundled with deckwright: {others}" if others else ""
            raise UsageError(f"no game {game_id!r} in {self.display(self.cards_dir)} "
                             f"(games: {known}{others})")
        return self.inside(path)

    def source(self, game_id: str) -> "Project":
        """The project a game is read from: this one when it has cards/<game_id>.yaml, else
        deckwright's bundled copy of that game (built into this project's build/), else this
        one (whose database_path then says what there is)."""
        if self.bundled or (self.cards_dir / f"{game_id}.yaml").is_file() \
                or not shipped.has(game_id):
            return self
        return Project(shipped.root(), home_dir=self.root)   # type: ignore[arg-type]

    def inside(self, path: Path) -> Path:
        """`path` if its real location is inside the project; else an InputError naming it."""
        try:
            paths.confined(path, [self.root], "file")
        except paths.UnsafePath as exc:
            raise InputError(Problem(self.display(path), 1, 1, "", str(exc))) from None
        return path

    def orphan_playtests(self) -> list[Problem]:
        """playtest/<folder>/ files whose folder names no game in cards/."""
        games = set(self.game_ids())
        return [Problem(self.display(f), 1, 1, "game",
                        f"no game {f.parent.name!r} in {self.display(self.cards_dir)}/ for this "
                        f"playtest file (games: {', '.join(sorted(games)) or 'none'})")
                for f in sorted(self.playtest_dir.glob("*/*.yaml")) if f.parent.name not in games]


@dataclass
class GameData:
    """A validated game database, with the look-ups every consumer needs."""

    db: Database
    path: Path
    project: Project
    playtests: list[tuple[str, Example]] = field(default_factory=list)
    #: where each value of the database came from (YAML line or sheet cell), for later checks
    positions: Positions | None = None
    #: the spreadsheets the cards came from (`cards_from`), inputs just like the YAML
    sheets: list[Path] = field(default_factory=list)
    #: the language of an edition built from `cards/<game>.<lang>.yaml`; None for the main one
    edition: str | None = None
    #: ids of the examples an edition translates (the others keep the main language)
    translated_examples: set[str] = field(default_factory=set)
    #: an edition's entries left in the main database's words, located there
    untranslated: list[Problem] = field(default_factory=list)
    #: the main database's language (an edition's `language` is its own)
    main_language: str = ""

    def __post_init__(self) -> None:
        self.main_language = self.main_language or self.db.game.language

    @property
    def id(self) -> str:
        return self.db.game.id

    @property
    def language(self) -> str:
        """The language deckwright's own words and the rules' sentences are printed in."""
        return self.db.game.language

    def language_of(self, example: Example) -> str:
        """The language an example is written in: an edition's language when the edition
        translates it, else the main database's (its `reason:` is matched in that language)."""
        if self.edition is None or example.id in self.translated_examples:
            return self.language
        return self.main_language

    @property
    def out_dir(self) -> Path:
        """Where this game's outputs go: build/<game>/, an edition's build/<game>/<lang>/."""
        root = self.project.build_dir / self.id
        return root / self.edition if self.edition else root

    def located(self) -> Positions:
        """Where each value of the database came from (read again if not kept)."""
        if self.positions is None:
            _, self.positions = load_yaml(self.path, self.project.display(self.path))
        return self.positions

    @cached_property
    def cards(self) -> dict[str, Card]:
        return {card.id: card for card in self.db.cards}

    def card(self, card_id: str) -> Card:
        return self.cards[card_id.split("#", 1)[0]]

    def deck(self, deck_id: str) -> Deck:
        for deck in self.db.decks:
            if deck.id == deck_id:
                return deck
        raise KeyError(deck_id)

    @property
    def default_deck(self) -> Deck:
        return next((d for d in self.db.decks if d.default), self.db.decks[0])

    def deck_contents(self, deck: Deck | str) -> dict[str, int]:
        """Card id -> copies in a deck, in database order."""
        if isinstance(deck, str):
            deck = self.deck(deck)
        return deck_contents(self.db, deck)

    def all_examples(self) -> list[tuple[str, Example]]:
        """(source file, example) for the database's examples and the playtest scripts."""
        shown = self.project.display(self.path)
        own = [(shown, ex) for ex in self.db.examples]
        return own + self.playtests

    def examples_for(self, card_id: str) -> list[Example]:
        return [ex for _, ex in self.all_examples() if card_id in ex.cards]


def parse_database(path: Path, project: Project) -> GameData:
    """Load and validate one database file; raises InputError with every problem found."""
    name = project.display(path)
    data, where = load_yaml(project.inside(path), name)
    if not isinstance(data, dict):
        raise InputError(Problem(name, 1, 1, "", "expected a mapping with game, cards and decks"))
    problems: list[Problem] = []
    sheets: list[Path] = []
    if "cards_from" in data:   # the sheets' rows join data["cards"]; their problems name the cell
        from .spreadsheet import attach as attach_sheets
        where, problems, sheets = attach_sheets(data, where, project.root, project.display)
    try:
        db = Database.model_validate(data)
    except ValidationError as exc:
        problems += schema_problems(exc, data, where)
        partial = salvage(data)  # cross-references too, in the same run
        if partial is not None:
            problems += check_database(partial[0], where, partial[1])
        raise InputError(problems) from None
    # a sheet that could not be read leaves cards out: deck totals would only add noise
    problems += check_database(db, where, {"cards": set()} if problems else None)
    if db.game.id != path.stem:
        problems.append(where.problem(("game", "id"), "game.id",
                                      f"game id {db.game.id!r} must match the file name {path.stem!r}"))
    if problems:
        raise InputError(problems)
    locate_examples(db.examples, where)
    return GameData(db=db, path=path, project=project, positions=where, sheets=sheets)


def locate_examples(examples: list[Example], where: Positions, default_auto_pass: bool = False) -> None:
    """Give each example the positions of its parts (for `file:line` in failure reports) and
    the file's auto_pass default."""
    for i, ex in enumerate(examples):
        ex._where = (where.file, _Within(where, ("examples", i)))
        if ex.auto_pass is None:
            ex.auto_pass = default_auto_pass


class _Within:
    """The positions of one example's parts, path within the example -> (line, column): looked
    up in its file's positions when asked (a kept file's are parsed only then)."""

    __slots__ = ("where", "prefix")

    def __init__(self, where: Positions, prefix: tuple[str | int, ...]):
        self.where, self.prefix = where, prefix

    def get(self, path: tuple[Any, ...], default: Any = None) -> Any:
        return self.where.marks.get(self.prefix + tuple(path), default)


def parse_playtests(project: Project, game_id: str, db: Database | None) -> list[tuple[str, Example]]:
    """Load `playtest/<game>/*.yaml`, checking each example against the game's database.

    With no database (it has problems of its own), the files are still checked on their own,
    so that one run reports the problems of every file.
    """
    folder = project.playtest_dir / game_id
    found: list[tuple[str, Example]] = []
    errors: list[InputError] = []
    for path in sorted(folder.glob("*.yaml")):
        name = project.display(path)
        try:
            data, where = load_yaml(project.inside(path), name)
            try:
                pf = PlaytestFile.model_validate(data)
            except ValidationError as exc:
                raise InputError(schema_problems(exc, data, where)) from None
            problems = [] if db is None else check_examples(db, pf.examples, ("examples",), where)
            if pf.game != game_id:
                problems.append(where.problem(("game",), "game", f"expected {game_id!r}"))
            if problems:
                raise InputError(problems)
            locate_examples(pf.examples, where, pf.auto_pass)
            found += [(name, ex) for ex in pf.examples]
        except InputError as exc:
            errors.append(exc)
    if errors:
        raise InputError.merge(errors)
    return found


def load_game(project: Project, game_id: str, language: str | None = None) -> GameData:
    """A game, or with `language` its edition in that language (the main database itself when
    it is written in that language)."""
    project = project.source(game_id)
    try:
        game = parse_database(project.database_path(game_id), project)
    except InputError as exc:
        try:
            parse_playtests(project, game_id, None)
        except InputError as more:
            raise InputError.merge([exc, more]) from None
        raise
    game.playtests = parse_playtests(project, game_id, game.db)
    ids = [ex.id for _, ex in game.all_examples()]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise InputError(Problem(project.display(game.path), 1, 1, "examples",
                                 f"example ids used twice across database and playtests: {', '.join(dupes)}"))
    if language is None or language == game.language:
        return game
    return load_edition(game, language)


def load_edition(game: GameData, language: str) -> GameData:
    """The game in the words of `cards/<game>.<language>.yaml`, facts from the main database."""
    from .edition import apply_edition, edition_path, parse_edition

    project = game.project
    try:  # it names a file (cards/<game>.<language>.yaml) and a folder (build/<game>/<language>/)
        paths.safe_id(language, "language")
    except paths.UnsafePath as exc:
        raise UsageError(str(exc)) from None
    path = edition_path(project.cards_dir, game.id, language)
    if not path.is_file():
        known = ", ".join(project.edition_languages(game.id)) or "none"
        raise UsageError(f"no {language} edition of {game.id}: {project.display(path)} does not "
                         f"exist (editions: {known}; the game is written in {game.language})")
    edition, ed_where = parse_edition(project.inside(path), project.display(path), language)
    main_where = game.located()
    playtest_where = {}
    for file in dict.fromkeys(f for f, _ in game.playtests):
        data, where = load_yaml(project.root / file, file)
        index = {ex.get("id"): i for i, ex in enumerate(data.get("examples", []))
                 if isinstance(ex, dict)}
        playtest_where[file] = (where, index)
    applied = apply_edition(game.db, game.playtests, edition, language,
                            (main_where, ed_where, playtest_where))
    return GameData(db=applied.db, path=game.path, project=project, playtests=applied.playtests,
                    positions=main_where, sheets=game.sheets, edition=language,
                    translated_examples=applied.translated_examples,
                    untranslated=applied.untranslated, main_language=game.language)


def load_each(project: Project, game_ids: list[str] | None = None,
              language: str | None = None) -> tuple[list[GameData], list[Problem]]:
    """The named games (all when none) that load, and the problems of those that do not; with
    `language`, each game's edition in that language."""
    ids = game_ids or project.game_ids()
    if not ids:
        project.require_games()
    games: list[GameData] = []
    problems: list[Problem] = [] if game_ids else project.orphan_playtests()
    for game_id in ids:
        try:
            games.append(load_game(project, game_id, language))
        except InputError as exc:
            problems += exc.problems
    return games, problems


def load_games(project: Project, game_ids: list[str] | None = None,
               language: str | None = None) -> list[GameData]:
    """Load the named games (all when none), reporting the problems of every file at once;
    with `language`, each game's edition in that language."""
    games, problems = load_each(project, game_ids, language)
    if problems:
        raise InputError(problems)
    return games


def with_editions(games: list[GameData]) -> tuple[list[GameData], list[Problem]]:
    """Each game followed by every edition it has (`cards/<game>.<lang>.yaml`), and the
    problems of the editions that do not load."""
    out: list[GameData] = []
    problems: list[Problem] = []
    for game in games:
        out.append(game)
        for lang in game.project.edition_languages(game.id):
            try:
                out.append(load_edition(game, lang))
            except InputError as exc:
                problems += exc.problems
    return out, problems


def load_editions(project: Project, game_ids: list[str] | None = None,
                  language: str | None = None) -> list[GameData]:
    """With `language`, each named game in that language (its edition, or itself when it is
    written in it); without, each game followed by every edition it has."""
    if language is not None:
        return load_games(project, game_ids, language)
    games, problems = with_editions(load_games(project, game_ids))
    if problems:
        raise InputError(problems)
    return games
