"""Neuroshima Hex hosted: its profile, presenter, words, commands and tile preview."""
