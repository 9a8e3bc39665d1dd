"""Estafette's bot: application service, storage, Discord adapter and console front end."""
