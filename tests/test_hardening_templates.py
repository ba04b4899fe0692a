"""A project's templates reach no class and no method that mutates, and render bounded in memory
and time in any thread: `check`, `build` and `serve`'s reloads (issue 27, holes 7 and 8)."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from deckwright import sandbox
from deckwright.cli import main
from deckwright.live.preview import Preview
from deckwright.model import InputError, Project

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"

#: the issue's attack: the `list` class from a model's field, doubling a list with no output
DOUBLING = ("{% set L = game.model_fields['sets'].default_factory %}{% set a = L() %}"
            "{% for i in range(30) %}{% set _ = L.extend(a, a) %}{% endfor %}")
#: and `dict.update` through the palette's factory, changing the game's palette
PALETTE = ("{% set D = game.model_fields['palette'].default_factory %}"
           "{% set _ = D.update(game.palette, {'zz': 1}) %}")


class Game(BaseModel):
    sets: list[str] = Field(default_factory=list)
    palette: dict[str, str] = Field(default_factory=dict)


def render(text: str, tmp_path: Path, **context: object) -> str:
    (tmp_path / "t").mkdir(exist_ok=True)
    (tmp_path / "t" / "page.j2").write_text(text)
    env = sandbox.environment([tmp_path / "t"])
    return sandbox.render(env, "page.j2", context, lambda f: Path(f).name)


@pytest.mark.parametrize("text", [
    DOUBLING.replace("{% set a = L() %}", "{% set a = game.sets %}"),
    PALETTE,
    "{% set _ = dict.update(d, zz=1) %}",                      # Jinja's `dict` global is the class
    "{{ d.fromkeys(['zz']) }}",                             # a method bound to the class
    "{{ game.model_fields['sets'].annotation }}",               # a class as a value
    "{% set _ = game.model_rebuild(force=True) %}",             # a classmethod
    "{% set _ = game.model_copy(update={'sets': ['zz']}) %}",   # a model's method
    "{% set _ = d.update(zz=1) %}",                             # the immutable sandbox's own
    "{% set _ = cycler.next %}{{ namespace.__init__ }}",
    "{{ lipsum(10000000) }}",
])
def test_no_class_and_no_mutating_method_is_reachable(tmp_path: Path, text: str) -> None:
    game, d = Game(sets=["a"], palette={"red": "#f00"}), {"red": "#f00"}
    with pytest.raises(InputError) as info:
        render(text, tmp_path, game=game, d=d)
    (problem,) = info.value.problems
    assert problem.file == "page.j2" and problem.path == "template"
    assert game == Game(sets=["a"], palette={"red": "#f00"}) and d == {"red": "#f00"}


def test_plain_data_and_jinja_helpers_still_work(tmp_path: Path) -> None:
    out = render("{{ dict(a=1)['a'] }}{% set ns = namespace(n=2) %}{{ ns.n }}"
                 "{% set j = joiner('|') %}{{ j() }}x{{ j() }}y{{ cycler('p', 'q').next() }}"
                 "{{ d.get('red') }}{{ d.items()|list|length }}{{ 'a,b'.split(',')|join('+') }}"
                 "{% for x in [3, 1] %}{{ loop.cycle('o', 'e') }}{{ x }}{% endfor %}",
                 tmp_path, d={"red": "#f00"})
    assert out == "12x|yp#f001a+bo3e1"


def mini_project(tmp_path: Path, template: str) -> Path:
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    (project / "templates" / "rulebook").mkdir(parents=True)
    (project / "templates" / "rulebook" / "rulebook.html.j2").write_text(template)
    return project


@pytest.mark.parametrize("command", ["check", "build"])
def test_the_issues_templates_are_one_line_in_check_and_build(tmp_path: Path, capsys,
                                                             command: str) -> None:
    """The palette changed in the preflight render crashed the real one (and the list doubling
    reached 4.2 GB); now the model is not in reach and the game is data."""
    project = mini_project(tmp_path, PALETTE + DOUBLING + "{{ game.palette|length }}")
    args = ["-C", str(project), command] + (["--only", "rulebook"] if command == "build" else [])
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert [e for e in err if not e.startswith("warning:")] == [
        "templates/rulebook/rulebook.html.j2:1:1: template: "
        "'dict object' has no attribute 'model_fields'"]
    assert not (project / "build" / "mini" / "rulebook.html").exists()


@pytest.mark.parametrize("text", [
    # values built by assignment, with no mutation and next to no output
    "{% set a = 'x' * 10000000 %}" + "".join(f"{{% set a{i} = a ~ a ~ a %}}" for i in range(12)),
    # a macro doubling its argument as it recurses
    "{% macro d(s, n) %}{% if n %}{{ d(s ~ s, n - 1)|length }}{% endif %}{% endmacro %}"
    "{{ d('xx', 40) }}",
    "{% set a = [0] * 10000000 %}" + "".join(f"{{% set a{i} = a + a %}}" for i in range(12)),
])
def test_memory_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sandbox, "MAX_MEMORY", 128 << 20, raising=False)
    monkeypatch.setattr(sandbox, "MAX_MADE", 10 ** 12, raising=False)   # the kernel's bound
    start = time.monotonic()
    with pytest.raises(InputError) as info:
        render(text, tmp_path)
    assert time.monotonic() - start < 10
    (problem,) = info.value.problems
    assert problem.file == "page.j2" and problem.path == "template"
    assert problem.message == "rendering needed more than 128 MiB of memory; stopped"
    assert render("{{ 'ok' }}", tmp_path) == "ok"   # this process is unharmed


LOOP = "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"


def test_time_is_bounded_in_a_worker_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No alarm signal reaches a thread that is not the main one; the render is still stopped."""
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    out: list[BaseException] = []

    def run() -> None:
        try:
            render(LOOP, tmp_path)
        except InputError as exc:
            out.append(exc)
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive()
    assert str(out[0]) == "page.j2:1:1: template: rendering took longer than 0.5 s; stopped"


