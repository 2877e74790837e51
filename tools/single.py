"""Safehouse.html: the whole built site in one file, to open from disk.

A browser refuses a page opened from a file (file://) module scripts, module
workers and fetches of other files, so the site's index.html cannot run
there. write_single() makes one self-contained page of a built site:

- its stylesheets inline (<style>, allowed by their hashes), its icon a
  data: URL; what cannot work from a file is left out: the service worker,
  the manifest, the preloads and the lobby's download link;
- every other file the page and the engine worker load, stored in the page
  in <script type="application/x-safehouse" data-path=...> blocks, most
  gzipped (the page inflates them with DecompressionStream). The page is
  windows-1252, where each byte is one character, so a block holds the
  file's bytes nearly as they are (text()), not 4/3 of them as base64;
- the page's scripts (tools/single-page.js, after tools/single-decode.js)
  answer the runtimes' fetches from memory under MEMORY_BASE, load the
  modules from blob: URLs (their relative imports rewritten by
  module_text()), and start the engine in a classic worker
  (tools/single-worker.js), which imports the site's own
  static/engine-worker.mjs from memory;
- the engine boots only from its snapshot, stored as its difference from
  the memory Pyodide's wasm starts with (snapshot_delta(): 3.4 MB gzipped
  instead of 4.9), and with an empty standard library: every module of
  engine/stdlib.zip is imported in that heap already, so no import reads it.

Its Content-Security-Policy is the site's, plus blob: for the scripts and
workers it makes from memory, the hashes of its inline scripts and
styles, and data: for its icon.
"""

import base64
import gzip
import hashlib
import html
import io
import json
import posixpath
import re
import struct
import zipfile
from pathlib import Path

from tools import BuildError
from tools.site import CSP, SCRIPT_TAG, UI_BUNDLE, attribute_json, inline_scripts, ui_config
from tools.vendor import PACKAGES

SINGLE = "Safehouse.html"
HERE = Path(__file__).parent
# The page's scripts: decoding the blocks (in the page and in the worker),
# the page's loader, and the engine's worker.
DECODE_SCRIPT = HERE / "single-decode.js"
PAGE_SCRIPT = HERE / "single-page.js"
WORKER_SCRIPT = HERE / "single-worker.js"
WORKER_PATH = "single-worker.js"  # the worker's block
# The URL under which the page and its worker answer fetches from memory: a
# scheme no browser fetches, so a file missing from memory fails loudly, and
# not file:, for which MicroPython's loader would skip fetch.
MEMORY_BASE = "safehouse://memory/"
BLOCK_TYPE = "application/x-safehouse"

ENGINE_WORKER = "static/engine-worker.mjs"
SNAPSHOT = "engine/snapshot.gz"
SNAPSHOT_DELTA = "engine/snapshot.delta"
STDLIB = "engine/stdlib.zip"
PYODIDE = "vendor/pyodide/"
PYODIDE_WASM = PYODIDE + "pyodide.asm.wasm"
# What the engine's worker loads: Pyodide, then its heap and standard library.
ENGINE_FILES = [ENGINE_WORKER, PYODIDE + "pyodide.mjs", PYODIDE + "pyodide.asm.mjs", PYODIDE_WASM,
                PYODIDE + "pyodide-lock.json", STDLIB, SNAPSHOT_DELTA]
# Stored as it is: the worker's own script, which the page reads at once
# when it starts the worker (inflating would make that wait).
STORED = {WORKER_PATH}

# Text that windows-1252 would alter in a <script> block, or that would end
# it: NUL, CR (HTML makes CRLF and CR into LF) and "<"; and the escape, "=",
# itself. Each becomes "=" and a digit (tools/single-decode.js).
ESCAPE = b"="
ESCAPED = b"\x00\r<="
ESCAPES = {bytes([byte]): ESCAPE + str(index).encode() for index, byte in enumerate(ESCAPED)}

# Fixes of the vendored PyScript core for modules in memory, each of which
# must hold once, as tools/vendor.py's patches do: it imports the
# interpreter's module by its URL (the UI config's, under MEMORY_BASE).
MODULE_PATCHES = {
    "core-": [(':\\/\\/)/i.test(r)?r.join("@"):s.module(...r);e.set(t,{url:o,module:import(o)',
               ':\\/\\/)/i.test(r)?r.join("@"):s.module(...r);e.set(t,{url:o,module:import(safehouseModule(o))')],
}
STATIC_IMPORT = re.compile(r"""(\b(?:from|import)\s*)(["'])(\.\.?/[^"'\s]+)\2""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*(["'])(\.\.?/[^"'\s]+)\1\s*\)""")

