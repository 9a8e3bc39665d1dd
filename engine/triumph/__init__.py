"""Napoleon's Triumph (Simmons Games, 2007): Austerlitz, the third game's rules core.

The rules, each citing its number (``state.py`` says how), on our reconstructed map and order of battle
(``data/triumph/``). The package imports down: ``state`` <- ``context`` <- ``moves`` <- ``attack`` <-
``turns`` <- ``play`` (one path for every order, through the table of ``table.py`` over the steps of
``machine.py``) <- ``legal``, ``views`` <- ``game``; ``orders`` (the orders as values, the one parser).
Rulings for the gaps: ``docs/rulings.md``, "Napoleon's Triumph: the rules". No dice: the game has no chance;
the seeded dice only shuffle faces hidden again (G6).
"""
