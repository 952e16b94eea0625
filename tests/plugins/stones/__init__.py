"""Stones hosted by one plug-in package: the proof that a game plugs into the host one way."""
