"""Build the API reference, one HTML page a public module of wordcover, from the docstrings with pdoc.

Run:  python docs/build_api.py [--output DIR] [--allow-missing]

Nothing is fetched: pdoc renders from the installed package and writes plain HTML files (default
``build/api/``; open ``index.html``). A module that needs an extra which is not installed (the fast
engine without numba, say) cannot be imported, so it cannot be documented: the build stops and names
it and the extra, or, with ``--allow-missing``, leaves its page out and says so. Last, it checks that
every public module has its page and exits 1 if one is missing.
"""

from __future__ import annotations

import argparse
import importlib
import pathlib
import pkgutil
import re
import shutil
import sys
import warnings

import wordcover
from wordcover.errors import ExtraNeeded

ROOT = pathlib.Path(__file__).resolve().parent.parent


def public_modules() -> list[str]:
    """Every module of the package a user may import, found without importing any: no part starts with _."""
    found = ["wordcover"]
    for info in pkgutil.walk_packages(wordcover.__path__, "wordcover.", onerror=lambda name: None):
        if not any(part.startswith("_") for part in info.name.split(".")):
            found.append(info.name)
    return sorted(found)


def importable(modules: list[str]) -> tuple[list[str], dict[str, str]]:
    """The modules that import here, and for each one that cannot, the one line saying which extra it needs."""
    ok, missing = [], {}
    for name in modules:
        try:
            module = importlib.import_module(name)
            for attribute in getattr(module, "__all__", ()):  # pdoc reads them all, and some load on first use
                getattr(module, attribute)
        except ExtraNeeded as err:
            missing[name] = str(err)
        else:
            ok.append(name)
    return ok, missing


def page(output: pathlib.Path, module: str) -> pathlib.Path:
    """Where pdoc writes a module's page."""
    return output / (module.replace(".", "/") + ".html")


def build(output: pathlib.Path, modules: list[str]) -> None:
    """Render the pages of ``modules`` (their docstrings read as reStructuredText) into ``output``, afresh."""
    import pdoc
    import pdoc.docstrings
    import pdoc.render

    if output.exists():
        shutil.rmtree(output)
    output.mkdir(parents=True)
    pdoc.render.configure(docformat="restructuredtext", footer_text=f"wordcover {wordcover.__version__}")
    convert_rst = pdoc.docstrings.rst

    def rst(contents: str, source_file: pathlib.Path | None) -> str:
        """pdoc's reading of reStructuredText, taught the ~ of :mod:`~wordcover.problem` (Sphinx: the short name)."""
        return convert_rst(re.sub(r"(:(?:mod|func|class|meth|attr|exc|obj|data):`)~", r"\1", contents), source_file)

    pdoc.docstrings.rst = rst
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*modules, output_directory=output)
    for warning in caught:  # e.g. an annotation this Python cannot evaluate: the page shows it as written
        print(f"build_api: pdoc: {str(warning.message).splitlines()[0]}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=pathlib.Path, default=ROOT / "build" / "api", help="default: build/api")
    parser.add_argument(
        "--allow-missing", action="store_true", help="leave out the pages of modules whose extra is not installed"
    )
    args = parser.parse_args(argv)
    try:
        import pdoc  # noqa: F401
    except ImportError:
        print("build_api: pdoc is not installed: pip install -r requirements-dev.txt", file=sys.stderr)
        return 2
    wanted = public_modules()
    modules, missing = importable(wanted)
    for name, why in missing.items():
        print(f"build_api: {name} left out: {why}", file=sys.stderr)
    if missing and not args.allow_missing:
        print("build_api: install the extras above, or pass --allow-missing", file=sys.stderr)
        return 2
    build(args.output, modules)
    absent = [name for name in modules if not page(args.output, name).is_file()]
    if absent:
        print(f"build_api: no page for {', '.join(absent)}", file=sys.stderr)
        return 1
    print(f"build_api: {len(modules)} module pages in {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
