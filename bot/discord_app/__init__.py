"""The Discord adapter (discord.py ``app_commands``): cogs and components over the application service."""
