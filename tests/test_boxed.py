"""A render runs in a child process (deckwright/boxed.py): what the parent hears when the child
cannot hand back its result."""

from __future__ import annotations

import pytest

from deckwright import boxed


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
