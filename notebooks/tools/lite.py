"""Build the browser edition: the series in JupyterLite, run by Pyodide, with nothing fetched from elsewhere.

    python notebooks/tools/lite.py --out build/lite              # build the site (npm and PyPI once, then the cache)
    python notebooks/tools/lite.py --out build/lite --offline    # the same from the cache alone, or one line saying
                                                                 # what is missing from it
    python -m http.server -d build/lite -b 127.0.0.1 8000        # serve it, then open http://127.0.0.1:8000/
    python notebooks/tools/lite.py --relock                      # rewrite lite/requirements.txt (pins and hashes)

What goes in (the ``lite`` extra installs the build's own tools, jupyterlite-core and its Pyodide kernel):

* Pyodide's core (the interpreter and the standard library) from the npm package pinned in ``lite/package-lock.json``,
  installed with ``npm ci`` into the cache. The npm package holds no wheels, not even micropip.
* Every Python wheel the kernel and the notebooks load, from PyPI, pinned with their hashes in
  ``lite/requirements.txt`` (``pip download`` checks them, into the cache). Pyodide's lock file names the kernel's
  pure-Python packages under the same file names as PyPI but with other hashes, so the site's ``pyodide-lock.json`` is
  written anew: only the wheels shipped, each with its file's hash and the dependencies its own metadata names for
  Python in the browser; the four wheels of the kernel's own index (piplite, ipykernel, pyodide-kernel and a
  widgetsnbextension stub) are in it too, so everything loads at once while Pyodide starts.
* wordcover and the notebooks' solutions, as wheels made here with a version of their own (``0.2.0+lite.`` and a hash
  of their sources), so a browser never reuses a stale copy. The solutions ship as a wheel because over plain HTTP
  from another machine the browser runs no service worker, and without one the kernel cannot read the notebooks'
  folder.
* The learner's copy of the series as ``my_copy.py`` lays it out, and the widgets demo; notebook 08 (numba, which has
  no WebAssembly build) is replaced by a note that links its static page, exported into the site by ``export.py``.

wordcover, tqdm, ipywidgets and anywidget are loaded while the kernel starts; the kernel's package index is the
site's alone: ``%pip install`` finds what the site holds or says PyPI is disabled (``micropip.install`` called by
hand still asks PyPI for what the site lacks: the kernel offers no way to set micropip's index before a learner's
code runs). Serve the folder over HTTPS or from 127.0.0.1 (a browser gives a service worker only to those); a
``file://`` URL does not work for JupyterLite at all: for reading without a server, use ``export.py``'s static pages.
"""

from __future__ import annotations

import stopping  # isort: skip  # first: a Ctrl-C while the rest loads is noted