# The page's links and scripts that a single file replaces or leaves out.
STYLESHEET = re.compile(r'<link rel="stylesheet" href="\./([^"]+)">')
ICON = re.compile(r'<link rel="icon" href="\./([^"]+)" type="([^"]+)">')
LEFT_OUT = [
    re.compile(r'\s*<link rel="(?:manifest|modulepreload|preload)"[^>]*>'),
    re.compile(r'\s*<script type="module" src="[^"]*"></script>'),
    re.compile(r'\s*<footer id="download".*?</footer>', re.S),
]
MODULE_SCRIPT = re.compile(r'<script type="module" src="\./([^"]+)"></script>')
CHARSET = '<meta charset="utf-8">'
POLICY = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')
UI_SCRIPT_END = re.compile(r'(<script type="mpy"[^>]*>.*?</script>)', re.S)


def write_single(site, target=None):
    """Write the built `site`'s one-file version to `target` (default:
    site/Safehouse.html); return its path."""
    site = Path(site)
    target = Path(target) if target else site / SINGLE
    page = (site / "index.html").read_text(encoding="utf-8")
    page_blocks = blocks(site, page_modules(site, page) + page_data(site))
    engine_blocks = blocks(site, ENGINE_FILES)
    page = single_page(site, page, page_blocks, engine_blocks)
    target.write_bytes(page)
    return target


# ---------------------------------------------------------------- the files


def page_modules(site, page):
    """The page's JavaScript modules: its module scripts and, of PyScript,
    the chunks the page loads (its `page_loads`, as the service worker
    precaches them); the interpreter's module last."""
    names = MODULE_SCRIPT.findall(page)
    for package in PACKAGES:
        if package["name"] == "@pyscript/core":
            folder = site / package["dest"]
            names += sorted(path.relative_to(site).as_posix() for pattern in package["page_loads"]
                            for path in folder.glob(pattern))
    return list(dict.fromkeys(names + [ui_config(site)["interpreter"][2:]]))


def page_data(site):
    """The page's other files: the interpreter's wasm, the UI's bytecode."""
    interpreter = ui_config(site)["interpreter"][2:]
    return [re.sub(r"\.m?js$", ".wasm", interpreter), UI_BUNDLE]


def file_bytes(site, path):
    """The bytes stored for `path`: the file, its modules' imports rewritten;
    the engine's heap as its delta, and an empty standard library."""
    if path == WORKER_PATH:
        return worker_script().encode()
    if path == SNAPSHOT_DELTA:
        return snapshot_delta(gzip.decompress((site / SNAPSHOT).read_bytes()),
                              (site / PYODIDE_WASM).read_bytes())
    if path == STDLIB:
        return empty_zip()
    data = (site / path).read_bytes()
    if path.endswith((".js", ".mjs")):
        data = module_text(path, data.decode("utf-8")).encode("utf-8")
    return data


def module_text(path, text):
    """A module's text to load from a blob: URL, against which no relative
    specifier resolves: a static import names its file as
    "safehouse:<site path>", which the loader replaces with that module's
    blob: URL; a dynamic one asks safehouseModule(<site path>) for it,
    when it runs (PyScript's core and its error plugin import each other)."""
    folder = posixpath.dirname(path)

    def resolve(specifier):
        return posixpath.normpath(posixpath.join(folder, specifier))

    for prefix, patches in MODULE_PATCHES.items():
        if posixpath.basename(path).startswith(prefix):
            for old, new in patches:
                if text.count(old) != 1:
                    raise BuildError("%s does not hold this text once, so tools/single.py's "
                                     "MODULE_PATCHES need updating: %s" % (path, old))
                text = text.replace(old, new)
    text = DYNAMIC_IMPORT.sub(lambda m: 'import(safehouseModule("%s"))' % resolve(m.group(2)), text)
    return STATIC_IMPORT.sub(lambda m: '%s"safehouse:%s"' % (m.group(1), resolve(m.group(3))), text)


def worker_script():
    """The engine worker's script: a classic worker's."""
    return DECODE_SCRIPT.read_text() + "\n" + WORKER_SCRIPT.read_text()


def loader_script():
    """The page's loader, in a scope of its own (the page's other scripts
    declare names at the top level)."""
    return "(() => {\n%s\n%s})();" % (DECODE_SCRIPT.read_text(), PAGE_SCRIPT.read_text())


def empty_zip():
    stream = io.BytesIO()
    zipfile.ZipFile(stream, "w").close()
    return stream.getvalue()


