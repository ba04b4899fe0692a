"""One-pass `check`: every problem `build` would refuse, of every file, in one run, in order."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.press.preflight import CHECKS

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"


def line_of(path: Path, needle: str) -> int:
    return next(i for i, s in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if needle in s)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Two games: `mini` with model problems, `art` whose model is fine but whose faces are not."""
    root = tmp_path / "p"
    shutil.copytree(MINI, root)
    mini = root / "cards" / "mini.yaml"
    text = mini.read_text(encoding="utf-8")
    art = (text.replace("id: mini", "id: art")
           .replace("  source: test fixture\n", "  source: test fixture\n  theme: {font: Noto Sans}\n")
           .replace("    - {id: number, title: 数字}\n",
                    "    - {id: number, title: 数字}\n    - {id: odd, title: 奇数}\n")
           .replace('    text: "{red} を出す。**強調**"\n',
                    '    text: "' + "とても長い効果の文章。" * 60 + '"\n    art: art/red.png\n')
           .replace("    points: 2\n", "    points: 2\n    art: ../outside.png\n")
           .replace("decks:\n", "  - {id: fox, name: 狐🦊, category: odd, art: art/broken.png}\n"
                                "  - {id: cat, name: 猫, category: odd, art: art/none.png}\n"
                                "decks:\n"))
    (root / "cards" / "art.yaml").write_text(art, encoding="utf-8")
    (root / "art").mkdir()
    shutil.copy(ROOT / "tests" / "fixtures" / "press" / "art" / "knight.png", root / "art" / "red.png")
    (root / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    faces = root / "templates" / "faces" / "art"
    faces.mkdir(parents=True)
    (faces / "odd.yaml").write_text("extends: generic\nregions:\n  name:\n    sise: 9\n"
                                    "  panel:\n    fill: redd\n", encoding="utf-8")
    (faces / "number.yaml").write_text("extends: generic\nregions:\n  name:\n    max_lines: 1\n",
                                       encoding="utf-8")
    # mini: a structural problem and a cross-reference problem in one file, and a playtest file
    mini.write_text(text.replace("copies: 2", "copies: -1").replace("category: number\n    colors: [blue]",
                                                                    "category: numbr\n    colors: [blue]"),
                    encoding="utf-8")
    (root / "playtest" / "mini").mkdir(parents=True)
    (root / "playtest" / "mini" / "more.yaml").write_text("game: mini\nexamples: []\n", encoding="utf-8")
    return root


def expected(root: Path) -> list[str]:
    mini, art = root / "cards" / "mini.yaml", root / "cards" / "art.yaml"
    odd = "templates/faces/art/odd.yaml"
    generic = ROOT / "src" / "deckwright" / "templates" / "faces" / "generic.yaml"
    lines = generic.read_text(encoding="utf-8").splitlines()
    text_region, art_region = lines.index("  text:") + 1, lines.index("  art:") + 1
    return [
        f"cards/art.yaml:{line_of(art, 'theme:')}:11: game.theme.font: no font 'Noto Sans': not "
        "gothic or mincho, and no family of that name in fonts/ (known: gothic, mincho)",
        f"cards/art.yaml:{line_of(art, 'とても長い')}:5: cards[0].text: card 'red-1' (face): "
        "text does not fit region 'text' even at its floor of 5 pt (layout (built-in) "
        f"templates/faces/generic.yaml:{text_region})",
        f"cards/art.yaml:{line_of(art, 'art: ../outside.png')}:5: cards[1].art: card 'blue-2' (face): "
        "art '../outside.png' is outside the project folder (layout (built-in) "
        f"templates/faces/generic.yaml:{art_region})",
        f"cards/mini.yaml:{line_of(mini, 'copies: -1')}:5: cards[0].copies: expected a whole number >= 0",
        f"cards/mini.yaml:{line_of(mini, 'category: numbr')}:5: cards[1].category: unknown category "
        "'numbr' (known: number)",
        "playtest/mini/more.yaml:2:1: examples: expected at least 1 item(s)",
        f"{odd}:4:5: regions.name.sise: unknown key for a text region (did you mean size?)",
        f"{odd}:6:5: regions.panel.fill: unknown colour 'redd'; use #rrggbb or a name (did you mean red?)",
    ]


def test_check_finds_every_problem_of_every_file_in_one_run(project: Path, capsys) -> None:
    assert main(["-C", str(project), "check"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    want = expected(project)
    assert [l for l in lines if l in want] == want  # all of them, sorted by file and line
    assert lines == sorted(lines, key=lambda l: (l.split(":")[0], int(l.split(":")[1])))
    assert not (project / "build").exists()


def test_check_names_missing_and_unreadable_art_and_glyphs_once_layouts_load(project: Path, capsys) -> None:
    faces = project / "templates" / "faces" / "art" / "odd.yaml"
    faces.write_text("extends: generic\n", encoding="utf-8")
    assert main(["-C", str(project), "check", "art"]) == 2
    err = capsys.readouterr().err
    art = project / "cards" / "art.yaml"
    fox = line_of(art, "id: fox")
    assert f"cards/art.yaml:{fox}:15: cards[2].name: card 'fox' (face): no glyph in the gothic font " \
           "for '🦊'" in err
    assert f"cards/art.yaml:{fox}:40: cards[2].art: card 'fox' (face): art file 'art/broken.png' " \
           "cannot be read: not an image format deckwright can read (use PNG or JPEG)" in err
    assert f"cards/art.yaml:{line_of(art, 'id: cat')}:39: cards[3].art: card 'cat' (face): art file " \
           "'art/none.png' not found" in err


def test_build_refuses_exactly_what_check_reports(project: Path, capsys) -> None:
    assert main(["-C", str(project), "check", "art"]) == 2
    checked = capsys.readouterr().err
    assert main(["-C", str(project), "build", "art"]) == 2
    assert capsys.readouterr().err == checked
    assert not (project / "build").exists()
    assert {c.name for c in CHECKS} == {"fonts", "layouts", "faces", "terms", "register", "theme fonts",
                                        "rulebook templates", "labels"}


def test_a_clean_project_passes_check(tmp_path: Path, capsys) -> None:
    shutil.copytree(MINI, tmp_path / "p")
    assert main(["-C", str(tmp_path / "p"), "check"]) == 0
    assert "1 game(s) valid" in capsys.readouterr().out


def test_misspelt_layout_keys_get_a_suggestion(tmp_path: Path, capsys) -> None:
    shutil.copytree(MINI, tmp_path / "p")
    faces = tmp_path / "p" / "templates" / "faces"
    faces.mkdir(parents=True)
    (faces / "number.yaml").write_text(
        "extend: generic\nregions:\n  name:\n    kind: text\n    text: x\n    aling: left\n"
        "  box:\n    kind: rect\n    fill: bleu\n    shape: star\n", encoding="utf-8")
    assert main(["-C", str(tmp_path / "p"), "check"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "templates/faces/number.yaml:1:1: extend: unknown key (did you mean extends?)",
        "templates/faces/number.yaml:6:5: regions.name.aling: unknown key for a text region "
        "(did you mean align?)",
        "templates/faces/number.yaml:9:5: regions.box.fill: unknown colour 'bleu'; use #rrggbb or "
        "a name (did you mean blue?)",
        "templates/faces/number.yaml:10:5: regions.box.shape: expected one of circle, diamond, "
        "ellipse, rect, roundrect",
    ]


def test_check_reads_the_verdicts_a_build_kept_and_runs_the_examples_once_inputs_change(
        tmp_path: Path, capsys, monkeypatch) -> None:
    """After a build, check takes the examples' verdicts it kept instead of running them; an
    edited playtest file no longer matches their key, so its notation error is still found."""
    import sys
    sys.path.insert(0, str(ROOT / "tests" / "fixtures" / "engine"))
    import toy

    from deckwright.app import verdict_cache, verify
    from deckwright.model import Project, load_game

    toy.rules()
    root = tmp_path / "proj"
    shutil.copytree(toy.FIXTURE / "cards", root / "cards")
    shutil.copytree(toy.FIXTURE / "playtest", root / "playtest")
    status = main(["-C", str(root), "check"])   # the toy's database lacks some labels
    before = capsys.readouterr()
    verdict_cache.verdicts(load_game(Project(root), "toymatch"))   # what a build keeps
    assert verdict_cache.path(load_game(Project(root), "toymatch")).is_file()

    def no_run(game):
        raise AssertionError("check ran the examples although a build kept their verdicts")

    with monkeypatch.context() as m:
        m.setattr(verify, "verify_examples", no_run)
        assert main(["-C", str(root), "check"]) == status
    assert capsys.readouterr() == before
    turns = root / "playtest" / "toymatch" / "turns.yaml"
    text = turns.read_text(encoding="utf-8")
    turns.write_text(text.replace("      - p3 plays red-skip\n", "      - p3 dances\n", 1),
                     encoding="utf-8")
    assert main(["-C", str(root), "check"]) == 2
    err = capsys.readouterr().err
    assert f"playtest/toymatch/turns.yaml:{line_of(turns, 'dances')}:" in err
    assert "'p3 dances' is not a decision in this game's notation" in err
