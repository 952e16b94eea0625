-- League nights and seasons: settings and a coarse status on the league, its append-only log
-- (the source of truth for sign-ups, pairings, results and organiser decisions), and the games
-- each round created, so a finished game finds its league in one lookup.
ALTER TABLE leagues ADD COLUMN channel_id BIGINT;
ALTER TABLE leagues ADD COLUMN config JSONB NOT NULL DEFAULT '{}'
    CHECK (jsonb_typeof(config) = 'object');
ALTER TABLE leagues ADD COLUMN status TEXT NOT NULL DEFAULT 'signup'
    CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled'));
ALTER TABLE leagues ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN updated TIMESTAMPTZ;
UPDATE leagues SET updated = created;
CREATE INDEX leagues_open ON leagues (status, id);

CREATE TABLE league_events (
    league_id BIGINT NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    actor BIGINT,
    kind TEXT NOT NULL,
    data JSONB NOT NULL CHECK (jsonb_typeof(data) = 'object'),
    created TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (league_id, seq)
);

CREATE TABLE league_games (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    league_id BIGINT NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    board INTEGER NOT NULL CHECK (board >= 1)
);
CREATE INDEX league_games_round ON league_games (league_id, round, board);
