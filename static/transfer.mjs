// Importing an export file (pyapp/ui/transfer.py). The file is read here and
// merged in the engine's worker (pyapp/worker.py's import_data, which checks
// each entry), so that its text never enters the page's MicroPython, whose
// heap a file of a few MB exhausted, and the page's thread stays free while
// it is read. The worker answers the writes; they are made here, and the
// page (pyapp/ui/main.py's import_file) gets a small summary, as JSON
// text, which pyapp/ui/transfer.py's import_message puts in words.

const PREFIX = "safehouse.";
// As pyapp/ui/transfer.py's MAX_FILE_CHARS (a character takes a byte or
// more): a larger file is refused before it is read.
const MAX_FILE_BYTES = 64 * 1024 * 1024;
// Far above the time the worker takes to read the largest file it accepts,
// so that a slow device gets an answer rather than a restarted engine.
const IMPORT_TIMEOUT_MS = 120000;

const megabytes = (count) => (count / 1e6).toFixed(1) + " MB";
const refused = (error) => JSON.stringify({ ok: false, error });

// This device's safehouse.* entries, {key: text}.
function ownEntries() {
  const found = {};
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key && key.startsWith(PREFIX)) found[key] = localStorage.getItem(key);
  }
  return found;
}

const storageRefusal = (err) => err && err.name === "QuotaExceededError"
  ? "the browser's storage is full" : "the browser refused to store it";

// Make the worker's writes: [[key, text, what, count]]. A key whose text
// changed here since it was sent (the page wrote meanwhile) is left alone.
function write(writes, sent) {
  const unstored = [];
  for (const [key, text, what, count] of writes) {
    const before = Object.hasOwn(sent, key) ? sent[key] : null;
    if (localStorage.getItem(key) !== before) {
      unstored.push([what, count, "it changed on this device meanwhile"]);
      continue;
    }
    try {
      localStorage.setItem(key, text);
    } catch (err) {
      unstored.push([what, count, storageRefusal(err)]);
    }
  }
  return unstored;
}

// Import `file` (a File) through `call` (safehouseEngine's); resolves to
// the summary as JSON text: {ok: false, error} (nothing changed), or {ok:
// true, added, merged, kept, skipped: [[what, why]], unstored: [[what,
// count, why]]}.
export async function importFile(file, call) {
  if (file.size > MAX_FILE_BYTES) {
    return refused(`the file is too large to be a Safehouse export (${megabytes(file.size)}; ` +
                   `at most ${megabytes(MAX_FILE_BYTES)})`);
  }
  let sent, request;
  try {
    sent = ownEntries();
    // The request's first line is JSON; the file follows as it is, unescaped.
    request = JSON.stringify({ store: sent, now: Date.now() }) + "\n" + await file.text();
  } catch (err) {
    return refused(`the file could not be read (${err && err.message || err})`);
  }
  let answer;
  try {
    answer = JSON.parse(await call("import_data", request, IMPORT_TIMEOUT_MS));
  } catch (err) {
    return refused(`the game engine could not read it (${err && err.message || err})`);
  }
  if (!answer.ok) return refused(answer.error);
  const unstored = write(answer.writes, sent);
  // The oldest finished games make room for the imported ones only once
  // these are all stored: else they would go for nothing.
  if (!unstored.length) for (const key of answer.removes) localStorage.removeItem(key);
  const { added, merged, kept, skipped } = answer;
  return JSON.stringify({ ok: true, added, merged, kept, skipped, unstored });
}
