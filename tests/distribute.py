"""How the suite is dealt out to xdist workers (conftest.py's hooks call this).

A test's group is the unit a worker gets whole: its `xdist_group` mark's name, else what its
module's `xdist_group_of(item)` says, else its module's file name, so that a module-scoped
fixture is made by one worker, not by each; a module with `XDIST_SPREAD = True` (slow tests
that share nothing costly) has no group, its tests are dealt out one by one. Groups named in
`SLOW_FIRST` go first, slowest first, so no long one is left for the end.

pytest-xdist's own `--dist loadgroup` does not work under pytest 9 (it renames `item._nodeid`,
which pytest 9 no longer reads), so the groups travel another way: each worker, having
collected, writes {test id: group} to a file the controller named in its `workerinput`, and the
controller's scheduler (`GroupScheduling`, xdist's LoadScopeScheduling keyed by these groups)
reads it when it deals the tests out. Without the file every test is its own unit (`load`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

#: The workerinput key naming the file a worker writes its groups to.
GROUPS_KEY = "deckwright_groups"


def group_of(item: pytest.Item) -> str | None:
    mark = item.get_closest_marker("xdist_group")
    if mark is not None:
        return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
    module = getattr(item, "module", None)
    if getattr(module, "XDIST_SPREAD", False):
        return None
    chooser = getattr(module, "xdist_group_of", None)
    return (chooser(item) if chooser else None) or Path(str(item.fspath)).name


def slow_first(items: list[pytest.Item], groups: dict[str, str | None],
               order: tuple[str, ...]) -> list[pytest.Item]:
    """The items with those of the groups (or modules) named in `order` first, in that order."""
    rank = {name: i for i, name in enumerate(order)}

    def key(indexed: tuple[int, pytest.Item]) -> tuple[int, int]:
        index, item = indexed
        names = (groups.get(item.nodeid), Path(str(item.fspath)).name)
        return (min((rank[n] for n in names if n in rank), default=len(rank)), index)

    return [item for _, item in sorted(enumerate(items), key=key)]


def write_groups(workerinput: dict[str, Any], groups: dict[str, str | None]) -> None:
    """A worker's groups, where the controller will look (one file per worker, renamed into
    place whole)."""
    path = Path(workerinput[GROUPS_KEY])
    temp = path.with_name(f"{path.name}.{workerinput['workerid']}.tmp")
    temp.write_text(json.dumps(groups), encoding="utf-8")
    os.replace(temp, path.with_name(f"{path.name}.{workerinput['workerid']}"))


def read_groups(path: Path) -> dict[str, str | None]:
    for written in sorted(path.parent.glob(f"{path.name}.gw*")):
        if not written.name.endswith(".tmp"):
            return json.loads(written.read_text(encoding="utf-8"))
    return {}


def scheduler(config: pytest.Config, log: Any, path: Path) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        """LoadScopeScheduling whose scope of a test is its group (the test alone if none)."""

        groups: dict[str, str | None] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:   # first asked once every worker has collected
                self.groups = read_groups(path)
            return self.groups.get(nodeid) or nodeid

    return GroupScheduling(config, log)
