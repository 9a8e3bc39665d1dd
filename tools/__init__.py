"""Tools above the engine, the renderers and the bot player: the fuzzer, sample games, picture samples."""
