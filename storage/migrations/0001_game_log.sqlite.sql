-- The action log: games, their seats, the events (the truth) and snapshots (a cache).
-- Times are UTC ISO-8601 text with microseconds, so text order is time order.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_key TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    seed TEXT NOT NULL,
    config TEXT NOT NULL CHECK (json_valid(config)),
    guild_id INTEGER,
    channel_id INTEGER,
    thread_id INTEGER,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    outcome TEXT CHECK (outcome IS NULL OR json_valid(outcome)),
    created TEXT NOT NULL,
    updated TEXT NOT NULL
) STRICT;
CREATE INDEX games_channel ON games (channel_id);
CREATE INDEX games_thread ON games (thread_id);
CREATE INDEX games_status ON games (status, game_key);

CREATE TABLE seats (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER NOT NULL,
    role TEXT,
    to_act INTEGER NOT NULL DEFAULT 0 CHECK (to_act IN (0, 1)),
    joined TEXT NOT NULL,
    left_at TEXT
) STRICT;
-- A seat has one current holder; earlier holders stay for the record.
CREATE UNIQUE INDEX seats_current ON seats (game_id, seat) WHERE left_at IS NULL;
CREATE INDEX seats_user ON seats (user_id) WHERE left_at IS NULL;

CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    seat INTEGER CHECK (seat IS NULL OR seat >= 0),
    action TEXT NOT NULL CHECK (json_valid(action)),
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 0),
    rules_version INTEGER NOT NULL,
    state TEXT NOT NULL,
    digest TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
) STRICT;
