"""A harness of discord.py's real objects over an in-memory Discord that records every request.

`api.FakeDiscord` answers the REST routes with realistic JSON and enforces what Discord enforces;
`transport` plugs it under a real client (HTTPClient) and under interaction responses (the
webhook adapter); `world.DiscordWorld` runs the real MusterBot on it and plays interactions built
from payload dicts, dispatched the way the gateway's INTERACTION_CREATE is; `gestures` builds
those payloads as a user's Discord client would. The same model serves `tests/discord/wire/`,
which puts it on real HTTP and a real gateway websocket for the bot process.
"""
