"""Eagles of the Empire (Compass Games' series rules v3.0): Quatre Bras, 16 June 1815, the fourth game's rules
core, on our map and ratings (``data/eagles/``).

The rules, each citing its number (``state.py`` says how: G\\ N a gap decided in ``docs/rulings.md``, "Eagles
of the Empire — ..."). The package imports down: ``state`` <- ``machine`` <- ``table`` <- ``context`` <- the
rules (``command`` 9, ``movement`` 13, ``recovery`` 15, ``victory`` facts 9, ``turns`` 5-7 and the step's end,
``activation`` 8, ``assignment`` 11, ``posture`` 17, ``fight`` on ``combat/`` 10, 12, 14, ``grand`` 10.8) <-
``queue`` <- ``play`` (one path for every order) <- ``legal``, ``views`` <- ``game`` <- ``module``; ``orders``
(the orders as values, the one parser); ``invariants`` (what holds between orders); ``present`` (the words).

Done: the sequence of play as one table (4.0); weather (5.0, clear); reinforcements with a delay of one turn
(6.0); the first player (7.0); the activation die, formations named, both failing in a row, one side alone
(8.x); command by range, by initiative, corners, enemy HQs, the HQ (9.x, facts 7.3 Wellington away); the HQ's
assignments, artillery attachment and detachment (11.1-11.2); movement with terrain, roads next to the enemy,
corners, stacking, long counters and facing (13.x, 13.3 along the road);
leaders' moves and the lone leader (13.4, 3.13); rally,
recovery and replacement (15, G8-G10); victory (facts 9); the Guard's release (facts 7.3); the combat
segments' orders on ``combat/`` (10, 12, 14), the grand charge in place of an activation (10.8) and the
line-of-sight question; orders queued ahead.

The Nassau picket deployed at set-up (11.3, option ``nassau_picket``), deployment and reabsorption in the
assignment segment (11.3, ``assignment``); squares and reverse slopes (17.0-17.2, ``posture``, formed in the
movement segment, 13.1); the variant "d'Erlon comes" (facts 7.2, option ``derlon``).

NOT DONE: artillery leaders (13.2, none in the scenario).
"""
