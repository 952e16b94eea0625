-- Tables the host needs around games: people, servers, time, ratings and leagues.
CREATE TABLE user_settings (
    user_id INTEGER PRIMARY KEY,
    locale TEXT,
    dm_status TEXT NOT NULL DEFAULT 'unknown' CHECK (dm_status IN ('unknown', 'ok', 'blocked')),
    quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439),
    quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439),
    timezone TEXT,
    updated TEXT NOT NULL
) STRICT;

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    locale TEXT,
    settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    updated TEXT NOT NULL
) STRICT;

CREATE TABLE deadlines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER,
    kind TEXT NOT NULL,
    due TEXT NOT NULL,
    created TEXT NOT NULL,
    done TEXT
) STRICT;
CREATE INDEX deadlines_due ON deadlines (due) WHERE done IS NULL;
CREATE INDEX deadlines_game ON deadlines (game_id) WHERE done IS NULL;

CREATE TABLE ratings (
    game_key TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated TEXT NOT NULL,
    PRIMARY KEY (game_key, user_id)
) STRICT;
CREATE INDEX ratings_board ON ratings (game_key, rating DESC);

CREATE TABLE rating_history (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    game_key TEXT NOT NULL,
    before REAL,
    after REAL NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
) STRICT;
CREATE INDEX rating_history_user ON rating_history (game_key, user_id);

CREATE TABLE leagues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    game_key TEXT NOT NULL,
    created TEXT NOT NULL,
    ends TEXT,
    UNIQUE (guild_id, name)
) STRICT;

CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    joined TEXT NOT NULL,
    PRIMARY KEY (league_id, user_id)
) STRICT;
