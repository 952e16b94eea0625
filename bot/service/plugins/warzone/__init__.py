"""Warzone Resurrection hosted: army lists, terrain, the table image and its commands."""
