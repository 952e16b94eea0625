"""Neuroshima Hex on Discord: its puzzles' answers, the try's panel and the daily post."""
