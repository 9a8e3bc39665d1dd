"""``python -m tools.picture_demo OUT_DIR``: write sample pictures for a newcomer to open.

- ``map-public.png`` and ``map-<role>.png``: the campaign map at the start of the historical setup, public
  and as each player sees it (2 players: French, Allied; 3 players: French, British, Prussian);
- ``map-midgame-public.png``: a campaign played a while by the engine's random player;
- ``battle-public.png`` and ``battle-<role>.png``: a battle board, public and private;
- ``map-french-ja.png`` and ``battle-allied-ja.png``: the same in Japanese;
- ``replay.gif``: a whole random campaign, one frame a campaign turn.
"""

from __future__ import annotations

import sys

from .outdir import OutDir


def main(argv: list[str] | None = None) -> int:
    out = OutDir.parse(argv, "tools.picture_demo")
    if out is None:
        return 2
    write = out.write

    from engine.napoleon import Options, new_game
    from engine.script import public_views
    from renderers.napoleon.battle import render_battle
    from renderers.napoleon.map import render_map
    from renderers.napoleon.replay import render_replay

    from .samples import battle_game, random_games

    g2 = new_game(Options(setup="historical"), seed=1)
    write("map-public.png", render_map(g2.view("public")))
    for role in ("french", "allied"):
        write(f"map-{role}.png", render_map(g2.view(role)))
    write("map-french-ja.png", render_map(g2.view("french"), locale="ja"))
    g3 = new_game(Options(setup="historical", players=3), seed=1)
    for role in ("british", "prussian"):
        write(f"map-3p-{role}.png", render_map(g3.view(role)))

    game = None
    for i, game in enumerate(random_games(range(7, 8), every=25)):
        if i == 3:
            write("map-midgame-public.png", render_map(game.view("public")))
            write("map-midgame-french.png", render_map(game.view("french")))
    if game is not None:
        write("replay.gif", render_replay(public_views(game.script())))

    battle = battle_game()
    views = {role: battle.view(role) for role in ("public", "french", "allied")}
    if views["public"].battles:
        for role, v in views.items():
            write(f"battle-{role}.png", render_battle(v.battles[0], role))
        write("battle-allied-ja.png", render_battle(views["allied"].battles[0], "allied", locale="ja"))
        write("map-battle-public.png", render_map(views["public"]))
    else:
        print("no battle is open in the sample battle script: no battle board written", file=sys.stderr)

    return out.report("files")


if __name__ == "__main__":
    sys.exit(main())
