"""Liberty: The American Revolution 1775–83 (Columbia Games), the second game module.

The rules, each citing its rule number (gaps: G1–G51 of ``docs/rulings.md``, "Liberty"), on our reconstructed
board and block table (``data/liberty/``). ``module.py`` declares the ``Module``; the package imports down:
``state`` <- ``context`` <- ``board`` <- ``turns`` <- ``battle`` <- ``winter`` <- ``flow``, ``views``,
``legal`` <- ``game`` <- ``module``; ``orders`` (its orders as values, the one parser) on ``context``, under
``legal`` and ``game``. Rulings for the gaps: ``docs/rulings.md``, "Liberty".

Done: the year of 5 game turns and the winter turn; the deal from the seeded dice with hidden hands; secret
simultaneous card play, Player 1 and ties, supply cards (Intro, 3.0-3.3, G1-G4); weather (4.0, G5); group
moves with hexside limits, the forest stop, pinning, forced march, river movement, sea movement through the
Atlantic box and the West Indies (5.1-5.7, 9.1, G7-G16); builds drawn blind and placed (6.0-6.2, G17-G22);
battles: P1's order, reveal, 3 rounds, A/B/C with the defender first, fire or retreat, hits to the strongest
(the owner's choice among equals at the hit, or its standing order), reserves, withdrawal after round 3 and
the reserves' retreat with each block's way chosen by its owner, retreats and regroups overland, by river for
blocks that came by river and between the West Indies ports, regroup (7.1-7.5, G23-G31); warships on the map
(8.1: 2 sea hexes to a port, 3 by forced march); the navy in battle: warships fight warships first,
bombardment never eliminates, sea attacks with at most 3 land blocks and a warship, landing, repulse, sea
retreat, warships cannot hold (8.2-8.6, G32-G37); French entry (9.0, 11.2); winter: victory (11.1), disbanding
(11.3, G43), captured Indians (10.0, G44), attrition with leaders, the owner choosing who goes (11.4, G45);
prisoner exchange by an offer and its acceptance at any time (11.5, G46); the set-up (12.0).

NOT DONE:
- The Indians' "adjacent neutral hex" placement (6.1, 10.0) asks nothing when only one hex qualifies (there
  is nothing to ask: a placement with one legal place).
"""

from .legal import Legal
from .views import View

__all__ = ["Legal", "View"]
