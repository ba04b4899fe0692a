"""The registry of rules modules: which Game class plays which game id, and where it came from.

A rules module ends with one line, `register(MyGame)` (`from deckwright.rules import register`,
which is this module's). Three places hold rules modules:

- **bundled**: every module of the package `deckwright.rules` (`bridge_over.py` for `bridge-over`), imported once;
- **entry point**: an installed distribution naming a module or Game class in the entry point
  group `deckwright.games` (`mygame = mygame.rules`), loaded once;
- **project**: a project's own `rules/<game_id>.py` or package `rules/<game_id>/`, imported when
  deckwright runs on that project (for a bundled game's database, the `rules/` of the folder
  worked in: `Project.home`). These are code that runs, as a pytest `conftest.py` does.

When two places define the same game id, the one nearest the designer wins: project, then entry
point, then bundled - the same order as face layouts (a project's `templates/` before the
built-in ones), so a project can carry house rules for a bundled game. It is never silent:
`rules_for` reports the choice through `set_reporter`, and `games()` lists what was shadowed.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import pkgutil
import sys
import threading
import traceback
import types
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Literal

from ..model import InputError, Problem, UsageError

#: The package of the bundled games' rules modules.
BUNDLED = "deckwright.rules"

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model import Project

ENTRY_POINTS = "deckwright.games"
#: "imported": a module the running program imported itself (a test's fixture game)
Kind = Literal["project", "entry point", "imported", "bundled"]
PRECEDENCE: tuple[Kind, ...] = ("project", "entry point", "bundled")   # imported: as entry point


@dataclass(frozen=True)
class Origin:
    """Where a game's rules come from: kind and a place a person can open."""

    kind: Kind
    where: str   # project: rules/<file>.py; bundled: module name; entry point: "name = value (dist)"

    def __str__(self) -> str:
        return f"{self.where} ({self.kind})"


@dataclass
class Registration:
    game_cls: type["Game"]
    origin: Origin
    shadows: list[Origin] = field(default_factory=list)   # same id elsewhere, not used


class RulesImportError(UsageError):
    """A bundled game's rules module, or an installed game's entry point, fails to import."""


@dataclass
class _ProjectRules:
    """One project's `rules/` folder, imported under a package name of its own."""

    root: Path
    package: str
    games: dict[str, Registration] = field(default_factory=dict)
    #: (game id, file, line of its register call) for every registration its modules made
    made: list[tuple[str, str, int]] = field(default_factory=list)

    def file_of(self, module: str) -> str:
        """The project-relative file a module of this project was imported from."""
        file = getattr(sys.modules.get(module), "__file__", None)
        try:
            return Path(file).resolve().relative_to(self.root).as_posix() if file else module
        except ValueError:
            return file or module


_BUNDLED: dict[str, Registration] = {}
_INSTALLED: dict[str, Registration] = {}   # entry points, and rules modules imported by path
_BROKEN: dict[str, str] = {}   # bundled module name, or "entry point <id>" -> why it failed
_PROJECTS: dict[Path, _ProjectRules] = {}
_BY_PACKAGE: dict[str, _ProjectRules] = {}
_loading_entry_point: list[str] = []
_told: set[tuple[str, str]] = set()
_reporter: Callable[[str], None] | None = None
_discovered = False   # every bundled module imported
_imported: set[str] = set()   # bundled modules imported (or tried) so far
_entry_points_loaded = False


def set_reporter(report: Callable[[str], None] | None) -> None:
    """Where notes such as "project rules replace the bundled ones" go (the CLI: stderr)."""
    global _reporter
    _reporter = report
    _told.clear()   # each command run says it once


