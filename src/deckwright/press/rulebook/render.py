"""Jinja environment for rulebooks: project templates override the built-in ones.

The loader chain looks in the project's `templates/rulebook/` first and falls back to the
package's `deckwright/templates/rulebook/`, so a designer can replace one partial (say
`card.html.j2`) or the stylesheet without copying the rest. Autoescaping is on for every
template: card text is data and reaches the page as text. The environment is sandboxed and
undefined names are errors, so a template typo fails the build instead of printing nothing.
The filter `jp` typesets a plain string: escaped, numbers kept with their counters.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from markupsafe import Markup

from ... import i18n, paths
from ...css import refuse_external_urls
from ...model import GameData, InputError, Problem, UsageError
from ...model.yamlsafe import decode_text
from .jlreq import japanese_set
from .typeset import keep_together

if TYPE_CHECKING:   # Jinja loads when a template is compiled: `check` of a project without
    from ... import sandbox   # templates of its own only reads the stylesheet

PAGE_TEMPLATE = "rulebook.html.j2"
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
STYLESHEET = "rulebook.css"


def builtin_dir() -> Path:
    """The package's rulebook templates (a real folder: the package is installed unzipped)."""
    return Path(str(files("deckwright").joinpath("templates", "rulebook")))


def template_dirs(project_templates: Path) -> list[Path]:
    """Folders searched in order: project overrides first, then the built-ins."""
    own = project_templates / "rulebook"
    return [own, builtin_dir()] if own.is_dir() else [builtin_dir()]


@lru_cache(maxsize=8)
def environment(dirs: tuple[Path, ...], language: str = i18n.SOURCE) -> sandbox.BoundedSandbox:
    """The environment of one set of template folders in one language: deckwright's own
    words are `_()`, `ngettext()` and `{% trans %}` (jinja2.ext.i18n) from its catalogs. In
    a Japanese book every plain string a template prints is set per JLREQ (jlreq.py), so a
    title, a deck's caption or a heading the designer typed as 「2 枚」 or 「ゲーム?」 is set
    as the running text is; markup built by the press was set already."""
    from ... import sandbox
    env = sandbox.environment(list(dirs), trim_blocks=False, lstrip_blocks=False,
                              keep_trailing_newline=True, auto_reload=True,
                              extensions=["jinja2.ext.i18n"],
                              finalize=_jlreq if language.startswith("ja") else None)
    i18n.install(env, language)
    # `{{ text | jp }}`: a plain string set per JLREQ, escaped, its numbers kept with their
    # counters and its last character with its stop
    env.filters["jp"] = lambda text: keep_together(japanese_set(text) if type(text) is str
                                                   else text)
    # `{% if name is kanji %}`: a reading helps a reader only over kanji (not ♠3, ジョーカー)
    env.tests["kanji"] = lambda text: bool(_KANJI.search(str(text)))
    return env


def _jlreq(value: Any) -> Any:
    """A plain string set per JLREQ, and markup that holds no tag (a translated sentence
    with a designer's words in it, 「出典：カードの特殊効果(7・10)」); markup the press built
    (set already) and other values as they are. Spaces between Japanese words stay here:
    a heading's are meant; prose had its folded-line spaces closed by Labels.prose."""
    if type(value) is str:   # a title, a caption, a name: its spaces may be meant
        return japanese_set(value, prose=False)
    if isinstance(value, Markup) and "<" not in value:
        return Markup(japanese_set(str(value), prose=False))
    return value


def _namer(display: Callable[[Path], str] | None) -> Callable[[str], str]:
    def name(path: str) -> str:
        return paths.shown(path, display or str) if Path(path).is_absolute() else path
    return name


def render_page(dirs: list[Path], context: dict[str, Any],
                display: Callable[[Path], str] | None = None) -> str:
    """The rulebook's HTML, from the first `rulebook.html.j2` the loader chain finds, in the
    context's language (`lang`). Errors are one line naming the template file and line
    (`display` names project files)."""
    from ... import sandbox
    env = environment(tuple(dirs), context.get("lang", i18n.SOURCE))
    return sandbox.render(env, PAGE_TEMPLATE, context, _namer(display))


def preflight(project_templates: Path, display: Callable[[Path], str]) -> None:
    """Before a build writes anything: every rulebook template compiles, and the stylesheet
    is readable, inside the project, UTF-8 and free of URLs (errors are located lines)."""
    dirs = template_dirs(project_templates)
    if dirs[:-1]:   # the project's own folder: the built-in templates are not compiled here
        from ... import sandbox
        sandbox.compile_all(environment(tuple(dirs)), dirs[:-1], _namer(display))
    stylesheet(dirs, display)


def stylesheet(dirs: list[Path], display: Callable[[Path], str] = str) -> bytes:
    """The stylesheet copied beside the HTML: the first `rulebook.css` in the chain, read only
    if it really lies in its folder (a symlink out of the project is refused)."""
    for folder in dirs:
        path = folder / STYLESHEET
        if path.is_file():
            try:
                css = paths.read_bytes(path, [folder], STYLESHEET)
            except paths.UnsafePath as exc:
                raise InputError(Problem(display(path), 1, 1, "stylesheet", str(exc))) from None
            refuse_external_urls(decode_text(css, display(path)), display(path))
            return css
    raise UsageError(f"{STYLESHEET} not found in {', '.join(str(d) for d in dirs)}")


def book_stylesheet(dirs: list[Path], game: GameData,
                    display: Callable[[Path], str] = str) -> bytes:
    """The stylesheet a game's book links: `stylesheet` with the palette's ink classes after
    it (inks.py), whichever project's stylesheet it is."""
    from .inks import rules
    return stylesheet(dirs, display) + rules(game.db.game.palette.values())
