"""Space Alert hosted: simultaneous planning, the live clock, the bridge and the android AI."""
