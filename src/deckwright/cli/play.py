"""`deckwright play`: a browser table to play a game against bots (or friends), seat by seat."""

from __future__ import annotations

import argparse
import re

from . import COMMANDS
from rich.console import Console

from ..model import Project, UsageError, load_game
from ..app.registry import rules_for


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play", help=COMMANDS["play"],
        description="Start a local table for GAME. Each human seat ('you') gets its own address "
                    "with a secret token; that page shows only that seat's view (own hand as the "
                    "real faces, public zones, counts of hidden ones), its legal decisions as "
                    "buttons, its own event log (a card it has not seen reads 'a card'), undo "
                    "(your last decision, unless a card was shown or another person decided "
                    "since) and restart (once every person at the table asks). The deal is "
                    "secret (seeded from the operating system) unless --seed fixes it. Bots "
                    "take the other seats. "
                    "'Save as example' writes playtest/GAME/recorded.yaml. Listens on 127.0.0.1 "
                    "unless --host is given; Ctrl-C stops it.")
    p.add_argument("game", metavar="GAME", help="game id")
    p.add_argument("--players", type=int, metavar="N", help="players (default: the seats given, "
                   "else the game's minimum)")
    p.add_argument("--seats", default="you", metavar="S,S",
                   help="who sits where, in seat order: you (a person), random, greedy, ismcts "
                        "(ismcts:N: N simulations a decision), or a game's own bot; missing "
                        "seats are greedy bots (default: you)")
    p.add_argument("--seed", type=seed, default=None, metavar="S",
                   help="a fixed deal (the same on every restart, bots repeatable; every page "
                        "says the deal is fixed); default: a secret deal from the OS")
    p.add_argument("--host", default="127.0.0.1", metavar="ADDR",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)")
    p.add_argument("--port", type=int, default=8765, metavar="N",
                   help="port (default 8765; 0 picks a free one)")
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="SEC",
                   help="pause before each bot decision, so people can follow (default 0.6)")
    p.set_defaults(run=run)


def seed(text: str) -> int:
    """A seed: a whole number of at most 30 digits (a longer one is refused, not parsed)."""
    if not re.fullmatch(r"-?\d{1,30}", text.strip()):
        raise argparse.ArgumentTypeError("expected a whole number of at most 30 digits")
    return int(text)


def seats_for(spec: str, players: int | None, lo: int, hi: int) -> list[str]:
    kinds = [s.strip() for s in spec.split(",") if s.strip()]
    n = players or max(len(kinds), lo)
    if not lo <= n <= hi:
        raise UsageError(f"--players: this game is for {lo}-{hi} players, not {n}")
    if len(kinds) > n:
        raise UsageError(f"--seats names {len(kinds)} seats for {n} players")
    return kinds + ["greedy"] * (n - len(kinds))


def run(args: argparse.Namespace) -> int:
    from ..live import play_app, server
    from ..live.faces import Faces
    from ..live.table import Seat, Table, TableError

    project = Project(args.project)
    data = load_game(project, args.game)
    cls = rules_for(data.id, project)
    if cls is None:
        raise UsageError(f"{data.id} has no rules module, so it cannot be played "
                         "(docs/engine.md: writing a game's rules module)")
    f = cls.facts
    kinds = seats_for(args.seats, args.players, f.min_players, f.max_players)
    try:
        table = Table(cls(data), len(kinds), [Seat(k) for k in kinds], seed=args.seed)
    except TableError as exc:
        raise UsageError(f"--seats: {exc}") from None
    sock = server.bind(args.host, args.port)
    # a bundled game's playtest/ is deckwright's own: nothing is recorded into it
    recorded = None if data.project.bundled else data.project.playtest_dir
    app = play_app.app(table, Faces(data), recorded, args.bot_delay, host=args.host)
    out = Console(highlight=False)

    def announce() -> None:
        deal = "a secret deal" if args.seed is None else f"the fixed deal {args.seed}"
        out.print(f"{data.db.game.title}: {len(kinds)} players, {deal}")
        for p, seat in enumerate(table.seats):
            where = server.url(sock, f"/seat/{seat.token}") if seat.token else seat.kind
            out.print(f"  p{p + 1}: {where}", markup=False)
        out.print("Ctrl-C stops the table.")

    server.serve(app, sock, announce)
    return 0
