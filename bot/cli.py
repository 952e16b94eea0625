"""The command line's argument parser: a bad command or option is one line on stderr, exit 2."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

EXIT_USAGE = 2


class OneLineParser(argparse.ArgumentParser):
    """argparse with its usage block left out of errors: one line names the problem and where
    to read more (`--help`); subcommands made from it inherit it."""

    def error(self, message: str) -> NoReturn:
        """Print `PROG: MESSAGE (PROG --help)` on one line and exit 2."""
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(EXIT_USAGE)
