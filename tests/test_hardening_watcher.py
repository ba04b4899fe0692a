"""`serve`'s watcher stays in the project: a symlink to a folder elsewhere is not followed (a link
to /usr/share made 3,268 inotify watches; a link to / killed the watcher silently, and saves
never reloaded), and saves still reload (issue 27, hole 12)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from deckwright.live import serve_app
from deckwright.live.preview import Preview
from deckwright.model import Project
from live_helpers import running

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"


def inotify_watches() -> int:
    """The inotify watches this process holds, from /proc/self/fdinfo."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") == "anon_inode:inotify":
                count += Path(f"/proc/self/fdinfo/{fd}").read_text().count("inotify wd:")
        except OSError:
            continue
    return count


def test_links_out_are_not_followed_and_saves_reload(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    (project / "everything").symlink_to("/", target_is_directory=True)
    (project / "cards" / "shared").symlink_to("/usr/share", target_is_directory=True)
    (project / "art" / "deep").mkdir(parents=True)
    (project / "build" / "mini").mkdir(parents=True)

    watched = serve_app.folders(project)
    assert sorted(p.relative_to(project).as_posix() for p in watched) == [
        ".", "art", "art/deep", "cards"]

    preview = Preview(Project(project))
    before = inotify_watches()
    with running(serve_app.app(preview)):
        db = project / "cards" / "mini.yaml"
        deadline = time.monotonic() + 15
        while preview.games["mini"].data.db.game.title != "ミニ改" and time.monotonic() < deadline:
            db.write_text(db.read_text(encoding="utf-8").replace("title: ミニ\n", "title: ミニ改\n"),
                          encoding="utf-8")   # written again until the watcher is up
            time.sleep(0.5)
        assert preview.games["mini"].data.db.game.title == "ミニ改"
        assert inotify_watches() - before <= len(watched)
