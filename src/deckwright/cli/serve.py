"""`deckwright serve`: a live preview of a project that rebuilds what changed as you save."""

from __future__ import annotations

import argparse

from . import COMMANDS, GAME_IDS_HELP
from rich.console import Console

from ..model import Project


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve", help=COMMANDS["serve"],
        description="Serve the card gallery (real faces and backs, filters by category and "
                    "deck), the HTML rulebook and the example verdicts of the project's games. "
                    "Saving a database, spreadsheet, layout, template or rules module reloads "
                    "what changed and the page updates itself; a bad input shows its one-line "
                    "error in the page and the last good preview stays; whatever `check` "
                    "would refuse (a text that no longer fits, a missing label) is listed "
                    "beside the preview as drawn. Listens on 127.0.0.1 "
                    "unless --host is given; Ctrl-C stops it.")
    p.add_argument("games", nargs="*", metavar="GAME", help=GAME_IDS_HELP)
    p.add_argument("--host", default="127.0.0.1", metavar="ADDR",
                   help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8764, metavar="N",
                   help="port (default 8764; 0 picks a free one)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..live import serve_app, server
    from ..live.preview import Preview

    preview = Preview(Project(args.project), args.games or None)
    sock = server.bind(args.host, args.port)
    out = Console(highlight=False)

    def announce() -> None:
        for game in sorted(preview.games):
            out.print(f"{game}: {server.url(sock, f'/g/{game}/')}", markup=False)
        out.print("Watching for changes; Ctrl-C stops the preview.")

    server.serve(serve_app.app(preview, host=args.host), sock, announce)
    return 0
