"""Playing a job on this machine: this process and `workers - 1` helper processes share it.

On a machine with two cores, a pool of two workers plus a parent that waits for them puts three
busy processes on two cores (the parent unpickles results, updates the progress bar, loads the
report's libraries), so the second core bought little. Here the parent is one of the workers:
with `--workers 2` it starts one helper and both play. The helpers are started once per job
with everything they need (on Linux they are forked after the game is loaded, so they import
and parse nothing; elsewhere they are spawned and load the game once each), then take chunk
numbers from a shared counter until none are left and send each chunk back as `Records`
(arrays and card totals: about 3 kB for 25 bridge-over games). Whoever plays a chunk, its
games and their seeds are the same, and the chunks are merged in chunk order: the statistics
do not depend on the number of workers, nor on which process was faster.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import signal
import sys
import time
import traceback
from multiprocessing.context import BaseContext
from typing import Any, Callable

from .simulate import Job, Outcome, Progress, in_order, play_chunk
from .stats import Records


class WorkerFailed(RuntimeError):
    """A helper process died without saying why (killed, out of memory)."""


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a helper process, chained to it in this one."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def start_method() -> str:
    """Fork on Linux: a helper starts with the loaded game, modules and rules as they are here.
    Elsewhere fork is unsafe or absent, so helpers are spawned and load the game themselves."""
    return "fork" if sys.platform.startswith("linux") else "spawn"


def _claim(counter: Any, chunks: int) -> int | None:
    """The next chunk nobody has taken, or None when all are taken."""
    with counter.get_lock():
        index = counter.value
        if index >= chunks:
            return None
        counter.value = index + 1
        return index


def _helper(job: Job, counter: Any, conn: multiprocessing.connection.Connection) -> None:
    """A helper process: claim chunks and send each one's records until none are left.
    Forked, it finds the game already loaded (`prepare`); spawned, the first chunk loads it.
    Ctrl-C is the parent's to handle (it reports what finished and stops the helpers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        while (index := _claim(counter, job.chunk_count)) is not None:
            conn.send(("chunk", index, play_chunk(job, index)))
        conn.send(("end",))
    except BaseException as exc:  # noqa: BLE001 - sent to the parent, which raises it
        text = traceback.format_exc()
        try:
            conn.send(("failed", exc, text))
        except Exception:  # noqa: BLE001 - an exception that does not pickle
            conn.send(("failed", RuntimeError(f"{type(exc).__name__}: {exc}"), text))
    finally:
        conn.close()


class Team:
    """This process and `workers - 1` helpers playing one job; a context manager, entered
    before anything starts a thread in this process (a fork copies only the calling thread)."""

    def __init__(self, job: Job, workers: int, method: str | None = None):
        self.job = job
        self.helpers: list[tuple[multiprocessing.process.BaseProcess,
                                 multiprocessing.connection.Connection]] = []
        self.done: dict[int, Records] = {}
        self.counter: Any = None
        self.started = time.perf_counter()
        if workers > 1 and job.chunk_count > 1:
            self._start(multiprocessing.get_context(method or start_method()),
                        min(workers - 1, job.chunk_count - 1))

    def _start(self, ctx: BaseContext, helpers: int) -> None:
        self.counter = ctx.Value("q", 0)
        for _ in range(helpers):
            reader, writer = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_helper, args=(self.job, self.counter, writer),
                                  daemon=True, name="deckwright-simulate")
            process.start()
            writer.close()
            self.helpers.append((process, reader))

    def __enter__(self) -> "Team":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the helpers still running (after Ctrl-C or an error) and reap them all."""
        for process, reader in self.helpers:
            if process.is_alive():
                process.terminate()
            process.join()
            reader.close()
        self.helpers = []

    def _next(self) -> int | None:
        if self.counter is None:   # alone: chunks in order
            index = len(self.done)
            return index if index < self.job.chunk_count else None
        return _claim(self.counter, self.job.chunk_count)

    def _receive(self, progress: Progress | None, block: bool) -> None:
        """Take the helpers' finished chunks: those already sent, or (block) wait for the
        next message of any helper still playing."""
        live = [reader for _, reader in self.helpers if not reader.closed]
        ready = multiprocessing.connection.wait(live, None if block else 0)
        for reader in ready:
            try:
                message = reader.recv()
            except EOFError:
                reader.close()
                process = next(p for p, r in self.helpers if r is reader)
                process.join()
                raise WorkerFailed(f"a simulation worker stopped (exit status "
                                   f"{process.exitcode}) before finishing its games") from None
            if message[0] == "chunk":
                _, index, records = message
                self.done[index] = records
                if progress:
                    progress(len(records))
            elif message[0] == "end":
                reader.close()
            else:
                _, exc, text = message
                raise exc from RemoteTraceback(text)

    def run(self, progress: Progress | None = None,
            meanwhile: Callable[[], object] | None = None) -> Outcome:
        """Play this process's share, taking the helpers' chunks between its own; Ctrl-C
        stops everyone and returns the chunks finished so far."""
        try:
            if meanwhile is not None:
                meanwhile()
            while (index := self._next()) is not None:
                self.done[index] = play_chunk(self.job, index)
                if progress:
                    progress(len(self.done[index]))
                if self.helpers:
                    self._receive(progress, block=False)
            while any(not reader.closed for _, reader in self.helpers):
                self._receive(progress, block=True)
        except KeyboardInterrupt:
            if self.helpers:
                with self.counter.get_lock():
                    self.counter.value = self.job.chunk_count   # nobody starts another chunk
                self._receive(None, block=False)                 # chunks already sent count
            self.close()
            return Outcome(in_order(self.done), True, time.perf_counter() - self.started)
        return Outcome(in_order(self.done), False, time.perf_counter() - self.started)


def run_local(job: Job, workers: int, progress: Progress | None = None,
              meanwhile: Callable[[], object] | None = None, method: str | None = None) -> Outcome:
    """Play the job on this machine with `workers` processes, this one included, while this
    process also does `meanwhile` (e.g. loading the report's libraries); `method` starts the
    helpers another way than `start_method()` (tests)."""
    with Team(job, workers, method) as team:
        return team.run(progress, meanwhile)
