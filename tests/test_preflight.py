"""`deckwright preflight`: the bundled games pass every service it knows; a project whose text
crosses the safe zone and one whose card size fits no template fail, with the reason; every
rule a service states is one deckwright checks, with its source."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.press.intake import CHECKS
from deckwright.press.services import services
from test_press_support import MINI_FIXTURE, ROOT, copy_project


def preflight(project: Path, *args: str) -> int:
    return main(["-C", str(project), "preflight", *args])


def test_every_rule_is_checked_and_names_its_source() -> None:
    known = services()
    assert list(known) == ["tgc", "mpc", "dtc", "tts", "cgs", "pnp"]
    for service in known.values():
        for key, rule in service.rules.items():
            assert key in CHECKS, (service.id, key)
            assert rule.source.startswith(("https://", "http://", "deckwright")), (service.id, key)


def test_the_five_games_pass_every_service(tmp_path: Path, capsys) -> None:
    project = tmp_path / "games"
    for folder in ("cards", "templates", "playtest"):
        shutil.copytree(ROOT / folder, project / folder)
    assert preflight(project, "--json") == 0
    found = json.loads(capsys.readouterr().out)
    games = {f["game"] for f in found}
    assert games == {"bridge-over", "ghost-couple", "original-tcg", "super-page-one",
                     "super-page-one (en)", "treasure-scramble"}
    assert {f["service"] for f in found} == set(services())
    assert not [f for f in found if f["verdict"] == "reject"]
    tcg = [f for f in found if f["game"] == "original-tcg" and f["check"] == "templates"]
    assert {f["verdict"] for f in tcg} == {"note"}   # 63 x 88 mm padded onto poker, said so
    assert all("padded" in f["detail"] and "63x88 mm" in f["detail"] for f in tcg)


def _mini(tmp_path: Path) -> Path:
    return copy_project(MINI_FIXTURE, tmp_path / "p")


def test_text_across_the_safe_zone_is_rejected_with_the_card_and_region(tmp_path: Path, capsys) -> None:
    project = _mini(tmp_path)
    layout = project / "templates" / "faces" / "mini"
    layout.mkdir(parents=True)
    (layout / "number.yaml").write_text(
        "extends: generic\nregions:\n  edge:\n    kind: text\n    x: 1\n    y: 40%\n    w: 30\n"
        "    h: 8\n    text: \"{{ card.name }}\"\n    size: 12\n", encoding="utf-8")
    assert preflight(project, "--service", "tgc,dtc") == 1
    out = capsys.readouterr().out
    assert "REJECT" in out and "2 finding(s) a service would reject" in out
    assert preflight(project, "--service", "tgc", "--json") == 1
    found = json.loads(capsys.readouterr().out)
    (safe,) = [f for f in found if f["check"] == "safe_mm"]
    assert safe["verdict"] == "reject" and safe["source"].startswith("https://")
    assert safe["detail"].startswith("red-1: text of region 'edge' 1.0 mm from the cut "
                                     "(safe zone 3.175 mm)")


def test_a_card_size_on_no_template_is_refused_with_the_reason(tmp_path: Path, capsys) -> None:
    project = _mini(tmp_path)
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        "card_size: poker", "card_size: {width_mm: 70, height_mm: 70}"), encoding="utf-8")
    assert preflight(project, "--service", "mpc", "--json") == 1
    found = json.loads(capsys.readouterr().out)
    (size,) = [f for f in found if f["check"] == "templates"]
    assert size["verdict"] == "reject"
    assert size["detail"].startswith("refused: a 70x70 mm card fits no template of MakePlayingCards")
    assert "poker 63.5x88.9 mm" in size["detail"]


def test_build_warns_what_preflight_rejects_and_reads_the_files_back(tmp_path: Path, capsys) -> None:
    project = _mini(tmp_path)
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        "card_size: poker", "card_size: {width_mm: 70, height_mm: 70}"), encoding="utf-8")
    assert main(["-C", str(project), "build", "--only", "pod", "--pod", "thegamecrafter"]) == 0
    err = capsys.readouterr().err
    assert "preflight: mini: tgc templates: refused: a 70x70 mm card" in err and "[warning]" in err
    assert preflight(project, "--service", "tgc", "--json") == 1
    found = json.loads(capsys.readouterr().out)
    # the built zip's images are read back: 70 mm + 1/8 in a side at 300 dpi, on no template
    assert not any("px, not the template" in f["detail"] for f in found)   # no template to compare


def test_an_unknown_service_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    assert preflight(_mini(tmp_path), "--service", "kinkos") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["deckwright: error: unknown service kinkos for --service (known: tgc, mpc, dtc, "
                   "tts, cgs, pnp)"]


def test_a_drivethrucards_file_is_read_back(tmp_path: Path, capsys) -> None:
    """The PDF/X file a build writes passes; the same pages drawn in RGB (the file deckwright
    wrote before) are rejected for their colour and their missing output intent."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas
    project = _mini(tmp_path)
    assert main(["-C", str(project), "build", "--only", "pod", "--pod", "drivethrucards"]) == 0
    assert "preflight:" not in capsys.readouterr().err
    assert preflight(project, "--service", "dtc") == 0
    capsys.readouterr()
    pdf = project / "build" / "mini" / "pod" / "standard-drivethrucards.pdf"
    rl_config.useA85 = 0
    c = Canvas(str(pdf), pagesize=(198, 270), pageCompression=1)
    c.setFillColorRGB(0.8, 0.2, 0.2)
    c.rect(0, 0, 198, 270, fill=1)
    c.showPage()
    c.save()
    assert preflight(project, "--service", "dtc", "--json") == 1
    found = {f["check"]: f for f in json.loads(capsys.readouterr().out)}
    assert found["colour"]["verdict"] == "reject" and "RGB colour" in found["colour"]["detail"]
    assert found["pdfx"]["verdict"] == "reject" and "GTS_PDFX" in found["pdfx"]["detail"]
