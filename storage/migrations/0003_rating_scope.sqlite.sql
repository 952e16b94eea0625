-- Ratings per guild: every rating and rating change belongs to a scope, the guild the game was
-- played in (0 outside any guild: the console, direct messages). Ratings kept so far were one
-- pool across all guilds; they become scope 0 so nothing is lost.
ALTER TABLE ratings RENAME TO ratings_v2;
DROP INDEX ratings_board;

CREATE TABLE ratings (
    scope INTEGER NOT NULL,
    game_key TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated TEXT NOT NULL,
    PRIMARY KEY (scope, game_key, user_id)
) STRICT;
INSERT INTO ratings (scope, game_key, user_id, rating, deviation, games, updated)
    SELECT 0, game_key, user_id, rating, deviation, games, updated FROM ratings_v2;
DROP TABLE ratings_v2;
CREATE INDEX ratings_board ON ratings (scope, game_key, rating DESC);

ALTER TABLE rating_history RENAME TO rating_history_v2;
DROP INDEX rating_history_user;

CREATE TABLE rating_history (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    scope INTEGER NOT NULL,
    game_key TEXT NOT NULL,
    before REAL,
    after REAL NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
) STRICT;
INSERT INTO rating_history (game_id, user_id, scope, game_key, before, after, created)
    SELECT game_id, user_id, 0, game_key, before, after, created FROM rating_history_v2;
DROP TABLE rating_history_v2;
CREATE INDEX rating_history_user ON rating_history (scope, game_key, user_id);
