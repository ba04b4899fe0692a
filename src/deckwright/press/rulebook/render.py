"""Jinja environment for rulebooks: project templates override the built-in ones.

The loader chain looks in the project's `templates/rulebook/` first and falls back to the
package's `deckwright/templates/rulebook/`, so a designer can replace one partial (say
`card.html.j2`) or the stylesheet without copying the rest. Autoescaping is on for every
template: card text is data and reaches the page as text. The environment is sandboxed and
undefined names are errors, so a template typo fails the build instead of printing nothing.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from jinja2 import (ChoiceLoader, FileSystemLoader, StrictUndefined, TemplateNotFound,
                    TemplateSyntaxError, UndefinedError)
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ... import i18n
from ...model import UsageError

PAGE_TEMPLATE = "rulebook.html.j2"
STYLESHEET = "rulebook.css"


def builtin_dir() -> Path:
    """The package's rulebook templates (a real folder: the package is installed unzipped)."""
    return Path(str(files("deckwright").joinpath("templates", "rulebook")))


def template_dirs(project_templates: Path) -> list[Path]:
    """Folders searched in order: project overrides first, then the built-ins."""
    own = project_templates / "rulebook"
    return [own, builtin_dir()] if own.is_dir() else [builtin_dir()]


@lru_cache(maxsize=8)
def environment(dirs: tuple[Path, ...], language: str = i18n.SOURCE) -> ImmutableSandboxedEnvironment:
    """The environment of one set of template folders in one language: deckwright's own
    words are `_()`, `ngettext()` and `{% trans %}` (jinja2.ext.i18n) from its catalogs."""
    loader = ChoiceLoader([FileSystemLoader(str(d), encoding="utf-8") for d in dirs])
    env = ImmutableSandboxedEnvironment(
        loader=loader, autoescape=True, undefined=StrictUndefined,
        trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True,
        auto_reload=True, extensions=["jinja2.ext.i18n"])
    i18n.install(env, language)
    return env


def render_page(dirs: list[Path], context: dict[str, Any]) -> str:
    """The rulebook's HTML, from the first `rulebook.html.j2` the loader chain finds, in the
    context's language (`lang`)."""
    env = environment(tuple(dirs), context.get("lang", i18n.SOURCE))
    try:
        return env.get_template(PAGE_TEMPLATE).render(context)
    except TemplateNotFound as exc:
        raise UsageError(f"rulebook template {exc.name!r} not found in "
                         f"{', '.join(str(d) for d in dirs)}") from None
    except TemplateSyntaxError as exc:
        raise UsageError(f"{exc.filename or exc.name}:{exc.lineno}: template error: "
                         f"{exc.message}") from None
    except (UndefinedError, SecurityError) as exc:
        raise UsageError(f"rulebook template error: {exc}") from None


def stylesheet(dirs: list[Path]) -> bytes:
    """The stylesheet copied beside the HTML: the first `rulebook.css` in the chain."""
    for folder in dirs:
        path = folder / STYLESHEET
        if path.is_file():
            return path.read_bytes()
    raise UsageError(f"{STYLESHEET} not found in {', '.join(str(d) for d in dirs)}")
