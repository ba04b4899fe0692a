"""A project's files made from a game bundled with deckwright (`deckwright new NAME --from GAME`).

The copy is the game under a new id, ready to edit and to play as a project of its own:

- `cards/NAME.yaml` (its `game.id` set to NAME), every edition `cards/NAME.<lang>.yaml`, and the
  spreadsheets its `cards_from` names, at the same places;
- `templates/`: the game's own folders (`templates/faces/GAME/` becomes `templates/faces/NAME/`)
  and the layouts the bundled games share (`templates/faces/playing-card.yaml`), not the other
  games' folders;
- `playtest/NAME/*.yaml`, their `game:` set to NAME;
- `rules/<NAME as a module>/`: the game's rules package from `deckwright.rules`, its relative
  imports that reach outside the package made absolute (`from ...engine` becomes
  `from deckwright.engine`) and its `game_id="GAME"` set to NAME, so the project imports it as
  its own rules module (docs/project.md) and it plays NAME, not the bundled game.

Only the values that carry the id change; everything else, comments included, is copied byte
for byte, so the copy reads as the original does. Nothing here imports the rules it copies.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from importlib.util import find_spec
from pathlib import Path

from . import paths
from .model import Project, UsageError
from .model import bundled
from .model.yamlsafe import load_yaml
from .rules import module_name

_RELATIVE = re.compile(r"from\s+(\.+[ \t]*(?:[A-Za-z_][\w.]*)?)\s+import\b")


def copy_game(game_id: str, new_id: str, work: Path, title: str | None = None) -> None:
    """Write the bundled game `game_id` as the game `new_id` into the empty folder `work`."""
    if not bundled.has(game_id):
        known = ", ".join(bundled.game_ids()) or "none in this installation"
        raise UsageError(f"--from {game_id}: not a game bundled with deckwright "
                         f"(bundled games: {known})")
    tree = Project(bundled.root())   # type: ignore[arg-type]
    _copy_cards(tree, game_id, new_id, work, title)
    _copy_templates(tree.templates_dir, work / "templates", game_id, new_id)
    for source in sorted((tree.playtest_dir / game_id).glob("*.yaml")):
        _, where = load_yaml(source)
        _write(work / "playtest" / new_id / source.name,
               _set_scalar(source, where.marks, ("game",), game_id, new_id))
    _copy_rules(game_id, new_id, work / "rules")


def _copy_cards(tree: Project, game_id: str, new_id: str, work: Path, title: str | None) -> None:
    database = tree.cards_dir / f"{game_id}.yaml"
    data, where = load_yaml(database)
    text = _set_scalar(database, where.marks, ("game", "id"), game_id, new_id)
    if title is not None:
        text = _set_scalar(database, where.marks, ("game", "title"), data["game"].get("title"),
                           title, text)
    _write(work / "cards" / f"{new_id}.yaml", text)
    for lang in tree.edition_languages(game_id):
        shutil.copyfile(tree.cards_dir / f"{game_id}.{lang}.yaml",
                        _parent_made(work / "cards" / f"{new_id}.{lang}.yaml"))
    sheets = data.get("cards_from") or []
    for sheet in [sheets] if isinstance(sheets, str) else sheets:
        found = paths.join(tree.root, sheet.split("#", 1)[0], "cards_from")
        shutil.copyfile(found, _parent_made(work / found.relative_to(paths.real(tree.root))))


def _set_scalar(path: Path, marks: dict, where: tuple, old: object, new: str,
                text: str | None = None) -> str:
    """The file's text (or `text`, changed on other lines only) with the one-line scalar at
    `where`, holding `old`, replaced by `new`: plain when `new` is a plain id, else as a
    double-quoted (JSON) string."""
    text = path.read_text(encoding="utf-8") if text is None else text
    line, col = marks[where]   # where the key is
    lines = text.splitlines(keepends=True)
    row = lines[line - 1]
    key = re.compile(rf"""(["']?){re.escape(str(where[-1]))}\1[ \t]*:[ \t]*""").match(row, col - 1)
    at = key.end() if key else -1
    forms = (str(old), json.dumps(old, ensure_ascii=False), f"'{old}'")
    written = next((w for w in forms if key and row.startswith(w, at)
                    and not row[at + len(w):].strip(" \t\r\n").split("#", 1)[0]), None)
    if not isinstance(old, str) or written is None:
        raise UsageError(f"{path}:{line}:{col}: {'.'.join(map(str, where))}: expected the "
                         f"one-line value {old!r} here")
    value = new if re.fullmatch(r"[a-z0-9][a-z0-9_-]*", new) else json.dumps(new, ensure_ascii=False)
    lines[line - 1] = row[:at] + value + row[at + len(written):]
    return "".join(lines)


def _copy_templates(source: Path, target: Path, game_id: str, new_id: str) -> None:
    """The templates tree, without the other bundled games' folders, the game's own renamed."""
    others = set(bundled.game_ids()) - {game_id}
    for item in sorted(source.iterdir()) if source.is_dir() else ():
        if item.name.startswith((".", "__")) or item.name in others:
            continue
        name = new_id if item.name == game_id else item.name
        if item.is_dir():
            _copy_templates(item, target / name, game_id, new_id)
        elif item.is_file():
            shutil.copyfile(item, _parent_made(target / name))


def _copy_rules(game_id: str, new_id: str, target: Path) -> None:
    """The game's bundled rules module or package as the project's rules for `new_id` (none
    when the game has none: the project's playtest then says how to add one)."""
    name = f"deckwright.rules.{module_name(game_id)}"
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        return
    if spec.submodule_search_locations:   # a package: every module in it
        folder = Path(spec.origin).parent
        files = {p.relative_to(folder): (p, ".".join([name, *p.relative_to(folder).parent.parts]))
                 for p in sorted(folder.rglob("*.py")) if "__pycache__" not in p.parts}
        out = target / module_name(new_id)
    else:
        files = {Path(f"{module_name(new_id)}.py"): (Path(spec.origin), "deckwright.rules")}
        out = target
    renamed = 0
    for relative, (source, package) in files.items():
        text, count = _as_project_module(source.read_text(encoding="utf-8"), package, name,
                                         game_id, new_id)
        renamed += count
        _write(out / relative, text)
    if renamed != 1:
        raise UsageError(f"--from {game_id}: {name} sets game_id={game_id!r} {renamed} times, "
                         f"not once; cannot give its copy the id {new_id!r}")


def _as_project_module(text: str, package: str, root: str, game_id: str,
                       new_id: str) -> tuple[str, int]:
    """A module of the package `root` (`package`: the one the file is in) rewritten to live in
    a project's rules/: relative imports that leave `root` become absolute, and the
    `game_id=` keyword holding `game_id` holds `new_id`. Returns the text and how many
    `game_id=` it changed."""
    edits: list[tuple[int, int, str, str]] = []   # line, character column, old, new
    lines = text.splitlines(keepends=True)
    renamed = 0

    def column(node: ast.expr | ast.stmt) -> int:   # ast counts UTF-8 bytes
        return len(lines[node.lineno - 1].encode("utf-8")[:node.col_offset].decode("utf-8"))

    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            if base == root or base.startswith(f"{root}."):
                continue   # within the package: stays relative
            match = _RELATIVE.match(lines[node.lineno - 1], column(node))
            if match is None:
                raise UsageError(f"{package}: cannot rewrite the import on line {node.lineno}")
            absolute = f"{base}.{node.module}" if node.module else base
            edits.append((node.lineno, match.start(1), match.group(1), absolute))
        elif (isinstance(node, ast.keyword) and node.arg == "game_id"
              and isinstance(node.value, ast.Constant) and node.value.value == game_id):
            literal = ast.get_source_segment(text, node.value) or ""
            edits.append((node.value.lineno, column(node.value), literal, json.dumps(new_id)))
            renamed += 1
    for line, at, old, new in sorted(edits, reverse=True):
        row = lines[line - 1]
        if not row.startswith(old, at):
            raise UsageError(f"{package}: cannot rewrite line {line}")
        lines[line - 1] = row[:at] + new + row[at + len(old):]
    return "".join(lines), renamed


def _parent_made(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _write(path: Path, text: str) -> None:
    _parent_made(path).write_text(text, encoding="utf-8")
