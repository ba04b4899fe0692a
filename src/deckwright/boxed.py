"""Run one call in a forked child process held to a memory and a time limit.

A project's template is untrusted code of a kind: however carefully the sandbox bounds what one
expression makes, a template can still build values until the machine runs out of memory, or
loop where no hook sees it. Only the kernel bounds both in every case, and it does so per
process: the child inherits everything it needs (no pickling of the call's inputs), sets
`RLIMIT_AS` to what it already holds plus `memory` bytes, and sends back its result pickled
(`_dumps`) through a pipe; whatever fails in it, it never returns into the caller's code. The
parent waits for it with a deadline, in whatever thread it runs (serve's reloads render in a
worker thread, where no alarm signal can reach), kills it when the deadline passes, and in
every case reaps it.

On a platform without `fork` the call runs in this process, unbounded by the kernel (the
sandbox's own limits still apply).
"""

from __future__ import annotations

import io
import os
import pickle
import select
import signal
import sys
import time
from typing import Callable, TypeVar

T = TypeVar("T")


#: The children rendering now, so that a server shutting down can end them (`stop_all`).
_RUNNING: set[int] = set()
_STOPPED: set[int] = set()


class Exceeded(Exception):
    """The child went past the time limit, ran out of memory, or died without a result."""


def available() -> bool:
    return hasattr(os, "fork") and sys.platform.startswith("linux")


def _address_space() -> int:
    """The bytes of address space this process holds now (VmSize)."""
    with open("/proc/self/statm", "rb") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _die_with_parent() -> None:
    """Ask the kernel to kill this child when its parent ends (PR_SET_PDEATHSIG)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _child(call: Callable[[], T], memory: int, write: int) -> None:
    """In the child: set the limits, run `call`, send (True, result) or (False, exception)."""
    import resource
    status = 0
    try:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM):  # the parent's handlers
            signal.signal(sig, signal.SIG_DFL)                          # (uvicorn's) are not ours
        _die_with_parent()
        limit = _address_space() + memory
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY
                                                else min(limit, hard), hard))
        try:
            outcome: tuple[bool, object] = (True, call())
        except MemoryError:
            outcome = (False, Exceeded("memory"))
        except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
            outcome = (False, exc)
        try:
            data = _dumps(outcome)
        except BaseException as exc:  # noqa: BLE001 - a result that cannot be sent is still said
            data = _dumps((False, Exceeded(f"died: its result could not be sent "
                                           f"({type(exc).__name__})")))
        view = memoryview(data)
        while view:
            view = view[os.write(write, view):]
    except BaseException:  # noqa: BLE001 - the parent reports a child without a result
        status = 1
    finally:
        os._exit(status)


def _dumps(outcome: tuple[bool, object]) -> bytes:
    """`outcome` pickled by each object's own reduction (`__reduce_ex__`; InputError's is its
    problems), never by the reducers other code registered for the whole process in
    `copyreg.dispatch_table`.

    `import distributed` (the Dask tests, `simulate --scheduler`) runs tblib's
    `pickling_support.install()`, which registers for every exception class then defined a
    reducer that pickles the exception with its `__context__` and traceback. The InputError
    that a runaway-recursion template becomes (sandbox.located) has for context the
    RecursionError, whose traceback is a thousand frames long: pickling it raised
    RecursionError in turn, and the user read "its result could not be sent" instead of the
    template's line (in whole-suite runs, when a Dask test had run in the same worker)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out)
    pickler.dispatch_table = {}
    pickler.dump(outcome)
    return out.getvalue()


def run(call: Callable[[], T], memory: int, seconds: float) -> T:
    """`call()` in a child process with `memory` bytes more than this process holds and
    `seconds` of wall time; its result, or the exception it raised, as if it ran here.
    Raises Exceeded("memory"), Exceeded("time"), Exceeded("interrupted") (Ctrl-C reached
    the child) or Exceeded("died: ...")."""
    if not available():
        return call()
    read, write = os.pipe()
    try:
        pid = os.fork()
    except OSError:   # no process to spare (EAGAIN, ENOMEM): the sandbox's own limits remain
        os.close(read)
        os.close(write)
        return call()
    if pid == 0:   # the child never returns into the caller's code, whatever fails in it
        try:
            os.close(read)
            _child(call, memory, write)
        finally:
            os._exit(1)
    os.close(write)
    _RUNNING.add(pid)
    reaped = False
    try:
        chunks: list[bytes] = []
        deadline = time.monotonic() + seconds
        waiting = select.poll()   # not select(): a server may hold more than 1,024 descriptors
        waiting.register(read, select.POLLIN | select.POLLHUP)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Exceeded("time")
            if waiting.poll(left * 1000):
                chunk = os.read(read, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        _, status = os.waitpid(pid, 0)
        reaped = True
    finally:
        os.close(read)
        if not reaped:
            _kill(pid)
        _RUNNING.discard(pid)
    stopped = pid in _STOPPED
    _STOPPED.discard(pid)
    if not chunks:
        if stopped:
            raise Exceeded("interrupted")
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGINT, signal.SIGTERM):
            raise Exceeded("interrupted")
        raise Exceeded("memory" if os.WIFSIGNALED(status) and os.WTERMSIG(status) in
                       (signal.SIGSEGV, signal.SIGABRT, signal.SIGKILL)
                       else f"died: wait status {status}")
    ok, value = pickle.loads(b"".join(chunks))
    if not ok:
        raise value   # type: ignore[misc]
    return value   # type: ignore[return-value]


def stop_all() -> None:
    """End every child rendering now (Ctrl-C reached only the server, which would otherwise
    wait for its reload thread, and so for the child, up to the time limit). The waiting
    threads see a child that died and raise Exceeded("interrupted")."""
    for pid in list(_RUNNING):
        _STOPPED.add(pid)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
