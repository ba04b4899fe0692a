"""What `deckwright serve` shows of a project, kept in memory and brought up to date on save.

`Preview.reload(changed)` loads the databases again (the model's own validation), keeps each
game's face cache (faces are drawn again only where a card's data or layout changed, or every
face once a layout, font or art file changed), verifies the examples on the engine and renders
the HTML rulebook. A bad input leaves the last good preview in place and records the one-line
problems, which the page shows. Then it runs what `check` runs on a game that loads (the
preflight's checks: layouts, every face planned, theme fonts, templates, labels; and the
examples not in the game's notation), so the page lists every problem `build` would refuse,
with the preview drawn as it is. This module is orchestration: it hands engine verdicts to press
as data, as `deckwright build` does.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..app.verify import Verdict, bad_input_problems, verify_examples
from ..model import GameData, InputError, Problem, Project, UsageError, load_games
from ..press.preflight import problems as preflight_problems
from ..press.rulebook.context import ContextBuilder
from ..press.rulebook.render import book_stylesheet, render_page, template_dirs
from ..app.registry import forget as forget_rules
from ..app.steps import step_words
from ..app.words import rules_words
from .faces import Faces
from .words import page_words

#: folders of a project whose files change the faces as a whole (not one card's data)
FACE_WIDE = ("templates", "fonts", "art")


@dataclass
class GamePreview:
    data: GameData
    faces: Faces
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    rulebook: str = ""   # the reader's edition
    proof: str = ""      # the proof: the same book with what the engine verified
    css: bytes = b""


class Preview:
    def __init__(self, project: Project, game_ids: list[str] | None = None):
        self.project, self.game_ids = project, game_ids
        self.games: dict[str, GamePreview] = {}
        self.problems: list[str] = []
        self.lock = threading.Lock()
        broken = self._update(load_games(project, game_ids), wide=False)
        if broken:   # nothing to preview yet: the command's error (what build refuses is shown)
            raise UsageError("\n".join(broken))

    def reload(self, changed: Iterable[Path]) -> None:
        """Bring the preview up to date after `changed` files were saved."""
        changed = list(changed)
        if any(self._under(Path(p), ("rules",)) for p in changed):
            forget_rules(self.project)  # a saved rules module is imported afresh
        try:
            loaded = load_games(self.project, self.game_ids)
        except InputError as exc:
            with self.lock:
                self.problems = [str(p) for p in exc.problems]
            return
        except UsageError as exc:
            with self.lock:
                self.problems = [f"deckwright: error: {exc}"]
            return
        self._update(loaded, wide=any(self._under(Path(p), FACE_WIDE) for p in changed))

    def _update(self, loaded: list[GameData], wide: bool) -> list[str]:
        """Render every loaded game; the page lists the games that failed to render (their last
        good preview stays) and then what `build` would refuse in those that rendered. Returns
        the failures."""
        fresh: dict[str, GamePreview] = {}
        broken: list[str] = []
        refused: list[str] = []
        for data in loaded:
            old = self.games.get(data.id)
            faces = old.faces if old else Faces(data)
            if old:
                faces.update(data)
                if wide:
                    faces.forget()
            view = GamePreview(data, faces)
            try:
                self._render(view)
            except InputError as exc:
                broken += [str(p) for p in exc.problems]
                view = old or view
            except Exception as exc:  # noqa: BLE001 - a template or rules error, shown in the page
                broken.append(f"{data.id}: {type(exc).__name__}: {exc}".splitlines()[0])
                view = old or view
            else:
                refused += [str(p) for p in self._refused(view)]
            fresh[data.id] = view
        with self.lock:
            self.games, self.problems = fresh, broken + refused
        return broken

    def _under(self, path: Path, folders: tuple[str, ...]) -> bool:
        try:
            rel = path.resolve().relative_to(self.project.root.resolve())
        except ValueError:
            return False
        return bool(rel.parts) and rel.parts[0] in folders

    def _render(self, view: GamePreview) -> None:
        data = view.data
        view.verdicts = verify_examples(data)
        dirs = template_dirs(self.project.templates_dir)
        out_dir = self.project.build_dir / data.id
        for proof in (False, True):
            context = ContextBuilder(data, view.verdicts, out_dir, proof=proof,
                                     image=lambda card: f"card/face/{card.id}.png").build(
                                         data.db.game.theme.page)
            page = render_page(dirs, context, self.project.display)
            if proof:
                view.proof = page
            else:
                view.rulebook = page
        view.css = book_stylesheet(dirs, data, self.project.display)

    @staticmethod
    def _refused(view: GamePreview) -> list[Problem]:
        """What `check` finds in a game that loaded and rendered: the preflight's checks on the
        preview's own press (only faces whose inputs changed are planned again) and the
        examples not in the game's notation, sorted as `check` prints them."""
        found = view.faces.checked(lambda press: preflight_problems(
            [view.data], vocabulary=rules_words, presses=[press],
            steps=lambda game: step_words(game, view.verdicts))[1])
        return sorted(set(found + bad_input_problems(view.verdicts)))

    # --- what the pages read ----------------------------------------------------------------
    def gallery(self, game_id: str) -> dict[str, Any]:
        view = self.games[game_id]
        db = view.data.db
        categories = {c.id: c.title for c in db.game.categories}
        decks = {d.id: view.data.deck_contents(d) for d in db.decks}
        cards = []
        for card in db.cards:
            cards.append({
                "id": card.id, "name": card.name, "category": card.category,
                "category_title": categories.get(card.category, card.category),
                "decks": [d for d, contents in decks.items() if contents.get(card.id)],
                "face": f"card/face/{card.id}.png?v={view.faces.stamp(card.id, False)}",
                "back": f"card/back/{card.id}.png?v={view.faces.stamp(card.id, True)}",
            })
        return {
            "game": game_id, "title": db.game.title,
            "categories": [{"id": k, "title": v} for k, v in categories.items()],
            "decks": [{"id": d.id, "title": d.title} for d in db.decks],
            "cards": cards,
            "examples": [{"id": ex_id, "status": v.status, "detail": v.detail}
                         for ex_id, v in view.verdicts.items()],
            "problems": self.problems,
            "language": view.data.language,
            "words": page_words(view.data.language),
        }
