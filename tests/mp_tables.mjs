// Draws tables under the page's MicroPython, for tests/test_ui_interpreters.py:
// node mp_tables.mjs <built site> <source root> <payloads.json> <out.json>
// reads a JSON list of payloads and writes the list of their tables'
// markup, as pyapp.ui.tables draws them with nothing selected and no hint.
import { readFileSync, writeFileSync } from "node:fs";
import { loadUi } from "./mp_ui.mjs";

const [site, root, inPath, outPath] = process.argv.slice(2);
const mp = await loadUi(site, root);
mp.runPython("import json\nfrom pyapp.ui.tables import TABLES");
const drawn = [];
for (const payload of JSON.parse(readFileSync(inPath, "utf8"))) {
  mp.globals.set("text", JSON.stringify(payload));
  mp.runPython("payload = json.loads(text)\n"
               + "html = TABLES[payload['game']].table_html(payload, [], None)");
  drawn.push(mp.globals.get("html"));
}
writeFileSync(outPath, JSON.stringify(drawn));
