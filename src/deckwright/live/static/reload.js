// Added by `deckwright serve` to the rulebook page: reload it when the project changes.
"use strict";
(() => {
  let first = true;
  new EventSource("/events").onmessage = () => { if (first) { first = false; return; } location.reload(); };
})();
