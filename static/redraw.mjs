// Redrawing the table. The MicroPython UI makes the whole table's markup
// anew for every move; this puts it on the page in one call across the
// bridge, and changes only what changed: an element whose new markup is
// the same stays as it is, so the browser restyles and lays out only the
// changed parts (a full innerHTML made each bot move a long main-thread
// task), and focus, scroll and a switch's state stay where they were.
// Then the cards that arrived with the redraw (known by their markup) get
// class "arrived", so only those animate in.

let shown = new Set();

// Make `old` (on the page) into `fresh` (parsed, not on the page).
function morph(old, fresh) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName) {
    old.replaceWith(fresh);
  } else if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
  } else if (!old.isEqualNode(fresh)) {
    copyAttributes(old, fresh);
    morphChildren(old, fresh);
  }
}

function copyAttributes(old, fresh) {
  for (const name of old.getAttributeNames()) {
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const name of fresh.getAttributeNames()) {
    const value = fresh.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
}

// A child's identity across redraws: its tag and its id or first class
// (a text node is just a text node); its slot, the same without the tag.
function identity(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName;
  return node.nodeName + "#" + slot(node);
}

function slot(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.id || node.classList[0] || "" : "";
}

// How far ahead to look for a child that did not change (lines that came
// in atop the move log, or left it, a few at a time).
const LOOKAHEAD = 6;

// The index in `nodes` from `start`, at most LOOKAHEAD on, of a node equal
// to `node`; -1 if none.
function equalAhead(nodes, start, node) {
  const end = Math.min(nodes.length, start + LOOKAHEAD);
  for (let index = start; index < end; index += 1) {
    if (nodes[index].isEqualNode(node)) return index;
  }
  return -1;
}

// Children pair up in order: an unchanged child stays; children that came
// in front of an unchanged one (new lines atop the move log) are inserted,
// and those that left from in front of one are removed, so the others are
// not rewritten one place over; a child in the same slot (a board space
// that turned from a <div> into a <button>) is changed in place;
// otherwise by identity, so a note or banner that comes or goes replaces
// only itself, not every sibling after it (which made Spy Tricks restyle
// and lay out the whole table on most moves). A fresh child with no match
// further on is inserted; old children left unmatched go.
function morphChildren(old, fresh) {
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  let next = 0;
  after.forEach((child, index) => {
    const current = before[next];
    if (current && !current.isEqualNode(child)) {
      if (equalAhead(after, index + 1, current) !== -1) {
        old.insertBefore(child, current);
        return;
      }
      const stays = equalAhead(before, next + 1, child);
      if (stays !== -1) {
        before.slice(next, stays).forEach((gone) => gone.remove());
        next = stays;
      }
    }
    next = pairByIdentity(old, before, next, child);
  });
  before.slice(next).forEach((gone) => gone.remove());
}

// Morph `child` into the old child at `next` when it has the same slot,
// else into the first old child from `next` on with its identity (removing
// those skipped), or insert it; the index to go on from.
function pairByIdentity(old, before, next, child) {
  if (next < before.length && slot(before[next]) === slot(child)
      && before[next].nodeType === child.nodeType) {
    morph(before[next], child);
    return next + 1;
  }
  const key = identity(child);
  let match = next;
  while (match < before.length && identity(before[match]) !== key) match += 1;
  if (match === before.length) {
    old.insertBefore(child, before[next] || null);
    return next;
  }
  before.slice(next, match).forEach((gone) => gone.remove());
  morph(before[match], child);
  return match + 1;
}

function markArrivals(table, selector) {
  const cards = [...table.querySelectorAll(selector)];
  const markup = cards.map((card) => card.outerHTML);
  const arrived = cards.filter((card, index) => !shown.has(markup[index]));
  arrived.forEach((card) => card.classList.add("arrived"));
  shown = new Set(markup);
  return arrived;
}

// Cards that travel (FLIP): a face-up card (its face in data-face) that
// arrives with a redraw glides from where a card of that face lay before it,
// or, for a card in the hand ([data-hand]) when the deck (data-deck: its
// count) shrank and no such card lay anywhere, from the deck: a card drawn
// (a new top card of another pile appears where it is). In page
// coordinates (the page may scroll to the decision meanwhile), for
// GLIDE_MS at most, added to its own transform. A press of a pointer or a key finishes every glide at once: a
// glide never holds up the person.
const GLIDE_MS = 260;
let glides = [];

function deckPlace(container) {
  const deck = container.querySelector("[data-deck]");
  if (!deck) return null;
  const box = deck.getBoundingClientRect();
  return { x: box.left + window.scrollX, y: box.top + window.scrollY,
           count: Number(deck.dataset.deck) };
}

function facePlaces(container) {
  const places = new Map();
  for (const card of container.querySelectorAll("[data-face]")) {
    const box = card.getBoundingClientRect();
    if (!box.width) continue;
    const list = places.get(card.dataset.face) || [];
    list.push({ x: box.left + window.scrollX, y: box.top + window.scrollY });
    places.set(card.dataset.face, list);
  }
  return places;
}

function glideArrivals(container, before, arrived) {
  glides = glides.filter((glide) => glide.playState === "running");
  const deck = deckPlace(container);
  const drawn = before.deck && deck && deck.count < before.deck.count;
  for (const card of arrived) {
    if (!card.dataset.face) continue;
    const from = (before.faces.get(card.dataset.face) || []).shift()
      || (drawn && card.closest("[data-hand]") ? before.deck : null);
    const box = card.getBoundingClientRect();
    if (!from || !box.width) continue;
    const dx = from.x - (box.left + window.scrollX), dy = from.y - (box.top + window.scrollY);
    if (Math.abs(dx) + Math.abs(dy) < 4) continue;
    card.classList.remove("arrived");  // it glides instead of fading in
    glides.push(card.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: GLIDE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", composite: "add" }));
  }
}

function finishGlides() {
  glides.forEach((glide) => glide.finish());
  glides = [];
}
document.addEventListener("pointerdown", finishGlides, true);
document.addEventListener("keydown", finishGlides, true);

// Put `html` in `container` as its content; mark the cards (`cardSelector`)
// that were not on show before; with `glide` (and motion allowed), cards
// that moved glide to their new places.
function draw(container, html, cardSelector, glide) {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const before = glide && !still
    ? { faces: facePlaces(container), deck: deckPlace(container) } : null;
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  morphChildren(container, fresh.content);
  const arrived = markArrivals(container, cardSelector);
  if (before) glideArrivals(container, before, arrived);
}

// Scroll the page the least that brings every element of the table matching
// `selector` into view, below a sticky bar at the top (a phone's newest
// move); when they cannot all fit, their top comes into view.
function reveal(selector, smooth) {
  const boxes = [...document.getElementById("table").querySelectorAll(selector)]
    .map((element) => element.getBoundingClientRect()).filter((box) => box.height > 0);
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  const bars = [...document.querySelectorAll(".latest-move")]
    .filter((bar) => getComputedStyle(bar).position === "sticky");
  const viewTop = 8 + Math.max(0, ...bars.map((bar) => bar.offsetHeight));
  const viewBottom = window.innerHeight - 8;
  let by = 0;
  if (bottom - top > viewBottom - viewTop || top < viewTop) by = top - viewTop;
  else if (bottom > viewBottom) by = bottom - viewBottom;
  if (Math.abs(by) < 1) return;
  const still = !smooth || matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: by, behavior: still ? "instant" : "smooth" });
}

window.safehouseRedraw = { draw, reveal };
