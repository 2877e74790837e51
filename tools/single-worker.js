// The engine worker of Safehouse.html (tools/single.py): a classic worker,
// started from a blob: URL by the page (a page opened from a file cannot
// start a module worker, nor may a worker import a blob: URL the page made).
// It waits for the engine's files, which the page posts once it has parsed
// them, {safehouseFiles: {base, files: {path: [encoding, text]}}} (each
// file's bytes as tools/single.py wrote them into the page), then:
// - answers every fetch under `base` from those files, inflated once;
// - makes blob: URLs of its own for Pyodide's two modules, and one for
//   static/engine-worker.mjs with its import of pyodide.mjs pointed there;
// - rebuilds the engine's heap (below) for loadPyodide, and compiles
//   Pyodide's wasm meanwhile (below);
// - imports static/engine-worker.mjs, the site's own worker, and hands it
//   the messages that came meanwhile.

// fileBytes() and typeOf() are tools/single-decode.js's, which the build
// puts before this.

let base;
let files;
const inflated = new Map();

// The bytes of the site's file at `path`, inflated if stored so.
function bytesOf(path) {
  if (!inflated.has(path)) {
    if (!(path in files)) throw new TypeError(`${path} is not in Safehouse.html`);
    inflated.set(path, fileBytes(...files[path]));
  }
  return inflated.get(path);
}

const PYODIDE_WASM = "vendor/pyodide/pyodide.asm.wasm";
const wasmResponses = new WeakSet();

async function memoryFetch(input) {
  const url = String(input instanceof Request ? input.url : input);
  if (!url.startsWith(base)) throw new TypeError(`${url} is not in Safehouse.html`);
  const path = url.slice(base.length);
  const response = new Response(await bytesOf(path), { headers: { "Content-Type": typeOf(path) } });
  if (path === PYODIDE_WASM) wasmResponses.add(response);
  return response;
}

// Pyodide compiles its wasm once its heap is at hand; here the wasm is in
// memory as soon as it is inflated, long before the heap is rebuilt, so it
// is compiled then, and Pyodide's instantiateStreaming of that response
// takes the compiled module.
let compiledWasm;
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!wasmResponses.has(response)) return instantiateStreaming(response, imports);
  const module = await compiledWasm;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

async function moduleUrl(path, replace = {}) {
  let text = new TextDecoder().decode(await bytesOf(path));
  for (const [from, to] of Object.entries(replace)) text = text.replaceAll(from, to);
  return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
}

// The heap: tools/single.py stored it as the runs (all but long runs of
// zeros) of the heap XOR the memory that Pyodide's wasm starts with (its
// data segments), most of which the heap still holds as it was. "SHSD",
// the heap's length, where the wasm's memory begins in it, the number of
// runs, each one's offset and length (u32, little-endian), then their bytes.
const DELTA_MAGIC = 0x44534853;  // "SHSD"

async function heap() {
  const [delta, wasm] = await Promise.all([bytesOf("engine/snapshot.delta"), bytesOf(PYODIDE_WASM)]);
  const head = new DataView(delta.buffer, delta.byteOffset, delta.byteLength);
  if (head.getUint32(0, true) !== DELTA_MAGIC) throw new Error("engine/snapshot.delta is not a heap delta");
  const memory = new Uint8Array(head.getUint32(4, true));
  const memoryBase = head.getUint32(8, true);
  const count = head.getUint32(12, true);
  let data = 16 + 8 * count;
  for (let run = 0; run < count; run++) {
    const length = head.getUint32(20 + 8 * run, true);
    memory.set(delta.subarray(data, data + length), head.getUint32(16 + 8 * run, true));
    data += length;
  }
  for (const [offset, bytes] of dataSegments(wasm)) {
    const at = memoryBase + offset;
    for (let index = 0; index < bytes.length; index++) memory[at + index] ^= bytes[index];
  }
  return memory;
}

// [offset, bytes] of each active data segment of a wasm module: what its
// memory holds when instantiated. (tools/single.py reads them the same way.)
function dataSegments(wasm) {
  let at = 8;  // past the magic and version
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const segments = [];
  while (at < wasm.length) {
    const section = wasm[at++];
    const size = leb();
    const end = at + size;
    if (section === 11) {
      for (let count = leb(); count > 0; count--) {
        if (leb() !== 0 || wasm[at++] !== 0x41) throw new Error("pyodide.asm.wasm: a data segment not at a constant offset");
        const offset = leb();  // i32.const: offsets below 2^31 read the same unsigned
        if (wasm[at++] !== 0x0b) throw new Error("pyodide.asm.wasm: a data segment's offset is not a constant");
        const length = leb();
        segments.push([offset, wasm.subarray(at, at + length)]);
        at += length;
      }
    }
    at = end;
  }
  return segments;
}

async function start(message) {
  ({ base, files } = message);
  self.fetch = memoryFetch;
  compiledWasm = bytesOf(PYODIDE_WASM).then((bytes) => WebAssembly.compile(bytes));
  const pyodideModule = await moduleUrl("vendor/pyodide/pyodide.mjs");
  self.safehouseMemory = {
    base,
    pyodide: {
      createPyodideModule: moduleUrl("vendor/pyodide/pyodide.asm.mjs")
        .then((url) => import(url)).then((module) => module.default),
      _loadSnapshot: heap(),
    },
  };
  // tools/single.py named the engine's one import so (its module_text()).
  const imports = { '"safehouse:vendor/pyodide/pyodide.mjs"': JSON.stringify(pyodideModule) };
  await import(await moduleUrl("static/engine-worker.mjs", imports));
  for (const data of early) self.onmessage({ data });  // the engine's own handler now
}

const early = [];
self.onmessage = ({ data }) => {
  if (data && data.safehouseFiles) {
    start(data.safehouseFiles).catch((err) => postMessage({ failed: String(err && err.message || err) }));
  } else {
    early.push(data);
  }
};
