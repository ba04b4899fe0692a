"""The balance report's plots, drawn with matplotlib as SVG text.

SVGs are made deterministic (fixed hash salt, no date) so the same statistics give the same
report byte for byte, and text stays text (`svg.fonttype: none`) so Japanese card names use
the page's fonts and can be searched.
"""

from __future__ import annotations

import io
from typing import Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from ..i18n import Words  # noqa: E402
from .stats import GameRecord, Rate, Summary  # noqa: E402

STYLE = {
    "svg.hashsalt": "deckwright",
    "svg.fonttype": "none",
    # card names are text, never TeX: "$5 coin" must not start mathtext (or crash it)
    "text.parse_math": False,
    "font.family": ["IPAexGothic", "DejaVu Sans"],
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
INK = "#3a4a6b"
ACCENT = "#c0392b"


def _svg(fig: plt.Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype: the SVG goes inline


def _rates(labels: Sequence[str], rates: Sequence[Rate], fair: float | None, title: str,
           _: Words) -> str:
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(5.2, 2.4))
        values = [r.value * 100 for r in rates]
        lows = [(r.value - r.interval[0]) * 100 for r in rates]
        highs = [(r.interval[1] - r.value) * 100 for r in rates]
        ax.bar(labels, values, color=INK, width=0.6)
        ax.errorbar(labels, values, yerr=[lows, highs], fmt="none", ecolor=ACCENT, capsize=4)
        if fair is not None:
            ax.axhline(fair * 100, color=ACCENT, linestyle="--", linewidth=1)
        ax.set_ylabel(_("win rate (%%)"))
        ax.set_ylim(0, 100)
        ax.set_title(title)
        return _svg(fig)


def seat_plot(summary: Summary, _: Words) -> str:
    n = len(summary.seat_rates)
    labels = [f"p{i + 1}" for i in range(n)]
    return _rates(labels, summary.seat_rates, 1 / n,
                  _("Win rate by seat with 95%% confidence interval (dashed: even)"), _)


def bot_plot(summary: Summary, _: Words) -> str:
    labels = list(summary.bot_rates)
    return _rates(labels, list(summary.bot_rates.values()), None,
                  _("Win rate by bot with 95%% confidence interval"), _)


def length_plot(summary: Summary, _: Words) -> str:
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(5.2, 2.4))
        ax.bar(list(summary.lengths), list(summary.lengths.values()), color=INK, width=1.0)
        ax.set_xlabel(_("turns"))
        ax.set_ylabel(_("games"))
        ax.set_title(_("Game length"))
        return _svg(fig)


def score_plot(records: Sequence[GameRecord], players: int, _: Words) -> str:
    finished = [r for r in records if not r.stalled]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(5.2, 2.4))
        data = [[r.scores[s] for r in finished] or [0.0] for s in range(players)]
        ax.boxplot(data, tick_labels=[f"p{i + 1}" for i in range(players)],
                   medianprops={"color": ACCENT})
        ax.set_ylabel(_("score"))
        ax.set_title(_("Scores by seat"))
        return _svg(fig)


def card_plot(summary: Summary, names: dict[str, str], _: Words, top: int = 15) -> str:
    cards = list(summary.plays)[:top][::-1]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(5.2, 0.25 * max(len(cards), 4) + 0.8))
        labels = [names.get(c, c) for c in cards]
        ax.barh(labels, [summary.plays[c] for c in cards], color=INK, label=_("times played"))
        ax.barh(labels, [summary.winner_plays.get(c, 0) for c in cards], color=ACCENT,
                label=_("of which by the winner"))
        ax.legend(loc="lower right", frameon=False)
        ax.set_title(_("Cards played most (top %(n)s)", n=len(cards)))
        return _svg(fig)
