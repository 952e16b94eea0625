"""The Discord front-end: slash commands, components, DMs and threads over the host service."""
