"""Fixtures shared by test modules, and how the suite is spread over xdist workers.

Shared, made once per run (and kept for the next run while their inputs are unchanged;
tests/shared.py): `shared_folders` (any folder a `make(folder)` fills); the shipped books
(`shipped_book(game)`, `shipped_books`) and the fixture game's book are shared folders. What
they return is read-only: copy it (`shared.copy_of`) to change it.

Under xdist (`make test` runs `pytest -n auto`) tests are dealt out in groups
(tests/distribute.py): the tests of a module go to one worker together, so a module-scoped
fixture is made once, not once per worker; a module that sets `XDIST_SPREAD = True` (slow
tests sharing nothing costly) has its tests dealt out one by one; a test's own `xdist_group`
mark, or its module's `xdist_group_of(item)`, names its group (test_rulebook_games.py groups
by book, so the five books are built on both workers at once). Groups known to be slow are
sent first (`SLOW_FIRST`), so that no long one is left for the end while the other worker
idles.

`--long` (or DECKWRIGHT_LONG=1) runs the slow property and fuzz tests at their full length;
by default they run at a quick length (the `long_run` fixture says which).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import distribute
import shared

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"

#: Group or module names whose tests are sent to workers first, slowest first (from a clean
#: run's --durations; a new slow module belongs here too).
SLOW_FIRST = ("test_verdict_cache.py", "test_build_transaction.py", "book-ghost-couple",
              "book-bridge-over", "test_rulebook_cache.py", "book-original-tcg",
              "test_project_cluster.py", "book-super-page-one",
              "book-treasure-scramble", "test_check_tables.py", "test_fuzz.py",
              "test_hardening_determinism.py", "test_live_play.py", "test_live_serve.py",
              "test_project_rules.py", "test_rulebook_pdf.py", "test_rulebook_browser.py")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", default=False,
                     help="run the slow property and fuzz tests at full length "
                          "(also DECKWRIGHT_LONG=1)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "xdist_group(name): run these tests on one xdist worker "
                                       "(tests/distribute.py)")
    if getattr(config.option, "dist", "no") in ("load", "loadgroup"):   # -n N: load
        config.option.dist = "loadgroup"
        config.option.loadscopereorder = False   # SLOW_FIRST's order, not the groups' sizes
        config._deckwright_groups = Path(tempfile.mkdtemp(prefix="deckwright-groups-")) / "groups"


def pytest_unconfigure(config: pytest.Config) -> None:
    groups = getattr(config, "_deckwright_groups", None)
    if groups is not None:
        shutil.rmtree(groups.parent, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist's controller: where each worker writes its tests' groups."""
    node.workerinput[distribute.GROUPS_KEY] = str(node.config._deckwright_groups)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    path = getattr(config, "_deckwright_groups", None)
    return distribute.scheduler(config, log, path) if path is not None else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", {})
    if distribute.GROUPS_KEY in workerinput:   # an xdist worker of a grouped run
        groups = {item.nodeid: distribute.group_of(item) for item in items}
        items[:] = distribute.slow_first(items, groups, SLOW_FIRST)
        distribute.write_groups(workerinput, groups)


@pytest.fixture(scope="session")
def long_run(request: pytest.FixtureRequest) -> bool:
    """Whether the slow property and fuzz tests run at full length (--long, DECKWRIGHT_LONG=1)
    rather than at their quick default."""
    return bool(request.config.getoption("--long")) or os.environ.get("DECKWRIGHT_LONG") == "1"


@pytest.fixture
def mini_project(tmp_path: Path) -> Path:
    """A private copy of the small `mini` project (one game, two cards, a few examples)."""
    shutil.copytree(MINI, tmp_path / "p")
    return tmp_path / "p"


