"""What the sample-picture tools share (``tools.picture_demo``, ``tools.liberty_pictures``): the one
argument OUT_DIR, the folder made, each file written with its size, and the list printed at the end."""

from __future__ import annotations

import sys
import time
from pathlib import Path


class OutDir:
    """``OUT_DIR`` of a tool's command line; ``None`` from ``parse`` (usage printed) if it is not given."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.written: list[str] = []
        self.started = time.perf_counter()
        path.mkdir(parents=True, exist_ok=True)

    @classmethod
    def parse(cls, argv: list[str] | None, prog: str) -> OutDir | None:
        args = sys.argv[1:] if argv is None else argv
        if len(args) != 1 or args[0].startswith("-"):
            print(f"usage: python -m {prog} OUT_DIR", file=sys.stderr)
            return None
        return cls(Path(args[0]))

    def write(self, name: str, data: bytes) -> None:
        (self.path / name).write_bytes(data)
        self.written.append(f"{name} ({len(data) // 1024} KB)")

    def report(self, what: str = "files") -> int:
        print(
            f"wrote {len(self.written)} {what} to {self.path} in {time.perf_counter() - self.started:.1f} s:"
        )
        for line in self.written:
            print("  " + line)
        return 0
