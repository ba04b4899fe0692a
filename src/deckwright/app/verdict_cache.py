"""Example verdicts kept between builds, so that an unchanged `deckwright build` runs no example.

The rulebook is keyed on the engine's verdicts on its game's examples, and running them costs
about a second a game. So the build keeps them in `build/<game>/.deckwright/verdicts.json`
(an edition's under `build/<game>/<lang>/`), as plain JSON, with a SHA-256 of everything they
follow from:

- the database file, the spreadsheets it takes cards from (`cards_from`), and an edition's file;
- the game's playtest files, `playtest/<game>/*.yaml`;
- every file of the project's `rules/` folder, of the packages of installed games (entry points
  `deckwright.games`) and of modules the running program imported that registered a game
  (`app.registry.source_files`);
- deckwright's version and the code of its engine, bundled rules and this layer, with every
  part of deckwright they import (the model, the catalogs, ...: `manifest.code_parts`); Python's
  version; and the project's folder (a failing verdict may quote a path).

A change to a library that a project's rules module imports is not in the key: `build --force`
runs the examples again.

A build folder of a shared project is untrusted. The file is JSON, never pickle; it is read only
inside the project and up to a size limit; anything that is not exactly the shape `store` writes
(a type, a status, a field, the format or the key) is a miss: the examples run and the file is
written again. A file that matches the key is believed, as a `rulebook.pdf` already in build/
is: whoever can write build/ can change what it says, but not make deckwright run anything.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any, Callable

from .. import manifest, paths
from ..model import GameData
from ..model.edition import edition_path
from . import verify
from ..engine.script import Failure
from .registry import RulesImportError, rules_for, source_files
from .verify import Verdict

NAME = "verdicts.json"
FORMAT = 4   # 2: verdicts carry parsed steps, 3: and the end state, 4: every decision step
#: Verdicts with their event logs are tens of KiB a game; a larger file is not ours.
MAX_BYTES = 32 * 1024 * 1024


class Malformed(ValueError):
    """The file is not what `store` writes."""


def path(game: GameData) -> Path:
    return game.out_dir / manifest.RECORD_DIR / NAME


def key(game: GameData) -> str | None:
    """The SHA-256 of everything the game's verdicts follow from (see the module docstring);
    None when the rules come from somewhere that cannot be read, so nothing is kept."""
    project = game.project
    rules = source_files(project, game.id)
    if rules is None:
        return None
    k = manifest.Key(("format", str(FORMAT)),
                     ("code", manifest.code_version(manifest.ENGINE_CODE)),
                     ("python", sys.version), ("project", str(project.root.resolve())))
    k.add_file("database", game.path)
    for i, sheet in enumerate(game.sheets):
        k.add_file(f"sheet{i}", sheet)
    if game.edition is not None:
        k.add("edition", game.edition)
        k.add_file("edition file", edition_path(project.cards_dir, game.id, game.edition))
    for file in sorted((project.playtest_dir / game.id).glob("*.yaml")):
        k.add_file(f"playtest:{file.name}", file)
    for label, file in rules:
        try:   # a project's rules/ may hold a link out or a huge file: then nothing is kept
            inside = file.is_relative_to(project.home)
            data = paths.read_bytes(file, [project.home] if inside else None, "rules file",
                                    paths.MAX_ART_BYTES)
        except paths.UnsafePath:
            return None
        k.add(f"rules:{label}", data)
    return k.hexdigest()


def verdicts(game: GameData, force: bool = False) -> dict[str, Verdict]:
    """The game's verdicts: kept ones when their key matches (unless `force`), else the
    engine's, kept for the next build."""
    wanted = key(game)
    kept = None if force or wanted is None else load(game, wanted)
    if kept is not None:
        return kept
    found = verify.verify_examples(game)
    store(game, wanted if _rules_load(game) else None, found)
    return found


def _rules_load(game: GameData) -> bool:
    """False when the game's rules module failed to import: its verdicts then say so, which
    may be the environment's doing (a missing library), so they are not kept."""
    try:
        rules_for(game.id, game.project)
    except RulesImportError:
        return False
    return True


def load(game: GameData, wanted: str | None = None) -> dict[str, Verdict] | None:
    """The kept verdicts if the file is well formed and made from these inputs, else None."""
    wanted = wanted or key(game)
    if wanted is None:
        return None
    try:
        return decode(manifest.read_kept(path(game), game.project.home, "verdicts", MAX_BYTES),
                      wanted)
    except (paths.UnsafePath, UnicodeDecodeError, ValueError, RecursionError):
        return None   # Malformed and JSONDecodeError are ValueErrors


def store(game: GameData, wanted: str | None, found: dict[str, Verdict]) -> None:
    """Keep `found` under `wanted`; verdicts JSON cannot carry exactly (a value of a type it
    has no form for) are not kept, and neither is a file that no longer holds."""
    target = path(game)
    try:
        if wanted is None or any(type(v) is not Verdict for v in found.values()):
            raise Malformed("nothing to key them by, or not the engine's verdicts")
        data: str | None = encode(found, wanted)
        if decode(json.loads(data), wanted) != found:
            raise Malformed("verdicts do not survive JSON")
    except (Malformed, ValueError, RecursionError):
        data = None
    manifest.write_kept(target, data)


# --- the JSON form ----------------------------------------------------------------------------