@pytest.fixture(scope="session")
def shared_folders(request: pytest.FixtureRequest,
                   tmp_path_factory: pytest.TempPathFactory) -> shared.SharedFolders:
    """Folders made once and shared by every module and worker (tests/shared.py)."""
    cache = getattr(request.config, "cache", None)
    if cache is not None:
        return shared.SharedFolders(cache.mkdir("deckwright-shared"))
    # this run's temporary folder, which xdist's workers share (popen-gwN are its children)
    base = tmp_path_factory.getbasetemp()
    root = base.parent if base.name.startswith("popen-gw") else base
    return shared.SharedFolders(root / "deckwright-shared")


ROOT = MINI.parent.parent.parent
#: The six shipped books: (game id, edition language or None, folder under build/).
SHIPPED_BOOKS = (("bridge-over", None, "bridge-over"), ("ghost-couple", None, "ghost-couple"),
                 ("original-tcg", None, "original-tcg"), ("super-page-one", None, "super-page-one"),
                 ("super-page-one", "en", "super-page-one/en"),
                 ("treasure-scramble", None, "treasure-scramble"))


def _stand_in_pictures(root: Path) -> None:
    """ghost-couple's card pictures as the PNG export would leave them, each in its deck's
    folder, so its book embeds pictures (test_rulebook_games checks they are there)."""
    from PIL import Image

    from deckwright.model import Project, load_game
    game = load_game(Project(root), "ghost-couple")
    build = root / "build" / "ghost-couple"
    default = next((d for d in game.db.decks if d.default), game.db.decks[0])
    done: set[str] = set()
    for deck in [default] + [d for d in game.db.decks if d is not default]:
        folder = build / "cards" if deck is default else build / deck.id / "cards"
        for card_id in game.deck_contents(deck):
            if card_id not in done:
                folder.mkdir(parents=True, exist_ok=True)
                Image.new("RGB", (50, 70), "#336699").save(folder / f"{card_id}.png")
                done.add(card_id)


def _make_shipped(game_id: str) -> Callable[[Path], None]:
    def make(root: Path) -> None:
        """A copy of the shipped project (all five databases and playtests, as the repository
        has them) with this game's books, both editions of each language, built as a user
        builds them: `deckwright build GAME --only rulebook`, with the engine's verdicts."""
        from deckwright.cli import main
        for folder in ("cards", "playtest"):   # an edition translates the playtests too
            shutil.copytree(ROOT / folder, root / folder)
        if game_id == "ghost-couple":
            _stand_in_pictures(root)
        assert main(["-C", str(root), "build", game_id, "--only", "rulebook",
                     "--allow-failing-examples"]) == 0
    make.__qualname__ = "shipped_book"
    return make


@pytest.fixture(scope="session")
def shipped_book(shared_folders: shared.SharedFolders) -> Callable[[str], Path]:
    """shipped_book(game) -> a project whose build/<game>/ holds the game's rulebook.pdf,
    rulebook-proof.pdf and their HTML (and build/<game>/<lang>/ for its editions), made once
    for every module and worker; read-only."""
    def get(game_id: str) -> Path:
        return shared_folders.get(f"shipped-{game_id}", _make_shipped(game_id), extra=game_id)
    return get


@pytest.fixture(scope="session")
def shipped_books(shipped_book: Callable[[str], Path],
                  tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped project with all six books (SHIPPED_BOOKS): build/<folder>/rulebook.pdf and
    rulebook-proof.pdf. Each game's books are `shipped_book`'s, linked in; they are asked for
    in the reverse of SLOW_FIRST's order, so a worker building test_rulebook_games' books in
    that order and this one share the work instead of waiting on each other."""
    root = tmp_path_factory.mktemp("shipped")
    for folder in ("cards", "playtest"):
        shutil.copytree(ROOT / folder, root / folder)
    (root / "build").mkdir()
    games = sorted({g for g, _, _ in SHIPPED_BOOKS},
                   key=lambda g: -SLOW_FIRST.index(f"book-{g}") if f"book-{g}" in SLOW_FIRST else 0)
    for game_id in games:
        (root / "build" / game_id).symlink_to(shipped_book(game_id) / "build" / game_id)
    return root
