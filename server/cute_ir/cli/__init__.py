"""The `cute-ir` command: one module per subcommand (check, parse, format, ptx, descriptor, lower), the
inputs they read (`inputs`), the report formats of `check` (`text_report`, `json_report`,
`sarif_report`) and what they share (`options`: exit statuses, targets)."""
from __future__ import annotations

import argparse
import os
import sys

from .. import __version__


def cmd_serve(args: argparse.Namespace) -> int:
    from ..lsp.fast_start import serve  # answers `initialize`, then imports the server

    return serve()


def build_parser() -> argparse.ArgumentParser:
    from . import check, descriptor, format, lower, parse, ptx
    from .options import EXIT_STATUS_HELP, describe_exit_status

    parser = argparse.ArgumentParser(
        prog="cute-ir", description="Tooling for cute_nvgpu / TileAS MLIR text.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXIT_STATUS_HELP)
    parser.add_argument("--version", action="version", version=f"cute-ir {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check.add_parser(sub)
    parse.add_parser(sub)
    format.add_parser(sub)
    serve = sub.add_parser("serve", help="run the language server on stdio",
                           description="Run the language server (LSP 3.17) on standard input "
                                       "and output.")
    serve.set_defaults(run=cmd_serve)
    describe_exit_status(serve, "the client asked the server to shut down, then to exit (or the "
                                "input ended)", "the client sent `exit` without `shutdown` first")
    ptx.add_parser(sub)
    descriptor.add_parser(sub)
    lower.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv) == ["serve"]:
        # An editor starting the server: answer its `initialize` before the other
        # subcommands (and what they import) are loaded.
        return cmd_serve(argparse.Namespace())
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `cute-ir check ... | head` closed the pipe: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
