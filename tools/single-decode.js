// Shared by Safehouse.html's page (tools/single-page.js) and its engine
// worker (tools/single-worker.js), each of which the build puts after it.
//
// A block's text back to the file's bytes. The page is windows-1252, in
// which each byte is one character; tools/single.py escaped the four that
// HTML would alter or that end the text: NUL, CR, "<", and "=" itself,
// each as "=" and a digit.
const ESCAPE = 0x3d;
const ESCAPED = [0x00, 0x0d, 0x3c, 0x3d];
// The characters that windows-1252 gives bytes 0x80-0x9f; others are themselves.
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039,
  0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
const BYTE_OF = new Uint8Array(0x2200);
for (let code = 0; code < 0x100; code++) BYTE_OF[code] = code;
WINDOWS_1252_HIGH.forEach((code, index) => { BYTE_OF[code] = 0x80 + index; });

function bytesOfText(text) {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let at = 0; at < text.length; at++) {
    let byte = BYTE_OF[text.charCodeAt(at)];
    if (byte === ESCAPE) byte = ESCAPED[text.charCodeAt(++at) - 0x30];
    bytes[length++] = byte;
  }
  return bytes.subarray(0, length);
}


// A file's bytes (a promise) from its block's encoding and text.
function fileBytes(encoding, text) {
  const raw = bytesOfText(text);
  if (encoding !== "gzip") return Promise.resolve(raw);
  const inflating = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(inflating).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

const TYPES = { js: "text/javascript", mjs: "text/javascript", wasm: "application/wasm", json: "application/json" };
const typeOf = (path) => TYPES[path.slice(path.lastIndexOf(".") + 1)] || "application/octet-stream";
