"""`deckwright schema`: the JSON Schemas an editor checks a project's files with.

Four schemas, all generated, never edited by hand: the card database (`cards/<game>.yaml`),
playtest files (`playtest/<game>/*.yaml`), face layouts (`templates/faces/**.yaml`) and editions
in other languages (`cards/<game>.<lang>.yaml`, docs/languages.md). Each file
points at its schema with a `# yaml-language-server: $schema=...` line; `--write` puts the
schemas into the project's `schema/` folder where those lines look.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Callable

from . import COMMANDS
from ..atomic import write_text
from ..model.edition import Edition
from ..model.schema import Database, PlaytestFile
from ..press.layout import layout_schema

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _model(model: Any, title: str) -> Callable[[], dict[str, Any]]:
    def build() -> dict[str, Any]:
        schema = model.model_json_schema()
        schema["$schema"] = DIALECT
        schema["title"] = title
        return schema
    return build


#: File name in schema/ -> (what it checks, how it is made).
SCHEMAS: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    "deckwright.schema.json": ("database", _model(Database, "deckwright card database")),
    "playtest.schema.json": ("playtest", _model(PlaytestFile, "deckwright playtest file")),
    "layout.schema.json": ("layout", layout_schema),
    "edition.schema.json": ("edition", _model(Edition, "deckwright edition (translated words)")),
}
KINDS = {kind: name for name, (kind, _) in SCHEMAS.items()}


def json_schema(kind: str = "database") -> dict[str, Any]:
    return SCHEMAS[KINDS[kind]][1]()


def render(kind: str = "database") -> str:
    return json.dumps(json_schema(kind), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into `folder` (created if needed); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (kind, _) in SCHEMAS.items():
        write_text(folder / name, render(kind))
        written.append(folder / name)
    return written


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "schema", help=COMMANDS["schema"],
        description="Print the JSON Schema of one kind of file, or with --write put all of them "
                    "(deckwright.schema.json, playtest.schema.json, layout.schema.json, "
                    "edition.schema.json) into the "
                    "project's schema/ folder, where the yaml-language-server line at the top of "
                    "each file points.")
    p.add_argument("--kind", choices=list(KINDS), default="database",
                   help="which schema to print (default: database)")
    p.add_argument("--write", nargs="?", const="", metavar="DIR",
                   help="write every schema into DIR (default: the project's schema/)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.write is None:
        print(render(args.kind), end="")
        return 0
    folder = Path(args.write) if args.write else args.project / "schema"
    for path in write_schemas(folder):
        print(f"wrote {path}")
    return 0
