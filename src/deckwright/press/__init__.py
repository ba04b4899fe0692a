"""Press: card faces, print-and-play sheets, PNG and Tabletop Simulator exports.

Reads the validated model, never a game's rules. Modules, one concern each: fonts (IPAex,
embedded and subset), markup (inline icons and emphasis), icons (vector glyphs), linebreak (where
Japanese text may break: kinsoku, numbers with counters; faces and rulebook share it), textfit
(measured line filling, shrink to fit), layout (layouts as data), binding (sandboxed Jinja),
face (planning and drawing one face), cards (a game's faces, backs and decks), sheet (grid,
bleed, crop marks, duplex, gutterfold, calibration), pdfstream (page-streamed PDF), raster
(pdfium), png, tts, targets (what `deckwright build` writes).
"""
