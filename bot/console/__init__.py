"""The local front-end: the same commands as on Discord, typed in a terminal."""
