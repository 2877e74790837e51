"""The fonts a table lays out are set up before a person deals it.

static/fonts.mjs lays out, in the lobby's idle time once the engine is
ready (or while it loads, for a deal opened by a link), every size, weight
and style the stylesheets name (one type scale,
tests/test_stylesheets.py); a table's first frame then finds every font it
needs set up already. This checks that each font (style, weight, size) that
carries text on the largest table of each game is among those.
"""

from . import ENGINE_TIMEOUT_MS, open_table, wait_ui

# What the warm-up laid out, as the browser computes each: (style, weight, size).
WARMED = """() => {
  const probe = document.createElement("div");
  document.body.append(probe);
  const fonts = window.safehouseFonts.warmed.map((font) => {
    probe.style.font = font + " sans-serif";
    const style = getComputedStyle(probe);
    return [style.fontStyle, style.fontWeight, style.fontSize].join(" ");
  });
  probe.remove();
  return fonts;
}"""

# Each font that carries text on the table, with where, as (font, element).
USED = """() => {
  const used = [];
  for (const node of document.querySelectorAll("#table, #table *")) {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(node, pseudo);
      const text = pseudo ? !["none", "normal", '""'].includes(style.content)
        : [...node.childNodes].some((child) => child.nodeType === 3 && child.nodeValue.trim());
      if (!text || style.display === "none") continue;
      used.push([[style.fontStyle, style.fontWeight, style.fontSize].join(" "),
                 node.tagName.toLowerCase() + "." + node.className + (pseudo || "")]);
    }
  }
  return used;
}"""

LARGEST_TABLES = ["deck-of-spies", "mission-for-peanuts&players=5&level=easy",
                  "spy-tricks&players=4&level=easy", "mister-spy&players=6&level=easy"]


def test_every_font_of_the_largest_tables_is_set_up_in_the_lobby(page, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    page.wait_for_selector('body[data-fonts="ready"]', state="attached",
                           timeout=ENGINE_TIMEOUT_MS)
    warmed = set(page.evaluate(WARMED))
    missing = []
    for query in LARGEST_TABLES:
        open_table(page, "%s?game=%s&seed=7&pace=instant" % (site_server.url, query))
        missing += ["%s: %s on %s" % (query.split("&")[0], font, where)
                    for font, where in page.evaluate(USED) if font not in warmed]
    assert not missing, "fonts the lobby did not set up:\n" + "\n".join(sorted(set(missing)))


# Records each time the UI asks for the fonts, with the engine's state then.
ASKS = """
Object.defineProperty(window, "safehouseFonts", { configurable: true,
  get() { return this.__fonts; },
  set(fonts) {
    window.__fontAsks = [];
    const warm = fonts.warm;
    fonts.warm = () => { window.__fontAsks.push(document.body.dataset.engine || "loading"); warm(); };
    this.__fonts = fonts;
  } });
"""


def test_a_linked_deal_sets_up_fonts_while_the_engine_loads(page, site_server):
    """A deal opened by a link is the engine's first drawing: the fonts are
    set up while the engine loads, not after."""
    page.add_init_script(ASKS)
    open_table(page, "%s?game=spy-tricks&players=4&seed=7&pace=instant" % site_server.url)
    assert page.evaluate("window.__fontAsks") == ["loading"]
    page.wait_for_selector('body[data-fonts="ready"]', state="attached", timeout=ENGINE_TIMEOUT_MS)
