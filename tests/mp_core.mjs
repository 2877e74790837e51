// Runs the page core under the page's MicroPython, for tests/test_ui_interpreters.py:
// node mp_core.mjs <built site> <source root> <in.json> <out.json>
// in.json is {"catalogue": [...], "events": [event, ...]}; out.json gets, for
// each event, the effects that pyapp.ui.core.update gave for it, on a model
// whose store starts empty.
import { readFileSync, writeFileSync } from "node:fs";
import { loadUi } from "./mp_ui.mjs";

const [site, root, inPath, outPath] = process.argv.slice(2);
const mp = await loadUi(site, root);
mp.globals.set("text", readFileSync(inPath, "utf8"));
mp.runPython(`
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
