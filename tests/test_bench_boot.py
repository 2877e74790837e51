"""bench/boot.py's reading of a CPU profile (--main-thread)."""

import importlib.util

from tools import ROOT


def load_boot():
    spec = importlib.util.spec_from_file_location("bench_boot", ROOT / "bench" / "boot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def frame(name, url):
    return {"functionName": name, "url": url}


def test_python_time_is_the_samples_with_micropythons_ccall_on_the_stack():
    micropython = "http://127.0.0.1:8000/vendor/micropython/micropython.mjs"
    profile = {
        "nodes": [
            {"id": 1, "callFrame": frame("(root)", ""), "children": [2, 4]},
            {"id": 2, "callFrame": frame("ccall", micropython), "children": [3]},
            {"id": 3, "callFrame": frame("", "http://127.0.0.1:8000/vendor/micropython/micropython.wasm")},
            {"id": 4, "callFrame": frame("ccall", "http://127.0.0.1:8000/static/other.mjs")},
        ],
        # Each sample lasts until the next one: 1, 2, 4 and 0 ms.
        "samples": [3, 4, 2, 1],
        "timeDeltas": [0, 1000, 2000, 4000],
    }
    assert load_boot().python_ms(profile) == 5.0
