"""Eagles of the Empire's combat: one file a rule, so that a rule is found by its number.

```
messages   the words of every refusal and every answer here, English and Japanese (``messages_ja``)
common     what the rules below share: the refusal, the dice and their events, units and leaders read
           from the state and the data, the named units and the targets of an attack order (9.4)
los        12.5 (12.55-12.57)   line of sight by elevation over 1-3 areas, blocking areas and borders
losses     10.3, 12.2, 3.2, 20.0 (G3, G16, G26)   hits spread over a stack, leader casualties, retreats
bombard    12.1-12.7 (G29, G32)   bombardment, massed artillery and counter-battery
charge     10.0-10.9 (G22, G28)   cavalry charges, the grand charge and the pursuit
assault    14.1-14.2 (G1-G6)   assault, its modifiers, losses, stand or retreat, advance
```

Each file imports only those above it. The entry points the activation's segments call are
``los.sight``, ``bombard.targets``/``bombard.fire``, ``charge.targets``/``charge.charge`` and
``assault.targets``/``assault.assault``: each checks everything before it changes anything, raises
``engine.errors.RuleError`` (a message key of ``messages.EN`` and its values) on an illegal request, and
returns the events it made, every die among them.
"""
