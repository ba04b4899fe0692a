"""Data flows one way: data -> model -> {engine, press}; the layers above ask those below.

Every module of a layer is parsed and each import (absolute or relative, at the top or inside
a function) is resolved to the module it names:

- press/ imports nothing of the engine or the rules (the build hands it verdicts as data);
- engine/ holds parts only: nothing of the games' rules, of the application layer (app/: the
  registry, verify, the verdict cache) or of the commands, the table, the simulations or press;
- live/ (the table and the preview) imports nothing of the commands (cli/), nor of balance/.
"""

from __future__ import annotations

import ast
from pathlib import Path

import deckwright

PACKAGE = Path(deckwright.__file__).parent
FORBIDDEN = ("deckwright.engine", "deckwright.rules")


def _imports(path: Path, module: str | None = None) -> list[tuple[int, str]]:
    module = module or "deckwright." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module[:-len(".__init__")]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found += [(node.lineno, f"{name}.{a.name}") for a in node.names]
    return found


def _offenders(layer: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(PACKAGE)}:{line}: imports {name}"
            for path in sorted((PACKAGE / layer).rglob("*.py"))
            for line, name in _imports(path)
            if name in forbidden or name.startswith(tuple(f + "." for f in forbidden))]


def test_nothing_under_press_imports_the_engine_or_the_rules():
    assert _offenders("press", FORBIDDEN) == []


def test_the_engine_imports_no_game_nor_anything_above_it():
    above = ("deckwright.rules", "deckwright.app", "deckwright.cli", "deckwright.live",
             "deckwright.balance", "deckwright.press")
    assert _offenders("engine", above) == []


def test_the_table_imports_nothing_of_the_commands_or_the_simulations():
    assert _offenders("live", ("deckwright.cli", "deckwright.balance")) == []


def test_the_check_itself_sees_relative_imports_inside_functions(tmp_path):
    fake = tmp_path / "target.py"
    fake.write_text("import json\n\ndef f():\n    from ...engine.verify import verify_examples\n"
                    "    from .. import cards\n", encoding="utf-8")
    names = [n for _, n in _imports(fake, "deckwright.press.rulebook.target")]
    assert "deckwright.engine.verify" in names and "deckwright.press.cards" in names
    assert any(n.startswith(FORBIDDEN) for n in names)


def test_the_rulebooks_labels_import_nothing_of_its_examples():
    """labels.py and examples.py imported each other (the shared verbs lived in examples.py);
    both now take the shared words from shared_notation.py, and examples.py builds on labels."""
    path = PACKAGE / "press" / "rulebook" / "labels.py"
    assert [n for _, n in _imports(path)
            if n.startswith("deckwright.press.rulebook.examples")] == []
