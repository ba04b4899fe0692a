"""The balance report: `build/<game>/balance.html`, `balance.pdf` and `balance.json`.

The HTML is rendered from a Jinja template (autoescaped; a project's templates/balance/
overrides the built-in one) and the PDF goes through the rulebook's WeasyPrint pipeline with
the same restricted URL fetcher, so the report needs no network and reads no other file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from markupsafe import Markup

from .. import i18n, paths, sandbox
from ..atomic import write_bytes, write_text
from ..css import refuse_external_urls
from ..i18n import SOURCE, Words, words
from ..model import GameData, InputError, Problem
from . import plots
from ..model.yamlsafe import decode_text
from .simulate import Job
from .stats import MIN_SAMPLE, Rate, Records, Summary, standing_out


@dataclass
class Finding:
    """One line of the one-minute summary."""

    text: str
    level: str = "info"  # info, warn


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _ci(rate: Rate) -> str:
    low, high = rate.interval
    return f"{_pct(rate.value)} (95%CI {_pct(low)}–{_pct(high)})"


def card_labels(data: GameData) -> dict[str, str]:
    """Card id -> the name a reader knows, with the id added where several cards share a name."""
    names = [c.name for c in data.db.cards]
    return {c.id: c.name if names.count(c.name) == 1 else f"{c.name} ({c.id})" for c in data.db.cards}


def findings(summary: Summary, job: Job, names: dict[str, str],
             _: Words | None = None) -> list[Finding]:
    """What a designer should read first, in plain sentences (in the game's language)."""
    _ = _ or words(SOURCE)
    out: list[Finding] = []
    n = job.players
    capped = summary.capped_seeds
    limited = [s for s in summary.stalled_seeds if s not in set(capped)]
    out.append(Finding(_("%(games)s games played with %(players)s players; %(finished)s reached "
                         "an end.", games=summary.games, players=n, finished=summary.finished)))
    if capped:
        out.append(Finding(_("%(n)s games were cut at the turn cap of %(turns)s turns "
                             "(--max-turns) and are left out of the statistics (seeds to replay "
                             "them: %(seeds)s).", n=len(capped), turns=job.max_turns,
                             seeds=_seeds(capped, _)), "warn"))
    if limited:
        out.append(Finding(_("%(n)s games were stopped at the rules' limit of decisions "
                             "(max_decisions), which a game that works never reaches: "
                             "'deckwright fuzz' finds why (seeds: %(seeds)s).", n=len(limited),
                             seeds=_seeds(limited, _)), "warn"))
    fair = 1 / n
    first = summary.first_player
    low, high = first.interval
    rates = {"rate": _ci(first), "fair": _pct(fair)}
    if low > fair:
        out.append(Finding(_("The first player has an advantage: they win %(rate)s, against "
                             "%(fair)s if the seats were even.", **rates), "warn"))
    elif high < fair:
        out.append(Finding(_("The first player is at a disadvantage: they win %(rate)s, against "
                             "%(fair)s if the seats were even.", **rates), "warn"))
    else:
        out.append(Finding(_("No first-player advantage or disadvantage shows: the first player "
                             "wins %(rate)s, against %(fair)s if the seats were even.", **rates)))
    if len(summary.bot_rates) > 1:
        ranked = sorted(summary.bot_rates.items(), key=lambda kv: -kv[1].value)
        out.append(Finding(_("Bot strength: %(bots)s.",
                             bots=_("; ").join(f"{b} {_ci(r)}" for b, r in ranked))))
    ls = summary.length_stats
    out.append(Finding(_("A game lasts a median of %(median).0f turns; 90%% end within %(p90).0f "
                         "turns.", median=ls["median"], p90=ls["p90"])))
    out.extend(card_findings(summary, names, _))
    if summary.plays:
        top = next(iter(summary.plays))
        out.append(Finding(_("The card played most often is “%(card)s” (%(times)s times).",
                             card=names.get(top, top), times=summary.plays[top])))
    return out


def _seeds(seeds: list[int], _: Words) -> str:
    """The first ten seeds, and a word that there are more."""
    return ", ".join(str(s) for s in seeds[:10]) + (_(" and more") if len(seeds) > 10 else "")


def _signed(x: float) -> str:
    return f"{x * 100:+.1f}%"


def card_findings(summary: Summary, names: dict[str, str], _: Words) -> list[Finding]:
    """The cards whose opening-hand or played win rate differs from the rate without them
    beyond chance (two-proportion z-test, Bonferroni-corrected at 5%), in a sentence."""
    if not summary.card_impact:
        return []
    found = standing_out(summary.card_impact)
    if not found:
        return [Finding(_("No card changes the win rate beyond chance, in the opening hand or "
                          "played (%(cards)s cards with at least %(min)s seats each way).",
                          cards=len(summary.card_impact), min=MIN_SAMPLE))]
    parts = []
    for card, kind, lift in found[:5]:
        where = _("in the opening hand") if kind == "opening" else _("played")
        parts.append(_("“%(card)s” %(where)s %(with)s against %(without)s without it "
                       "(%(lift)s, %(n)s seats)", card=names.get(card, card), where=where,
                       **{"with": _pct(lift.with_card.value)},
                       without=_pct(lift.without.value), lift=_signed(lift.lift),
                       n=lift.with_card.games))
    return [Finding(_("Cards that change the win rate: %(cards)s.",
                      cards=_("; ").join(parts)), "warn")]


def _template_dirs(data: GameData) -> list[Path]:
    own = data.project.templates_dir / "balance"
    builtin = Path(str(files("deckwright").joinpath("templates", "balance")))
    return [own, builtin] if own.is_dir() else [builtin]


TEMPLATE = "balance.html.j2"


@lru_cache(maxsize=4)
def _environment(dirs: tuple[Path, ...], language: str) -> sandbox.BoundedSandbox:
    """The report's sandboxed template environment with the language's words installed (one a
    process: its compiled templates are kept, and recompiled when their file changes)."""
    env = sandbox.environment(list(dirs), extensions=["jinja2.ext.i18n"])
    i18n.install(env, language)
    return env


def warm_up(data: GameData) -> None:
    """Do beforehand what the report of any outcome needs: read the language's words and
    compile the template (`simulate` does it in its own share of the playing time, so it is no
    longer part of the serial end of the command). A template that does not compile is left
    for `render_html` to report, where and as it always has."""
    env = _environment(tuple(_template_dirs(data)), data.language)
    words(data.language)
    try:
        env.get_template(TEMPLATE)
    except Exception:  # noqa: BLE001 - reported by render_html with its file and line
        pass


def render_html(data: GameData, job: Job, summary: Summary, records: Records,
                interrupted: bool) -> str:
    """The report page; no timings in it, so a seed always gives the same bytes."""
    names = card_labels(data)
    dirs = _template_dirs(data)
    env = _environment(tuple(dirs), data.language)
    _ = words(data.language)
    context: dict[str, Any] = {
        "game": data.db.game.model_dump(mode="json"), "job": job, "summary": summary, "interrupted": interrupted,
        "findings": findings(summary, job, names, _), "names": names, "lang": data.language,
        "pct": _pct, "ci": _ci, "css": Markup(_css(dirs, data)),
        # SVG written from our own numbers (plots.py); card names inside are XML-escaped
        "plots": {k: Markup(v) for k, v in {
            "seats": plots.seat_plot(summary, _), "bots": plots.bot_plot(summary, _),
            "length": plots.length_plot(summary, _),
            "scores": plots.score_plot(records, job.players, _),
            "cards": plots.card_plot(summary, names, _),
            "impact": plots.impact_plot(summary, names, _)}.items()},
        "min_sample": MIN_SAMPLE, "signed": _signed,
    }
    return sandbox.render(env, TEMPLATE, context, lambda f: _display(data, f))


def _display(data: GameData, file: str | Path) -> str:
    return paths.shown(file, data.project.display)


def _css(dirs: list[Path], data: GameData | None = None) -> str:
    """The report's stylesheet (inlined in the page), read through the path policy; a
    stylesheet naming any URL with a scheme (http:, file:, data:) is refused before anything
    is written, since the HTML is opened in browsers that would fetch it."""
    for folder in dirs:
        path = folder / "balance.css"
        if path.is_file():
            shown = _display(data, path) if data else str(path)
            try:
                raw = paths.read_bytes(path, [folder], "balance.css")
            except paths.UnsafePath as exc:
                raise InputError(Problem(shown, 1, 1, "stylesheet", str(exc))) from None
            text = decode_text(raw, shown)
            refuse_external_urls(text, shown)
            return text
    return ""


def write_report(data: GameData, job: Job, summary: Summary, records: Records, *,
                 interrupted: bool, json_path: Path | None = None,
                 pdf: bool = False) -> list[Path]:
    """Write the HTML, PDF and JSON report atomically; returns the files written."""
    out_dir = data.out_dir
    html = render_html(data, job, summary, records, interrupted)
    payload = report_json(data, job, summary, interrupted)
    written = [out_dir / "balance.html", out_dir / "balance.json"]
    text = json.dumps(payload, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    document = _pdf(data, html, out_dir) if pdf else None  # fails before anything is written
    write_text(written[0], html)
    write_text(written[1], text)
    if json_path is not None:
        write_text(json_path, text)
        written.append(json_path)
    if document is not None:
        write_bytes(out_dir / "balance.pdf", document)
        written.append(out_dir / "balance.pdf")
    else:   # a PDF of an earlier run would contradict the new HTML
        (out_dir / "balance.pdf").unlink(missing_ok=True)
    return written


def _pdf(data: GameData, html: str, out_dir: Path) -> bytes:
    # imported here: WeasyPrint takes most of a second to load, and only the PDF needs it
    from ..press.rulebook.fetcher import RefusedURL, RulebookFetcher
    from ..press.rulebook.pdf import render_pdf
    fetcher = RulebookFetcher([out_dir, *_template_dirs(data)])
    try:
        return render_pdf(html, out_dir, fetcher).pdf
    except RefusedURL as exc:
        raise InputError(Problem(_display(data, out_dir / "balance.html"), 1, 1, "balance.pdf",
                                 str(exc))) from None


def report_json(data: GameData, job: Job, summary: Summary, interrupted: bool) -> dict[str, Any]:
    return {
        "game": data.id, "deck": job.deck or data.default_deck.id, "players": job.players,
        "bots": list(job.bots), "seed": job.seed, "games_requested": job.games,
        "max_turns": job.max_turns, "chunk": job.chunk, "interrupted": interrupted,
        **summary.to_json(),
    }
