"""The solo sniper mission hosted: its profile, presenter, dice audit and mission records."""