def encode(found: dict[str, Verdict], wanted: str) -> str:
    rows = []
    for v in found.values():
        row = {name: _plain(getattr(v, name)) for name in _VERDICT}
        row["setup_defaults"] = [[k, _tagged(value)] for k, value in v.setup_defaults]
        row["end_state"] = [[k, _tagged(value)] for k, value in v.end_state]
        rows.append(row)
    return json.dumps({"format": FORMAT, "key": wanted, "verdicts": rows}, ensure_ascii=False,
                      allow_nan=False, sort_keys=True) + "\n"


def decode(raw: Any, wanted: str) -> dict[str, Verdict]:
    """Verdicts from `encode`'s JSON, every field checked; Malformed if anything is off."""
    top = _dict(raw, {"format", "key", "verdicts"})
    if top["format"] != FORMAT or top["key"] != wanted:
        raise Malformed("another format or other inputs")
    out: dict[str, Verdict] = {}
    for row in _list(top["verdicts"]):
        row = _dict(row, set(_VERDICT))
        v = Verdict(**{name: check(row[name]) for name, check in _VERDICT.items()})
        if v.example_id in out:
            raise Malformed(f"example {v.example_id} twice")
        out[v.example_id] = v
    return out


def _plain(value: Any) -> Any:
    """A field's value as JSON: tuples as arrays, a Failure as an object."""
    if isinstance(value, Failure):
        return {name: getattr(value, name) for name in _FAILURE}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tagged(value: Any) -> Any:
    """A value of any shape the rules chose (setup_defaults), its types kept: a list, tuple or
    dict (whose keys need not be strings) is an object naming its type."""
    if value is None or type(value) in (str, bool, int):
        return value
    if type(value) is float and math.isfinite(value):
        return value
    if type(value) in (list, tuple):
        return {type(value).__name__: [_tagged(v) for v in value]}
    if type(value) is dict:
        return {"dict": [[_tagged(k), _tagged(v)] for k, v in value.items()]}
    raise Malformed(f"no JSON form for {type(value).__name__}")


def _untagged(raw: Any) -> Any:
    if raw is None or type(raw) in (str, bool, int):
        return raw
    if type(raw) is float and math.isfinite(raw):
        return raw
    obj = _dict(raw, None)
    if len(obj) != 1:
        raise Malformed("an object that is no tagged list, tuple or dict")
    ((tag, items),) = obj.items()
    if tag == "list":
        return [_untagged(v) for v in _list(items)]
    if tag == "tuple":
        return tuple(_untagged(v) for v in _list(items))
    if tag == "dict":
        out = {}
        for pair in _list(items):
            k, v = _fixed(pair, 2)
            k = _untagged(k)
            try:
                hash(k)
            except TypeError:
                raise Malformed("a dict key that cannot be one") from None
            out[k] = _untagged(v)
        return out
    raise Malformed("an object that is no tagged list, tuple or dict")


def _dict(raw: Any, names: set[str] | None) -> dict[str, Any]:
    if type(raw) is not dict or (names is not None and set(raw) != names):
        raise Malformed("not the object expected")
    return raw


def _list(raw: Any) -> list[Any]:
    if type(raw) is not list:
        raise Malformed("not an array")
    return raw


def _fixed(raw: Any, n: int) -> list[Any]:
    if len(_list(raw)) != n:
        raise Malformed(f"not an array of {n}")
    return raw


def _is(kind: type) -> Callable[[Any], Any]:
    def check(raw: Any) -> Any:
        if type(raw) is not kind:
            raise Malformed(f"not a {kind.__name__}")
        return raw
    return check


def _tuple_of(item: Callable[[Any], Any]) -> Callable[[Any], tuple]:
    return lambda raw: tuple(item(v) for v in _list(raw))


def _row(*items: Callable[[Any], Any]) -> Callable[[Any], tuple]:
    return lambda raw: tuple(f(v) for f, v in zip(items, _fixed(raw, len(items))))


def _status(raw: Any) -> str:
    if raw not in ("verified", "failing", "unverified"):
        raise Malformed("an unknown status")
    return raw


_str, _int, _bool = _is(str), _is(int), _is(bool)
_FAILURE: dict[str, Callable[[Any], Any]] = {
    "where": _str, "message": _str, "line": _int, "column": _int, "file": _str, "bad_input": _bool}


def _failure(raw: Any) -> Failure:
    row = _dict(raw, set(_FAILURE))
    return Failure(**{name: check(row[name]) for name, check in _FAILURE.items()})


_STEPS = _tuple_of(_row(_int, _tuple_of(_str)))
#: Every field of a Verdict and how its JSON is checked. A field missing here is never kept
#: wrong: `store` finds the verdicts do not survive JSON (and a test holds this to the class).
_VERDICT: dict[str, Callable[[Any], Any]] = {
    "example_id": _str, "status": _status, "detail": _str, "log": _tuple_of(_str),
    "failures": _tuple_of(_failure), "bad_input": _bool, "auto_passes": _STEPS,
    "automatic": _STEPS, "setup_defaults": _tuple_of(_row(_str, _untagged)),
    "refusals": _tuple_of(_row(_int, _str, _str)),
    "steps": _tuple_of(_row(_int, _tuple_of(_row(_str, _str)))),
    "end_state": _tuple_of(_row(_str, _untagged))}
