"""Save what was played as an executable example: a state, the decisions since, the outcome.

An example is a `setup` (a state written in the shared setup keys), `steps` (decisions in the
game's notation) and `expect` (what the state is at the end). `setup_of(state)` writes a state
back in those keys: every per-player hand, the deck (top first), the discard (bottom first),
public cards, scores and whose turn it is, plus whatever the rules module adds through
`State.setup_extras()` (its own setup keys); the expectation likewise adds
`State.expect_extras()`. A state can only be written when the setup rebuilds it exactly (same
cards in the same places, same decider, same legal decisions); `_built` checks that by building
it back, so nothing unverifiable is ever saved. The example is then run through the strict
harness before it is written to `playtest/<game>/recorded.yaml`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from .. import atomic, paths
from ..engine.script import run_example
from ..engine.setup import SetupError, build_state, game_for_example
from ..engine.state import State
from ..engine.zones import EMPTY
from ..model import Example
from ..model.yamlsafe import load_yaml
from .table import Decision, Table

RECORDED = "recorded.yaml"


class RecordError(ValueError):
    """A position that cannot be written as an example (the message says why)."""


def _ids(state: State, pile: int) -> list[str]:
    ids = state.game.catalogue.ids
    return [ids[i] for i in state.zones.piles[pile]]


def setup_of(state: State) -> dict[str, Any]:
    """`state` written in the shared setup keys (and the module's own)."""
    layout = state.zones.layout
    names = state.player_name
    setup: dict[str, Any] = {"players": state.players, "turn": names(state.turns.current)}
    if layout.has("hand"):
        setup["hands"] = {names(p): _ids(state, layout.of("hand", p))
                          for p in range(state.players)}
    if layout.has("deck"):
        setup["deck"] = list(reversed(_ids(state, layout.of("deck"))))
    if layout.has("discard"):
        setup["discard"] = _ids(state, layout.of("discard"))
    if layout.has("public"):
        if ("public", 0) in layout.index:
            setup["public"] = {names(p): _ids(state, layout.of("public", p))
                               for p in range(state.players)}
        else:
            setup["public"] = _ids(state, layout.of("public"))
    if any(state.scores()):
        setup["scores"] = {names(p): s for p, s in enumerate(state.scores())}
    setup.update(state.setup_extras(dict(setup)))  # a module may also drop a shared key (None)
    return {k: v for k, v in setup.items() if v is not None}


ORDERED = ("deck", "discard")  # zones whose order a setup states; others are compared as sets


def _fingerprint(state: State, deck_top: int | None = None) -> tuple[Any, ...]:
    """What must agree between a played state and the one its setup builds: the cards of each
    zone (in order where order is part of the setup, by place on a grid), the decider, the
    legal decisions (copies of a card are alike, so `#n` suffixes are dropped) and the scores.
    With `deck_top`, only that many cards from the top of the deck (a setup that states only
    the cards its steps draw)."""
    layout, ids = state.zones.layout, state.game.catalogue.ids
    zones = []
    for p in range(1, len(layout)):
        if not layout.in_play(p):
            continue
        cards = [None if i == EMPTY else ids[i] for i in state.zones.piles[p]]
        if deck_top is not None and layout.specs[p].name == "deck":
            cards = cards[len(cards) - deck_top:]
        ordered = layout.grid[p] or layout.specs[p].name in ORDERED
        zones.append((layout.label(p), tuple(cards if ordered else sorted(cards))))
    legal = tuple(sorted(re.sub(r"#\d+", "", state.action_to_string(a))
                         for a in state.legal_actions()))
    return tuple(zones), state.current_player(), legal, tuple(state.scores())


def example_from(table: Table, start: int, title: str, example_id: str, *,
                 trim: bool = False) -> Example:
    """The example that starts after `start` decisions and ends at the table's position. With
    `trim`, its setup states of the deck only the cards the steps draw (and one more, so the
    deck does not run out where it did not at the table) when the example still replays so;
    else the whole deck."""
    if not 0 <= start <= len(table.decisions):
        raise RecordError(f"no decision {start} in this game")
    if start == len(table.decisions):
        raise RecordError("nothing was played after that point: an example needs a step")
    then = table.state_at(start)
    if then.is_over():
        raise RecordError("the game was already over at that point")
    try:
        setup = setup_of(then)
    except SetupError as exc:
        raise RecordError(f"this position cannot be written as a setup: {exc}") from None
    top = _drawn(table, start, then) if trim and isinstance(setup.get("deck"), list) else None
    if top is not None and top < len(setup["deck"]):
        try:
            return _example(table, start, then, {**setup, "deck": setup["deck"][:top]},
                            title, example_id, top)
        except RecordError:
            pass   # the steps need more of the deck than they draw: state it whole
    return _example(table, start, then, setup, title, example_id)


def _drawn(table: Table, start: int, then: State) -> int | None:
    """How many cards from the top of the deck at `start` the decisions since took (plus one
    spare), or None when the deck was shuffled or refilled meanwhile."""
    if not then.zones.layout.has("deck"):
        return None
    pile = then.zones.layout.of("deck")
    deck = then.zones.piles[pile]          # bottom first
    depth = 0
    for n in range(start + 1, len(table.decisions) + 1):
        now = (table.before[n] if n < len(table.before) else table.state).zones.piles[pile]
        if now != deck[:len(now)]:
            return None                    # not the same deck, less its top
        depth = max(depth, len(deck) - len(now))
    return depth + 1


def _example(table: Table, start: int, then: State, setup: dict[str, Any], title: str,
             example_id: str, deck_top: int | None = None) -> Example:
    now = table.state
    raw = {
        "id": example_id, "title": title,
        "text": f"{len(table.decisions) - start} decisions played at the table.",
        "setup": setup, "steps": [], "expect": expect_of(now),
    }
    built = _built(table, Example.model_validate(raw), then, deck_top)
    raw["steps"] = [{"do": text} for text in _replayed(then, built, table.decisions[start:])]
    raw["expect"].update(built.expect_extras())  # the replayed end names cards as the example does
    example = Example.model_validate(raw)
    outcome = run_example(type(table.game), table.game.data, example)
    if not outcome.passed:
        raise RecordError(f"the recorded example does not replay: {outcome.detail}")
    return example


def _plain(text: str) -> str:
    return re.sub(r"#\d+", "", text)


def _copies(then: State, built: State) -> dict[str, str]:
    """Reference at the table -> reference in the example, for the cards in the same place of
    the same pile in both states (the setup places the lowest copies of a card, so `red-2#2`
    at the table may be `red-2#1` in the example)."""
    refs: dict[str, str] = {}
    ref_then, ref_built = then.game.catalogue.ref, built.game.catalogue.ref
    ids_then, ids_built = then.game.catalogue.ids, built.game.catalogue.ids
    for old, new in zip(then.zones.piles, built.zones.piles):
        if len(old) == len(new):
            for i, j in zip(old, new):
                if i != EMPTY and j != EMPTY and ids_then[i] == ids_built[j]:
                    refs[ref_then(i)] = ref_built(j)
    return refs


def _replayed(then: State, built: State, decisions: list[Decision]) -> list[str]:
    """The decisions as the built state names them: the same copy where the two states place
    a card alike (a copy may carry what another does not, a modifier), else any copy of it."""
    refs = _copies(then, built)
    texts = []
    for d in decisions:
        named = {built.action_to_string(a): a for a in built.legal_actions()}
        by_text = {_plain(text): a for text, a in named.items()}
        same = re.sub(r"[^\s,!]+", lambda m: refs.get(m.group(0), m.group(0)), d.text)
        action = named.get(same, by_text.get(_plain(d.text)))
        if action is None:
            raise RecordError(f"{d.text!r} cannot be replayed from that position")
        texts.append(built.action_to_string(action))
        built.apply(action, check=False)
    return texts


def _built(table: Table, example: Example, then: State, deck_top: int | None = None) -> State:
    """The state the example's setup builds, checked to be the played one."""
    data = table.game.data
    try:
        built = build_state(game_for_example(type(table.game), data, example), example)
    except SetupError as exc:
        raise RecordError(f"this position cannot be written as a setup: {exc}") from None
    if _fingerprint(built, deck_top) != _fingerprint(then, deck_top):
        raise RecordError("this position holds more than a setup can say (a response window or "
                          "an effect under way); record from the start of a turn")
    built.checking = False
    return built


def expect_of(state: State) -> dict[str, Any]:
    layout = state.zones.layout
    names = state.player_name
    expect: dict[str, Any] = {}
    if layout.has("hand"):
        expect["hands"] = {names(p): _ids(state, layout.of("hand", p))
                           for p in range(state.players)}
    if state.is_over():
        expect["over"] = True
        winner = state.winner()
        if winner is not None:
            expect["winner"] = names(winner)
    else:
        expect["turn"] = names(state.current_player())
    if any(state.scores()):
        expect["scores"] = {names(p): s for p, s in enumerate(state.scores())}
    return expect


#: How many start points are offered, the newest: each is proved by replaying every decision
#: since, so a game where nearly every decision is one (original-tcg) would cost time that
#: grows with the square of its length, and a ruling is recorded soon after it came up.
OFFERED = 24


def start_points(table: Table, limit: int = OFFERED) -> list[int]:
    """Decision counts an example may start from, newest first, at most `limit`: the position
    there can be written as a setup and the decisions since replay from it to the same end (a
    state may hold more than its setup keys say, such as a player already out; such points
    are left out rather than saved and found wrong later)."""
    points: list[int] = []
    for n in range(len(table.decisions) - 1, -1, -1):
        if len(points) >= limit:
            break
        try:
            example_from(table, n, "probe", "probe")
        except Exception:  # noqa: BLE001 - any failure means "not a start point"
            continue
        points.append(n)
    return points


def next_id(existing: list[dict[str, Any]], title: str) -> str:
    """`recorded-<title>`, numbered when taken; a title that already says "recorded" is not
    said twice (`Recorded from the table` -> `recorded-from-the-table`)."""
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    base = re.sub(r"^recorded(-|$)", "", base)
    stem = f"recorded-{base}" if base else "recorded"
    taken = {e.get("id") for e in existing}
    n, candidate = 1, stem[:48]
    while candidate in taken:
        n += 1
        candidate = stem[:44] + f"-{n}"
    return candidate


def save(table: Table, playtest_dir: Path | None, start: int, title: str) -> tuple[Path, str]:
    """Append the example to `playtest/<game>/recorded.yaml` (written atomically); None: the
    game is one bundled with deckwright, whose files are read-only."""
    if playtest_dir is None:
        game_id = table.game.id
        raise RecordError(f"{game_id} is bundled with deckwright, whose files are not changed: "
                          f"to record examples, start a project from it with 'deckwright new "
                          f"NAME --from {game_id}'")
    path = playtest_dir / table.game.id / RECORDED
    # the path policy: playtest/<game>/ may not be a symlink out of the project
    paths.confined(path, [playtest_dir.parent], "playtest file")
    doc: dict[str, Any] = {"game": table.game.id, "examples": []}
    if path.is_file():
        loaded = load_yaml(path, str(path))[0] or {}  # size, depth and alias limits
        if isinstance(loaded, dict) and isinstance(loaded.get("examples"), list):
            doc = loaded
    example = example_from(table, start, title or "Recorded at the table",
                           next_id(doc["examples"], title or "game"), trim=True)
    doc["examples"].append(example.model_dump(exclude_defaults=True))
    text = ("# yaml-language-server: $schema=../../schema/playtest.schema.json\n"
            "# Examples recorded with `deckwright play`; move one into the database to print it.\n"
            + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100,
                             default_flow_style=None))
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic.atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path, example.id
