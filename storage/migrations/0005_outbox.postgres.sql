-- Branch stand-in, replaced at merge by the outbox branch's migration 0005 of the same name
-- (kept here only so that this branch's 0006 follows an unbroken sequence).
SELECT 1;
