// The page's MicroPython under Node, with the UI's source modules in its
// file system under /lib (for tests/mp_tables.mjs and tests/mp_core.mjs).
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";

export async function loadUi(site, root) {
  const { loadMicroPython } = await import(
    pathToFileURL(site + "/vendor/micropython/micropython.mjs").href);
  const mp = await loadMicroPython({ heapsize: 32 * 1024 * 1024,
                                     stderr: (text) => console.error(text) });
  mp.FS.mkdirTree("/lib/pyapp/ui");
  mp.FS.writeFile("/lib/pyapp/__init__.py", "");
  for (const name of readdirSync(root + "/pyapp/ui")) {
    if (name.endsWith(".py")) {
      mp.FS.writeFile("/lib/pyapp/ui/" + name, readFileSync(root + "/pyapp/ui/" + name, "utf8"));
    }
  }
  mp.runPython("import sys\nsys.path.append('/lib')");
  return mp;
}
