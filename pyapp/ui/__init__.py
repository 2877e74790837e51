"""The page's UI. Pure modules (view -> HTML text) run under CPython and
MicroPython alike; `main.py` alone touches the DOM."""