# ---------------------------------------------------------------- the heap


SNAPSHOT_HEADER = b"\x00snp"  # Pyodide's makeMemorySnapshot(): then the header's length
DELTA_MAGIC = b"SHSD"
RUNS_MAGIC = b"SHSN"
LEAST_ZEROS = 4096  # the shortest run of zeros left out, as tools/make-snapshot.mjs does


def snapshot_delta(runs, wasm):
    """The heap that tools/make-snapshot.mjs stored in runs, as runs of its
    XOR with the memory `wasm` starts with (its data segments, placed where
    the wasm's memory begins in the snapshot): a third of the heap is that
    memory, most of it unchanged, and zeros compress to nothing. Format:
    "SHSD", the heap's length, where the memory begins, the number of runs,
    each one's offset and length (u32, little-endian), then their bytes
    (tools/single-worker.js's heap() reverses it)."""
    heap = heap_of_runs(runs)
    if heap[:4] != SNAPSHOT_HEADER:
        raise BuildError("the engine snapshot does not start with Pyodide's header")
    memory_base = struct.unpack_from("<I", heap, 4)[0]
    image = bytearray(len(heap))
    for offset, data in data_segments(wasm):
        image[memory_base + offset:memory_base + offset + len(data)] = data
    delta = (int.from_bytes(heap, "little") ^ int.from_bytes(image, "little")).to_bytes(len(heap), "little")
    kept = [(match.start(), match.end()) for match in re.finditer(rb"[^\x00]+(?:\x00{1,%d}[^\x00]+)*"
                                                                    % (LEAST_ZEROS - 1), delta)]
    head = struct.pack("<4sIII", DELTA_MAGIC, len(heap), memory_base, len(kept))
    table = b"".join(struct.pack("<II", start, end - start) for start, end in kept)
    return head + table + b"".join(delta[start:end] for start, end in kept)


def heap_of_runs(runs):
    """The heap from tools/make-snapshot.mjs's runs (its withoutZeroRuns)."""
    magic, length, count = struct.unpack_from("<4sII", runs)
    if magic != RUNS_MAGIC:
        raise BuildError("the engine snapshot is not a heap in runs")
    heap = bytearray(length)
    data = 12 + 8 * count
    for run in range(count):
        offset, size = struct.unpack_from("<II", runs, 12 + 8 * run)
        heap[offset:offset + size] = runs[data:data + size]
        data += size
    return bytes(heap)


def data_segments(wasm):
    """[(offset, bytes)] of the active data segments of a wasm module, as
    tools/single-worker.js's dataSegments() reads them."""
    def leb(at):
        value = shift = 0
        while True:
            byte = wasm[at]
            at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value, at

    segments, at = [], 8
    while at < len(wasm):
        section = wasm[at]
        size, at = leb(at + 1)
        end = at + size
        if section == 11:
            count, at = leb(at)
            for _ in range(count):
                flags, at = leb(at)
                if flags != 0 or wasm[at] != 0x41:
                    raise BuildError("pyodide.asm.wasm has a data segment not at a constant offset")
                offset, at = leb(at + 1)
                if wasm[at] != 0x0B or offset >= 1 << 31:
                    raise BuildError("pyodide.asm.wasm has a data segment at an offset it cannot read")
                length, at = leb(at + 1)
                segments.append((offset, wasm[at:at + length]))
                at += length
        at = end
    return segments


# ---------------------------------------------------------------- the page


def blocks(site, paths):
    """{path: (encoding, stored bytes)}: gzipped unless in STORED."""
    stored = {}
    for path in paths:
        data = file_bytes(site, path)
        if path in STORED:
            stored[path] = ("none", data)
        else:
            stored[path] = ("gzip", gzip.compress(data, compresslevel=9, mtime=0))
    return stored


def text(data):
    """Bytes as the text of a block of a windows-1252 page (ESCAPES)."""
    return re.sub(b"[%s]" % re.escape(ESCAPED), lambda match: ESCAPES[match.group()], data)


def block_html(path, encoding, data, side):
    return (b'<script type="%s" data-path="%s" data-encoding="%s" data-for="%s">'
            % (BLOCK_TYPE.encode(), path.encode(), encoding.encode(), side.encode())
            + text(data) + b"</script>\n")


