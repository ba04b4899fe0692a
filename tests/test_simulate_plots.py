"""The balance report's plots: what a reader sees in each SVG (bar lengths, error bars, boxes,
labels) follows the statistics, text stays escaped text, and the same numbers give the same
bytes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from deckwright.balance import plots
from deckwright.balance.stats import GameRecord, Records, summarise, wilson
from deckwright.i18n import SOURCE, words

NS = {"svg": "http://www.w3.org/2000/svg"}
_ = words(SOURCE)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)   # well-formed XML, or this raises
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def bars(root: ET.Element, fill: str) -> list[dict[str, float]]:
    return [{k: float(r.get(k)) for k in ("x", "y", "width", "height")}
            for r in root.findall("svg:rect", NS) if r.get("fill") == fill]


def texts(root: ET.Element) -> list[str]:
    """The words shown (a <title> inside a <text> is its tooltip, not shown)."""
    return [(t.text or "") + "".join(child.tail or "" for child in t)
            for t in root.findall("svg:text", NS)]


def game(seed: int, winners: tuple[int, ...], scores: tuple[float, float] = (0.0, 0.0),
         turns: int = 10, plays: dict[str, int] | None = None,
         winner_plays: dict[str, int] | None = None) -> GameRecord:
    seats = ("random", "greedy") if seed % 2 == 0 else ("greedy", "random")
    return GameRecord(seed=seed, seats=seats, winners=winners, scores=scores, turns=turns,
                      plays=plays or {}, winner_plays=winner_plays or {})


def test_seat_bars_and_error_bars_follow_the_win_rates() -> None:
    summary = summarise(Records.of(game(s, (0,) if s < 7 else (1,)) for s in range(10)))
    root = parse(plots.seat_plot(summary, _))
    p1, p2 = bars(root, plots.INK)
    assert p1["height"] / p2["height"] == pytest.approx(7 / 3, rel=0.02)
    bottom = p1["y"] + p1["height"]
    assert p2["y"] + p2["height"] == pytest.approx(bottom)
    per_percent = p1["height"] / 70
    # the error bar of p1 spans its Wilson interval; the dashed line marks an even 50%
    low, high = wilson(7, 10)
    lines = root.findall("svg:line", NS)
    accent = [ln for ln in lines if ln.get("stroke") == plots.ACCENT and ln.get("x1") == ln.get("x2")]
    ys = sorted(float(accent[0].get(k)) for k in ("y1", "y2"))
    assert ys == pytest.approx([bottom - high * 100 * per_percent, bottom - low * 100 * per_percent],
                               abs=0.15)
    fair = [ln for ln in lines if ln.get("stroke-dasharray")]
    assert len(fair) == 1 and float(fair[0].get("y1")) == pytest.approx(bottom - 50 * per_percent, abs=0.15)
    assert "p1" in texts(root) and "p2" in texts(root)
    assert root.find("svg:title", NS).text == "Win rate by seat with 95% confidence interval (dashed: even)"


def test_card_bars_in_order_with_winner_share_and_escaped_names() -> None:
    records = Records.of([
        game(0, (0,), plays={"crown": 6, "stone": 3}, winner_plays={"crown": 4}),
        game(1, (1,), plays={"crown": 2, "amp": 1}, winner_plays={"amp": 1}),
    ])
    summary = summarise(records)
    names = {"crown": '<王冠> & "Co"', "stone": "$5 stone", "amp": "A"}
    svg = plots.card_plot(summary, names, _)
    root = parse(svg)
    assert '<王冠>' not in svg   # escaped in the source, and read back as the name
    labels = [t for t in texts(root) if t in names.values()]
    assert labels == ['<王冠> & "Co"', "$5 stone", "A"]   # most played first
    total, winner = bars(root, plots.INK), bars(root, plots.ACCENT)
    totals = [b["width"] for b in total[:3]]
    assert totals[0] / totals[1] == pytest.approx(8 / 3, rel=0.02)
    assert totals[1] / totals[2] == pytest.approx(3 / 1, rel=0.02)
    assert winner[0]["width"] / totals[0] == pytest.approx(4 / 8, rel=0.02)
    assert winner[1]["width"] == 0 and winner[2]["width"] == pytest.approx(totals[2])


def test_score_boxes_show_quartiles_median_and_outliers() -> None:
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100]
    records = Records.of(game(i, (0,), scores=(float(v), 0.0)) for i, v in enumerate(values))
    low, q1, med, q3, high, outliers = plots.box(records.seat_scores(0))
    assert (q1, med, q3) == (3.25, 5.5, 7.75)
    assert (low, high, outliers) == (1, 9, [100])
    root = parse(plots.score_plot(records, 2, _))
    assert len(root.findall("svg:circle", NS)) == 1   # the 100


def test_length_histogram_has_a_bar_per_length() -> None:
    turns = [3, 3, 3, 5, 9, 9]
    summary = summarise(Records.of(game(i, (0,), turns=t) for i, t in enumerate(turns)))
    root = parse(plots.length_plot(summary, _))
    heights = [b["height"] for b in sorted(bars(root, plots.INK), key=lambda b: b["x"])]
    assert len(heights) == 3
    assert heights[0] / heights[1] == pytest.approx(3, rel=0.01)
    assert heights[2] / heights[1] == pytest.approx(2, rel=0.01)


def test_same_numbers_same_bytes_and_nothing_that_varies() -> None:
    records = Records.of(game(s, (s % 2,), scores=(s, 10 - s), turns=s + 1,
                              plays={"crown": s}) for s in range(1, 9))
    summary = summarise(records)
    first = [plots.seat_plot(summary, _), plots.length_plot(summary, _),
             plots.score_plot(records, 2, _), plots.card_plot(summary, {}, _)]
    again = [plots.seat_plot(summary, _), plots.length_plot(summary, _),
             plots.score_plot(records, 2, _), plots.card_plot(summary, {}, _)]
    assert first == again
    for svg in first:
        assert " id=" not in svg   # five of them share one page


def test_ticks_are_round_and_cover_the_values() -> None:
    assert plots.nice_ticks(0, 602, whole=True) == [0, 200, 400, 600, 800]
    assert plots.nice_ticks(0, 12, whole=True)[-1] >= 12
    assert all(t == int(t) for t in plots.nice_ticks(0, 3, whole=True))
    assert plots.nice_ticks(-3.2, 7.9) == [-5, -2.5, 0, 2.5, 5, 7.5, 10]


def test_a_long_card_name_is_cut_with_its_full_name_as_tooltip() -> None:
    long = "とても長い名前のカード" * 5
    summary = summarise(Records.of([game(0, (0,), plays={"long": 2, "short": 1})]))
    root = parse(plots.card_plot(summary, {"long": long, "short": "短い"}, _))
    cut = next(t for t in root.findall("svg:text", NS) if t.find("svg:title", NS) is not None)
    assert cut.find("svg:title", NS).text == long
    shown = cut.find("svg:title", NS).tail
    assert shown.endswith("…") and long.startswith(shown[:-1]) and len(shown) < len(long)
    assert "短い" in texts(root)   # a short name is shown whole
