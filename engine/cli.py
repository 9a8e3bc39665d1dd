"""What the engine's command-line tools share: printing to a pipe that may close early
(``python -m engine.script FILE | head``) ends quietly, and no traceback ever reaches the terminal: an
unexpected error is said in one line (exit status 2)."""

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
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug or a broken installation: one line, not a traceback
        print(
            f"error: {type(e).__name__}: {e} (this is a bug of the tool; please report it)", file=sys.stderr
        )
        return 2
    return status
