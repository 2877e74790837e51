// Runs the page core under the page's MicroPython, for tests/test_ui_interpreters.py:
// node mp_core.mjs <built site> <source root> <in.json> <out.json>
// in.json is {"catalogue": [...], "events": [event, ...]}; out.json gets, for
// each event, the effects that pyapp.ui.core.update gave for it, on a model
// whose store starts empty.
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
mp.globals.set("text", readFileSync(inPath, "utf8"));
mp.runPython(`
import sys
sys.path.append('/lib')
import json
from pyapp.ui import core, screens


class Storage:
    def __init__(self):
        self.keys = []
        self.items = {}

    @property
    def length(self):
        return len(self.keys)

    def key(self, index):
        return self.keys[index] if index < len(self.keys) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if key not in self.items:
            self.keys.append(key)
        self.items[key] = value

    def removeItem(self, key):
        if key in self.items:
            self.keys.remove(key)
            del self.items[key]


sent = json.loads(text)
model = core.Model(Storage(), sent["catalogue"])
out = json.dumps([core.update(model, event) for event in sent["events"]])
`);
writeFileSync(outPath, mp.globals.get("out"));
