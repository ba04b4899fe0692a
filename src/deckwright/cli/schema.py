"""`deckwright schema`: print the JSON Schema of the card-database format."""

from __future__ import annotations

import argparse
import json

from . import COMMANDS
from ..model.schema import Database


def json_schema() -> dict:
    """The committed schema/deckwright.schema.json: generated, never edited by hand."""
    schema = Database.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "deckwright card database"
    return schema


def render() -> str:
    return json.dumps(json_schema(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help=COMMANDS["schema"],
                       description="Print the JSON Schema generated from the model; editors use "
                                   "it through the yaml-language-server line at the top of each "
                                   "database.")
    p.set_defaults(run=lambda args: print(render(), end="") or 0)
