// Run by Node at build time (tools/snapshot.py), in two steps:
// 1. boot the vendored Pyodide with its whole standard library, import every
//    engine module, and write the engine's own standard library: only the
//    modules now loaded, compiled (no source to compile in the browser) and
//    without docstrings (but Pyodide's own packages, which read theirs);
//    and the engine's modules, compiled as they are, in one zip: the
//    worker's plain boot fetches it in one request and imports them without
//    compiling (the 44 .py files took 44 requests, which queued before
//    Pyodide's own downloads, and 0.3-0.5 s to compile in the browser);
// 2. boot again from that library, import every engine module, zero the
//    heap's free memory (garbage compresses badly), and write the
//    interpreter's memory without its long runs of zeros (most of it: the
//    worker then inflates 13 MB, not 31). The page's worker restores it
//    instead of starting CPython from scratch; it mounts the same library,
//    whose directory the heap has cached. Node loads the same
//    pyodide.asm.wasm the browser does.
//
// Inputs come from the environment, and the build feeds this file to Node on
// stdin: a path given as the program or an argument would end up inside the
// heap (Pyodide's argv), and the heap ships to every visitor.
//   SAFEHOUSE_SITE      the site being built (vendor/pyodide/, engine/files.json)
//   SAFEHOUSE_STDLIB    where to write the engine's standard library (a zip)
//   SAFEHOUSE_MODULES   where to write the engine's modules, compiled (a zip)
//   SAFEHOUSE_SNAPSHOT  where to write the heap, in runs (withoutZeroRuns)
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const site = process.env.SAFEHOUSE_SITE;
const { loadPyodide } = await import(pathToFileURL(site + "/vendor/pyodide/pyodide.mjs").href);
const names = JSON.parse(readFileSync(site + "/engine/files.json", "utf8"));
const SNAPSHOT_MAGIC = 0x4e534853;  // "SHSN" little-endian; the worker checks it

async function bootWithEngine(options) {
  const pyodide = await loadPyodide({ indexURL: site + "/vendor/pyodide/", ...options });
  for (const name of names) {
    pyodide.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
    pyodide.FS.writeFile(name, readFileSync(site + "/" + name));
  }
  pyodide.runPython(`
import importlib
for name in ${JSON.stringify(names)}:
    importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
`);
  return pyodide;
}

// A timestamp .pyc with no source beside it: zipimport takes it as is.
// (marshal marks the objects referred to more than once, so its bytes
// depend on who holds `code`: each caller keeps it in a variable.)
const PYC_ENTRY = `
import importlib.util, marshal, zipfile
def write_pyc(out, path, code):
    info = zipfile.ZipInfo(path[:-3] + ".pyc", (1980, 1, 1, 0, 0, 0))
    out.writestr(info, importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code), zipfile.ZIP_DEFLATED)
`;

const LOADED_STDLIB = `
import sys
whole = "/lib/python%d%d.zip" % sys.version_info[:2]
source = zipfile.ZipFile(whole)
wanted = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(whole + "/"):
        path = origin[len(whole) + 1:]
        parts = path.split("/")[:-1]
        wanted.add(path)
        wanted.update("/".join(parts[:n]) + "/__init__.py" for n in range(1, len(parts) + 1))
with zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for path in sorted(wanted):
        optimize = 0 if path.startswith(("pyodide/", "_pyodide/")) else 2
        code = compile(source.read(path), path, "exec", dont_inherit=True, optimize=optimize)
        write_pyc(out, path, code)
`;

// The engine's modules as the .py files import them: docstrings and asserts kept.
const ENGINE_MODULES = `
with zipfile.ZipFile("/tmp/modules.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for path in ${JSON.stringify(names)}:
        with open(path, encoding="utf-8") as file:
            code = compile(file.read(), path, "exec", dont_inherit=True)
        write_pyc(out, path, code)
`;

const whole = await bootWithEngine({});
whole.runPython(PYC_ENTRY + LOADED_STDLIB + ENGINE_MODULES);
writeFileSync(process.env.SAFEHOUSE_STDLIB, whole.FS.readFile("/tmp/stdlib.zip"));
writeFileSync(process.env.SAFEHOUSE_MODULES, whole.FS.readFile("/tmp/modules.zip"));

const pyodide = await bootWithEngine({ stdLibURL: process.env.SAFEHOUSE_STDLIB, _makeSnapshot: true });
pyodide.runPython("import gc; gc.collect()");
zeroFreeMemory(pyodide._module);
writeFileSync(process.env.SAFEHOUSE_SNAPSHOT, withoutZeroRuns(pyodide.makeMemorySnapshot()));

// The heap as the bytes between its runs of at least `least` zeros: "SHSN",
// the heap's length, the number of runs kept, each one's offset and length
// (u32, little-endian), then their bytes. static/engine-worker.mjs puts them
// back into a zeroed heap.
function withoutZeroRuns(heap, least = 4096) {
  const runs = [];
  let start = 0;
  let zeros = 0;
  for (let at = 0; at <= heap.length; at++) {
    if (at < heap.length && heap[at] === 0) { zeros++; continue; }
    if (zeros >= least) {
      if (at - zeros > start) runs.push([start, at - zeros]);
      start = at;
    }
    zeros = 0;
  }
  if (heap.length > start) runs.push([start, heap.length]);
  const head = new DataView(new ArrayBuffer(12 + 8 * runs.length));
  head.setUint32(0, SNAPSHOT_MAGIC, true);
  head.setUint32(4, heap.length, true);
  head.setUint32(8, runs.length, true);
  runs.forEach(([from, to], index) => {
    head.setUint32(12 + 8 * index, from, true);
    head.setUint32(16 + 8 * index, to - from, true);
  });
  return Buffer.concat([new Uint8Array(head.buffer), ...runs.map(([from, to]) => heap.subarray(from, to))]);
}

// Allocate every free byte of the heap (never growing it), zero it, free it.
function zeroFreeMemory(module) {
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const held = [];
  for (let size = 1 << 22; size >= 16; size >>= 2) {
    for (let at = module._malloc(size); at; at = module._malloc(size)) {
      module.HEAPU8.fill(0, at, at + size);
      held.push(at);
    }
  }
  held.forEach((at) => module._free(at));
  module._malloc_set_footprint_limit(-1);
}