def register(game_cls: type["Game"]) -> type["Game"]:
    """Register a Game subclass under its `facts.game_id` (the last line of a rules module)."""
    game_id = game_cls.facts.game_id
    module = game_cls.__module__
    project = _BY_PACKAGE.get(module.split(".", 1)[0])
    if project is not None:
        table = project.games
        origin = Origin("project", project.file_of(module))
        project.made.append((game_id, origin.where, sys._getframe(1).f_lineno))
    elif module.startswith(f"{BUNDLED}."):
        table, origin = _BUNDLED, Origin("bundled", module)
    else:
        table = _INSTALLED
        origin = (Origin("entry point", _loading_entry_point[-1]) if _loading_entry_point
                  else Origin("imported", module))
    known = table.get(game_id)
    if known is not None and known.game_cls.__qualname__ != game_cls.__qualname__:
        raise ValueError(f"game {game_id!r} is registered twice: by {known.origin} "
                         f"and by {origin}")
    table[game_id] = Registration(game_cls, origin)
    return game_cls


def _where(exc: BaseException, inside: Path | None = None) -> tuple[str, int, int]:
    """The file, line and column an import failed at: for a SyntaxError its own position, else
    the deepest frame inside `inside` (the project's rules/), else the deepest frame."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return exc.filename, exc.lineno or 1, exc.offset or 1
    frames = traceback.extract_tb(exc.__traceback__)
    if inside is not None:
        own = [f for f in frames if Path(f.filename).resolve().is_relative_to(inside)]
        frames = own or frames
    last = frames[-1]
    return last.filename, last.lineno or 1, (last.colno or 0) + 1


def discover(only: str | None = None) -> None:
    """Import the bundled modules and the entry points once; a failure is remembered, not
    fatal. With `only` (a game id), just the bundled module of that game: a bundled module is
    named for the one game it registers (`bridge_over.py` for `bridge-over`, which a test
    checks), so the others cannot change what that game resolves to, and a command about one
    game does not import every game's rules."""
    global _discovered, _entry_points_loaded
    if _discovered:
        return
    names = [info.name for info in pkgutil.iter_modules(import_module(BUNDLED).__path__)
             if not info.name.startswith("_") and info.name not in _imported]
    if only is None:
        _discovered = True
    else:
        names = [name for name in names if name == module_name(only)]
    for name in names:
        _imported.add(name)
        try:
            import_module(f"{BUNDLED}.{name}")
        except Exception as exc:  # noqa: BLE001 - reported per game by rules_for
            file, line, _ = _where(exc)
            _BROKEN[name] = f"{type(exc).__name__}: {exc} ({Path(file).name}:{line})"
    if not _entry_points_loaded:
        _entry_points_loaded = True
        for ep in _entry_points():
            _load_entry_point(ep)


@lru_cache(maxsize=None)
def _entry_points() -> tuple[importlib.metadata.EntryPoint, ...]:
    """The `deckwright.games` entry points, looked up once a process: reading every installed
    distribution's metadata is the slow part."""
    return tuple(importlib.metadata.entry_points(group=ENTRY_POINTS))


def _load_entry_point(ep: importlib.metadata.EntryPoint) -> None:
    """Load `name = module` (its register line runs) or `name = module:GameClass`."""
    from ..engine.game import Game

    dist = getattr(ep.dist, "name", None) or "?"
    where = f"{ep.name} = {ep.value} ({dist})"
    _loading_entry_point.append(where)
    try:
        loaded = ep.load()
    except Exception as exc:  # noqa: BLE001 - reported when the game is asked for
        _BROKEN[f"entry point {ep.name}"] = f"{where}: {type(exc).__name__}: {exc}"
        return
    finally:
        _loading_entry_point.pop()
    if isinstance(loaded, type) and issubclass(loaded, Game) and loaded.facts.game_id not in _INSTALLED:
        _INSTALLED[loaded.facts.game_id] = Registration(loaded, Origin("entry point", where))


def module_name(game_id: str) -> str:
    return game_id.replace("-", "_")


#: Held while a project's rules are imported: a Dask worker's threads may ask for the same
#: project at once, and one must not find it registered before its modules are imported.
_IMPORTING = threading.RLock()


def _project_rules(project: "Project | Path | str") -> _ProjectRules:
    """Import a project's `rules/` once per process; a module that fails is an InputError."""
    root = Path(project if isinstance(project, (str, Path)) else project.home).resolve()
    known = _PROJECTS.get(root)
    if known is not None:
        return known
    with _IMPORTING:
        return _import_project(root)


