"""What several subcommands share: exit statuses, the target option, usage errors."""
from __future__ import annotations

import argparse
import sys

from ..analysis import Settings
from ..ir.target import FROM_COMMAND_LINE, FROM_DEFAULT
from ..tables.tiers import TARGETS_BY_NAME

# Exit statuses, the same for every subcommand (documented in `cute-ir --help`).
CLEAN, FINDINGS, USAGE = 0, 1, 2

EXIT_STATUS_HELP = """exit status:
  0  nothing to report (warnings do not count unless --werror)
  1  findings: errors in the input, illegal descriptor fields, a failed lowering or ptxas run
  2  usage error, or an input that cannot be read"""

# Every target the tables know; one list for every subcommand.
TARGET_NAMES: tuple[str, ...] = tuple(TARGETS_BY_NAME)


def add_arch_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--arch", choices=TARGET_NAMES, default=None, metavar="ARCH",
                        help=f"{what}; overrides the file's own #nvvm.target (default: the file's, "
                             f"else {Settings().target_arch}; one of {', '.join(TARGET_NAMES)})")


def settings_for(args: argparse.Namespace) -> Settings:
    """An explicit --arch beats a file's own #nvvm.target; without it the file's wins over the default."""
    if args.arch is None:
        return Settings(target_from=FROM_DEFAULT)
    return Settings(target_arch=args.arch, target_from=FROM_COMMAND_LINE)


def usage_error(command: str, message: str) -> int:
    print(f"cute-ir {command}: error: {message}", file=sys.stderr)
    return USAGE
