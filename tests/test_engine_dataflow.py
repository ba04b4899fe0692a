"""Data flows one way: data -> model -> {engine, press}; press never reaches into the engine.

Every module under press/ is parsed and each import (absolute or relative, at the top or inside
a function) is resolved to the module it names; none may be deckwright.engine or
deckwright.rules. The build's orchestration (cli/build.py) runs the engine and hands press the
verdicts as data.
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


def test_nothing_under_press_imports_the_engine_or_the_rules():
    offenders = [f"{path.relative_to(PACKAGE)}:{line}: imports {name}"
                 for path in sorted((PACKAGE / "press").rglob("*.py"))
                 for line, name in _imports(path)
                 if name.startswith(FORBIDDEN)]
    assert offenders == []


def test_the_check_itself_sees_relative_imports_inside_functions(tmp_path):
    fake = tmp_path / "target.py"
    fake.write_text("import json\n\ndef f():\n    from ...engine.verify import verify_examples\n"
                    "    from .. import cards\n", encoding="utf-8")
    names = [n for _, n in _imports(fake, "deckwright.press.rulebook.target")]
    assert "deckwright.engine.verify" in names and "deckwright.press.cards" in names
    assert any(n.startswith(FORBIDDEN) for n in names)
