"""Load a project: its game databases and playtest scripts, validated into `GameData`.

A project is a folder with `cards/<game>.yaml` (one database per game), optional
`playtest/<game>/*.yaml` (longer scripted examples), optional `templates/` overriding the
built-in ones, and `build/` for outputs. Loading never executes anything from the files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pydantic import ValidationError

from .errors import InputError, Problem, UsageError
from .schema import Card, Database, Deck, Example, PlaytestFile
from .spreadsheet import attach as attach_sheets
from .validate import check_database, check_examples, deck_contents, salvage, schema_problems
from .yamlsafe import Positions, load_yaml


@dataclass
class Project:
    """Where a project's inputs and outputs live."""

    root: Path

    def __post_init__(self) -> None:
        self.root = Path(self.root)

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
        return self.root / "build"

    def display(self, path: Path) -> str:
        """A path as the user should read it in messages: relative to the project."""
        try:
            return str(path.resolve().relative_to(self.root.resolve()))
        except ValueError:
            return str(path)

    def game_ids(self) -> list[str]:
        return sorted(p.stem for p in self.cards_dir.glob("*.yaml"))

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
        path = self.cards_dir / f"{game_id}.yaml"
        if not path.is_file():
            self.require_games()
            known = ", ".join(self.game_ids()) or "none"
            raise UsageError(f"no game {game_id!r} in {self.display(self.cards_dir)} (games: {known})")
        return path


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

    @property
    def id(self) -> str:
        return self.db.game.id

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
        own = [(self.project.display(self.path), ex) for ex in self.db.examples]
        return own + self.playtests

    def examples_for(self, card_id: str) -> list[Example]:
        return [ex for _, ex in self.all_examples() if card_id in ex.cards]


def parse_database(path: Path, project: Project) -> GameData:
    """Load and validate one database file; raises InputError with every problem found."""
    name = project.display(path)
    data, where = load_yaml(path, name)
    if not isinstance(data, dict):
        raise InputError(Problem(name, 1, 1, "", "expected a mapping with game, cards and decks"))
    # cards_from: the sheets' rows join data["cards"]; their problems name the cell
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
    return GameData(db=db, path=path, project=project, positions=where, sheets=sheets)


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
            data, where = load_yaml(path, name)
            try:
                pf = PlaytestFile.model_validate(data)
            except ValidationError as exc:
                raise InputError(schema_problems(exc, data, where)) from None
            problems = [] if db is None else check_examples(db, pf.examples, ("examples",), where)
            if pf.game != game_id:
                problems.append(where.problem(("game",), "game", f"expected {game_id!r}"))
            if problems:
                raise InputError(problems)
            found += [(name, ex) for ex in pf.examples]
        except InputError as exc:
            errors.append(exc)
    if errors:
        raise InputError.merge(errors)
    return found


def load_game(project: Project, game_id: str) -> GameData:
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
    return game


def load_each(project: Project, game_ids: list[str] | None = None) -> tuple[list[GameData], list[Problem]]:
    """The named games (all when none) that load, and the problems of those that do not."""
    ids = game_ids or project.game_ids()
    if not ids:
        project.require_games()
    games: list[GameData] = []
    problems: list[Problem] = []
    for game_id in ids:
        try:
            games.append(load_game(project, game_id))
        except InputError as exc:
            problems += exc.problems
    return games, problems


def load_games(project: Project, game_ids: list[str] | None = None) -> list[GameData]:
    """Load the named games (all when none), reporting the problems of every file at once."""
    games, problems = load_each(project, game_ids)
    if problems:
        raise InputError(problems)
    return games
