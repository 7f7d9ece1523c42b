"""The library without its extras: with matplotlib, numpy and numba unimportable (as in a Python in the browser),
the engines, the widgets and the player still work, and a picture or the fast engine names the extra it needs."""

from __future__ import annotations

import importlib
import json
import pathlib
import subprocess
import sys

import pytest

from wordcover import views
from wordcover.widgets import Tracer, standalone_page

ROOT = pathlib.Path(__file__).resolve().parent.parent
BLOCKED = ("matplotlib", "numpy", "numba")

# a finder placed first on sys.meta_path that refuses the extras, as an interpreter without them would
BLOCK = """
import importlib.abc, sys
BLOCKED = {blocked!r}
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, Missing())
"""

WITHOUT_EXTRAS = """
import json
import wordcover, wordcover.widgets
from wordcover import ExtraNeeded, WordSearch, make_engine
from wordcover.widgets import Tracer

ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
out = {"count": make_engine(ws.problem, "sticker").count()}
tracer = Tracer(ws.problem, "naive", compare="sticker", ws=ws)
out["state"] = tracer.state()
out["page"] = wordcover.widgets.standalone_page([tracer.state()])
out["bundle"] = sorted(tracer._repr_mimebundle_()[0])

def refused(ask):
    try:
        ask()
    except ExtraNeeded as err:
        return str(err)
    return "no error"

out["picture"] = refused(tracer.picture)  # a PNG; its SVG needs no matplotlib
out["svg"] = tracer.svg()[:4]
# every picture is drawn as SVG without matplotlib (test_picture.py, test_picture_trees.py); drawing on an Axes is not
out["views"] = refused(lambda: __import__("wordcover.views", fromlist=["draw_links"]).draw_links(None, {}, [], []))
out["fast"] = refused(lambda: make_engine(ws.problem, "fast"))
out["loaded"] = sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED)
print(json.dumps(out))
"""


def _without_extras(code: str, blocked: tuple[str, ...] = BLOCKED) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter where the ``blocked`` packages (by default the extras) cannot be imported."""
    script = BLOCK.format(blocked=blocked) + code
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def without_extras() -> dict:
    done = _without_extras(WITHOUT_EXTRAS)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_the_sticker_engine_counts_without_the_extras(without_extras):
    assert without_extras["count"] == 112  # the article's ABEL LAND in 4x4
    assert without_extras["loaded"] == []


@pytest.mark.slow
def test_the_player_is_the_same_without_the_extras(without_extras, abel_land):
    tracer = Tracer(abel_land.problem, "naive", compare="sticker", ws=abel_land)
    assert without_extras["state"] == json.loads(json.dumps(tracer.state()))  # the same frames, here with matplotlib
    assert without_extras["page"] == standalone_page([tracer.state()])  # the page that plays with no kernel
    # in a notebook the player shows; for places without a widget front end, the frame as SVG instead of a PNG
    assert without_extras["bundle"] == ["application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"]
    assert without_extras["svg"] == "<svg"
    assert "image/png" in tracer._repr_mimebundle_()[0] and "image/svg+xml" not in tracer._repr_mimebundle_()[0]


def test_a_picture_names_matplotlib_and_the_extra(without_extras):
    message = "a picture needs matplotlib: pip install 'wordcover[notebooks]'"
    assert without_extras["picture"] == without_extras["views"] == message


def test_the_fast_engine_names_its_extra(without_extras):
    assert without_extras["fast"].startswith("the fast engine needs num")  # numpy or numba, whichever is first
    assert without_extras["fast"].endswith(": pip install 'wordcover[fast]'")


def test_a_picture_from_the_command_line_is_one_line(tmp_path):
    argv = ["make", "--size", "6x6", "--seed", "1", "--output", str(tmp_path / "page.png"), "ABEL", "LAND"]
    done = _without_extras(f"import sys\nfrom wordcover.cli import main\nsys.exit(main({argv!r}))")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "matplotlib" in done.stderr
    assert not (tmp_path / "page.png").exists()


def test_every_picture_name_comes_from_the_module_that_defines_it():
    """The lazy names of wordcover.views are the names of its modules, so none is lost or misplaced."""
    for name in views.__all__:
        value = getattr(views, name)
        home = views._HOME.get(name)
        if home is not None:
            assert value is getattr(importlib.import_module(f"wordcover.views.{home}"), name)
    assert set(views._HOME) | {"WORD_COLOURS", "word_colours"} == set(views.__all__)
    with pytest.raises(AttributeError, match="has no attribute 'draw_nothing'"):
        views.draw_nothing  # noqa: B018


@pytest.mark.parametrize("missing", ["ipywidgets", "anywidget"])
def test_the_widgets_name_their_extra_and_the_engines_do_not_need_it(missing):
    code = (
        "from wordcover import ExtraNeeded, WordSearch, make_engine\n"
        "print(make_engine(WordSearch(4, 4, ['ABEL', 'LAND'], 'orthogonal').problem).count())\n"
        "try:\n    import wordcover.widgets\nexcept ExtraNeeded as err:\n    print(err)\n"
    )
    done = _without_extras(code, blocked=(missing,))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["112", f"a widget needs {missing}: pip install 'wordcover[notebooks]'"]


@pytest.mark.slow
def test_the_api_reference_builds_without_the_extras_and_names_what_it_leaves_out(tmp_path):
    pytest.importorskip("pdoc", reason="pdoc comes with the dev extra")
    build = f"import runpy, sys\nsys.argv = {['build_api.py', '--output', str(tmp_path)]!r} + sys.argv[1:]\n"
    build += f"runpy.run_path({str(ROOT / 'docs' / 'build_api.py')!r}, run_name='__main__')\n"
    refused = _without_extras(build)
    assert refused.returncode == 2 and refused.stderr.splitlines()[-1].endswith("or pass --allow-missing")
    done = _without_extras(build.replace("sys.argv[1:]", "['--allow-missing']"))
    assert done.returncode == 0, done.stderr
    lines = [line.removeprefix("build_api: ").split(" left out: ") for line in done.stderr.splitlines()]
    left_out = {line[0]: line[1] for line in lines if len(line) == 2}
    compiled = ["wordcover.cliques", "wordcover.fast", "wordcover.fast_squares"]
    assert sorted(left_out) == compiled  # every picture module imports without matplotlib (drawn as SVG)
    assert all(left_out[m].endswith(" needs numpy: pip install 'wordcover[fast]'") for m in compiled)
    pages = tmp_path / "wordcover"
    assert (pages / "widgets.html").is_file() and (pages / "views" / "colours.html").is_file()
    assert (pages / "views.html").is_file() and (pages / "views" / "links.html").is_file()
    assert not (pages / "fast.html").exists()
