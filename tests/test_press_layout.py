"""Layouts as data: where they are found, how `extends` merges, and their error messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.model import InputError, Project, load_game
from deckwright.press.cards import GamePress
from test_press_support import PRESS_FIXTURE, copy_project


def press_for(project: Path) -> GamePress:
    return GamePress(load_game(Project(project), "pressdemo"))


def regions(plan) -> dict:
    return {item.region.name: item for item in plan.items}


def test_game_layout_extends_the_builtin_one() -> None:
    press = press_for(PRESS_FIXTURE)
    witch = press.face(press.game.cards["witch"])
    items = regions(witch)
    assert items["name"].text.size == 14            # the game's override
    assert items["text"].text.size <= 8              # inherited from generic
    assert "stats" not in items                      # removed with null
    assert [r.name for r in witch.per_copy] == ["counter"]
    assert witch.layout.files == ["(built-in) templates/faces/generic.yaml",
                                  "templates/faces/pressdemo/unit.yaml"]
    token = press.face(press.game.cards["token"])    # no token layout: the generic one
    assert regions(token)["name"].text.size == 12 and not token.per_copy


def test_project_layout_overrides_the_builtin_and_may_extend_it(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    (project / "templates" / "faces" / "generic.yaml").write_text(
        "extends: generic\nregions:\n  reading:\n    size: 4.5\n", encoding="utf-8")
    press = press_for(project)
    token = press.face(press.game.cards["token"])
    assert token.layout.files == ["(built-in) templates/faces/generic.yaml",
                                  "templates/faces/generic.yaml"]
    knight = press.face(press.game.cards["knight"])  # unit extends the project's generic
    assert regions(knight)["reading"].text.size == 4.5 and regions(knight)["name"].text.size == 14


def test_back_layout_per_back_id(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    (project / "templates" / "faces" / "pressdemo" / "back-alt.yaml").write_text(
        "extends: back\nvary_by: colors\nregions:\n  frame:\n    fill: \"{{ colors[0].key if colors else 'back' }}\"\n",
        encoding="utf-8")
    press = press_for(project)
    knight, token = press.game.cards["knight"], press.game.cards["token"]
    assert press.back_key(knight) == "main"
    assert press.back_key(token) == "alt"            # no colours: the plain back key
    assert regions(press.back(token))["frame"].fill == ["#555555"]


def test_unknown_key_is_reported_with_file_and_line(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    path = project / "templates" / "faces" / "pressdemo" / "unit.yaml"
    path.write_text("extends: generic\nregions:\n  name:\n    size: 14\n    colour: red\n",
                    encoding="utf-8")
    with pytest.raises(InputError) as info:
        press_for(project).check()
    (problem,) = info.value.problems
    assert str(problem).startswith("templates/faces/pressdemo/unit.yaml:5:5: regions.name.colour: "
                                   "unknown key for a text region")


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    faces = project / "templates" / "faces" / "pressdemo"
    (faces / "unit.yaml").write_text("extends: other\n", encoding="utf-8")
    (faces / "other.yaml").write_text("extends: unit\n", encoding="utf-8")
    with pytest.raises(InputError, match="cycle"):
        press_for(project).check()


def test_layout_expressions_run_in_a_sandbox(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    (project / "templates" / "faces" / "pressdemo" / "unit.yaml").write_text(
        "extends: generic\nregions:\n  name:\n    text: \"{{ card.name.__class__.__mro__ }}\"\n",
        encoding="utf-8")
    with pytest.raises(InputError) as info:
        press_for(project).check()
    assert all("layout expression failed" in p.message for p in info.value.problems)
    assert {p.message.split("'")[1] for p in info.value.problems} == {"knight", "witch", "twin"}