def _import_project(root: Path) -> _ProjectRules:
    known = _PROJECTS.get(root)
    if known is not None:
        return known
    package = "deckwright_project_" + hashlib.sha256(str(root).encode()).hexdigest()[:12]
    rules = _ProjectRules(root, package)
    folder = root / "rules"
    _BY_PACKAGE[package] = rules      # where its modules' register() lines find it
    if not folder.is_dir():
        _PROJECTS[root] = rules
        return rules
    parent = types.ModuleType(package)
    parent.__path__ = [str(folder)]
    parent.__file__ = str(folder / "__init__.py")
    sys.modules[package] = parent
    problems = []
    for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        try:
            import_module(f"{package}.{info.name}")
        except Exception as exc:  # noqa: BLE001 - a designer's module: one line, exit 2
            path, line, col = _where(exc, folder.resolve())
            try:
                path = str(Path(path).resolve().relative_to(root))
            except ValueError:
                pass
            message = " ".join(str(exc).splitlines())
            problems.append(Problem(path, line, col, "", f"{type(exc).__name__}: {message}"))
    _PROJECTS[root] = rules           # seen by other threads only once complete
    if problems:   # forget it all, so a fixed module is imported afresh on the next run
        forget(root)
        raise InputError(problems)
    return rules


def forget(project: "Project | Path | str") -> None:
    """Drop a project's imported rules modules, so the next use imports them afresh (the live
    preview does this when a file under `rules/` is saved)."""
    root = Path(project if isinstance(project, (str, Path)) else project.home).resolve()
    rules = _PROJECTS.pop(root, None)
    if rules is None:
        return
    _BY_PACKAGE.pop(rules.package, None)
    for name in [m for m in sys.modules if m == rules.package or m.startswith(f"{rules.package}.")]:
        del sys.modules[name]


def games(project: "Project | Path | str | None" = None,
          only: str | None = None) -> dict[str, Registration]:
    """The one registry: game id -> the Registration used, with what it shadows. With `only`
    (a game id), that game's entry is complete (the others may be missing: see `discover`)."""
    discover(only)
    tables = {"project": _project_rules(project).games if project is not None else {},
              "entry point": _INSTALLED, "bundled": _BUNDLED}
    found: dict[str, Registration] = {}
    for kind in PRECEDENCE:
        for game_id, reg in tables[kind].items():
            if game_id in found:
                found[game_id].shadows.append(reg.origin)
            else:
                found[game_id] = Registration(reg.game_cls, reg.origin)
    return dict(sorted(found.items()))


def _tell_once(game_id: str, reg: Registration) -> None:
    key = (game_id, str(reg.origin))
    if reg.shadows and _reporter is not None and key not in _told:
        _told.add(key)
        others = ", ".join(str(o) for o in reg.shadows)
        _reporter(f"note: {game_id}: using {reg.origin}, not {others} "
                  f"(a project's rules come first, then installed games, then bundled ones)")


def rules_for(game_id: str, project: "Project | Path | str | None" = None) -> type["Game"] | None:
    """The Game class that plays a game (the project's own first); None when there is none."""
    reg = games(project, game_id).get(game_id)
    if reg is not None:
        _tell_once(game_id, reg)
        return reg.game_cls
    broken = _BROKEN.get(module_name(game_id)) or _BROKEN.get(f"entry point {game_id}")
    if broken:
        raise RulesImportError(f"src/deckwright/rules/{module_name(game_id)}.py: {broken}"
                               if module_name(game_id) in _BROKEN else broken)
    return None


