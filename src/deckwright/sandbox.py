"""The Jinja sandbox every project template renders in (rulebook and balance report).

A project's templates are untrusted like its data. They render in Jinja's immutable sandbox,
and on top of it:

- no class, module or unbound method is reachable: an attribute of a class, an attribute or
  item whose value is a class (`model_fields['sets'].default_factory` is `list`, and
  `list.extend(a, a)` would mutate what the immutable sandbox guards), and a method of any
  object but plain data (str, numbers, lists, dicts, ...) and Jinja's own helpers are refused;
  Jinja's class globals (`dict`, `namespace`, `cycler`, `joiner`) are functions here;
- a page renders in a child process (boxed.py) with `MAX_MEMORY` bytes of memory and
  `MAX_SECONDS` of time, in whatever thread the render is asked for; and a clock checked at
  every call, filter, arithmetic and loop step (`timed`) bounds any render's time in any thread
  (face layouts' expressions, rendered in this process, included);
- templates are loaded only from their folders' real contents: a template symlinked to a file
  outside the project (`/etc/hostname`) is refused, and a template file over the size limit too;
- output is bounded: `{{ "x" * 4000000000 }}`, `"x"|center(10**9)` or a namespace value
  doubled in a loop stop with a one-line error as soon as they would pass `MAX_OUTPUT_CHARS`,
  and a render that runs longer than `MAX_SECONDS` is stopped;
- every error (syntax, undefined name, sandbox refusal, limits, runaway recursion) becomes one
  `file:line:col: template: message` line naming the template file and line.
"""

from __future__ import annotations

import functools
import os
import re
import signal
import threading
import time
import traceback
import types
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from jinja2 import (ChoiceLoader, FileSystemLoader, StrictUndefined, TemplateError,
                    TemplateNotFound, TemplateSyntaxError)
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.runtime import BlockReference, LoopContext, Macro, TemplateReference, Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Cycler, Joiner, Namespace

from . import boxed, paths
from .model import InputError, Problem
from .model.yamlsafe import decode_text

#: Largest text a template may produce (the biggest bundled rulebook page is about 0.6 MB).
MAX_OUTPUT_CHARS = 20_000_000
#: Longest a template may take to render (the bundled ones take well under a second).
MAX_SECONDS = 30.0
#: Most memory a page's rendering may take beyond what the process holds (a bundled rulebook
#: needs a few MB).
MAX_MEMORY = 1 << 30


class TemplateLimit(SecurityError):
    """A template went past the output or time limit."""


class ConfinedLoader(FileSystemLoader):
    """A FileSystemLoader that reads only files whose real path lies in its folder, checked
    before a byte is read (a template linked to /dev/zero or /etc/hostname is refused), at most
    `paths.MAX_TEXT_BYTES`, strict UTF-8 with a bad byte reported at its line and column."""

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses '..' in template names
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if not (path.is_file() or path.is_symlink()):
                continue
            try:
                data = paths.read_bytes(path, [folder], f"template {template!r}")
            except paths.UnsafePath as exc:
                raise SecurityError(str(exc)) from None
            mtime = path.stat().st_mtime
            return (decode_text(data, str(path)), str(path),
                    lambda: path.is_file() and path.stat().st_mtime == mtime)
        raise TemplateNotFound(template)


