"""The bad-input corpus: every case is exit 2, one line per problem, no traceback, nothing written.

Each case copies a small fixture project into tmp_path (beside an `outside/` folder holding a
secret), breaks it one way, runs the real command line in-process and checks what a user relies
on: the exit status, that stderr is exactly the expected number of lines each shaped
`file:line:col: field: message` (or `deckwright: error: ...` for command-line mistakes), that
the line says the right thing, that no traceback is printed, and that no file anywhere under
tmp_path was created or changed (no half-written build, nothing escaped the project).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
sys.path.insert(0, str(FIXTURES / "balance"))
import rigged_rules  # noqa: E402,F401  (registers the rigged game for simulate cases)

LINE = re.compile(r"^(?:[^\s:][^:]*:\d+:\d+: (?:[^\s:]+: )?\S.*|deckwright: error: \S.*)$")


@dataclass
class Case:
    name: str
    fixture: str                      # mini, press or balance
    args: list[str]
    expect: str                       # regex the (first) error line must match
    breaks: Callable[[Path, Path], None] = lambda p, o: None  # (project, outside folder)
    lines: int = 1
    root_ok: bool = True              # False: cannot be set up when running as root
    tags: list[str] = field(default_factory=list)


def edit(relative: str, old: str, new: str, count: int = 1) -> Callable[[Path, Path], None]:
    def apply(project: Path, outside: Path) -> None:
        path = project / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
    return apply


def write(relative: str, data: str | bytes) -> Callable[[Path, Path], None]:
    def apply(project: Path, outside: Path) -> None:
        path = project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return apply


def link(relative: str, target: str) -> Callable[[Path, Path], None]:
    """Make `relative` a symlink to `target` (relative to the outside folder when not absolute)."""
    def apply(project: Path, outside: Path) -> None:
        path = project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
        path.symlink_to(target if target.startswith("/") else outside / target)
    return apply


def both(*steps: Callable[[Path, Path], None]) -> Callable[[Path, Path], None]:
    def apply(project: Path, outside: Path) -> None:
        for step in steps:
            step(project, outside)
    return apply


MINI = "cards/mini.yaml"
PRESS = "cards/pressdemo.yaml"
DEEP_FLOW = "x: " + "[" * 1000 + "]" * 1000 + "\n"
DEEP_BLOCK = "".join("  " * i + "k:\n" for i in range(1000))
LAUGHS = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 9))
PAGE = "templates/rulebook/rulebook.html.j2"
PNG_HEAD = b"\x89PNG\r\n\x1a\n"

CASES: list[Case] = [
    # --- YAML itself ----------------------------------------------------------------------------
    Case("recursive-alias", "mini", ["check"], r"mini\.yaml:\d+:\d+: YAML: alias \*x refers to a value that contains it",
         edit(MINI, "source: test fixture", "source: test fixture\n  loop: &x [1, *x]")),
    Case("deep-flow", "mini", ["check"], r"mini\.yaml:1:\d+: YAML: nested more than 64 levels", write(MINI, DEEP_FLOW)),
    Case("deep-block", "mini", ["check"], r"mini\.yaml:65:\d+: YAML: nested more than 64 levels", write(MINI, DEEP_BLOCK)),
    Case("billion-laughs", "mini", ["check"], r"YAML: more than 500000 values", write(MINI, LAUGHS)),
    Case("two-million-items", "mini", ["check"], r"mini\.yaml:1:\d+: YAML: more than 500000 values",
         write(MINI, "[" + "1," * 1999999 + "1]\n")),
    Case("file-too-large", "mini", ["check"], r"mini\.yaml:1:1: file is \d+ bytes; the limit is",
         write(MINI, "# " + "x" * (9 * 1024 * 1024) + "\n")),
    Case("not-utf8", "mini", ["check"], r"mini\.yaml:4:10: not UTF-8 text \(byte 0xff",
         lambda p, o: (p / MINI).write_bytes((p / MINI).read_bytes().replace(b"title: \xe3\x83\x9f", b"title: \xff\xe3\x83\x9f", 1))),
    Case("python-tag", "mini", ["check"], r"mini\.yaml:\d+:\d+: YAML: .*only plain YAML data",
         edit(MINI, "source: test fixture", "source: !!python/object/apply:os.system [echo hi]")),
    Case("two-documents", "mini", ["check"], r"YAML: expected a single document",
         lambda p, o: (p / MINI).write_text((p / MINI).read_text() + "---\nx: 1\n")),
    Case("undefined-alias", "mini", ["check"], r"YAML: .*\*nope",
         edit(MINI, "source: test fixture", "source: *nope")),
    Case("duplicate-key", "mini", ["check"], r"mini\.yaml:\d+:\d+: game\.title: duplicate key",
         edit(MINI, "  title: ミニ\n", "  title: ミニ\n  title: また\n")),
    Case("unclosed-bracket", "mini", ["check"], r"mini\.yaml:\d+:\d+: YAML: ",
         edit(MINI, "players: {min: 2, max: 4}", "players: {min: 2, max: 4")),
    Case("tab-indent", "mini", ["check"], r"mini\.yaml:\d+:\d+: YAML: ", edit(MINI, "  title: ミニ", "\ttitle: ミニ")),
    Case("top-level-list", "mini", ["check"], r"mini\.yaml:1:1: expected a mapping", write(MINI, "- 1\n- 2\n")),
    Case("empty-file", "mini", ["check"], r"mini\.yaml:1:1: expected a mapping", write(MINI, "")),
] + [
    # --- the same bad file from every command that reads it ----------------------------------
    Case(f"broken-yaml-{command[0]}", "mini", command, r"^cards/mini\.yaml:\d+:\d+: YAML: \S",  # the parser's words after it
         edit(MINI, "  title: ミニ\n", "  title: [ミニ\n"))
    for command in (["build"], ["playtest"], ["fuzz", "mini"], ["simulate", "mini"], ["play", "mini"],
                    ["serve"])
] + [
    # --- the database ---------------------------------------------------------------------------
    Case("negative-copies", "mini", ["check"], r"mini\.yaml:\d+:5: cards\[0\]\.copies: expected a whole number >= 0",
         edit(MINI, "copies: 2", "copies: -1")),
    Case("unknown-field", "mini", ["check"], r"cards\[0\]\.colour: unknown field", edit(MINI, "colors: [red]", "colour: [red]")),
    Case("unknown-category", "mini", ["check"], r"cards\[0\]\.category: unknown category 'nope'",
         edit(MINI, "category: number", "category: nope")),
    Case("unknown-colour", "mini", ["check"], r"cards\[0\]\.colors\[0\]: unknown colour 'green'",
         edit(MINI, "colors: [red]", "colors: [green]")),
    Case("bad-hex", "mini", ["check"], r"game\.palette\.red\.hex: expected a colour written #rrggbb",
         edit(MINI, '"#d0312d"', '"red"')),
    Case("palette-key-escape", "mini", ["check"], r"game\.palette\.x/\.\./\.\./ESCAPED: palette key .* is not a plain id",
         both(edit(MINI, "    red: {name", '    "x/../../ESCAPED": {name: 外, hex: "#000000"}\n    red: {name'))),
    Case("palette-key-dots", "mini", ["check"], r"palette key '\.\.' is not a plain id",
         edit(MINI, "    red: {name", '    "..": {name: 外, hex: "#000000"}\n    red: {name')),
    Case("layout-dotdot", "mini", ["check"], r"game\.categories\[0\]\.layout: layout name '\.\./\.\./outside/config' is not a plain id",
         edit(MINI, "{id: number, title: 数字}", "{id: number, title: 数字, layout: ../../outside/config}")),
    Case("layout-absolute", "mini", ["check"], r"layout name '/etc/passwd' is not a plain id",
         edit(MINI, "{id: number, title: 数字}", "{id: number, title: 数字, layout: /etc/passwd}")),
    Case("layout-unknown", "mini", ["check"], r"game\.categories\[0\]\.layout: no layout 'fancy'",
         edit(MINI, "{id: number, title: 数字}", "{id: number, title: 数字, layout: fancy}")),
    Case("icon-in-ruling", "mini", ["check"], r"rulings\[0\]\.text: unknown icon \{bogus\}",
         edit(MINI, "text: 山札の一番上をめくって場札にする。", "text: 山札の {bogus} をめくる。")),
    Case("icon-in-card", "mini", ["check"], r"cards\[0\]\.text: unknown icon \{purple\}", edit(MINI, "{red} を出す", "{purple} を出す")),
    Case("icon-in-glossary", "mini", ["check"], r"glossary\[0\]\.text: unknown icon \{zap\}",
         edit(MINI, "rulings:\n", "glossary:\n  - {term: 場札, text: \"{zap} の札\"}\nrulings:\n")),
    Case("icon-in-rules", "mini", ["check"], r"rules\[0\]\.body: unknown icon \{zap\}",
         edit(MINI, "rulings:\n", "rules:\n  - {id: play, title: 遊び方, body: \"{zap} を出す\"}\nrulings:\n")),
    Case("icon-in-example", "mini", ["check"], r"examples\[0\]\.text: unknown icon \{zap\}",
         edit(MINI, "    title: 赤を出す\n", "    title: 赤を出す\n    text: \"{zap}\"\n")),
    Case("game-id-mismatch", "mini", ["check"], r"game\.id: game id 'other' must match the file name 'mini'",
         edit(MINI, "id: mini", "id: other")),
    Case("duplicate-card", "mini", ["check"], r"cards\[1\]\.id: duplicate id 'red-1'", edit(MINI, "id: blue-2", "id: red-1"),
         lines=3),  # and, rightly, the deck total and the example naming blue-2
    Case("deck-unknown-card", "mini", ["check"], r"decks\[0\]\.cards\.ghost: unknown card 'ghost'",
         edit(MINI, "    total: 5\n", "    total: 5\n    cards: {ghost: 1}\n")),
    Case("deck-total", "mini", ["check"], r"decks\[0\]\.total: deck has 5 cards but its stated total is 6",
         edit(MINI, "total: 5", "total: 6")),
    Case("example-unknown-card", "mini", ["check"], r"examples\[0\]\.cards\[0\]: unknown card 'nope'",
         edit(MINI, "    cards: [red-1]\n    setup", "    cards: [nope]\n    setup")),
    Case("two-problems-two-lines", "mini", ["check"], r"cards\[0\]\.category: unknown category",
         both(edit(MINI, "category: number", "category: nope"), edit(MINI, "colors: [blue]", "colors: [green]")), lines=2),
    # --- playtest files -------------------------------------------------------------------------
    Case("playtest-no-game", "mini", ["check"], r"playtest/ghost/a\.yaml:1:1: game: no game 'ghost' in cards/",
         write("playtest/ghost/a.yaml", "game: ghost\nexamples: []\n")),
    Case("playtest-wrong-game", "mini", ["check"], r"playtest/mini/a\.yaml:1:\d+: game: expected 'mini'",
         write("playtest/mini/a.yaml", "game: other\nexamples:\n  - {id: x1, title: t}\n")),
    Case("playtest-bad-yaml", "mini", ["check"], r"playtest/mini/a\.yaml:\d+:\d+: YAML: ",
         write("playtest/mini/a.yaml", "game: mini\nexamples: [\n")),
    Case("playtest-symlink-out", "mini", ["check"], r"playtest/mini/a\.yaml:1:1: file leads outside the project",
         both(write("../outside/pt.yaml", "game: mini\nexamples:\n  - {id: x1, title: t}\n"), link("playtest/mini/a.yaml", "pt.yaml"))),
    Case("database-symlink-out", "mini", ["check"], r"cards/mini\.yaml:1:1: file leads outside the project",
         both(lambda p, o: shutil.copy(p / MINI, o / "db.yaml"), link(MINI, "db.yaml"))),
    Case("playtest-command-no-game", "mini", ["playtest"], r"playtest/ghost/a\.yaml:1:1: game: no game 'ghost'",
         write("playtest/ghost/a.yaml", "game: ghost\nexamples: []\n")),
    Case("build-palette-escape", "mini", ["build", "--only", "png"], r"game\.palette\.x/\.\./\.\./ESCAPED: palette key",
         edit(MINI, "    red: {name", '    "x/../../ESCAPED": {name: 外, hex: "#000000"}\n    red: {name')),
    # --- game names on the command line ---------------------------------------------------------
    Case("check-dotdot", "mini", ["check", "../../outside/secret"], r"deckwright: error: game '\.\./\.\./outside/secret' is not a plain id"),
    Case("check-absolute", "mini", ["check", "/etc/passwd"], r"deckwright: error: game '/etc/passwd' is not a plain id"),
    Case("check-unknown", "mini", ["check", "nope"], r"deckwright: error: no game 'nope' in cards"),
    Case("build-lang-dotdot", "mini", ["build", "--lang", "../../x"], r"deckwright: error: language '\.\./\.\./x' is not a plain id"),
    Case("build-dotdot", "mini", ["build", "../x"], r"deckwright: error: game '\.\./x' is not a plain id"),
    Case("playtest-dotdot", "mini", ["playtest", "../x"], r"deckwright: error: game '\.\./x' is not a plain id"),
    Case("simulate-dotdot", "mini", ["simulate", "../x"], r"deckwright: error: game '\.\./x' is not a plain id"),
    # --- art ------------------------------------------------------------------------------------
    Case("art-not-image", "press", ["build", "--only", "png"], r"pressdemo\.yaml:\d+:\d+: cards\[0\]\.\w+: card 'knight' \(face\): art file 'art/knight\.png' cannot be read: not an image format",
         write("art/knight.png", "this is text, not a picture\n")),
    Case("art-truncated", "press", ["build", "--only", "pnp"], r"card 'knight' \(face\): art file 'art/knight\.png' cannot be read: ",
         lambda p, o: (p / "art/knight.png").write_bytes((p / "art/knight.png").read_bytes()[:200])),
    Case("art-missing", "press", ["build", "--only", "png"], r"art file 'art/knight\.png' not found",
         lambda p, o: (p / "art/knight.png").unlink()),
    Case("art-dotdot", "press", ["build", "--only", "png"], r"art '\.\./outside/secret\.png' is outside the project folder",
         both(lambda p, o: shutil.copy(p / "art/knight.png", o / "secret.png"), edit(PRESS, "art: art/knight.png", "art: ../outside/secret.png"))),
    Case("art-absolute", "press", ["build", "--only", "png"], r"art '/etc/hostname' must be a path relative to the project",
         edit(PRESS, "art: art/knight.png", "art: /etc/hostname")),
    Case("art-half-png", "press", ["build"], r"card 'knight' \(face\): art file 'art/knight\.png' cannot be read: \S",  # Pillow's words after it
         lambda p, o: (p / "art/knight.png").write_bytes((p / "art/knight.png").read_bytes()[:-len((p / "art/knight.png").read_bytes()) // 3])),
    Case("art-symlink-out", "press", ["build", "--only", "tts"], r"art 'art/knight\.png' is outside the project folder",
         both(lambda p, o: shutil.copy(p / "art/knight.png", o / "secret.png"), link("art/knight.png", "secret.png"))),
    # --- layouts --------------------------------------------------------------------------------
    Case("layout-symlink-out", "press", ["build", "--only", "png"], r"templates/faces/pressdemo/unit\.yaml:1:1: layout file leads outside the project",
         both(write("../outside/config.yaml", "regions: {}\n"), link("templates/faces/pressdemo/unit.yaml", "config.yaml"))),
    Case("layout-extends-dotdot", "press", ["build", "--only", "png"], r"unit\.yaml:2:1: extends: layout name '\.\./\.\./x' is not a plain id",
         edit("templates/faces/pressdemo/unit.yaml", "extends: generic", "extends: ../../x"),
         lines=3),  # and the regions that had only the parent's kind
    Case("layout-bad-yaml", "press", ["build", "--only", "png"], r"templates/faces/pressdemo/unit\.yaml:\d+:\d+: YAML: ",
         write("templates/faces/pressdemo/unit.yaml", "regions: [\n")),
    Case("layout-recursive-alias", "press", ["build", "--only", "png"], r"unit\.yaml:\d+:\d+: YAML: alias \*r refers to a value that contains it",
         write("templates/faces/pressdemo/unit.yaml", "regions: &r {a: *r}\n")),
    Case("layout-expression-huge", "press", ["build", "--only", "png"], r"pressdemo\.yaml:\d+:\d+: cards\[0\]\.\w+: card 'knight' \(face\): .*repeating a value 4000000000 times",
         edit("templates/faces/pressdemo/unit.yaml", "    size: 14", "    size: 14\n    text: '{{ \"x\" * 4000000000 }}'"),
         lines=3),  # one line per card using the layout: knight, witch, twin
    # --- outputs --------------------------------------------------------------------------------
    Case("build-is-a-file", "mini", ["build", "--only", "png"], r"deckwright: error: build is a file, not a folder",
         write("build", "not a folder\n")),
    Case("build-symlink-out", "mini", ["build", "--only", "png"], r"deckwright: error: build/ is a symlink",
         lambda p, o: (p / "build").symlink_to(o, target_is_directory=True)),
    Case("build-game-symlink-out", "mini", ["build", "--only", "png"], r"deckwright: error: .*build/mini is a symlink",
         both(lambda p, o: (p / "build").mkdir(), lambda p, o: (p / "build" / "mini").symlink_to(o, target_is_directory=True))),
    Case("build-unwritable", "mini", ["build", "--only", "png"], r"deckwright: error: build/ is not writable",
         lambda p, o: ((p / "build").mkdir(), (p / "build").chmod(0o500)), root_ok=False),
    Case("simulate-build-is-a-file", "balance", ["simulate", "rigged", "--games", "4", "--no-pdf"],
         r"deckwright: error: build is a file, not a folder", write("build", "x\n")),
    # --- rulebook templates ---------------------------------------------------------------------
    Case("template-syntax", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.html\.j2:2:1: template: ",
         write(PAGE, "<p>\n{% if %}\n")),
    Case("template-syntax-full-build", "press", ["build"], r"templates/rulebook/card\.html\.j2:3:1: template: ",
         write("templates/rulebook/card.html.j2", "<p>\n\n{% for %}\n")),  # before pnp/png/tts write
    Case("stylesheet-http-full-build", "press", ["build"], r"templates/rulebook/rulebook\.css:1:\d+: stylesheet: refused 'https://x\.example/f\.woff'",
         write("templates/rulebook/rulebook.css", "@font-face { src: url('https://x.example/f.woff') }\n")),
    Case("template-undefined-full-build", "press", ["build"], r"templates/rulebook/card\.html\.j2:2:1: template: .*'no_such_name'",
         write("templates/rulebook/card.html.j2", "<p>\n{{ no_such_name }}\n")),  # before pnp writes
    Case("template-undefined", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.html\.j2:3:1: template: .*'nothing_here'",
         write(PAGE, "<p>\n</p>\n{{ nothing_here }}\n")),
    Case("template-huge-repeat", "mini", ["build", "--only", "rulebook"], r"rulebook\.html\.j2:1:1: template: repeating a value 4000000000 times",
         write(PAGE, '{{ "x" * 4000000000 }}\n')),
    Case("template-center", "mini", ["build", "--only", "rulebook"], r"rulebook\.html\.j2:2:1: template: filter center: a number over",
         write(PAGE, '\n{{ "x"|center(4000000000) }}\n')),
    Case("template-power", "mini", ["build", "--only", "rulebook"], r"rulebook\.html\.j2:1:1: template: .* is too large a number",
         write(PAGE, "{{ 10 ** 100000000 }}\n")),
    Case("template-namespace-doubling", "mini", ["build", "--only", "rulebook"], r"rulebook\.html\.j2:\d+:1: template: rendering made more than \d+ characters and items",
         write(PAGE, "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}\n")),
    Case("template-recursion", "mini", ["build", "--only", "rulebook"], r"rulebook\.html\.j2:\d+:1: template: templates call each other too deeply",
         write(PAGE, "{% macro f(n) %}{{ f(n) }}{% endmacro %}\n{{ f(1) }}\n")),
    Case("template-unsafe-attr", "mini", ["build", "--only", "rulebook"], r"rulebook\.html\.j2:1:1: template: .*'__class__'",
         write(PAGE, "{{ ''.__class__.__mro__ }}\n")),
    Case("template-include-symlink", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.html\.j2:1:1: template: template 'leak\.html' leads outside the project",
         both(write(PAGE, "{% include 'leak.html' %}\n"), write("../outside/leak.html", "SECRET\n"),
              link("templates/rulebook/leak.html", "leak.html"))),
    Case("template-include-etc", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.html\.j2:1:1: template: template 'hostname' leads outside the project",
         both(write(PAGE, "{% include 'hostname' %}\n"), link("templates/rulebook/hostname", "/etc/hostname"))),
    Case("template-include-dotdot", "mini", ["build", "--only", "rulebook"], r"template: template '\.\./\.\./outside/leak\.html' not found",
         both(write(PAGE, "{% include '../../outside/leak.html' %}\n"), write("../outside/leak.html", "SECRET\n"))),
    Case("template-not-utf8", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.html\.j2:3:4: template: not UTF-8 text \(byte 0xe9",
         write(PAGE, b"<p>\n</p>\n<p>\xe9t\xe9</p>\n")),
    Case("stylesheet-not-utf8", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.css:2:9: not UTF-8 text",
         write("templates/rulebook/rulebook.css", b"p {}\nh1 { x: \xff }\n")),
    Case("stylesheet-symlink-out", "mini", ["build", "--only", "rulebook"], r"^templates/rulebook/rulebook\.css:1:1: stylesheet: rulebook\.css leads outside the project",
         both(write("../outside/x.css", "p {}\n"), link("templates/rulebook/rulebook.css", "x.css"))),
    Case("stylesheet-http", "mini", ["build", "--only", "rulebook"], r"templates/rulebook/rulebook\.css:2:24: stylesheet: refused 'http://example\.com/a\.png'",
         write("templates/rulebook/rulebook.css", "p {}\nbody { background: url(http://example.com/a.png) }\n")),
    # --- balance report -------------------------------------------------------------------------
    Case("balance-css-http", "balance", ["simulate", "rigged", "--games", "4"], r"templates/balance/balance\.css:1:\d+: stylesheet: refused 'https://example\.com/f\.css'",
         write("templates/balance/balance.css", '@import "https://example.com/f.css";\n')),
    Case("balance-template-sandbox", "balance", ["simulate", "rigged", "--games", "4", "--no-pdf"],
         r"templates/balance/balance\.html\.j2:2:1: template: .*unsafe",
         write("templates/balance/balance.html.j2", "<p>\n{{ job.__class__.__init__.__globals__ }}\n")),
    Case("balance-template-symlink", "balance", ["simulate", "rigged", "--games", "4", "--no-pdf"],
         r"balance\.html\.j2:1:1: template: template 'balance\.html\.j2' leads outside the project",
         both(write("../outside/b.j2", "SECRET {{ 1 }}\n"), link("templates/balance/balance.html.j2", "b.j2"))),
    # compiled while the games are played (with a helper playing too): reported after them
    Case("balance-template-syntax", "balance", ["simulate", "rigged", "--games", "60", "--workers", "2"],
         r"templates/balance/balance\.html\.j2:2:1: template: \S",
         write("templates/balance/balance.html.j2", "<p>\n{% for x in %}\n")),
    Case("balance-template-huge", "balance", ["simulate", "rigged", "--games", "4", "--no-pdf"],
         r"templates/balance/balance\.html\.j2:1:1: template: repeating a value",
         write("templates/balance/balance.html.j2", '{{ "x" * 4000000000 }}\n')),
]


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` (not following symlinks) with a digest of its bytes."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink():
                out[str(path)] = "link:" + os.readlink(path)
            else:
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


FIXTURE_DIRS = {"mini": FIXTURES / "mini", "press": FIXTURES / "press", "balance": FIXTURES / "balance"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_one_line_exit_2_nothing_written(case: Case, tmp_path: Path, capsys) -> None:
    if not case.root_ok and os.geteuid() == 0:
        pytest.skip("root may write into a read-only folder; this case needs an ordinary user")
    project, outside = tmp_path / "project", tmp_path / "outside"
    shutil.copytree(FIXTURE_DIRS[case.fixture], project,
                    ignore=shutil.ignore_patterns("__pycache__", "build"))
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET\n")
    case.breaks(project, outside)
    before = snapshot(tmp_path)
    try:
        status = main(["-C", str(project), *case.args])
    finally:
        if (project / "build").exists() and not (project / "build").is_symlink():
            (project / "build").chmod(0o755) if (project / "build").is_dir() else None
    out, err = capsys.readouterr()
    # notes such as "warning: mini: 1 example(s) will be printed unverified" are not problems
    lines = [line for line in err.splitlines() if not line.startswith("warning: ")]
    assert status == 2, (out, err)
    assert "Traceback" not in out + err
    assert "SECRET" not in out + err
    assert str(tmp_path) not in err  # files are named as the user reads them, relative
    assert len(lines) == case.lines, err
    for line in lines:
        assert LINE.match(line), line
    assert re.search(case.expect, lines[0]), lines[0]
    assert snapshot(tmp_path) == before, "files were written or changed"


def test_corpus_covers_at_least_sixty_cases() -> None:
    assert len(CASES) >= 60
    assert len({c.name for c in CASES}) == len(CASES)
