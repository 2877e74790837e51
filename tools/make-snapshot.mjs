// Run by Node at build time (tools/snapshot.py): boot the vendored Pyodide,
// import every engine module, and write the interpreter's memory. The page's
// worker restores it instead of starting CPython from scratch. Node loads the
// same pyodide.asm.wasm the browser does, so the heap fits it.
//
// Inputs come from the environment, and the build feeds this file to Node on
// stdin: a path given as the program or an argument would end up inside the
// heap (Pyodide's argv), and the heap ships to every visitor.
//   SAFEHOUSE_SITE      the site being built (vendor/pyodide/, engine/files.json)
//   SAFEHOUSE_SNAPSHOT  where to write the raw heap
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const site = process.env.SAFEHOUSE_SITE;
const { loadPyodide } = await import(pathToFileURL(site + "/vendor/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: site + "/vendor/pyodide/", _makeSnapshot: true });
const names = JSON.parse(readFileSync(site + "/engine/files.json", "utf8"));
for (const name of names) {
  pyodide.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
  pyodide.FS.writeFile(name, readFileSync(site + "/" + name));
}
pyodide.runPython(`
import importlib
for name in ${JSON.stringify(names)}:
    importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
`);
writeFileSync(process.env.SAFEHOUSE_SNAPSHOT, pyodide.makeMemorySnapshot());