def _too_big(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_OUTPUT_CHARS


def _check_args(args: tuple[Any, ...], kwargs: dict[str, Any], what: str) -> None:
    if any(_too_big(a) for a in args) or any(_too_big(v) for v in kwargs.values()):
        raise TemplateLimit(f"{what}: a number over {MAX_OUTPUT_CHARS} would make the output too large")


def _check_format(spec: Any) -> None:
    """A format string may not ask for a field millions of characters wide."""
    if isinstance(spec, str) and re.search(r"\d{8,}", spec):
        raise TemplateLimit("a format width over 8 digits would make the output too large")


#: Filters whose number arguments are widths or counts of the text they make.
SIZED_FILTERS = {"center", "indent", "wordwrap", "truncate", "batch", "slice", "replace"}


#: Most characters and items a render in this process may make, all together, through
#: operators, `~`, filters, calls and `{% set %}` blocks: what a template holds at once is at
#: most what it made, so this bounds its memory where no child process does (face layouts).
MAX_MADE = 50_000_000

#: The time a render in this thread must end by (`timed`): checked at every call, filter,
#: arithmetic and loop step, so a render in any thread stops (no alarm signal reaches a thread);
#: and what the render made so far (`_made`).
_clock = threading.local()


@contextmanager
def timed(seconds: float) -> Iterator[None]:
    """Renders inside the block stop with TemplateLimit after `seconds` (the earliest of nested
    blocks counts) or once they made more than MAX_MADE characters and items."""
    before = getattr(_clock, "deadline", None), getattr(_clock, "made", None)
    mine = time.monotonic() + seconds
    _clock.deadline, _clock.seconds = (mine, seconds) if before[0] is None or mine < before[0] \
        else (before[0], getattr(_clock, "seconds", seconds))
    _clock.made = before[1] or 0
    try:
        yield
    finally:
        _clock.deadline, _clock.made = before


def _made(value: Any) -> Any:
    """Count what a template made (filter `_made`, and the sandbox's hooks); returns it."""
    made = getattr(_clock, "made", None)
    if made is not None and isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        _clock.made = made + len(value)
        if _clock.made > MAX_MADE:
            raise TemplateLimit(f"rendering made more than {MAX_MADE} characters and items "
                                f"(memory); stopped")
    return value


def _tick() -> None:
    deadline = getattr(_clock, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        raise TemplateLimit(f"rendering took longer than {_clock.seconds:g} s; stopped")


def _stepped(iterable: Any) -> Iterator[Any]:
    """A template loop's items, the clock checked every 256 steps (filter `_stepped`, put
    around every `{% for %}` by `BoundedSandbox._parse`)."""
    for n, item in enumerate(iterable):
        if not n & 255:
            _tick()
        yield item


def _bounded_filter(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _tick()
        if name in SIZED_FILTERS:
            _check_args(args[1:], kwargs, f"filter {name}")
        if name == "format":
            _check_format(next((a for a in args if isinstance(a, str)), None))
        result = fn(*args, **kwargs)
        if isinstance(result, str) and len(result) > MAX_OUTPUT_CHARS:
            raise TemplateLimit(f"filter {name} made more than {MAX_OUTPUT_CHARS} characters")
        return _made(result)
    return bounded


class BoundedNamespace(Namespace):
    """`namespace()` whose values cannot grow past the output limit (the one mutable object)."""

    def __setitem__(self, key: str, value: Any) -> None:
        if isinstance(value, (str, list, tuple)) and len(value) > MAX_OUTPUT_CHARS:
            raise TemplateLimit(f"namespace value {key!r} grew past {MAX_OUTPUT_CHARS} items")
        super().__setitem__(key, value)


#: Objects whose methods a template may call: plain data (the immutable sandbox refuses the
#: methods that change a list, dict or set) and Jinja's own helpers. Any other object (a
#: pydantic model, a dataclass) shows its data attributes and nothing it could call.
METHOD_OWNERS = (str, bytes, int, float, complex, tuple, list, dict, set, frozenset, range,
                 LoopContext, Cycler, Joiner, Namespace, Macro, TemplateReference,
                 BlockReference, Undefined)


def _reaches_code(value: Any) -> bool:
    """A value that would lead a template to a class: a class, a module, or a method bound to
    a class (`dict.fromkeys`, a classmethod)."""
    return isinstance(value, (type, types.ModuleType)) or \
        isinstance(getattr(value, "__self__", None), (type, types.ModuleType))


def _callable_here(obj: Any) -> bool:
    """What a template may call: functions deckwright or Jinja hand it (gettext, macros,
    range), methods of plain data and of Jinja's helpers, and deckwright's words (`_`)."""
    from .i18n import Words
    if isinstance(obj, Undefined):
        return True   # calling it raises its own error, naming what was undefined or refused
    if _reaches_code(obj) or isinstance(obj, (types.MethodDescriptorType,
                                              types.WrapperDescriptorType,
                                              types.ClassMethodDescriptorType)):
        return False
    if isinstance(obj, types.FunctionType):
        return True
    owner = getattr(obj, "__self__", None)
    if owner is not None:   # a bound method, Python or builtin
        return isinstance(owner, METHOD_OWNERS) or isinstance(owner, Words)
    return isinstance(obj, (Macro, Joiner, LoopContext, Words))


def _dict(*args: Any, **kwargs: Any) -> dict[Any, Any]:
    """`dict(a=1)` in a template, a function rather than the class (whose unbound
    `dict.update` would change any dict)."""
    return dict(*args, **kwargs)


def _namespace(*args: Any, **kwargs: Any) -> BoundedNamespace:
    return BoundedNamespace(*args, **kwargs)


def _cycler(*items: Any) -> Cycler:
    return Cycler(*items)


def _joiner(sep: str = ", ") -> Joiner:
    return Joiner(sep)


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with arithmetic, calls and filters that cannot explode."""

    intercepted_binops = frozenset(["*", "**", "%", "+"])

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.filters = {k: _bounded_filter(k, f) for k, f in self.filters.items()}
        self.globals.update(dict=_dict, namespace=_namespace, cycler=_cycler, joiner=_joiner)
        self.globals.pop("lipsum", None)   # lipsum(10**7): text without bound, of no use here
        self.filters["_stepped"] = _stepped
        self.filters["_made"] = _made

    def _parse(self, source: str, name: str | None, filename: str | None) -> Any:
        """Every `{% for %}` iterates through `_stepped`, which checks the clock (a loop over a
        ready list calls nothing else the sandbox sees); every `~` and `{% set %}` block is
        counted by `_made` (they call nothing either)."""
        from jinja2 import nodes
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, "_stepped", [], [], None, None,
                                     lineno=loop.iter.lineno)
        for parent in [tree, *tree.find_all(nodes.Node)]:   # the nodes as parsed, listed first
            for field, value in parent.iter_fields():
                if isinstance(value, nodes.Concat):
                    setattr(parent, field, nodes.Filter(value, "_made", [], [], None, None,
                                                        lineno=value.lineno))
                elif isinstance(value, list):
                    value[:] = [nodes.Filter(v, "_made", [], [], None, None, lineno=v.lineno)
                                if isinstance(v, nodes.Concat) else v for v in value]
        for block in tree.find_all(nodes.AssignBlock):
            block.filter = nodes.Filter(block.filter, "_made", [], [], None, None,
                                        lineno=block.lineno)
        return tree

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """No attribute of a class or module, none that is a class or reaches one, and no
        method of an object that is not plain data or a Jinja helper."""
        if isinstance(obj, (type, types.ModuleType)) or _reaches_code(value):
            return False
        if callable(value) and not isinstance(obj, METHOD_OWNERS) and not _callable_here(value):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def getitem(self, obj: Any, argument: Any) -> Any:
        """`d['k']` answers what `d.k` would: a class stored as a value is refused too."""
        value = super().getitem(obj, argument)
        if _reaches_code(value):
            return self.unsafe_undefined(obj, str(argument))
        return value

    def is_safe_callable(self, obj: Any) -> bool:
        return _callable_here(obj) and super().is_safe_callable(obj)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _tick()
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) \
                        and len(seq) * n > MAX_OUTPUT_CHARS:
                    raise TemplateLimit(f"repeating a value {n} times would make more than "
                                        f"{MAX_OUTPUT_CHARS} characters")
        if operator == "+" and isinstance(left, (str, list, tuple)) \
                and isinstance(right, (str, list, tuple)) \
                and len(left) + len(right) > MAX_OUTPUT_CHARS:
            raise TemplateLimit(f"adding these would make more than {MAX_OUTPUT_CHARS} items")
        if operator == "%":
            _check_format(left)
        if operator == "**" and isinstance(left, int) and isinstance(right, int) \
                and abs(left) > 1 and right > 256:
            raise TemplateLimit(f"{left} ** {right} is too large a number")
        return _made(super().call_binop(context, operator, left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        if getattr(value, "__name__", "") in ("format", "format_map"):
            _check_format(getattr(value, "__self__", None))
        return super().wrap_str_format(value)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _tick()
        if isinstance(getattr(__obj, "__self__", None), (str, bytes, list, tuple)):
            _check_args(args, kwargs, "call")  # "x".ljust(10**9), "x".zfill(10**9)
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(result, str) and len(result) > MAX_OUTPUT_CHARS:
            raise TemplateLimit(f"a call made more than {MAX_OUTPUT_CHARS} characters")
        return _made(result)


def environment(dirs: list[Path], **options: Any) -> BoundedSandbox:
    """A sandboxed environment loading from `dirs` in order (project overrides first)."""
    loader = ChoiceLoader([ConfinedLoader(str(d), encoding="utf-8") for d in dirs])
    return BoundedSandbox(loader=loader, autoescape=True, undefined=StrictUndefined, **options)


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Interrupt a render that runs too long (main thread only; elsewhere chunks are timed)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TemplateLimit(f"rendering took longer than {seconds:g} s; stopped")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def render(env: BoundedSandbox, name: str, context: dict[str, Any],
           display: Callable[[str], str]) -> str:
    """Render template `name` within the limits; any failure is one located InputError line.

    The templates are compiled here (so the child and the next render find them compiled), the
    page is rendered in a child process bounded in memory and time (boxed.py).
    `display` turns a template's file name into the name printed (project-relative, or
    "(built-in) ..." for the package's own).
    """
    _compile_here(env)
    try:
        return boxed.run(lambda: _render_here(env, name, context, display),
                         MAX_MEMORY, MAX_SECONDS + 5)
    except boxed.Exceeded as exc:
        what = {"memory": f"rendering needed more than {MAX_MEMORY >> 20} MiB of memory; stopped",
                "time": f"rendering took longer than {MAX_SECONDS:g} s; stopped",
                "interrupted": "rendering was interrupted"}.get(str(exc), f"rendering {exc}")
        raise InputError(Problem(display(_file_of(env, name)), 1, 1, "template", what)) from None


def _compile_here(env: BoundedSandbox) -> None:
    """Compile every template the environment can load, in this process, so that the child
    (and the next render) finds them compiled; a broken one is left for the render to report
    if it uses it."""
    for loader in getattr(env.loader, "loaders", []):
        for folder in loader.searchpath:
            for path in sorted(Path(folder).rglob("*.j2")):
                try:
                    env.get_template(path.relative_to(folder).as_posix())
                except Exception:  # noqa: BLE001 - reported, located, by the render that uses it
                    pass


def _file_of(env: BoundedSandbox, name: str) -> str:
    """The file a template name is read from (its name when no loader has it)."""
    try:
        return env.loader.get_source(env, name)[1] if env.loader else name  # type: ignore[arg-type]
    except TemplateError:
        return name


def _render_here(env: BoundedSandbox, name: str, context: dict[str, Any],
                 display: Callable[[str], str]) -> str:
    """The render itself, with the output bound and the time bound (an alarm in a main
    thread, the sandbox's clock in any)."""
    start = time.monotonic()
    parts: list[str] = []
    size = 0
    with located(env, name, display), _deadline(MAX_SECONDS), timed(MAX_SECONDS):
        for chunk in env.get_template(name).generate(context):
            size += len(chunk)
            if size > MAX_OUTPUT_CHARS:
                raise TemplateLimit(f"output passed {MAX_OUTPUT_CHARS} characters; stopped")
            if time.monotonic() - start > MAX_SECONDS:
                raise TemplateLimit(f"rendering took longer than {MAX_SECONDS:g} s; stopped")
            parts.append(chunk)
    return "".join(parts)


def compile_all(env: BoundedSandbox, folders: list[Path], display: Callable[[str], str]) -> None:
    """Load and compile every `*.j2` in `folders` (syntax, encoding, symlinks out), so a build
    can refuse a broken template before it writes anything."""
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.j2")):
            name = path.relative_to(folder).as_posix()
            with located(env, name, display):
                env.get_template(name)


@contextmanager
def located(env: BoundedSandbox, name: str, display: Callable[[str], str]) -> Iterator[None]:
    """Turn any template failure inside the block into one `file:line:1: template:` problem."""
    try:
        yield
    except InputError as exc:  # a template file that is not UTF-8, named as the user reads it
        raise InputError([Problem(display(p.file), p.line, p.column, "template", p.message)
                          for p in exc.problems]) from None
    except TemplateNotFound as exc:
        raise InputError(Problem(display(name), 1, 1, "template",
                                 f"template {exc.name!r} not found")) from None
    except TemplateSyntaxError as exc:
        raise InputError(Problem(display(exc.filename or exc.name or name), exc.lineno or 1, 1,
                                 "template", exc.message or "syntax error")) from None
    except RecursionError as exc:
        file, line = _where(exc, env, name)
        raise InputError(Problem(display(file), line, 1, "template",
                                 "templates call each other too deeply (runaway recursion)")) from None
    except MemoryError as exc:
        file, line = _where(exc, env, name)
        raise InputError(Problem(display(file), line, 1, "template",
                                 f"rendering needed more than {MAX_MEMORY >> 20} MiB of memory; "
                                 "stopped")) from None
    except (TemplateError, ArithmeticError, TypeError, ValueError, LookupError,
            AttributeError) as exc:
        file, line = _where(exc, env, name)
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(Problem(display(file), line, 1, "template", message)) from None


def _where(exc: BaseException, env: BoundedSandbox, name: str) -> tuple[str, int]:
    """The template file and line an error was raised from (Jinja rewrites the traceback)."""
    found = (name, 1)
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.endswith((".j2", ".html", ".jinja", ".css")) or os.sep + "templates" \
                + os.sep in frame.filename and not frame.filename.endswith(".py"):
            found = (frame.filename, frame.lineno or 1)
    return found
