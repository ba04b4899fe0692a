"""The path policy and the template sandbox: every way out of a project is closed."""

from __future__ import annotations

import re

import shutil
import time
from pathlib import Path

import pytest

from deckwright import paths, sandbox
from deckwright.atomic import write_text
from deckwright.cli import main
from deckwright.model import InputError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.mark.parametrize("value", ["red", "back-main", "c_1", "A9"])
def test_plain_ids_pass(value: str) -> None:
    assert paths.safe_id(value, "id") == value


@pytest.mark.parametrize("value", ["", "..", ".hidden", "x/../../y", "/etc/passwd", "a b", "a\x00b",
                                   "赤", "a.b", "-x", "x" * 201, None, 3])
def test_ids_that_could_become_paths_are_refused(value: object) -> None:
    with pytest.raises(paths.UnsafePath):
        paths.safe_id(value, "id")


def test_join_refuses_every_way_out(tmp_path: Path) -> None:
    root, outside = tmp_path / "p", tmp_path / "o"
    (root / "art").mkdir(parents=True)
    outside.mkdir()
    (outside / "s.png").write_bytes(b"x")
    (root / "art" / "in.png").write_bytes(b"x")
    (root / "art" / "out.png").symlink_to(outside / "s.png")
    (root / "art" / "alias.png").symlink_to(root / "art" / "in.png")
    (root / "dirlink").symlink_to(outside, target_is_directory=True)
    assert paths.join(root, "art/in.png", "art") == (root / "art" / "in.png").resolve()
    assert paths.join(root, "art/alias.png", "art") == (root / "art" / "in.png").resolve()
    for bad in ["../o/s.png", "art/../../o/s.png", "/etc/hostname", "~/x", "art/out.png",
                "dirlink/s.png", "C:/x", "art\\in.png", "a\x00b", ""]:
        with pytest.raises(paths.UnsafePath):
            paths.join(root, bad, "art")


def test_writes_refused_through_a_symlinked_build_folder(tmp_path: Path) -> None:
    (tmp_path / "p" / "build").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "p" / "build" / "g").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(paths.UnsafePath, match="is a symlink"):
        write_text(tmp_path / "p" / "build" / "g" / "x.html", "hi")
    with pytest.raises(paths.UnsafePath, match="not plain"):
        write_text(tmp_path / "p" / "build" / "x..html", "hi")
    assert list((tmp_path / "elsewhere").iterdir()) == []
    write_text(tmp_path / "p" / "build" / "ok.html", "hi")  # an ordinary output still works
    assert (tmp_path / "p" / "build" / "ok.html").read_text() == "hi"


def test_palette_key_escape_writes_nothing_outside(tmp_path: Path, capsys) -> None:
    """The issue's case: a palette key `x/../../…/ESCAPED` with a back that varies by colour."""
    project = tmp_path / "deep" / "p"
    shutil.copytree(FIXTURES / "mini", project)
    text = (project / "cards" / "mini.yaml").read_text()
    text = text.replace("    red: {name", '    "x/../../../../ESCAPED": {name: 外, hex: "#000000"}\n    red: {name')
    text = text.replace("colors: [red]", 'colors: ["x/../../../../ESCAPED"]')
    (project / "cards" / "mini.yaml").write_text(text)
    (project / "templates" / "faces").mkdir(parents=True)
    (project / "templates" / "faces" / "back.yaml").write_text("extends: back\nvary_by: colors\n")
    assert main(["-C", str(project), "build", "--only", "png"]) == 2
    err = capsys.readouterr().err
    assert "palette key 'x/../../../../ESCAPED' is not a plain id" in err
    assert not list(tmp_path.rglob("ESCAPED*"))


def render(text: str, tmp_path: Path, **context) -> str:
    (tmp_path / "t").mkdir(exist_ok=True)
    (tmp_path / "t" / "page.j2").write_text(text)
    env = sandbox.environment([tmp_path / "t"])
    return sandbox.render(env, "page.j2", context, lambda f: Path(f).name)


