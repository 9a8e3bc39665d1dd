"""What the tests share: the fake Discord, the tests' own game modules (``games/``), helpers that set up
Napoleon's, Liberty's and Eagles of the Empire's boards, the checks every game's tests make the same way
(``rules``, ``guide``, ``whole``), the service as the service tests make it (``served``), a throwaway
PostgreSQL server (``pg_server``), and the fixtures' recorders. ``tests/`` is on ``sys.path`` (pytest's
``pythonpath``), so every test imports these as ``support.…``."""
