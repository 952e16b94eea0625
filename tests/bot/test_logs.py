"""Operators' log lines: JSON with the interaction's ids, and never a secret."""

from __future__ import annotations

import io
import json
import logging

from bot import logs


def _capture(secrets: tuple[str, ...] = ()) -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    handler.addFilter(logs.ContextFilter(secrets))
    logger = logging.getLogger(f"muster.test.{len(secrets)}")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger, stream


def test_a_json_line_carries_the_interactions_ids_and_the_incident() -> None:
    logger, stream = _capture()
    with logs.about(guild=11, game=7, command="neuroshima place"):
        logger.info("placed")
        with logs.about(incident="ab12cd34"):
            try:
                raise ValueError("boom")
            except ValueError:
                logger.exception("incident %s", "ab12cd34")
    logger.info("after")
    first, second, third = (json.loads(line) for line in stream.getvalue().splitlines())
    assert (first["guild"], first["game"], first["command"]) == (11, 7, "neuroshima place")
    assert first["message"] == "placed" and "incident" not in first
    assert second["incident"] == "ab12cd34" and "ValueError: boom" in second["traceback"]
    assert "guild" not in third and third["message"] == "after"


def test_a_secret_that_slips_into_a_message_is_hidden() -> None:
    logger, stream = _capture(("tok.en.secret",))
    logger.warning("login with %s failed", "tok.en.secret")
    line = json.loads(stream.getvalue())
    assert line["message"] == "login with *** failed"
    assert "tok.en.secret" not in stream.getvalue()
