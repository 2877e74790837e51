// Safehouse.html's loader (tools/single.py puts it, after
// tools/single-decode.js, whose fileBytes() and typeOf() it uses, first in
// the page's head): the site's files are
// blocks of this page, <script type="application/x-safehouse"
// data-path="..." data-encoding="gzip" | "none" data-for="page" | "engine">.
// window.safehouseFiles:
//   engineWorker()   a new engine worker (tools/single-worker.js, a classic
//                    worker from a blob: URL), which gets the engine's files
//                    once the page has parsed them (they come last)
//   start(scripts)   called once the UI's files and its <script type="mpy">
//                    are in: loads the page's modules from blob: URLs and
//                    imports `scripts`, as the site's module scripts
// and, for the modules, window.safehouseModule(path or URL): the blob: URL
// of a module, which their dynamic imports ask for (tools/single.py's
// module_text()). Every fetch under the page's memory URL (data-base) is
// answered from the blocks.
const base = document.currentScript.dataset.base;
const block = (path) => {
  const found = document.querySelector(`script[data-path="${path}"]`);
  if (!found) throw new TypeError(`${path} is not in Safehouse.html`);
  return found;
};

const inflated = new Map();
// The bytes of the file at `path`, inflated if stored so.
function bytesOf(path) {
  if (!inflated.has(path)) {
    const found = block(path);
    inflated.set(path, fileBytes(found.dataset.encoding, found.textContent));
  }
  return inflated.get(path);
}

const pathOf = (url) => String(url).startsWith(base) ? String(url).slice(base.length) : String(url);

const pageFetch = window.fetch;
window.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (!url.startsWith(base)) return pageFetch(input, init);
  const path = pathOf(url);
  return new Response(await bytesOf(path), { headers: { "Content-Type": typeOf(path) } });
};

// The blob: URL of each module, made once, after the modules it imports
// statically ("safehouse:<path>" in its text); a dynamic import asks
// safehouseModule() when it runs, so any module it names must be made by then.
const modules = new Map();
function moduleUrl(path) {
  if (!modules.has(path)) {
    modules.set(path, bytesOf(path).then(async (bytes) => {
      let text = new TextDecoder().decode(bytes);
      const imported = [...new Set(text.match(/"safehouse:[^"]+"/g) || [])];
      for (const token of imported) {
        text = text.replaceAll(token, JSON.stringify(await moduleUrl(token.slice(11, -1))));
      }
      return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    }));
  }
  return modules.get(path);
}
const made = new Map();
window.safehouseModule = (url) => {
  const path = pathOf(url);
  if (!made.has(path)) throw new TypeError(`${path} is not in Safehouse.html`);
  return made.get(path);
};

async function start(scripts) {
  const all = [...document.querySelectorAll('script[data-for="page"]')]
    .map((found) => found.dataset.path).filter((path) => /\.m?js$/.test(path) && path !== "single-worker.js");
  for (const path of all) made.set(path, await moduleUrl(path));
  await Promise.all(scripts.map((path) => import(made.get(path))));
}

// The engine's files, as posted to each worker, once the page has parsed them.
const engineFiles = new Promise((resolve) => {
  document.addEventListener("DOMContentLoaded", () => {
    const files = {};
    for (const found of document.querySelectorAll('script[data-for="engine"]')) {
      files[found.dataset.path] = [found.dataset.encoding, found.textContent];
    }
    resolve(files);
  }, { once: true });
});
let workerUrl = null;

function engineWorker() {
  workerUrl ||= URL.createObjectURL(new Blob([bytesOfText(block("single-worker.js").textContent)],
                                              { type: "text/javascript" }));
  const worker = new Worker(workerUrl);
  engineFiles.then((files) => worker.postMessage({ safehouseFiles: { base, files } }));
  return worker;
}

window.safehouseFiles = {
  engineWorker,
  start: (scripts) => start(scripts).catch((err) => {
    console.error("Safehouse.html could not start its page:", err);
    throw err;
  }),
};
