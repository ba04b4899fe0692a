"""Rulebook options shared by the CLI and the builder, kept free of heavy imports so that
`deckwright --help` does not load WeasyPrint."""

PDF_VARIANTS = ("pdf/ua-1", "pdf/a-3u")
PAGE_SIZES = ("a5", "a4")
