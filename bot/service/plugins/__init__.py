"""The hosted games, one package each (`<game>/plugin.py` holds its `PLUGIN`), and the
explicit list the service installs (`registry.py`)."""
