"""What the engine's command-line tools share: printing to a pipe that may close early
(``python -m engine.script FILE | head``) ends quietly, with no traceback."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def run(main: Callable[[], int]) -> int:
    """Run a tool's ``main``; a closed stdout (BrokenPipeError) is not an error of the tool."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would complain again when it flushes stdout at exit: point stdout at /dev/null first
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status
