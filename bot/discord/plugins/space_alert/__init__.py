"""Space Alert on Discord: the bridge message, edited in place."""
