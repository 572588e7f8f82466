"""What several subcommands share: exit statuses, the target option, usage errors."""
from __future__ import annotations

import argparse
import sys
import textwrap

from ..analysis import Settings
from ..ir.target import FROM_COMMAND_LINE, FROM_DEFAULT
from ..tables.tiers import TARGETS_BY_NAME

# Exit statuses, the same for every subcommand (documented in `cute-ir --help`).
CLEAN, FINDINGS, USAGE = 0, 1, 2

USAGE_MEANING = "usage error, or an input that cannot be read"

# `cute-ir --help`: what the statuses mean across subcommands; each subcommand's --help says
# what they mean for it (`describe_exit_status`), naming only its own options.
EXIT_STATUS_HELP = f"""exit status (each COMMAND --help says what it means for that command):
  0  nothing to report
  1  findings: errors in the input, illegal descriptor fields, a failed lowering or ptxas run,
     a file `format --check` would change
  2  {USAGE_MEANING}"""

# Every target the tables know; one list for every subcommand.
TARGET_NAMES: tuple[str, ...] = tuple(TARGETS_BY_NAME)


def add_arch_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--arch", choices=TARGET_NAMES, default=None, metavar="ARCH",
                        help=f"{what}; overrides the file's own #nvvm.target (default: the file's, "
                             f"else the lowest target that runs all of its atoms, else "
                             f"{Settings().target_arch}; one of {', '.join(TARGET_NAMES)})")


def settings_for(args: argparse.Namespace) -> Settings:
    """An explicit --arch beats a file's own #nvvm.target; without it the file's wins over the default."""
    allow = getattr(args, "allow_unregistered_dialect", True)
    if args.arch is None:
        return Settings(target_from=FROM_DEFAULT, allow_unregistered_dialect=allow)
    return Settings(target_arch=args.arch, target_from=FROM_COMMAND_LINE, allow_unregistered_dialect=allow)


def describe_exit_status(parser: argparse.ArgumentParser, clean: str, findings: str | None) -> None:
    """End the subcommand's --help with what its exit statuses mean (no 1 when `findings` is None)."""
    meanings = [("0", clean), ("1", findings), ("2", USAGE_MEANING)]
    lines = ["exit status:"] + [textwrap.fill(meaning, 100, initial_indent=f"  {status}  ",
                                              subsequent_indent="     ")
                                for status, meaning in meanings if meaning is not None]
    parser.epilog = "\n\n".join(filter(None, (parser.epilog, "\n".join(lines))))
    parser.formatter_class = argparse.RawDescriptionHelpFormatter


def usage_error(command: str, message: str) -> int:
    print(f"cute-ir {command}: error: {message}", file=sys.stderr)
    return USAGE
