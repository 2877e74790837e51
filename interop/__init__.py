"""Bridges from the Safehouse engines to other game frameworks.

Nothing here ships in the site: the browser loads only pyapp/. These modules
serve the tests and the benchmarks (bench/arena.py), and anyone who wants to
run a framework's algorithms on the four games.
"""
