// Which cards arrived with a redraw of the table: only those animate in,
// though a redraw makes every element anew (a selected card lifts, a played
// one comes into its zone). A card is known by its markup. This runs in
// JavaScript, not in the MicroPython UI, because reading each card's markup
// across the bridge made every redraw a long main-thread task.
let shown = new Set();

function markArrivals(table, selector) {
  const cards = [...table.querySelectorAll(selector)];
  const markup = cards.map((card) => card.outerHTML);
  cards.forEach((card, index) => {
    if (!shown.has(markup[index])) card.classList.add("arrived");
  });
  shown = new Set(markup);
}

window.safehouseMotion = { markArrivals };
