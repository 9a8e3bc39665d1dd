"""Eagles of the Empire (Compass Games' series rules v3.0): Quatre Bras, 16 June 1815, the fourth game's rules
core, on our map and ratings (``data/eagles/``).

The rules, each citing its number (``state.py`` says how: G\\ N a gap decided in ``docs/rulings.md``, "Eagles
of the Empire — ..."). The package imports down: ``state`` <- ``machine`` <- ``table`` <- ``context`` <- the
rules (``command`` 9, ``movement`` 13, ``recovery`` 15, ``victory`` facts 9, ``turns`` 5-7 and the step's end,
``activation`` 8, ``assignment`` 11, ``fight`` on ``combat/`` 10, 12, 14) <- ``queue`` <- ``play`` (one path
for every order) <- ``legal``, ``views`` <- ``game`` <- ``module``; ``orders`` (the orders as values, the one
parser); ``invariants`` (what holds between orders); ``present`` (the words)."""
