-- The display name of a seat's holder as the game's server shows it, captured from each of
-- their interactions: images and labels name players without a members intent or a mention.
CREATE TABLE seat_names (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    updated TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Where a user's private hand and turn notices go: DMs, a private thread of the game, or
-- nowhere (the player looks with /hand).
ALTER TABLE user_settings ADD COLUMN notifications TEXT NOT NULL DEFAULT 'dm'
    CHECK (notifications IN ('dm', 'thread', 'off'));
