// The engine worker: Pyodide (CPython in WebAssembly) running pyapp.worker
// off the page's main thread. Platform glue only; every rule is in Python.
//
// It boots one of two ways, both mounting engine/stdlib.zip (the standard
// library modules the engine loads, compiled, 1.1 MB) instead of Pyodide's
// whole 2.5 MB python_stdlib.zip:
// - from the memory snapshot that build.py makes under Node: a heap in which
//   the interpreter is initialised and every engine module is already
//   imported, so the interpreter's own start-up is skipped. It costs a 5 MB
//   download, so the worker uses it only when it is at hand: in the service
//   worker's cache (every visit after the first), or over a link that the
//   page measured fast enough to fetch it in well under the time it saves;
// - otherwise, and should the snapshot be unusable, the plain way, importing
//   pyapp from engine/modules.zip, its modules compiled by the vendored
//   CPython at build time (a first visit over a real network: bench/boot.py
//   --link 20 --rtt 40).
//
// In Safehouse.html, the whole site in one file (tools/single.py), a classic
// worker of its own (tools/single-worker.js) imports this module from memory:
// it sets self.safehouseMemory to {base: the URL under which its fetch
// answers the site's files from memory, pyodide: options for loadPyodide
// (the runtime's module and the heap)}. Every file is then at hand, so the
// worker always boots from the snapshot.
//
// Messages. In: first {lock: name, fastLink: bool}, then {id, call, argument},
// where `call` is one of pyapp.worker.CALLS and `argument` is JSON text, or
// {warmUp: true} (see warmUp below). Out:
// {locked: true} once this worker holds the Web Lock `name` (for its whole
// life, so the page learns at once when it dies); {boot: "snapshot" |
// "files"} or {failed: reason}; then {id, result} or {id, error} per call.

import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const memory = self.safehouseMemory;  // only in Safehouse.html
const siteUrl = (path) => memory ? memory.base + path : new URL("../" + path, import.meta.url).href;
const INDEX_URL = siteUrl("vendor/pyodide/");
const STDLIB_URL = siteUrl("engine/stdlib.zip");
const MODULES_PATH = "/engine/modules.zip";  // in Pyodide's file system
const SNAPSHOT_MAGIC = 0x4e534853;  // "SHSN" little-endian, as make-snapshot.mjs writes it
let linkIsFast;
const fastLink = new Promise((resolve) => { linkIsFast = resolve; });

async function fetchOk(path) {
  const response = await fetch(siteUrl(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function snapshotBytes() {
  let runs = new Uint8Array(await (await fetchOk("engine/snapshot.gz")).arrayBuffer());
  // A server that sends it with Content-Encoding: gzip has inflated it already.
  if (runs[0] === 0x1f && runs[1] === 0x8b) {
    const inflated = new Blob([runs]).stream().pipeThrough(new DecompressionStream("gzip"));
    runs = new Uint8Array(await new Response(inflated).arrayBuffer());
  }
  return heapOf(runs);
}

// The heap from the runs of it that tools/make-snapshot.mjs kept: "SHSN",
// the heap's length, the number of runs, each one's offset and length (u32,
// little-endian), then their bytes; the rest of the heap is zeros.
function heapOf(runs) {
  const head = new DataView(runs.buffer, runs.byteOffset, runs.byteLength);
  if (runs.byteLength < 12 || head.getUint32(0, true) !== SNAPSHOT_MAGIC) {
    throw new Error("engine/snapshot.gz is not a heap in runs");
  }
  const heap = new Uint8Array(head.getUint32(4, true));
  const count = head.getUint32(8, true);
  let data = 12 + 8 * count;
  for (let run = 0; run < count; run++) {
    const length = head.getUint32(16 + 8 * run, true);
    heap.set(runs.subarray(data, data + length), head.getUint32(12 + 8 * run, true));
    data += length;
  }
  return heap;
}

async function snapshotAtHand() {
  if (memory) return true;
  const cached = self.caches && await caches.match(siteUrl("engine/snapshot.gz")).catch(() => null);
  return Boolean(cached) || fastLink;
}

async function bootFromSnapshot() {
  const heap = memory ? memory.pyodide : { _loadSnapshot: snapshotBytes() };
  return loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, ...heap });
}

// The engine's modules are fetched once Pyodide's own files are in (its
// wasm is compiled when it calls fsInit): they are needed only after the
// interpreter's start, which takes longer than their download, and fetched
// beside Pyodide's files, they made those come in later over a slow link
// (bench/boot.py --link 20 --rtt 40: the engine is ready 0.09-0.17 s sooner).
async function bootFromFiles() {
  let modules;
  const fetchModules = () => {
    modules = fetchOk("engine/modules.zip").then((response) => response.arrayBuffer());
  };
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, fsInit: fetchModules });
  pyodide.FS.mkdirTree(MODULES_PATH.slice(0, MODULES_PATH.lastIndexOf("/")));
  pyodide.FS.writeFile(MODULES_PATH, new Uint8Array(await modules));
  pyodide.runPython(`import sys; sys.path.insert(0, "${MODULES_PATH}")`);
  return pyodide;
}

async function boot() {
  let pyodide;
  let kind = "files";
  if (await snapshotAtHand()) {
    try {
      pyodide = await bootFromSnapshot();
      kind = "snapshot";
    } catch (err) {
      console.warn("engine snapshot unusable, booting the plain way:", err);
    }
  }
  if (!pyodide) pyodide = await bootFromFiles();
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

// Asked for by the page while a person sets up a game, and stopped by its
// next request: slices of a hard bot's search on a deal of the worker's own
// (pyapp.worker.warm_up, some 13 ms each under CPython), one per task, so a
// request waits for one slice at most. V8 first runs Pyodide's WebAssembly
// from quickly made code and optimizes what stays hot: cold, a deal's first
// hard decisions took 2-4 times their CPython time. Once all the slices
// have run, the worker stays warm and later asks are ignored.
const WARM_UP_SLICES = 40;
let slicesRun = 0;
let requests = 0;  // calls received: the warm-up stops at the first after its ask
let warming = false;

async function warmUp(askedAt) {
  const { api } = await booting;
  if (warming) return;
  warming = true;
  try {
    while (requests === askedAt && slicesRun < WARM_UP_SLICES) {
      api.warm_up();
      slicesRun += 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    warming = false;  // a failed slice only ends this warm-up
  }
}

self.onmessage = async ({ data }) => {
  if ("lock" in data) {
    linkIsFast(Boolean(data.fastLink));
    return holdForLife(data.lock);
  }
  if ("warmUp" in data) return warmUp(requests).catch(() => {});  // costs speed at most, never a game
  requests += 1;
  try {
    const { api, calls } = await booting;
    if (!calls.has(data.call)) throw new Error(`unknown engine call ${data.call}`);
    postMessage({ id: data.id, result: api[data.call](data.argument) });
  } catch (err) {
    postMessage({ id: data.id, error: String(err && err.message || err) });
  }
};
