"""What the tests share: the fake Discord, the tests' own game modules (``games/``), helpers that set up
Napoleon's and Liberty's boards, and the fixtures' recorders. ``tests/`` is on ``sys.path`` (pytest's
``pythonpath``), so every test imports these as ``support.…``."""