def test_serve_reload_of_a_looping_template_stops_and_recovers(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """serve reloads in a worker thread: it stayed at 100% CPU forever, and fixing the template
    did not recover it. Now the reload ends with the problem shown, and the next one renders."""
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    project = mini_project(tmp_path, "<html><body>first</body></html>")
    template = project / "templates" / "rulebook" / "rulebook.html.j2"
    preview = Preview(Project(project))
    assert "first" in preview.games["mini"].rulebook

    def reload_in_a_thread() -> None:
        worker = threading.Thread(target=preview.reload, args=([template],), daemon=True)
        worker.start()
        worker.join(15)
        assert not worker.is_alive()

    template.write_text("<html><body>" + LOOP + "</body></html>")
    reload_in_a_thread()
    assert "templates/rulebook/rulebook.html.j2:1:1: template: rendering took longer than " \
        "0.5 s; stopped" in preview.problems
    assert "first" in preview.games["mini"].rulebook   # the last good preview stays

    template.write_text("<html><body>fixed</body></html>")
    reload_in_a_thread()
    assert preview.problems == [] and "fixed" in preview.games["mini"].rulebook


def test_a_looping_face_layout_expression_is_stopped(tmp_path: Path, capsys,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout's text is a template too, rendered per card in this process: a loop over a
    ready list (no call the sandbox sees) is stopped by the clock, once for every card."""
    from deckwright.press import binding
    monkeypatch.setattr(binding, "MAX_SECONDS", 0.5, raising=False)
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    (project / "templates" / "faces" / "mini").mkdir(parents=True)
    (project / "templates" / "faces" / "mini" / "generic.yaml").write_text(
        "extends: generic\nregions:\n  name:\n    text: \"{% set L = range(99999)|list %}"
        "{% for a in L %}{% for b in L %}{% endfor %}{% endfor %}x\"\n")
    start = time.monotonic()
    assert main(["-C", str(project), "check"]) == 2
    assert time.monotonic() - start < 10
    err = [e for e in capsys.readouterr().err.splitlines() if not e.startswith("warning:")]
    assert len(err) == 2 and all("layout expression failed: TemplateLimit: rendering took longer "
                                 "than 0.5 s; stopped" in e for e in err)


def test_ctrl_c_stops_serve_while_a_reload_renders(tmp_path: Path) -> None:
    """SIGINT to the server alone (not its process group): the rendering child is ended, so the
    server does not wait out the render's 30 s before it stops."""
    import os
    import signal
    import subprocess
    import sys
    project = mini_project(tmp_path, "<html><body>first</body></html>")
    server = subprocess.Popen([sys.executable, "-m", "deckwright", "-C", str(project), "serve",
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        while "Watching for changes" not in server.stdout.readline():
            assert server.poll() is None

        def rendering() -> bool:   # the reload's thread has a child process
            return any(p.read_text().strip()
                       for p in Path(f"/proc/{server.pid}/task").glob("*/children"))
        deadline = time.monotonic() + 30
        while not rendering() and time.monotonic() < deadline:
            (project / "templates" / "rulebook" / "rulebook.html.j2").write_text(LOOP)
            time.sleep(0.3)   # written again until the watcher is up
        assert rendering()
        server.send_signal(signal.SIGINT)
        start = time.monotonic()
        _, err = server.communicate(timeout=20)
        assert time.monotonic() - start < 5
        assert "Traceback" not in err
    finally:
        server.kill()
        server.wait()


@pytest.mark.parametrize("text", [
    "{% set a = 'x' * 10000000 %}{% set b = a ~ a %}{% set c = b ~ b %}{% set d = c ~ c %}",
    "{% set a = 'x' * 10000000 %}{% set b %}{{ a }}{{ a }}{% endset %}{% set c %}{{ b }}{{ b }}"
    "{% endset %}{% set d %}{{ c }}{{ c }}{% endset %}",
    "{% set a = [0] * 5000000 %}" + "".join(f"{{% set a{i} = a + a %}}" for i in range(5)),
])
def test_a_face_layout_expression_is_bounded_in_memory(tmp_path: Path, capsys, monkeypatch,
                                                      text: str) -> None:
    """Rendered in this process, a layout's expression is held to what it may make in all
    (the time bound lifted here, so a busy machine's clock cannot stop it first)."""
    from deckwright.press import binding
    monkeypatch.setattr(binding, "MAX_SECONDS", 600)
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    (project / "templates" / "faces" / "mini").mkdir(parents=True)
    (project / "templates" / "faces" / "mini" / "generic.yaml").write_text(
        f"extends: generic\nregions:\n  name:\n    text: \"{text}x\"\n")
    assert main(["-C", str(project), "check"]) == 2
    err = [e for e in capsys.readouterr().err.splitlines() if not e.startswith("warning:")]
    assert len(err) == 2 and all("layout expression failed: TemplateLimit: rendering made more "
                                 "than 50000000 characters and items (memory); stopped" in e
                                 for e in err)
