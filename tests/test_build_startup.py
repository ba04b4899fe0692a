"""`deckwright --help` starts quickly: listing the commands imports none of them.

The time itself is a figure for bench/ (startup ≤ 0.15 s); what a user relies on, and what is
asserted here, is that the help lists every command and that the heavy libraries stay unloaded.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from deckwright.cli import COMMANDS, build_parser, command_named

HEAVY = ("pydantic", "reportlab", "weasyprint", "matplotlib", "dask", "jinja2", "PIL", "yaml",
         "deckwright.press", "deckwright.engine", "deckwright.balance", "deckwright.model.load")
#: Packages whose own __init__ is light but whose modules are not (the rules modules).
NO_MODULES_OF = ("deckwright.rules.",)

PROBE = """
import json, sys
from deckwright.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def loaded_after(*argv: str) -> tuple[str, set[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True,
                          check=True)
    *help_lines, modules = done.stdout.splitlines()
    return "\n".join(help_lines), set(json.loads(modules))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)
                  or m.startswith(NO_MODULES_OF))


def test_help_lists_every_command_without_importing_them():
    text, modules = loaded_after("--help")
    for name, line in COMMANDS.items():
        assert name in text and line.split()[0] in text
    assert heavy(modules) == []


def test_a_commands_own_help_imports_only_that_command():
    text, modules = loaded_after("-C", ".", "schema", "--help")
    assert "usage: deckwright schema" in text
    assert "deckwright.cli.schema" in modules and "deckwright.cli.build" not in modules
    assert "weasyprint" not in modules and "matplotlib" not in modules


@pytest.mark.parametrize("argv, expected", [
    (["build", "x"], "build"), (["-C", "build", "check"], "check"), (["--project", "p"], None),
    (["--help"], None), (["--", "simulate"], "simulate"), (["nonsense"], None)])
def test_the_command_is_found_after_global_options(argv, expected):
    assert command_named(argv) == expected


def test_every_commands_module_registers_the_help_line_listed():
    full = build_parser()
    sub = next(a for a in full._actions if a.dest == "command")
    assert {c.dest: c.help for c in sub._choices_actions} == COMMANDS
