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

// Children pair up by position; when their number changed, they are replaced.
function morphChildren(old, fresh) {
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  if (before.length !== after.length) {
    old.replaceChildren(...after);
    return;
  }
  before.forEach((child, index) => morph(child, after[index]));
}

function markArrivals(table, selector) {
  const cards = [...table.querySelectorAll(selector)];
  const markup = cards.map((card) => card.outerHTML);
  cards.forEach((card, index) => {
    if (!shown.has(markup[index])) card.classList.add("arrived");
  });
  shown = new Set(markup);
}

// Put `html` in `container` as its content; mark the cards (`cardSelector`)
// that were not on show before.
function draw(container, html, cardSelector) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  morphChildren(container, fresh.content);
  markArrivals(container, cardSelector);
}

window.safehouseRedraw = { draw };
