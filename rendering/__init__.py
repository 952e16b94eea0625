"""Pillow rendering: a small shared toolkit plus one package per game.

Images are built from views only (never from full states), deterministically: no clock, no
randomness, bundled fonts. Shapes are drawn supersampled; text is drawn at final size.
"""
