// The engine worker: Pyodide (CPython in WebAssembly) running pyapp.worker
// off the page's main thread. Platform glue only; every rule is in Python.
//
// It boots from the memory snapshot that build.py makes under Node: a heap in
// which the interpreter is initialised and every engine module is already
// imported, so the interpreter's own start-up is skipped (about 3x faster
// than a plain boot, see bench/boot.py). Should the snapshot be unusable, it
// boots Pyodide the plain way and imports pyapp from its .py files.
//
// Messages. In: first {lock: name}, then {id, call, argument}, where `call` is
// one of pyapp.worker.CALLS and `argument` is JSON text. Out: {locked: true}
// once this worker holds the Web Lock `name` (for its whole life, so the page
// learns at once when it dies); {boot: "snapshot" | "files"} or {failed:
// reason}; then {id, result} or {id, error} per call.

import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const siteUrl = (path) => new URL("../" + path, import.meta.url).href;
const INDEX_URL = siteUrl("vendor/pyodide/");

async function fetchOk(path) {
  const response = await fetch(siteUrl(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function snapshotBytes() {
  const packed = new Uint8Array(await (await fetchOk("engine/snapshot.gz")).arrayBuffer());
  // A server that sends it with Content-Encoding: gzip has inflated it already.
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) return packed;
  const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

async function bootFromSnapshot() {
  return loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: snapshotBytes() });
}

async function bootFromFiles() {
  const names = await (await fetchOk("engine/files.json")).json();
  const sources = Promise.all(names.map(async (name) => [name, await (await fetchOk(name)).text()]));
  const pyodide = await loadPyodide({ indexURL: INDEX_URL });
  for (const [name, text] of await sources) {
    pyodide.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
    pyodide.FS.writeFile(name, text);
  }
  return pyodide;
}

async function boot() {
  let pyodide;
  let kind = "snapshot";
  try {
    pyodide = await bootFromSnapshot();
  } catch (err) {
    console.warn("engine snapshot unusable, booting from the .py files:", err);
    kind = "files";
    pyodide = await bootFromFiles();
  }
  const api = pyodide.pyimport("pyapp.worker");
  const calls = new Set(api.CALLS.toJs());
  postMessage({ boot: kind });
  return { api, calls };
}

const booting = boot();
booting.catch((err) => postMessage({ failed: String(err && err.message || err) }));

function holdForLife(name) {
  if (!navigator.locks) return;
  navigator.locks.request(name, () => {
    postMessage({ locked: true });
    return new Promise(() => {});  // released only when this worker ends
  });
}

self.onmessage = async ({ data }) => {
  if ("lock" in data) return holdForLife(data.lock);
  try {
    const { api, calls } = await booting;
    if (!calls.has(data.call)) throw new Error(`unknown engine call ${data.call}`);
    postMessage({ id: data.id, result: api[data.call](data.argument) });
  } catch (err) {
    postMessage({ id: data.id, error: String(err && err.message || err) });
  }
};
