"""What the sample-picture tools share (``tools.picture_demo``, ``tools.samples``): the argument OUT_DIR
(and ``--game ID``), the folder made, each file written with its size, and the list printed at the end."""

from __future__ import annotations

import sys
import time
from pathlib import Path


class OutDir:
    """``OUT_DIR`` of a tool's command line; ``None`` from ``parse`` (usage printed) if it is not given."""

    def __init__(self, path: Path, game: str = "") -> None:
        self.path = path
        self.game = game  # the module's id given by ``--game``, or "" (the registry's default)
        self.written: list[str] = []
        self.started = time.perf_counter()
        path.mkdir(parents=True, exist_ok=True)

    @classmethod
    def parse(cls, argv: list[str] | None, prog: str) -> OutDir | None:
        args = list(sys.argv[1:] if argv is None else argv)
        game = ""
        if len(args) == 3 and args[1] == "--game":
            game = args.pop(2)
            args.pop(1)
        elif len(args) == 3 and args[0] == "--game":
            game = args.pop(1)
            args.pop(0)
        if len(args) != 1 or args[0].startswith("-"):
            print(f"usage: python -m {prog} OUT_DIR [--game ID]", file=sys.stderr)
            return None
        return cls(Path(args[0]), game)

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
