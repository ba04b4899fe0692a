"""The application layer: what ties the engine's parts to the games and the commands.

- `registry`: which rules module plays which game id (a project's, an installed one, a
  bundled one) and where it came from;
- `verify`: the engine's verdicts on a game's examples; `verdict_cache`: those verdicts kept
  between builds;
- `words`: the identifiers a game's rules accept, which the press checks a rulebook labels.

The engine (`deckwright.engine`) holds parts only and imports nothing of this layer or of
`deckwright.rules`; the commands (`cli/`), the table (`live/`) and the simulations
(`balance/`) ask this layer.
"""
