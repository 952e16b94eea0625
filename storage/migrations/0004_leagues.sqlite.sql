-- League nights and seasons: settings and a coarse status on the league, its append-only log
-- (the source of truth for sign-ups, pairings, results and organiser decisions), and the games
-- each round created, so a finished game finds its league in one lookup.
ALTER TABLE leagues ADD COLUMN channel_id INTEGER;
ALTER TABLE leagues ADD COLUMN config TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(config));
ALTER TABLE leagues ADD COLUMN status TEXT NOT NULL DEFAULT 'signup'
    CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled'));
ALTER TABLE leagues ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN updated TEXT;
UPDATE leagues SET updated = created;
CREATE INDEX leagues_open ON leagues (status, id);

CREATE TABLE league_events (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    actor INTEGER,
    kind TEXT NOT NULL,
    data TEXT NOT NULL CHECK (json_valid(data)),
    created TEXT NOT NULL,
    PRIMARY KEY (league_id, seq)
) STRICT;

CREATE TABLE league_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    board INTEGER NOT NULL CHECK (board >= 1)
) STRICT;
CREATE INDEX league_games_round ON league_games (league_id, round, board);
