"""A render runs in a child process (deckwright/boxed.py): what the parent hears when the child
cannot hand back its result."""

from __future__ import annotations

import copyreg
import os
import types
from pathlib import Path

import pytest

from deckwright import boxed, sandbox
from deckwright.model.errors import InputError


@pytest.mark.skipif(not boxed.available(), reason="needs fork")
def test_a_result_that_cannot_be_sent_is_named_not_a_bare_wait_status() -> None:
    """A child whose result will not pickle used to die with status 1 and the parent said only
    "died: wait status 256"; it now says why."""
    with pytest.raises(boxed.Exceeded, match=r"result could not be sent \(\w+"):
        boxed.run(lambda: (lambda: None), memory=64 << 20, seconds=20)


@pytest.mark.skipif(not boxed.available(), reason="needs fork")
def test_a_childs_result_and_its_error_come_back_as_if_run_here() -> None:
    assert boxed.run(lambda: sum(range(10)), memory=64 << 20, seconds=20) == 45
    with pytest.raises(ZeroDivisionError):
        boxed.run(lambda: 1 // 0, memory=64 << 20, seconds=20)


def _rebuilt(reduced: tuple, context: BaseException | None, tb: object) -> BaseException:
    error = reduced[0](*reduced[1])
    error.__context__ = context
    return error


def _with_context_and_traceback(error: BaseException) -> tuple:
    """What `tblib.pickling_support.install()` (run by `import distributed`) registers for
    every exception class: the exception pickled with its __context__ and traceback."""
    return _rebuilt, (error.__reduce__(), error.__context__, error.__traceback__)


def _traceback_chain(tb: types.TracebackType) -> tuple:
    return _unchained, (tb.tb_lineno, tb.tb_next)


def _unchained(line: int, rest: object) -> None:
    return None


@pytest.mark.skipif(not boxed.available(), reason="needs fork")
def test_a_runaway_templates_line_comes_back_whatever_copyreg_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In whole-suite runs the runaway-recursion template said 'rendering died: its result
    could not be sent (RecursionError)' when a Dask test had run in the same worker before:
    `import distributed` registers, process-wide, reducers that pickle an exception with its
    context and traceback, and the child's InputError has for context the RecursionError and
    its thousand frames. The child pickles by each object's own reduction only."""
    for cls in (InputError, RecursionError):
        monkeypatch.setitem(copyreg.dispatch_table, cls, _with_context_and_traceback)
    monkeypatch.setitem(copyreg.dispatch_table, types.TracebackType, _traceback_chain)
    (tmp_path / "page.j2").write_text("{% macro f(n) %}{{ f(n) }}{% endmacro %}\n{{ f(1) }}\n")
    with pytest.raises(InputError) as raised:
        sandbox.render(sandbox.environment([tmp_path]), "page.j2", {}, lambda name: "page.j2")
    assert [str(p) for p in raised.value.problems] == [
        "page.j2:1:1: template: templates call each other too deeply (runaway recursion)"]


@pytest.mark.skipif(not boxed.available(), reason="needs fork")
def test_a_child_that_fails_before_its_work_never_runs_its_callers_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Called near the recursion limit, the child's work can fail to start (RecursionError on
    the call itself); the forked child then returned into the caller's code and ran on as a
    second copy of the program. It must end there, and the parent say the child died."""
    parent = os.getpid()

    def cannot_start(*args: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(boxed, "_child", cannot_start)
    try:
        with pytest.raises(boxed.Exceeded, match="died: wait status"):
            boxed.run(lambda: 1, memory=64 << 20, seconds=20)
    finally:
        if os.getpid() != parent:   # the child came back here: leave a mark and end it
            (tmp_path / "escaped").touch()
            os._exit(0)
    assert not (tmp_path / "escaped").exists()
