"""The rulebook's URL fetcher serves the template and build folders and refuses everything else."""

from __future__ import annotations

import gc
import os
import shutil
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.model import Project, UsageError, load_game
from deckwright.press.rulebook import RefusedURL, RulebookFetcher, build_rulebook
from deckwright.press.rulebook.render import builtin_dir

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path, RulebookFetcher]:
    allowed = tmp_path / "build" / "game"
    (allowed / "cards").mkdir(parents=True)
    (allowed / "cards" / "a.png").write_bytes(b"\x89PNG picture")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    return tmp_path, allowed, RulebookFetcher([allowed, builtin_dir()])


def refused(fetcher: RulebookFetcher, url: str) -> str:
    with pytest.raises(RefusedURL) as info:
        fetcher.fetch(url)
    return str(info.value)


def test_serves_files_inside_the_allowed_folders(folders):
    tmp, allowed, fetcher = folders
    response = fetcher.fetch((allowed / "cards" / "a.png").as_uri())
    assert response.read() == b"\x89PNG picture" and response.content_type == "image/png"
    css = fetcher.fetch((builtin_dir() / "rulebook.css").as_uri())
    assert b"@page" in css.read()


@pytest.mark.parametrize("url, why", [
    ("http://example.com/logo.png", "not http: URLs"),
    ("https://example.com/font.woff2", "not https: URLs"),
    ("ftp://example.com/x", "not ftp: URLs"),
    ("data:text/plain;base64,c2VjcmV0", "not data: URLs"),
    ("file:///etc/passwd", "/etc/passwd is outside the folders"),
    ("file://evil.example/share/x.png", "naming a host"),
])
def test_refuses_other_urls(folders, url, why):
    tmp, allowed, fetcher = folders
    message = refused(fetcher, url)
    assert why in message and message.startswith("refused ")


def test_refuses_escapes_out_of_the_folder(folders):
    tmp, allowed, fetcher = folders
    secret = str(tmp / "secret.txt")
    assert "outside" in refused(fetcher, allowed.as_uri() + "/../../secret.txt")
    assert "outside" in refused(fetcher, allowed.as_uri() + "/cards/%2e%2e/%2E%2E/../secret.txt")
    assert "outside" in refused(fetcher, "file://" + secret)
    os.symlink(tmp / "secret.txt", allowed / "cards" / "link.png")
    assert f"{secret} is outside" in refused(fetcher, (allowed / "cards" / "link.png").as_uri())
    os.symlink(tmp, allowed / "up")
    assert "outside" in refused(fetcher, (allowed / "up" / "secret.txt").as_uri())


def test_a_missing_file_is_an_error_too(folders):
    tmp, allowed, fetcher = folders
    assert "missing" in refused(fetcher, (allowed / "cards" / "nope.png").as_uri())


@pytest.mark.parametrize("snippet, shown", [
    ('<img src="file:///etc/passwd">', "file:///etc/passwd"),
    ('<img src="http://example.com/track.gif">', "http://example.com/track.gif"),
    ('<link rel="stylesheet" href="../../../cards/mini.yaml">', "mini.yaml is outside"),
    ('<style>@import url("https://example.com/x.css");</style>', "https://example.com/x.css"),
    ('<div style="background: url(data:image/png;base64,iVBORw0KGgo=)"></div>', "data: URLs"),
])
def test_a_project_template_cannot_reach_outside(tmp_path: Path, snippet: str, shown: str):
    shutil.copytree(MINI, tmp_path / "p")
    own = tmp_path / "p" / "templates" / "rulebook"
    own.mkdir(parents=True)
    page = (builtin_dir() / "rulebook.html.j2").read_text(encoding="utf-8")
    (own / "rulebook.html.j2").write_text(page.replace("<body>", "<body>" + snippet),
                                          encoding="utf-8")
    game = load_game(Project(tmp_path / "p"), "mini")
    thresholds = gc.get_threshold()
    with pytest.raises(UsageError) as info:
        build_rulebook(game, verdicts={})
    assert gc.get_threshold() == thresholds   # a long-running `serve` keeps its collector
    assert shown in str(info.value) and str(info.value).startswith("rulebook for mini: ")
    assert not (tmp_path / "p" / "build" / "mini" / "rulebook.pdf").exists()
    assert not (tmp_path / "p" / "build" / "mini" / "rulebook.html").exists()


def test_the_cli_reports_a_refusal_in_one_line(tmp_path: Path, capsys, monkeypatch):
    shutil.copytree(MINI, tmp_path / "p")
    own = tmp_path / "p" / "templates" / "rulebook"
    own.mkdir(parents=True)
    (own / "card.html.j2").write_text('<img src="file:///etc/shadow">', encoding="utf-8")
    status = main(["-C", str(tmp_path / "p"), "build", "--only", "rulebook", "mini"])
    err = capsys.readouterr().err
    assert status == 2
    assert "deckwright: error: rulebook for mini: refused file:///etc/shadow" in err
    assert "Traceback" not in err
