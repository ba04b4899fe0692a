"""Fixtures shared by test modules, and how the suite is spread over xdist workers.

Shared, made once per run (and kept for the next run while their inputs are unchanged;
tests/shared.py): `shared_folders` (any folder a `make(folder)` fills) and
`built_game(game, targets, *options)` (a bundled game after `deckwright build`); the rulebook
tests' books and the fixture game's book are shared folders too. What they return is
read-only: copy it (`shared.copy_of`) to change it.

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
              "test_project_cluster.py", "test_lang_edition.py", "book-super-page-one",
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


def _build(game_id: str, targets: str, options: tuple[str, ...]) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        from deckwright.cli import main
        project = shared.bundled_project(folder / "p", game_id)
        status = main(["-C", str(project), "build", game_id, "--only", targets, *options])
        assert status == 0, f"deckwright build {game_id} --only {targets} {' '.join(options)}: {status}"
    make.__qualname__ = "built_game"
    return make


@pytest.fixture(scope="session")
def built_game(shared_folders: shared.SharedFolders) -> Callable[..., Path]:
    """built_game(game, targets, *options) -> the project folder of a bundled game (database
    and editions, templates, playtest files) after `deckwright build GAME --only TARGETS
    OPTIONS` (its outputs in `<folder>/build/<game>/`), made once for all modules and
    workers; read-only. E.g. `built_game("bridge-over", "pnp", "--paper", "a4")`."""
    def get(game_id: str, targets: str, *options: str) -> Path:
        name = "-".join([game_id, targets.replace(",", "+"), *options]).replace("/", "_")
        folder = shared_folders.get(f"build-{name}", _build(game_id, targets, options),
                                    extra=repr((game_id, targets, options)))
        return folder / "p"
    return get
