"""Live pages: `deckwright serve` (a preview that rebuilds as you save) and `deckwright play`
(a browser table against bots). Both are thin pages over the model, press and engine; see
docs/live.md."""
