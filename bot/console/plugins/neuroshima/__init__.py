"""Neuroshima Hex in the console: its puzzles' answers and the try in play."""
