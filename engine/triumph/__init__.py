"""Napoleon's Triumph (Simmons Games, 2007): Austerlitz, the third game's rules core.

The rules, each citing its number (``state.py`` says how: 11.N is step N of an attack, G\\ N a gap decided in
``docs/rulings.md``, "Napoleon's Triumph: the rules"), on our reconstructed map and order of battle
(``data/triumph/``). The package imports down: ``state`` <- ``context`` <- ``moves`` <- ``attack`` <-
``turns`` <- ``play`` (one path for every order, through the table of ``table.py`` over the steps of
``machine.py``) <- ``legal``, ``views`` <- ``game``; ``orders`` (the orders as values, the one parser);
``invariants`` (what holds between orders). No dice: the game has no chance; the seeded dice only shuffle
faces hidden again (G6).

Done: the 2 December and 1-2 December set-ups from the data's default allocation, the French fixed battery and
set-up detachments (option, 6); the round, Allied then French (7); corps, commands, detachment, attach, unit
moves with their limits, two commands on a French reinforcement's entry turn (8, 9); basic and road moves with
reach, stop next to the enemy, congestion, road cavalry on an approach (10, G16); the attack in its nine steps
with the sealed defence and leaders (11.1-11.9, G5-G19), road attacks by cavalry (G11), artillery limits,
after combat, the step-up, the repulse and the unit a corps keeps (G24-G26); retreats with their losses placed
by the player, destinations, corps broken (12, G20, G22); morale, demoralisation, elite units, the Guard
Attack (13, 15, G32); night (14); reinforcements and the Allied entries of 1 December (G28-G31); objectives
with the road trace (16, G33).

The optional rules, each an option off by default: 17 the game-balance auction (a sealed bid), 18 the Santon.

NOT DONE: the players' own secret allocation (6, G27); the owner's choice of the odd point of an even spread
(G18: the strongest takes it).
"""
