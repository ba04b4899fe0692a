"""Problems found in a project's input, reported as `file:line:col: field.path: message`.

Every user-facing input error in deckwright goes through `Problem` so that the CLI can print one
line per problem and exit with status 2, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

Path = tuple[str | int, ...]


def format_path(path: Path) -> str:
    """Render ('cards', 31, 'copies') as 'cards[31].copies'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input file, located as precisely as the source allows."""

    file: str
    line: int
    column: int
    path: str
    message: str
    #: a spreadsheet location such as `Cards!C12`, printed instead of line:col (line = row)
    cell: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.cell}" if self.cell else f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class InputError(Exception):
    """Raised with every problem of an input at once; the CLI prints them and exits 2."""

    def __init__(self, problems: Sequence[Problem] | Problem):
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type, tuple[list[Problem]]]:
        """Pickled with its problems (a render in a child process sends it back)."""
        return (type(self), (self.problems,))

    @classmethod
    def merge(cls, errors: Iterable["InputError"]) -> "InputError":
        return cls([p for e in errors for p in e.problems])


class UsageError(Exception):
    """A command-line or environment error that is not about a particular input line."""