def source_files(project: "Project | Path | str",
                 only: str | None = None) -> list[tuple[str, Path]] | None:
    """(label, file) for every file a game's rules may be read from other than deckwright's own
    (the bundled modules are part of its code): the project's whole `rules/` folder (a module
    there may register any game id and import its neighbours), the package behind each
    installed game's entry point, and each module this program imported itself that registered
    the game `only` (every game when None: a test or an embedding program registers games of
    its own, which must not change another game's key). Found without importing anything; None
    when one of them is not a file that can be named (a frozen or built-in module), so whatever
    relies on this cannot vouch for it."""
    from ..manifest import tree_files

    root = Path(project if isinstance(project, (str, Path)) else project.home)
    found = [(f"project:{p.relative_to(root).as_posix()}", p) for p in tree_files(root / "rules")]
    installed = _installed_files()
    if installed is None:
        return None
    found += installed
    for game_id, reg in sorted(_INSTALLED.items()):
        if reg.origin.kind == "imported" and only in (None, game_id):
            file = getattr(sys.modules.get(reg.game_cls.__module__), "__file__", None)
            if not file or not Path(file).is_file():
                return None
            found.append((f"imported:{game_id}:{reg.origin.where}", Path(file)))
    return found


@lru_cache(maxsize=None)
def _installed_files() -> list[tuple[str, Path]] | None:
    """The files of the packages behind the entry points (looked up once a process)."""
    from importlib.util import find_spec

    from ..manifest import tree_files

    found: list[tuple[str, Path]] = []
    for ep in sorted(_entry_points(), key=lambda e: e.name):
        dist = getattr(ep.dist, "version", None) or "?"
        top = ep.value.split(":", 1)[0].strip().split(".", 1)[0]
        try:
            spec = find_spec(top)   # a top-level name: found, not imported
        except (ImportError, ValueError):
            return None
        if spec is None:
            return None
        label = f"entry point:{ep.name}={ep.value}@{dist}"
        if spec.submodule_search_locations:
            found += [(f"{label}:{p.relative_to(d).as_posix()}", p)
                      for d in map(Path, spec.submodule_search_locations) for p in tree_files(d)]
        elif spec.origin and Path(spec.origin).is_file():
            found.append((label, Path(spec.origin)))
        else:
            return None
    return found


def misregistered(game_id: str, project: "Project | Path | str") -> Problem | None:
    """The project's module named for a game (`rules/uno.py` or `rules/uno/` for uno) when it
    does not register that game: it forgot `register(...)`, or its facts name another id."""
    rules = _project_rules(project)
    if game_id in rules.games:
        return None
    folder, name = rules.root / "rules", module_name(game_id)
    if (folder / f"{name}.py").is_file():
        shown = f"rules/{name}.py"
    elif (folder / name).is_dir():
        shown = f"rules/{name}/"
    else:
        return None
    made = [(gid, file, line) for gid, file, line in rules.made
            if file == shown or file.startswith(shown)]
    if not made:
        return Problem(shown, 1, 1, "register",
                       f"registers no game, so {game_id} has no rules: end it with "
                       f"register(YourGame), whose GameFacts say game_id=\"{game_id}\"")
    other, file, line = made[0]
    ids = ", ".join(sorted({gid for gid, _, _ in made}))
    return Problem(file, line, 1, "game_id",
                   f"registers game {ids}, not {game_id} (cards/{game_id}.yaml): "
                   f"set game_id=\"{game_id}\" in its GameFacts")


def how_to_add(game_id: str, project: "Project | Path | str | None" = None) -> str:
    """What to tell a designer whose game has no rules module (with `project`: the module
    named for it that registers something else, if there is one)."""
    wrong = misregistered(game_id, project) if project is not None else None
    if wrong is not None:
        return str(wrong)
    return (f"no rules module for {game_id}: add rules/{module_name(game_id)}.py to the project "
            f"(a Game subclass ending with register(...); see docs/project.md, or run "
            f"'deckwright new NAME --rules' for a working one to copy)")


def registered(project: "Project | Path | str | None" = None) -> dict[str, type["Game"]]:
    """Every game with a rules module, by game id."""
    return {game_id: reg.game_cls for game_id, reg in games(project).items()}


def broken() -> dict[str, str]:
    """Bundled modules and entry points that failed to import: name -> error."""
    discover()
    return dict(_BROKEN)