def single_page(site, page, page_blocks, engine_blocks):
    """The finished page as bytes (windows-1252)."""
    scripts = MODULE_SCRIPT.findall(page)
    page = ascii_page(page)
    page = once(CHARSET, '<meta charset="windows-1252">', page)
    styles = []

    def inline_style(match):
        styles.append((site / match.group(1)).read_text(encoding="utf-8"))
        if not styles[-1].isascii():
            raise BuildError("%s holds text beyond ASCII" % match.group(1))
        return "<style>%s</style>" % styles[-1]

    page = STYLESHEET.sub(inline_style, page)
    page = ICON.sub(lambda m: '<link rel="icon" href="data:%s;base64,%s" type="%s">' % (
        m.group(2), base64.b64encode((site / m.group(1)).read_bytes()).decode(), m.group(2)), page)
    for pattern in LEFT_OUT:
        page = pattern.sub("", page)
    page = drop_service_worker(page)
    page = once(attribute_json(ui_config(site)), attribute_json(memory_config(site)), page)
    # The page's files and its start once the UI's <script type="mpy"> is in;
    # the engine's files last (its worker gets them once they are parsed).
    parts = UI_SCRIPT_END.split(page)
    if len(parts) != 3:
        raise BuildError('index.html must hold one <script type="mpy">')
    before, ui_script, after = parts
    body, end = after.split("</body>", 1)
    # The loader and the worker's own script first: the engine's script
    # (window.safehouseEngine) may start the worker at once.
    loader = '<script data-base="%s">%s</script>' % (MEMORY_BASE, loader_script())
    worker = block_html(WORKER_PATH, "none", file_bytes(site, WORKER_PATH), "page").decode("ascii")
    before = POLICY.sub(lambda m: m.group(0) + "\n  " + loader + "\n  " + worker, before, count=1)
    start = "<script>safehouseFiles.start(%s);</script>" % json.dumps(scripts)
    page = b"".join([(before + ui_script + "\n").encode("ascii"),
                     *(block_html(path, *stored, "page") for path, stored in page_blocks.items()),
                     (start + body).encode("ascii"),
                     *(block_html(path, *stored, "engine") for path, stored in engine_blocks.items()),
                     ("</body>" + end).encode("ascii")])
    return with_policy(page, styles)


def memory_config(site):
    """The UI's config with its files under MEMORY_BASE."""
    config = ui_config(site)
    config["interpreter"] = MEMORY_BASE + config["interpreter"][2:]
    config["files"] = {MEMORY_BASE + source[2:]: target for source, target in config["files"].items()}
    return config


def drop_service_worker(page):
    """The page without its service worker's script (a file has none)."""
    found = [match for match in SCRIPT_TAG.finditer(page) if "serviceWorker.register" in match.group(2)]
    if len(found) != 1:
        raise BuildError("index.html must hold one script that registers the service worker")
    return page[:found[0].start()].rstrip(" ") + page[found[0].end():].lstrip("\n")


def ascii_page(page):
    """The page with every character beyond ASCII outside its scripts as a
    character reference (it becomes windows-1252); its scripts must be ASCII."""
    parts, end = [], 0
    for match in SCRIPT_TAG.finditer(page):
        parts.append(page[end:match.start()].encode("ascii", "xmlcharrefreplace").decode())
        if not match.group(0).isascii():
            raise BuildError("a script of index.html holds text beyond ASCII: %r"
                             % re.findall(r"[^\x00-\x7f]", match.group(0))[:5])
        parts.append(match.group(0))
        end = match.end()
    parts.append(page[end:].encode("ascii", "xmlcharrefreplace").decode())
    return "".join(parts)


def once(old, new, page):
    if page.count(old) != 1:
        raise BuildError("index.html must hold this text once: %s" % old[:80])
    return page.replace(old, new)


def with_policy(page, styles):
    """The page with its Content-Security-Policy: the site's, plus blob: for
    scripts and workers made from memory, its inline scripts' and styles'
    hashes, and data: for its icon. The data blocks need no hash."""
    text_page = page.decode("latin-1")
    scripts = " ".join(sha256(script) for script in inline_scripts(text_page))
    policy = dict(CSP, **{
        "script-src": "%s blob: %s" % (CSP["script-src"], scripts),
        "style-src": " ".join([CSP["style-src"]] + [sha256(style) for style in styles]),
        "img-src": "'self' data:",
        "worker-src": "blob:",
    })
    content = html.escape("; ".join("%s %s" % item for item in policy.items()), quote=True)
    found = POLICY.findall(text_page)
    if len(found) != 1:
        raise BuildError("index.html must hold one Content-Security-Policy")
    return POLICY.sub(lambda m: m.group(1) + content + m.group(3), text_page, count=1).encode("latin-1")


def sha256(text):
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
