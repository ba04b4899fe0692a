"""Version against version: the same seeds played with another version of the project.

`deckwright simulate GAME --against REV|PATH` plays the job as usual, then plays the same job
(same bots, seeds, players, turn cap) with another version of the project: a git revision of
the project folder (`git archive`, so the working tree is never touched) or another folder.
Either is copied into a private temporary folder (only cards/, playtest/ and rules/, as a job
bundle) and played there by a separate deckwright process, so the two versions' rules modules
never meet in one interpreter. The two reports' statistics are then compared: the first
player's win rate, each bot's, each card's win-rate lift, and the game length, each change
with a two-sided p-value, and the largest significant changes said in sentences.
"""

from __future__ import annotations

import atexit
import io
import json
import math
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import Words
from ..model import UsageError
from .bundle import pack_project, unpack_project
from .simulate import Job

#: The family-wise error rate of the comparison: a change is reported when its p-value is below
#: ALPHA divided by the number of statistics compared (Bonferroni), so that a hundred cards
#: compared at once do not make five changes out of chance.
ALPHA = 0.05


def other_version(root: Path, against: str) -> Path:
    """A private folder holding the other version's cards/, playtest/ and rules/."""
    given = Path(against)
    candidate = given if given.is_absolute() else Path.cwd() / given
    if candidate.is_dir():
        return Path(unpack_project(pack_project(candidate.resolve())))
    return _from_git(root, against)


def _git(root: Path, rev: str, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=True,
                              timeout=120)
    except FileNotFoundError:
        raise UsageError("--against: git is not installed, so a revision cannot be read") from None
    except subprocess.CalledProcessError as exc:
        message = exc.stderr.decode(errors="replace").strip().splitlines()
        raise UsageError(f"--against {rev!r}: not a folder, and git says: "
                         f"{message[-1] if message else 'no such revision'}") from None
    return done.stdout


