-- The durable outbox: every message a committed change produces is written in the change's own
-- transaction and delivered later by a loop that marks it sent. `key` is the idempotency key (a
-- message is enqueued once however often a writer retries); `sent` and `failed` close a row.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL CHECK (json_valid(payload)),
    created TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt TEXT NOT NULL,
    error TEXT,
    sent TEXT,
    failed TEXT,
    CHECK (sent IS NULL OR failed IS NULL)
) STRICT;
CREATE INDEX outbox_due ON outbox (next_attempt, id) WHERE sent IS NULL AND failed IS NULL;
CREATE INDEX outbox_failed ON outbox (game_id) WHERE failed IS NOT NULL;
CREATE INDEX outbox_sent ON outbox (sent) WHERE sent IS NOT NULL;
