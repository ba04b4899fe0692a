"""`deckwright schema`: print the JSON Schema of the card-database format."""

from __future__ import annotations

import argparse
import json

from ..model.edition import Edition
from ..model.schema import Database


def json_schema(edition: bool = False) -> dict:
    """The committed schema/deckwright.schema.json (with `edition`, schema/edition.schema.json
    for cards/<game>.<lang>.yaml): generated, never edited by hand."""
    schema = (Edition if edition else Database).model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = ("deckwright edition (translated words)" if edition
                       else "deckwright card database")
    return schema


def render(edition: bool = False) -> str:
    return json.dumps(json_schema(edition), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema for cards/<game>.yaml files",
                       description="Print the JSON Schema generated from the model; editors use "
                                   "it through the yaml-language-server line at the top of each "
                                   "database.")
    p.add_argument("--edition", action="store_true",
                   help="the schema of an edition file cards/<game>.<lang>.yaml instead")
    p.set_defaults(run=lambda args: print(render(args.edition), end="") or 0)