def _from_git(root: Path, rev: str) -> Path:
    """The project folder as it was at `rev` (`git archive`), unpacked into a temp folder."""
    top = Path(_git(root, rev, "rev-parse", "--show-toplevel").decode().strip())
    inside = root.resolve().relative_to(top.resolve()).as_posix()
    _git(root, rev, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    prefix = "" if inside == "." else inside + "/"
    paths = [f"{prefix}{folder}" for folder in ("cards", "playtest", "rules")]
    present = [p for p in paths if _git(root, rev, "ls-tree", "--name-only", rev, p).strip()]
    if not present:
        raise UsageError(f"--against {rev}: the project folder has no cards/ at that revision")
    archive = _git(root, rev, "archive", "--format=tar", rev, *present)
    folder = Path(tempfile.mkdtemp(prefix="deckwright-against-"))
    atexit.register(shutil.rmtree, folder, True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            name = member.name[len(prefix):] if member.name.startswith(prefix) else member.name
            parts = Path(name).parts
            if (not (member.isfile() or member.isdir()) or Path(name).is_absolute()
                    or ".." in parts or not parts):
                continue
            target = folder.joinpath(*parts)
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            if source is not None:
                target.write_bytes(source.read())
    return folder


def play_other(folder: Path, job: Job, workers: int, variant: str | None) -> dict[str, Any]:
    """Play `job` with the other version in a deckwright process of its own; its JSON."""
    out = folder / "against.json"
    command = [sys.executable, "-m", "deckwright", "-C", str(folder), "simulate", job.game_id,
               "--players", str(job.players), "--games", str(job.games),
               "--bots", ",".join(job.bots), "--seed", str(job.seed),
               "--max-turns", str(job.max_turns), "--workers", str(workers),
               "--json", str(out)]
    if variant:
        command += ["--variant", variant]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()
        raise UsageError(f"--against: the other version could not be simulated: "
                         f"{tail[-1] if tail else done.returncode}")
    return json.loads(out.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Change:
    """One statistic in both versions, and whether it moved beyond chance."""

    what: str            # "first_player", "bot", "opening", "played", "length"
    name: str            # the bot or card id ("" for the first player and the length)
    before: float
    after: float
    p: float
    n_before: int
    n_after: int

    def to_json(self, tests: int) -> dict[str, Any]:
        return {"what": self.what, "name": self.name, "before": self.before,
                "after": self.after, "p": self.p, "n_before": self.n_before,
                "n_after": self.n_after, "significant": significant(self, tests)}


def significant(change: Change, tests: int) -> bool:
    """Whether the change stands out among `tests` statistics (Bonferroni at ALPHA)."""
    return change.p < ALPHA / max(tests, 1)


def _p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def _rate_change(what: str, name: str, a: dict, b: dict) -> Change:
    """Two independent proportions: the two-proportion z-test."""
    n1, n2 = a["games"], b["games"]
    p1, p2 = a["rate"], b["rate"]
    pooled = (a["wins"] + b["wins"]) / max(n1 + n2, 1)
    se = math.sqrt(pooled * (1 - pooled) * (1 / max(n1, 1) + 1 / max(n2, 1)))
    return Change(what, name, p1, p2, _p((p2 - p1) / se) if se else 1.0, n1, n2)


def _var(rate: dict) -> float:
    p, n = rate["rate"], max(rate["games"], 1)
    return p * (1 - p) / n


def _lift_change(what: str, card: str, a: dict, b: dict) -> Change:
    """Two lifts (each a difference of two proportions): a z-test of their difference."""
    se = math.sqrt(_var(a["with"]) + _var(a["without"]) + _var(b["with"]) + _var(b["without"]))
    z = (b["lift"] - a["lift"]) / se if se else 0.0
    return Change(what, card, a["lift"], b["lift"], _p(z) if se else 1.0,
                  a["with"]["games"], b["with"]["games"])


def _moments(histogram: dict[str, int]) -> tuple[float, float, int]:
    n = sum(histogram.values())
    if not n:
        return 0.0, 0.0, 0
    mean = sum(int(k) * v for k, v in histogram.items()) / n
    var = sum(v * (int(k) - mean) ** 2 for k, v in histogram.items()) / max(n - 1, 1)
    return mean, var, n


def _length_change(a: dict, b: dict) -> Change:
    """Mean game length: Welch's z-test (the samples are hundreds of games)."""
    m1, v1, n1 = _moments(a["histogram"])
    m2, v2, n2 = _moments(b["histogram"])
    se = math.sqrt(v1 / max(n1, 1) + v2 / max(n2, 1))
    return Change("length", "", m1, m2, _p((m2 - m1) / se) if se else 1.0, n1, n2)


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[Change]:
    """Every statistic both reports hold: `before` is the other version, `after` this one."""
    out = [_rate_change("first_player", "", before["first_player"], after["first_player"])]
    for bot in sorted(set(before["bots"]) & set(after["bots"])):
        out.append(_rate_change("bot", bot, before["bots"][bot], after["bots"][bot]))
    cards_a = {c["card"]: c for c in before["card_impact"]["cards"]}
    cards_b = {c["card"]: c for c in after["card_impact"]["cards"]}
    for card in sorted(set(cards_a) & set(cards_b)):
        for kind, key in (("opening", "opening_hand"), ("played", "played")):
            if cards_a[card][key] and cards_b[card][key]:
                out.append(_lift_change(kind, card, cards_a[card][key], cards_b[card][key]))
    out.append(_length_change(before["length"], after["length"]))
    return out


def _pct(x: float, signed: bool = False) -> str:
    return f"{x * 100:+.1f}%" if signed else f"{x * 100:.1f}%"


def sentences(changes: list[Change], names: dict[str, str], against: str, _: Words,
              most: int = 5) -> list[str]:
    """What changed beyond chance, largest first, as a designer reads it."""
    moved = sorted((c for c in changes if significant(c, len(changes))),
                   key=lambda c: (c.p, -abs(c.after - c.before)))[:most]
    out = [_say(c, names, against, _) for c in moved]
    if not out:
        out.append(_("Nothing changed beyond chance against %(against)s (%(n)s statistics "
                     "compared, at a family-wise error rate of %(alpha)s).", against=against,
                     n=len(changes), alpha=ALPHA))
        if changes:
            nearest = min(changes, key=lambda c: c.p)
            out.append(_("Nearest to a change, not beyond chance (more games would tell): "
                         "%(change)s", change=_say(nearest, names, against, _)))
    return out


def _say(c: Change, names: dict[str, str], against: str, _: Words) -> str:
    """One change as a sentence."""
    args = {"before": _pct(c.before), "after": _pct(c.after), "p": f"{c.p:.3g}",
            "against": against, "name": names.get(c.name, c.name)}
    if c.what == "first_player":
        return _("The first player's win rate went from %(before)s (%(against)s) to "
                 "%(after)s (p = %(p)s).", **args)
    if c.what == "bot":
        return _("%(name)s's win rate went from %(before)s (%(against)s) to %(after)s "
                 "(p = %(p)s).", **args)
    if c.what in ("opening", "played"):
        args.update(before=_pct(c.before, True), after=_pct(c.after, True))
        if c.what == "opening":
            return _("“%(name)s”'s win-rate lift in the opening hand went from %(before)s "
                     "(%(against)s) to %(after)s (p = %(p)s).", **args)
        return _("“%(name)s”'s win-rate lift when played went from %(before)s "
                 "(%(against)s) to %(after)s (p = %(p)s).", **args)
    return _("The mean game length went from %(before)s (%(against)s) to %(after)s "
             "turns (p = %(p)s).", **{**args, "before": f"{c.before:.1f}",
                                      "after": f"{c.after:.1f}"})
