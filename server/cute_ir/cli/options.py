"""What several subcommands share: exit statuses, the target option, usage errors."""
from __future__ import annotations

import argparse
import sys

from ..analysis import Settings
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
    parser.add_argument("--arch", choices=TARGET_NAMES, default=Settings().target_arch,
                        metavar="ARCH",
                        help=f"{what} (default: %(default)s; one of {', '.join(TARGET_NAMES)})")


def usage_error(command: str, message: str) -> int:
    print(f"cute-ir {command}: error: {message}", file=sys.stderr)
    return USAGE