def test_sandbox_renders_ordinary_templates(tmp_path: Path) -> None:
    out = render("{% for c in cards %}{{ c|upper }}{{ '-' * 3 }}{% endfor %}{{ '%05d'|format(7) }}",
                 tmp_path, cards=["a", "<b>"])
    assert out == "A---&lt;B&gt;---00007"


@pytest.mark.parametrize("text,message", [
    ('{{ "x" * 4000000000 }}', "repeating a value 4000000000 times"),
    ('{{ ["x"] * 4000000000 }}', "repeating a value"),
    ('{{ "x"|center(4000000000) }}', "filter center: a number over"),
    ('{{ "x".ljust(4000000000) }}', "call: a number over"),
    ('{{ "%099999999d"|format(1) }}', "format width"),
    ('{{ "{:099999999}".format(1) }}', "format width"),
    ('{{ 9 ** 99999999 }}', "too large a number"),
    ("{% set ns = namespace(s='xx') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
     "rendering made more than 50000000 characters and items"),
    ("{% for i in range(200000) %}{% endfor %}", ""),   # Jinja's sandbox refuses it, in its words
    ("{% for i in range(99999) %}{{ 'x' * 99999 }}{% endfor %}", "output passed"),
])
def test_template_output_is_bounded_and_fails_fast(tmp_path: Path, text: str, message: str) -> None:
    start = time.monotonic()
    with pytest.raises(InputError) as info:
        render(text, tmp_path)
    assert time.monotonic() - start < 5
    (problem,) = info.value.problems
    assert problem.file == "page.j2" and problem.line == 1 and problem.path == "template"
    assert message in problem.message


def test_template_time_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    start = time.monotonic()
    with pytest.raises(InputError, match=r"page.j2:\d+:1: template: rendering took longer than 0.5 s"):
        render("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", tmp_path)
    assert time.monotonic() - start < 3


def test_template_error_names_the_included_template_and_its_line(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "part.j2").write_text("ok\n\n{{ missing.name }}\n")
    with pytest.raises(InputError) as info:
        render("{% include 'part.j2' %}", tmp_path)
    assert re.fullmatch(r"part\.j2:3:1: template: .*'missing'.*", str(info.value))


def test_symlinked_template_is_refused_and_not_printed(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "secret.txt").write_text("SECRET")
    (tmp_path / "t" / "leak.j2").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(InputError) as info:
        render("{% include 'leak.j2' %}", tmp_path)
    assert "leads outside the project" in str(info.value) and "SECRET" not in str(info.value)


def test_large_numbers_are_still_ordinary_data(tmp_path: Path) -> None:
    out = render("{{ n }} {{ '{:,}'.format(n) }} {{ n|filesizeformat }} {{ [n, 2]|max }} {{ n * 2 }}",
                 tmp_path, n=123_456_789)
    assert out == "123456789 123,456,789 123.5 MB 123456789 246913578"


def test_unwritable_build_folder_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    """As root a read-only folder is still writable, so the refusals are simulated: the build
    folder failing os.access, then the first write failing with PermissionError."""
    project = tmp_path / "p"
    shutil.copytree(FIXTURES / "mini", project)
    real_access = paths.os.access
    monkeypatch.setattr(paths.os, "access", lambda p, mode: False if Path(p).name == "build"
                        else real_access(p, mode))
    assert main(["-C", str(project), "build", "--only", "png"]) == 2
    assert capsys.readouterr().err == "deckwright: error: build/ is not writable\n"
    monkeypatch.setattr(paths.os, "access", real_access)

    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(kwargs.get("dir", "")))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert main(["-C", str(project), "build", "--only", "png"]) == 2
    err = capsys.readouterr().err
    assert err == "deckwright: error: cannot use build/mini/cards: Permission denied\n"
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert not list((project / "build").rglob("*.png"))


def test_template_linked_to_a_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "zero.j2").symlink_to("/dev/zero")
    start = time.monotonic()
    with pytest.raises(InputError, match="leads outside the project"):
        render("{% include 'zero.j2' %}", tmp_path)
    assert time.monotonic() - start < 5
