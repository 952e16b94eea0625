"""The Muster application: host service, Discord and console front-ends."""
