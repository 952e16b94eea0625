"""Discord on the wire: the real `muster bot` process against a Discord simulated on loopback."""