import argparse
import base64
import contextlib
import email.parser
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from my_copy import make_copy  # beside this script: Python puts a script's own folder first on sys.path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pip's own copy of tomli
    from pip._vendor import tomli as tomllib

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks
ROOT = HERE.parent  # the checkout
PINS = TOOLS / "lite"  # package.json and package-lock.json (Pyodide's core), requirements.txt (the wheels)
REQUIREMENTS = PINS / "requirements.txt"
MARKER = ".wordcover-lite"  # in every site this script builds: a folder without it is not replaced without --force
DEFAULT_CACHE = pathlib.Path(os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache") / "wordcover-lite"

# what the kernel loads on its own (pyodide-kernel 0.8.6: micropip, then ipykernel, comm, pyodide-kernel, jedi and
# ipython through piplite) and what the notebooks import beyond the standard library and the kernel
KERNEL = ["micropip", "comm", "jedi", "ipython"]
NOTEBOOKS = ["tqdm", "ipywidgets", "anywidget"]
# wheels whose JupyterLab extensions the site serves: the kernel itself, the widgets' manager, anywidget's front end
FRONT_END = ["jupyterlite-pyodide-kernel", "jupyterlab-widgets", "anywidget"]
FRONT_END_ONLY = {"jupyterlite-pyodide-kernel", "jupyterlab-widgets"}  # not loaded by the kernel
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Pyodide's npm package: what the site needs of it (no source maps, no type declarations, no console pages)
CORE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
LEFT_OUT = {"08_making_it_fast.ipynb": "numba, which compiles the engine, has no build for Python in the browser"}
INLINE = re.compile(r"^%matplotlib inline$", re.M)  # the notebooks' first code cell asks for matplotlib's PNGs
BROWSER_PICTURES = "# (no matplotlib here: the pictures draw themselves as SVG)"
PAGES = "pages"  # the static pages of the notebooks left out, inside the site's files


class CannotFetch(SystemExit):
    """What the build needs is neither in the cache nor fetched (offline, or the registry could not be reached)."""


def log(message: str) -> None:
    print(f"lite: {message}", flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def canonical(name: str) -> str:
    """A distribution's name as the lock file and PyPI compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


# ---------------------------------------------------------------------------------------------------------------------
# Pyodide's core, from npm


def pyodide_core(cache: pathlib.Path, offline: bool) -> pathlib.Path:
    """The folder of the npm package ``pyodide`` as ``lite/package-lock.json`` pins it, put in the cache once."""
    lock = (PINS / "package-lock.json").read_bytes()
    place = cache / "npm" / sha256(lock + (PINS / "package.json").read_bytes())[:16]
    core = place / "node_modules" / "pyodide"
    version = json.loads(lock)["packages"]["node_modules/pyodide"]["version"]
    if (place / "complete").is_file():
        log(f"Pyodide {version} from the cache ({core})")
        return core
    if offline:
        raise CannotFetch(f"lite: Pyodide {version} is not in the cache {cache} yet, and --offline forbids npm")
    npm = shutil.which("npm")
    if npm is None:
        raise CannotFetch("lite: npm is missing: install Node.js with npm (Pyodide's core comes from the npm registry)")
    log(f"Pyodide {version} from npm into {place} (once)")
    shutil.rmtree(place, ignore_errors=True)
    place.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(PINS / name, place / name)
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
        cwd=place,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or not (core / "pyodide.mjs").is_file():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise CannotFetch(f"lite: npm ci could not install Pyodide {version}: {last}")
    (place / "complete").write_text(version + "\n")
    return core


def core_lock(core: pathlib.Path) -> dict:
    return json.loads((core / "pyodide-lock.json").read_text())


# ---------------------------------------------------------------------------------------------------------------------
# the wheels, from PyPI


def read_requirements(path: pathlib.Path = REQUIREMENTS) -> dict[str, tuple[str, str]]:
    """``lite/requirements.txt`` as {canonical name: (version, sha256)}."""
    pins: dict[str, tuple[str, str]] = {}
    for line in path.read_text().replace("\\\n", " ").splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        found = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not found:
            raise SystemExit(f"lite: {path.name}: cannot read {line!r} (want NAME==VERSION --hash=sha256:HEX)")
        pins[canonical(found[1])] = (found[2], found[3])
    return pins


def pip_download(specs: list[str], dest: pathlib.Path, python: str) -> None:
    """``pip download`` these pure-Python wheels (no dependencies) for CPython ``python`` in the browser."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(specs) + "\n")
    try:
        done = subprocess.run(
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check"),
                *("--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none"),
                *("--python-version", python, "--dest", str(dest), "-r", listing.name),
            ],
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(listing.name)
    if done.returncode != 0:
        lines = [ln for ln in done.stderr.strip().splitlines() if ln.strip() and "is ignored" not in ln]
        raise CannotFetch(f"lite: pip download failed: {(lines or ['no message'])[-1].strip()}")


def fetch_wheels(
    pins: dict[str, tuple[str, str]], cache: pathlib.Path, python: str, offline: bool
) -> list[pathlib.Path]:
    """Every pinned wheel, from the cache when a file there has the pinned hash, else from PyPI (checked too)."""
    store = cache / "wheels"
    store.mkdir(parents=True, exist_ok=True)
    by_hash = {}
    for path in store.glob("*.whl"):
        by_hash[sha256(path.read_bytes())] = path
    missing = [f"{name}=={version} --hash=sha256:{digest}" for name, (version, digest) in pins.items()]
    missing = [spec for spec in missing if spec.rsplit(":", 1)[1] not in by_hash]
    if missing and offline:
        raise CannotFetch(
            f"lite: {len(missing)} of the {len(pins)} wheels are not in the cache {store} "
            f"(e.g. {missing[0].split()[0]}),"
            " and --offline forbids PyPI"
        )
    if missing:
        log(f"{len(missing)} of {len(pins)} wheels from PyPI into {store}")
        with tempfile.TemporaryDirectory(dir=store) as fresh:
            pip_download(missing, pathlib.Path(fresh), python)
            for path in pathlib.Path(fresh).glob("*.whl"):
                digest = sha256(path.read_bytes())
                by_hash[digest] = path.replace(store / path.name)
    else:
        log(f"{len(pins)} wheels from the cache ({store})")
    wheels = []
    for name, (version, digest) in sorted(pins.items()):
        if digest not in by_hash:
            raise SystemExit(f"lite: pip gave no wheel of {name}=={version} with the pinned hash")
        wheels.append(by_hash[digest])
    return wheels


def wheel_metadata(path: pathlib.Path) -> tuple[email.message.Message, list[str]]:
    """A wheel's METADATA and the names of the files it holds."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(whl.read(meta).decode()), names


def browser_environment(python: str) -> dict[str, str]:
    """The values of PEP 508's markers in Pyodide's CPython ``python`` (e.g. "3.14.2") in a browser."""
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "python_version": ".".join(python.split(".")[:2]),
        "sys_platform": "emscripten",
        "extra": "",
    }


def requirements_of(meta: email.message.Message, python: str) -> list[str]:
    """The canonical names a wheel requires in the browser (its extras left out)."""
    from packaging.requirements import Requirement

    needed = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(browser_environment(python)):
            needed.append(canonical(req.name))
    return needed


def top_level(names: list[str]) -> list[str]:
    """The names a wheel's files make importable (its packages and modules at the top)."""
    tops = set()
    for name in names:
        head = name.split("/", 1)[0]
        if head.endswith((".dist-info", ".data")):
            continue
        if "/" in name or name.endswith(".py"):
            tops.add(head.removesuffix(".py"))
    return sorted(tops)


# ---------------------------------------------------------------------------------------------------------------------
# wordcover and the solutions, as wheels with a version of their own


def make_wheel(dest: pathlib.Path, name: str, version: str, files: dict[str, bytes], summary: str, requires: list[str]):
    """Write a pure-Python wheel of ``files`` (path in the wheel: bytes), byte for byte the same for the same input."""
    dist = re.sub(r"[-_.]+", "_", name)
    info = f"{dist}-{version}.dist-info"
    meta = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}", f"Summary: {summary}"]
    meta += ["Requires-Python: >=3.10", *(f"Requires-Dist: {r}" for r in requires)]
    files = {
        **files,
        f"{info}/METADATA": ("\n".join(meta) + "\n").encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: lite.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [
        f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}"
        for path, data in sorted(files.items())
    ]
    files[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    target = dest / f"{dist}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as whl:
        for path, data in sorted(files.items()):
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(entry, data)
    return target


def label(files: dict[str, bytes]) -> str:
    """A local version label from a hash of the files: the same sources, the same label."""
    digest = hashlib.sha256()
    for path, data in sorted(files.items()):
        digest.update(path.encode() + b"\0" + sha256(data).encode() + b"\n")
    return f"lite.{digest.hexdigest()[:12]}"


def package_files(folder: pathlib.Path, prefix: str, patterns: list[str]) -> dict[str, bytes]:
    """The files of ``folder`` matching ``patterns`` (globs, relative to it), by their path in the wheel."""
    found = {}
    for pattern in patterns:
        for path in folder.glob(pattern):
            if path.is_file() and "__pycache__" not in path.parts:
                found[f"{prefix}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    return found


def own_wheels(dest: pathlib.Path) -> list[pathlib.Path]:
    """wordcover (as pyproject.toml packages it) and the notebooks' solutions, each with a version of its own."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    source = ROOT / "lib" / "wordcover"
    data = project["tool"]["setuptools"]["package-data"]["wordcover"]
    files = package_files(source, "wordcover", ["**/*.py", *data])
    init = files["wordcover/__init__.py"].decode()
    (base,) = re.findall(r'^__version__ = "([^"]+)"$', init, re.M)
    version = f"{base}+{label(files)}"
    # the version the library reports is the wheel's, so a learner can tell which build a site runs
    files["wordcover/__init__.py"] = init.replace(f'__version__ = "{base}"', f'__version__ = "{version}"', 1).encode()
    summary = project["project"]["description"]
    wordcover = make_wheel(dest, "wordcover", version, files, summary, project["project"]["dependencies"])
    solutions = package_files(HERE / "solutions", "solutions", ["*.py"]) | package_files(
        HERE / "lessons", "lessons", ["*.py"]
    )
    solutions_version = f"{base}+{label(solutions)}"
    answers = make_wheel(
        dest,
        "wordcover-solutions",
        solutions_version,
        solutions,
        "The exercises' solutions and checks, and the notebooks' lessons",
        ["wordcover"],
    )
    return [wordcover, answers]


# ---------------------------------------------------------------------------------------------------------------------
# the lock file


def kernel_index(wheels: list[pathlib.Path]) -> set[str]:
    """The packages the kernel ships in its own index (piplite, ipykernel, pyodide-kernel, widgetsnbextension)."""
    kernel = next(w for w in wheels if w.name.startswith("jupyterlite_pyodide_kernel-"))
    with zipfile.ZipFile(kernel) as whl:
        index = next(n for n in whl.namelist() if n.endswith("/static/pypi/all.json"))
        return {canonical(name) for name in json.loads(whl.read(index))}


def kernel_wheels(wheels: list[pathlib.Path], folder: pathlib.Path) -> list[pathlib.Path]:
    """The wheels of the kernel's own index, written into ``folder``: the newest of each name (their hashes are in
    the kernel's wheel, itself pinned by hash). In the lock, they load with the rest while Pyodide starts, instead of
    one by one through piplite after it."""
    kernel = next(w for w in wheels if w.name.startswith("jupyterlite_pyodide_kernel-"))
    newest: dict[str, tuple[tuple[int, ...], str]] = {}
    with zipfile.ZipFile(kernel) as whl:
        for name in whl.namelist():
            if "/static/pypi/" in name and name.endswith(".whl"):
                dist, version = pathlib.PurePosixPath(name).name.split("-")[:2]
                key = tuple(int(part) for part in version.split("."))
                if canonical(dist) not in newest or key > newest[canonical(dist)][0]:
                    newest[canonical(dist)] = (key, name)
        written = []
        for _key, name in newest.values():
            target = folder / pathlib.PurePosixPath(name).name
            target.write_bytes(whl.read(name))
            written.append(target)
    return written


def write_lock(core: pathlib.Path, wheels: list[pathlib.Path], folder: pathlib.Path) -> dict:
    """Pyodide's lock file for the wheels in the site: PyPI's (and ours) files and hashes, their own dependencies."""
    python = core_lock(core)["info"]["python"]
    entries = {}
    for path in wheels:
        meta, names = wheel_metadata(path)
        name = canonical(meta["Name"])
        if name in FRONT_END_ONLY:
            continue
        entries[name] = {
            "name": name,
            "version": meta["Version"],
            "file_name": path.name,
            "install_dir": "site",
            "sha256": sha256(path.read_bytes()),
            "package_type": "package",
            "imports": top_level(names),
            "depends": requirements_of(meta, python),
            "unvendored_tests": False,
        }
    # the front end serves jupyterlab-widgets, which ipywidgets asks for but the kernel never imports
    for entry in entries.values():
        unknown = [d for d in entry["depends"] if d not in entries and d not in FRONT_END_ONLY]
        if unknown:
            raise SystemExit(f"lite: {entry['name']} needs {', '.join(unknown)}, which the site does not ship")
        entry["depends"] = sorted(d for d in entry["depends"] if d in entries)
    lock = {"info": core_lock(core)["info"], "packages": dict(sorted(entries.items()))}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


# ---------------------------------------------------------------------------------------------------------------------
# the series


def note_for(name: str, why: str) -> dict:
    """A notebook in place of one left out: its link lines, a note, and the link to its static page."""
    import nbformat

    original = nbformat.read(HERE / name, as_version=4)
    title = original.cells[1].source.splitlines()[0].lstrip("# ")
    page = f"{PAGES}/{name.removesuffix('.ipynb')}.html"
    note = nbformat.v4.new_markdown_cell(
        f"# {title}\n\n"
        f"This notebook is left out of the browser edition: it needs {why}.\n\n"
        f"**[Read it with its outputs on its static page]({page})**, or run it on your own machine "
        "(the README's quick start says how)."
    )
    note.id = "browser-note"
    nb = nbformat.v4.new_notebook(cells=[original.cells[0], note, original.cells[-1]], metadata=original.metadata)
    return nb


def series(folder: pathlib.Path) -> list[str]:
    """The learner's copy of the series in ``folder``, the notebooks left out replaced by notes; their names."""
    import nbformat
    from export import EXTRA, export  # nbconvert: only when the site is built

    copied = make_copy(folder)
    for name in EXTRA:  # beside the series, as in export.py's pages, whose top bar links it
        shutil.copyfile(HERE / name, folder / name)
        copied.append(folder / name)
    (folder / "data").mkdir()  # the records of long runs the notebooks read (solutions.record looks in ./data)
    for path in sorted((HERE.parent / "data").glob("*.json")):
        shutil.copyfile(path, folder / "data" / path.name)
    work = pathlib.Path(tempfile.mkdtemp(prefix="pages-"))
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # its lines name pages in a folder that is thrown away
            export(work, [n.removesuffix(".ipynb") for n in LEFT_OUT])
        (folder / PAGES).mkdir()
        for name, why in LEFT_OUT.items():
            page = name.removesuffix(".ipynb") + ".html"
            html = (work / page).read_text()
            # JupyterLite shows the page in a sandboxed frame that runs no script, where a link to another page of
            # the series (the live notebooks, here) would open a JupyterLite that cannot start: the top bar goes,
            # the prev/next lines keep their words without the links; the note around the page links the series
            html = re.sub(r'<nav class="wordcover-nav">.*?</nav>', "", html, flags=re.S)
            html = re.sub(r'<a href="\w+\.html">([^<]*)</a>', r"\1", html)
            (folder / PAGES / page).write_text(html)
            nbformat.write(note_for(name, why), folder / name)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for path in folder.glob("*.ipynb"):
        # each text whole, not a list of lines as nbformat writes it: JupyterLite shows a saved output given as a list
        # with a comma at the start of every line after the first (JupyterLab's server joins them before sending)
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:  # no matplotlib in the browser: the pictures show themselves as SVG
            if cell.cell_type == "code":
                cell.source = INLINE.sub(BROWSER_PICTURES, cell.source)
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    return [p.name for p in copied]


# ---------------------------------------------------------------------------------------------------------------------
# the site


def check_out(out: pathlib.Path, force: bool) -> None:
    """Refuse a folder that is not a site built here (unless ``force``), and always the checkout or a folder above."""
    out = out.resolve()
    if out == ROOT or out in ROOT.parents or out == pathlib.Path.home() or out in (HERE, TOOLS):
        raise SystemExit(f"lite: {out} holds more than a site: name a folder of its own, e.g. build/lite")
    if out.exists() and not out.is_dir():
        raise SystemExit(f"lite: {out} is a file: name a folder for the site")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file() and not force:
        raise SystemExit(
            f"lite: {out} is not empty and is not a site this script built (no {MARKER} in it); "
            "choose another folder, or add --force to replace it"
        )


def build(out: pathlib.Path, cache: pathlib.Path = DEFAULT_CACHE, force: bool = False, offline: bool = False) -> dict:
    """Build the site into ``out``; return what was measured (files, bytes, seconds)."""
    start = time.perf_counter()
    out = out.resolve()
    check_out(out, force)
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ModuleNotFoundError as err:
        raise SystemExit(
            f"lite: {err.name} is missing: python -m pip install -e '.[lite]' -c constraints-dev.txt"
        ) from None
    core = pyodide_core(cache, offline)
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    version = json.loads((core / "package.json").read_text())["version"]
    if version != PYODIDE_VERSION:
        raise SystemExit(f"lite: the kernel is made for Pyodide {PYODIDE_VERSION}, lite/package.json pins {version}")
    python = core_lock(core)["info"]["python"]
    wheels = fetch_wheels(read_requirements(), cache, python, offline)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix=".lite-", dir=out.parent))
    try:
        lite_dir, site = work / "src", work / "site"
        pyodide = lite_dir / "static" / "pyodide"  # where jupyterlite's Pyodide addon looks first
        pyodide.mkdir(parents=True)
        for name in CORE_FILES:
            shutil.copyfile(core / name, pyodide / name)
        ours = own_wheels(pyodide)
        browser = [w for w in wheels if canonical(wheel_metadata(w)[0]["Name"]) not in FRONT_END_ONLY]
        for path in browser:
            shutil.copyfile(path, pyodide / path.name)
        lock = write_lock(core, [*browser, *kernel_wheels(wheels, pyodide), *ours], pyodide)
        versions = {name: entry["version"] for name, entry in lock["packages"].items()}
        log(f"wordcover {versions['wordcover']} and its solutions as wheels; {len(lock['packages'])} packages locked")
        notebooks = series(lite_dir / "files")
        log(f"{len(notebooks)} notebooks laid out ({', '.join(LEFT_OUT)} replaced by a note)")
        # everything the kernel would install after Pyodide starts, and what the notebooks import, loads with it
        preload = [*KERNEL, "piplite", "ipykernel", "pyodide-kernel", *NOTEBOOKS, "wordcover", "wordcover-solutions"]
        settings = {
            "disablePyPIFallback": True,  # piplite looks in the site's index only
            "loadPyodideOptions": {"packages": preload},
        }
        config = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "wordcover: word puzzles and Dancing Links",
                "exposeAppInBrowser": True,  # window.jupyterapp: the browser test reads each notebook's outputs there
                "litePluginSettings": {KERNEL_PLUGIN: settings},
            },
        }
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        extensions = [str(w) for w in wheels if canonical(wheel_metadata(w)[0]["Name"]) in FRONT_END]
        build_config = {
            "LiteBuildConfig": {
                "federated_extensions": extensions,
                "ignore_sys_prefix": True,  # the extensions named here, not whatever this environment has installed
                "no_sourcemaps": True,
                "contents": ["files"],
            }
        }
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n")
        log("jupyter lite build")
        done = subprocess.run(
            [
                *(sys.executable, "-c", "from jupyterlite_core.app import main; main()", "build"),
                *("--lite-dir", str(lite_dir), "--output-dir", str(site)),
            ],
            cwd=lite_dir,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            lines = [ln for ln in (done.stdout + done.stderr).strip().splitlines() if ln.strip()]
            raise SystemExit(f"lite: jupyter lite build failed: {(lines or ['no message'])[-1].strip()}")
        check_site(site, lock)
        (site / MARKER).write_text(json.dumps({"built by": "notebooks/tools/lite.py", "versions": versions}) + "\n")
        if out.exists():
            old = work / "old"
            out.rename(old)
        site.rename(out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    files = [p for p in out.rglob("*") if p.is_file()]
    measured = {
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
        "seconds": time.perf_counter() - start,
    }
    log(f"built {out}: {measured['files']} files, {measured['bytes'] / 1e6:.1f} MB, in {measured['seconds']:.1f} s")
    return measured


def check_site(site: pathlib.Path, lock: dict) -> None:
    """The built site points at itself: Pyodide and every locked wheel in it, no package index outside it."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    urls = [kernel.get("pyodideUrl", ""), *kernel.get("pipliteUrls", [])]
    outside = [u for u in urls if not u.startswith("./")]
    if outside or not kernel.get("disablePyPIFallback"):
        raise SystemExit(f"lite: the built site's kernel looks outside the site ({outside or 'PyPI fallback on'})")
    folder = site / "static" / "pyodide"
    absent = [e["file_name"] for e in lock["packages"].values() if not (folder / e["file_name"]).is_file()]
    if absent or not (folder / "pyodide.mjs").is_file():
        raise SystemExit(f"lite: the built site lacks {', '.join(absent) or 'pyodide.mjs'}")


# ---------------------------------------------------------------------------------------------------------------------
# the pins


def relock(cache: pathlib.Path = DEFAULT_CACHE) -> None:
    """Rewrite lite/requirements.txt: what the kernel and the notebooks load, with their dependencies, and hashes.

    A package in Pyodide's own lock file takes its version there (the kernel was released against that set);
    any other takes the version constraints-dev.txt pins (what the notebooks run with here).
    """
    from packaging.requirements import Requirement

    core = pyodide_core(cache, offline=False)
    pyodide_lock = core_lock(core)
    python = pyodide_lock["info"]["python"]
    pyodide_versions = {canonical(n): e["version"] for n, e in pyodide_lock["packages"].items()}
    pinned = {}
    for line in (ROOT / "constraints-dev.txt").read_text().splitlines():
        if line and not line.startswith((" ", "#")):
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate(browser_environment(python)):
                pinned[canonical(req.name)] = str(req.specifier).removeprefix("==")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*KERNEL, *NOTEBOOKS, *(canonical(Requirement(r).name) for r in project["dependencies"]), *FRONT_END]
    found: dict[str, tuple[str, str, list[str]]] = {}  # name: (version, sha256, why)
    why: dict[str, list[str]] = {}
    for names, reason in [(KERNEL, "the kernel"), (NOTEBOOKS, "the notebooks"), (FRONT_END, "the site's front end")]:
        for name in names:
            why.setdefault(canonical(name), []).append(reason)
    with tempfile.TemporaryDirectory() as tmp:
        queue, skip = list(dict.fromkeys(canonical(n) for n in wanted)), set()
        while queue:
            batch = [n for n in queue if n not in found and n not in skip]
            queue = []
            if not batch:
                break
            specs = []
            for name in batch:
                version = pyodide_versions.get(name) or pinned.get(name)
                if version is None:
                    raise SystemExit(f"lite: no version for {name} in Pyodide's lock file nor in constraints-dev.txt")
                specs.append(f"{name}=={version}")
            log(f"pip download {' '.join(specs)}")
            pip_download(specs, pathlib.Path(tmp), python)
            for path in pathlib.Path(tmp).glob("*.whl"):
                meta, _ = wheel_metadata(path)
                name = canonical(meta["Name"])
                if name in found:
                    continue
                found[name] = (meta["Version"], sha256(path.read_bytes()), why.get(name, []))
                if name == "jupyterlite-pyodide-kernel":
                    skip |= kernel_index([path])
                    continue  # the build's front end: its Python requirements are the build's, not the browser's
                for dep in requirements_of(meta, python):
                    why.setdefault(dep, []).append(name)
                    queue.append(dep)
    head = [
        "# The Python wheels of the browser edition, from PyPI: read by notebooks/tools/lite.py, which downloads",
        "# them with these hashes; rewritten by `python notebooks/tools/lite.py --relock` (the kernel's packages at",
        "# the versions of Pyodide's lock file, the others at constraints-dev.txt's, and what each needs)",
    ]
    lines = [
        f"{name}=={version} --hash=sha256:{digest}  # {', '.join(dict.fromkeys(reasons)) or 'a dependency'}"
        for name, (version, digest, reasons) in sorted(found.items())
    ]
    REQUIREMENTS.write_text("\n".join([*head, *lines]) + "\n")
    log(f"wrote {REQUIREMENTS.relative_to(ROOT)}: {len(lines)} wheels")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "lite", help="default: %(default)s")
    parser.add_argument("--cache", type=pathlib.Path, default=DEFAULT_CACHE, help="default: %(default)s")
    parser.add_argument("--offline", action="store_true", help="use the cache only; never npm or PyPI")
    parser.add_argument("--force", action="store_true", help="replace --out even if it is not a site built here")
    parser.add_argument("--relock", action="store_true", help="rewrite lite/requirements.txt, then stop")
    args = parser.parse_args(argv)
    if args.relock:
        relock(args.cache)
        return
    build(args.out, args.cache, args.force, args.offline)


if __name__ == "__main__":
    sys.exit(stopping.stoppable(main, "lite"))
