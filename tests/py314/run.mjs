// The Python 3.14 lane: tests/py314/check.py on CPython 3.14 compiled to WebAssembly (Pyodide 314.0.6, pinned in
// package.json), so wordcover's core and command line are tested on 3.14 where no native 3.14 can be installed.
//
//   (cd tests/py314 && npm ci --no-audit --no-fund) && node tests/py314/run.mjs
//
// lib/ and tests/ are mounted into Pyodide's file system (no bytecode is written to them), and so is tqdm,
// wordcover's one dependency. tqdm is pure Python, so the copy that `python3` on PATH imports (the project's
// virtual environment, at the version pinned in constraints-dev.txt) runs on 3.14 unchanged and nothing more is
// downloaded; only tqdm's own folder and .dist-info are mounted, not site-packages, whose numpy and numba are
// built for the host's CPython. PYTHON names another interpreter to ask. The exit status is check.py's: 0 only
// when every check passed.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");

let loadPyodide;
try {
  ({ loadPyodide } = await import("pyodide"));
} catch (err) {
  console.error(`Pyodide is not installed (${err.message}): run (cd tests/py314 && npm ci --no-audit --no-fund)`);
  process.exit(2);
}

// tqdm's package folder and its .dist-info (for its version), as the interpreter on PATH (or PYTHON) sees them
function tqdmFolders() {
  const python = process.env.PYTHON || "python3";
  const ask = [
    "import importlib.metadata as m, os, tqdm",
    "print(os.path.dirname(tqdm.__file__))",
    "print(next(f for f in m.distribution('tqdm').files if f.name == 'METADATA').locate().parent)",
  ].join("\n");
  let folders;
  try {
    folders = execFileSync(python, ["-c", ask], { encoding: "utf8" }).trim().split("\n");
  } catch {
    console.error(`${python} cannot import tqdm; activate the project's virtual environment or set PYTHON`);
    process.exit(2);
  }
  const compiled = readdirSync(folders[0], { recursive: true }).filter((f) => /\.(so|pyd)$/.test(f));
  if (compiled.length) {
    console.error(`${folders[0]} holds compiled files (${compiled.join(", ")}); only pure Python runs here`);
    process.exit(2);
  }
  return folders;
}

const [tqdmPackage, tqdmMetadata] = tqdmFolders();
const mounts = [
  [path.join(root, "lib"), "/repo/lib"],
  [path.join(root, "tests"), "/repo/tests"],
  [tqdmPackage, "/deps/tqdm"],
  [tqdmMetadata, `/deps/${path.basename(tqdmMetadata)}`],
];
const py = await loadPyodide();
for (const [host, guest] of mounts) {
  py.FS.mkdirTree(guest);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, guest);
}
try {
  process.exitCode = py.runPython(`
import sys
sys.dont_write_bytecode = True  # leave no __pycache__ in the mounted folders
sys.path.insert(0, "/deps")
if sys.version_info[:2] != (3, 14):
    raise SystemExit(f"expected Python 3.14, Pyodide runs {sys.version}")
import runpy
try:
    runpy.run_path("/repo/tests/py314/check.py", run_name="__main__")
    status = 0
except SystemExit as done:
    status = done.code if isinstance(done.code, int) else 1
    if status == 1 and done.code != 1:
        print(done.code)
status
`);
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
