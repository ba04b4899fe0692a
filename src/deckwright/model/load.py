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
from .validate import check_database, check_examples, deck_contents, schema_problems
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

    @property
    def id(self) -> str:
        return self.db.game.id

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
    try:
        db = Database.model_validate(data)
    except ValidationError as exc:
        raise InputError(schema_problems(exc, data, where)) from None
    problems = check_database(db, where)
    if db.game.id != path.stem:
        problems.append(where.problem(("game", "id"), "game.id",
                                      f"game id {db.game.id!r} must match the file name {path.stem!r}"))
    if problems:
        raise InputError(problems)
    locate_examples(db.examples, where)
    return GameData(db=db, path=path, project=project)


def locate_examples(examples: list[Example], where: Positions, default_auto_pass: bool = False) -> None:
    """Give each example the positions of its parts (for `file:line` in failure reports) and
    the file's auto_pass default."""
    for i, ex in enumerate(examples):
        prefix = ("examples", i)
        marks = {path[2:]: mark for path, mark in where.marks.items() if path[:2] == prefix}
        ex._where = (where.file, marks)
        if ex.auto_pass is None:
            ex.auto_pass = default_auto_pass


def parse_playtests(game: GameData) -> list[tuple[str, Example]]:
    """Load `playtest/<game>/*.yaml`, checking each example against the game's database."""
    folder = game.project.playtest_dir / game.id
    found: list[tuple[str, Example]] = []
    errors: list[InputError] = []
    for path in sorted(folder.glob("*.yaml")):
        name = game.project.display(path)
        try:
            data, where = load_yaml(path, name)
            try:
                pf = PlaytestFile.model_validate(data)
            except ValidationError as exc:
                raise InputError(schema_problems(exc, data, where)) from None
            problems = check_examples(game.db, pf.examples, ("examples",), where)
            if pf.game != game.id:
                problems.append(where.problem(("game",), "game", f"expected {game.id!r}"))
            if problems:
                raise InputError(problems)
            locate_examples(pf.examples, where, pf.auto_pass)
            found += [(name, ex) for ex in pf.examples]
        except InputError as exc:
            errors.append(exc)
    if errors:
        raise InputError.merge(errors)
    return found


def load_game(project: Project, game_id: str) -> GameData:
    game = parse_database(project.database_path(game_id), project)
    game.playtests = parse_playtests(game)
    ids = [ex.id for _, ex in game.all_examples()]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise InputError(Problem(project.display(game.path), 1, 1, "examples",
                                 f"example ids used twice across database and playtests: {', '.join(dupes)}"))
    return game


def load_games(project: Project, game_ids: list[str] | None = None) -> list[GameData]:
    """Load the named games (all when none), reporting the problems of every file at once."""
    ids = game_ids or project.game_ids()
    if not ids:
        project.require_games()
    games: list[GameData] = []
    errors: list[InputError] = []
    for game_id in ids:
        try:
            games.append(load_game(project, game_id))
        except InputError as exc:
            errors.append(exc)
    if errors:
        raise InputError.merge(errors)
    return games
