"""A throwaway PostgreSQL server on loopback, in a temporary directory, for one run only: the soak test's
(which restarts it) and the capacity bench's (``bench/capacity.py``)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def pg_bin() -> str | None:
    """The folder of PostgreSQL's programs (``initdb``, ``pg_ctl``): on the PATH or under
    /usr/lib/postgresql; None when it is not installed."""
    found = shutil.which("pg_ctl")
    if found:
        return str(Path(found).parent)
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    return str(versions[-1]) if versions else None


@contextlib.contextmanager
def pg_server(pg: str, prefix: str, settings: str) -> Iterator[tuple[str, list[str]]]:
    """A server of the programs in ``pg`` with ``settings`` (``-c name=value`` options), its data in a
    temporary directory named from ``prefix``: its URL, and its ``pg_ctl`` line (an action to add:
    ``restart``); stopped and removed at the end."""
    root = tempfile.mkdtemp(prefix=prefix)
    owner: list[str] = []
    if os.getuid() == 0:  # the server refuses to run as root
        shutil.chown(root, "postgres")
        owner = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = f"{root}/data"
    subprocess.run(
        [*owner, f"{pg}/initdb", "-D", data, "-A", "trust", "-U", "postgres"], check=True, capture_output=True
    )
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 {settings}"
    ctl = [*owner, f"{pg}/pg_ctl", "-D", data, "-w", "-l", f"{root}/server.log", "-o", opts]
    subprocess.run([*ctl, "start"], check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", ctl
    finally:
        subprocess.run([*owner, f"{pg}/pg_ctl", "-D", data, "-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
