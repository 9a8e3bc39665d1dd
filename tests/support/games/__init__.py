"""Small game modules used only in tests, each in its own folder: they prove that a game of another shape
fits the platform through the module contract and the registry alone."""
