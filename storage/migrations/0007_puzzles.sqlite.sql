-- Neuroshima Hex puzzles: every try a user makes at a puzzle (the turn played so far, then how it
-- ended), a puzzle rating per user and server (openskill mu/sigma; the puzzle is the opponent),
-- each puzzle's own rating (seeded from its difficulty, moved by every rated try), the daily
-- streaks per server, and each server's daily post (channel, time of day in its zone, the last
-- day posted, which makes the post once a day). Days are ISO dates ('2026-11-26') in the
-- server's zone. guild_id 0 is "no server" (the console, direct messages), as rating scopes.
CREATE TABLE puzzle_tries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    puzzle_id TEXT NOT NULL,
    day TEXT,
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    actions TEXT NOT NULL CHECK (json_valid(actions) AND json_type(actions) = 'array'),
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    status TEXT NOT NULL CHECK (status IN ('open', 'solved', 'failed', 'abandoned')),
    started TEXT NOT NULL,
    finished TEXT
) STRICT;
CREATE UNIQUE INDEX puzzle_tries_open ON puzzle_tries (user_id) WHERE status = 'open';
CREATE INDEX puzzle_tries_user ON puzzle_tries (guild_id, user_id, puzzle_id);

CREATE TABLE puzzle_ratings (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
    solved INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    updated TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT;
CREATE INDEX puzzle_ratings_board ON puzzle_ratings (guild_id, mu DESC);

CREATE TABLE puzzle_strengths (
    puzzle_id TEXT PRIMARY KEY,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
    solved INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    updated TEXT NOT NULL
) STRICT;

CREATE TABLE puzzle_streaks (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    current INTEGER NOT NULL CHECK (current >= 0),
    best INTEGER NOT NULL CHECK (best >= 0),
    last_day TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT;

CREATE TABLE puzzle_daily (
    guild_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    minute INTEGER NOT NULL CHECK (minute >= 0 AND minute < 1440),
    zone TEXT NOT NULL,
    posted_day TEXT,
    updated TEXT NOT NULL
) STRICT;
