// Draws tables under the page's MicroPython, for tests/test_ui_interpreters.py:
// node mp_tables.mjs <built site> <source root> <payloads.json> <out.json>
// reads a JSON list of payloads and writes the list of their tables'
// markup, as pyapp.ui.tables draws them with nothing selected and no hint.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, root, inPath, outPath] = process.argv.slice(2);
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
mp.runPython("import sys\nsys.path.append('/lib')\nimport json\nfrom pyapp.ui.tables import TABLES");
const drawn = [];
for (const payload of JSON.parse(readFileSync(inPath, "utf8"))) {
  mp.globals.set("text", JSON.stringify(payload));
  mp.runPython("payload = json.loads(text)\n"
               + "html = TABLES[payload['game']].table_html(payload, [], None)");
  drawn.push(mp.globals.get("html"));
}
writeFileSync(outPath, JSON.stringify(drawn));
