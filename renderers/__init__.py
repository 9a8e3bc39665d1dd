"""Pictures drawn from views with Pillow, one package per game (``renderers/<game>/``: its maps, boards and
cards, named by its module's picture kinds).

Renderers take a game's view types (or small inputs adapted from them) and return image bytes; they hold no
game logic, never see the engine's state and play no game (a replay's views are made by the engine first:
``engine.script.public_views``). Every picture takes ``locale`` (``en`` or ``ja``): its fixed texts come from
its game's own catalog. Each game's package gives the functions that draw its module's picture kinds
(``PICTURES``), gathered by ``registry``; the bot draws them in its process pool (``bot/pictures.py``),
knowing no game. What each picture shows: docs/pictures.md.

The parts here are shared by the games: fonts (``fonts``), colours and their colour-vision check
(``colours``), the fixed palette of indexed maps, their static layer, the mapping of
what a picture drew anew and the PNG encoding (``palette``), a block's body and the unit-type symbols
(``blocks``), boxes, overlaps and the relaxed layout of a scenario's towns (``geometry``) and the placing
of cards beside their places (``cards``).
"""
