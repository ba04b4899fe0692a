"""Unchanged games are skipped, --force rebuilds, failing examples set the exit status."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.model import Project, UsageError, load_game
from deckwright.press.rulebook import build_rulebook
from deckwright.press.rulebook.render import builtin_dir
from shared import copy_of

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"


@dataclass(frozen=True)
class V:
    example_id: str
    status: str
    detail: str = ""
    log: tuple[str, ...] = ()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(MINI, tmp_path / "p")
    return tmp_path / "p"


def build(project: Path, **options):
    game = load_game(Project(project), "mini")
    options.setdefault("verdicts", {})
    return build_rulebook(game, **options)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture game with its rulebook built, once for the tests that change an input of
    it; read-only (`copy_of` it)."""
    root = shutil.copytree(MINI, tmp_path_factory.mktemp("built") / "p")
    assert not build(root).skipped
    return root


def stamp(result) -> tuple[int, int]:
    return (result.pdf.stat().st_mtime_ns, result.html.stat().st_mtime_ns)


def test_unchanged_game_is_skipped_and_force_rebuilds(project: Path):
    first = build(project)
    assert not first.skipped and first.pages > 3
    before, pdf = stamp(first), first.pdf.read_bytes()
    again = build(project)
    assert again.skipped and again.pages == first.pages and stamp(again) == before
    forced = build(project, force=True)
    assert not forced.skipped and stamp(forced) != before
    assert forced.pdf.read_bytes() == pdf  # same inputs, same bytes


@pytest.mark.parametrize("change", ["database", "template", "picture", "deck picture", "verdict",
                                    "page"])
def test_any_input_change_rebuilds(built: Path, tmp_path: Path, change: str):
    project = copy_of(built, tmp_path / "p")
    assert build(project).skipped   # the copy's book is current until the input changes
    options = {}
    if change == "database":
        path = project / "cards" / "mini.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("強調", "大事"), encoding="utf-8")
    elif change == "template":
        own = project / "templates" / "rulebook"
        own.mkdir(parents=True)
        css = (builtin_dir() / "rulebook.css").read_text(encoding="utf-8")
        (own / "rulebook.css").write_text(css + "\nh1 { color: #800000; }\n", encoding="utf-8")
    elif change == "picture":
        from PIL import Image
        (project / "build" / "mini" / "cards").mkdir(parents=True)
        Image.new("RGB", (50, 70), "red").save(project / "build" / "mini" / "cards" / "red-1.png")
    elif change == "deck picture":  # the PNG export's folder of a deck: build/<game>/<deck>/cards
        from PIL import Image
        (project / "build" / "mini" / "standard" / "cards").mkdir(parents=True)
        Image.new("RGB", (50, 70), "red").save(
            project / "build" / "mini" / "standard" / "cards" / "red-1.png")
    elif change == "verdict":
        options["verdicts"] = {"play-red": V("play-red", "verified")}
    else:
        options["page"] = "a4"
    result = build(project, **options)
    assert not result.skipped
    html = result.html.read_text(encoding="utf-8")
    if change == "verdict":   # what the engine said is in the proof
        html = result.proof_html.read_text(encoding="utf-8")
    expected = {"database": "大事", "template": "", "picture": 'src="cards/red-1.png"',
                "deck picture": 'src="standard/cards/red-1.png"',
                "verdict": "検証済み", "page": "size: A4"}[change]
    assert expected in html
    if change == "template":
        assert "#800000" in (result.html.parent / "rulebook.css").read_text(encoding="utf-8")


def test_a_deleted_output_is_rebuilt(built: Path, tmp_path: Path):
    project = copy_of(built, tmp_path / "p")
    first = build(project)
    assert first.skipped   # current until its PDF goes
    first.pdf.unlink()
    assert not build(project).skipped and first.pdf.is_file()


def test_bad_options_are_usage_errors(project: Path):
    with pytest.raises(UsageError, match="pdf/ua-1, pdf/a-3u"):
        build(project, pdf_variant="pdf/x-4")
    with pytest.raises(UsageError, match="a5 or a4"):
        build(project, page="letter")


def test_failing_examples_build_but_exit_1_unless_allowed(project: Path, monkeypatch, capsys):
    import deckwright.app.verify as verify

    monkeypatch.setattr(verify, "verify_examples", lambda game: {
        "play-red": V("play-red", "failing", "expected top red-1, got blue-2")})
    argv = ["-C", str(project), "build", "--only", "rulebook", "mini"]
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 1
    err = capsys.readouterr().err
    assert "example play-red (赤を出す) fails its engine check" in err
    html = (project / "build" / "mini" / "rulebook-proof.html").read_text(encoding="utf-8")
    assert "検証で不一致" in html and "expected top red-1, got blue-2" in html
    assert (project / "build" / "mini" / "rulebook.pdf").is_file()
    # the unchanged rulebook is skipped, but the failure still decides the exit status
    with pytest.raises(SystemExit):
        main(argv)
    assert main(argv + ["--allow-failing-examples"]) == 0


def test_cli_builds_with_verdicts_from_the_engine(project: Path):
    assert main(["-C", str(project), "build", "--only", "rulebook", "--page", "a4"]) == 0
    html = (project / "build" / "mini" / "rulebook-proof.html").read_text(encoding="utf-8")
    assert "未検証" in html and "size: A4" in html


def test_the_collector_runs_rarely_during_the_layout_and_as_before_after(project: Path,
                                                                        monkeypatch):
    import gc

    from deckwright.press.rulebook import build as book, pdf
    seen = []
    render = pdf.render_pdf

    def watched(*args, **kwargs):
        seen.append(gc.get_threshold())
        return render(*args, **kwargs)
    monkeypatch.setattr(pdf, "render_pdf", watched)
    thresholds = gc.get_threshold()
    assert build(project).pages > 3
    # both editions are laid out with rare collections
    assert seen == [(book.GC_THRESHOLD, *thresholds[1:])] * 2 and gc.get_threshold() == thresholds
