// Fonts set up ahead of the tables. Chromium looks up and sets up a font for
// each size, weight and style the first time it lays one out (on Linux each
// is a round trip to the browser process); a table's first frame after Deal
// spent most of its time there. So once the engine is ready (not to slow its
// boot), or sooner when the UI asks (a linked deal waits for the engine: its
// table is the first thing drawn once the engine is up), this lays out, in
// idle time (only when the page has not changed since its last frame) and
// one at a time, a few characters in every size, weight and style the
// stylesheets name (the 14 sizes of one type scale: app.css), off-screen.
// The fonts stay set up after the sample is gone.

// Letters, digits and the symbols the tables draw (suits, emblems, marks),
// whose fonts are looked up apart from the letters'. (Laid out group by
// group, in lines of their own, the warm-up took three times as long, and a
// deal opened by a link then met fonts not yet set up.)
const SAMPLE = "Ag1 \u2660\u2665\u2666\u2663 \u25b2\u25a0\u25c6 \u2020\u2709\u2713\u00d7\u2192";

// Every style rule of the same-origin stylesheets (in @media too), one at a
// time, so that reading some 900 of them can stop when an idle period ends.
function* styleRules() {
  const visit = function* (rules) {
    for (const rule of rules) {
      if (rule.style) yield rule;
      if (rule.cssRules) yield* visit(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;  // a stylesheet the page may not read; the site has none
    }
    yield* visit(rules);
  }
}

// Every (size, weight, style) the stylesheets can combine, as CSS `font`
// prefixes: "italic 700 0.78rem".
function combinations(sizes, weights) {
  const styles = ["normal", "italic"];
  return [...sizes].flatMap((size) => [...weights].flatMap(
    (weight) => styles.map((style) => `${style} ${weight} ${size}`)));
}

// An idle period may last 50 ms; a few ms at a time keeps the page as quick
// to answer a click as it is idle.
const STEP_MS = 8;
const warmed = [];
let started = false;

// Whether this idle period still has time for one more piece of work.
function timeLeft(deadline) {
  const until = performance.now() + STEP_MS;
  return () => deadline.timeRemaining() > 0 && performance.now() < until;
}

function warm() {
  if (started) return;
  started = true;
  // Even reading the stylesheets (some 900 rules, 20-30 ms at once) waits
  // for idle time, a few ms at a time, not to lengthen the task that made
  // the engine ready.
  const rules = styleRules();
  const sizes = new Set();
  const weights = new Set(["400", "700"]);
  const read = (deadline) => {
    const more = timeLeft(deadline);
    while (more()) {
      const { value: rule, done } = rules.next();
      if (done) return requestIdleCallback((next) => layOut(combinations(sizes, weights), next));
      const size = rule.style.getPropertyValue("font-size").trim();
      const weight = rule.style.getPropertyValue("font-weight").trim();
      if (size.endsWith("rem")) sizes.add(size);
      if (/^\d+$/.test(weight)) weights.add(weight);
    }
    requestIdleCallback(read);
  };
  requestIdleCallback(read);
}

// Whether the page changed since its last frame was laid out. Laying out a
// line then lays out the change too, in the same task: a table the bots'
// moves had just redrawn made one of 52-73 ms. Watched only while lines
// remain (but for their own `holder`); a frame's animation callbacks
// run just before its layout.
function watchChanges(holder) {
  let changed = false;
  let frame = 0;
  const observer = new MutationObserver((records) => {
    if (records.every((record) => holder.contains(record.target))) return;
    changed = true;
    frame ||= requestAnimationFrame(() => { changed = false; frame = 0; });
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  return { changed: () => changed, stop: () => observer.disconnect() };
}

// Lay out the sample in each of `fonts`, in idle time, off-screen.
function layOut(fonts, deadline) {
  const holder = document.createElement("div");
  holder.setAttribute("aria-hidden", "true");
  holder.style.cssText = "position:fixed;left:-10000px;top:0;visibility:hidden;contain:strict;width:1px;height:1px";
  document.body.append(holder);
  const family = getComputedStyle(document.documentElement).fontFamily;
  const page = watchChanges(holder);
  const step = (deadline) => {
    if (page.changed()) return requestIdleCallback(step);
    const more = timeLeft(deadline);
    while (fonts.length && more()) {
      const font = fonts.shift();
      const line = document.createElement("span");
      line.style.font = `${font} ${family}`;
      line.textContent = SAMPLE;
      holder.append(line);
      line.getBoundingClientRect();  // lays it out now, setting up its fonts
      warmed.push(font);
    }
    if (fonts.length) {
      requestIdleCallback(step);
    } else {
      page.stop();
      holder.remove();
      document.body.dataset.fonts = "ready";
    }
  };
  step(deadline);
}

// Start once the engine is first ready.
function whenEngineReady(start) {
  if (document.body.dataset.engine === "ready") return start();
  const watch = new MutationObserver(() => {
    if (document.body.dataset.engine !== "ready") return;
    watch.disconnect();
    start();
  });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-engine"] });
}

if (window.requestIdleCallback) {
  if (document.body) whenEngineReady(warm);
  else document.addEventListener("DOMContentLoaded", () => whenEngineReady(warm));
}

window.safehouseFonts = { warmed, warm: window.requestIdleCallback ? warm : () => {} };
