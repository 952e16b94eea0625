"""The rules core: pure, deterministic game logic with no I/O."""
