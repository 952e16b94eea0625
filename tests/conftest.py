"""Settings shared by the whole suite."""

import logging
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from bot.logs import ContextFilter
from bot.service.plugin import install
from bot.service.plugins.registry import builtin

# Muster's home (database, .env, images, logs) defaults to the user's data folder: the suite
# must never read or write a developer's real one, nor its own from an earlier run.
os.environ["MUSTER_HOME"] = tempfile.mkdtemp(prefix="muster-test-home-")

# CI machines are shared and slow at times: no per-example deadline, no "too slow" health
# check, and a fixed seed so a red run can be reproduced exactly from its log.
settings.register_profile(
    "muster",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    print_blob=True,
)
settings.load_profile("muster")

CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True, scope="session")
def _the_checkout_stays_clean() -> Iterator[None]:
    """No test leaves a file in the checkout's top folder or the working directory (a console
    export once landed there: exports go to the output folder or MUSTER_HOME)."""
    folders = {CHECKOUT, Path.cwd().resolve()}
    before = {f: set(f.iterdir()) for f in folders}
    yield
    new = (p for f in folders for p in set(f.iterdir()) - before[f])
    # Tools' own caches (.hypothesis, .pytest_cache, __pycache__) may appear on a first run.
    left = sorted(str(p) for p in new if not p.name.startswith((".", "__")))
    assert left == [], f"tests left files behind: {left}"


@pytest.fixture(autouse=True)
def _process_state_restored() -> Iterator[None]:
    """What a test changes in the process stays in that test: the environment (reading a `.env`
    writes into it; a DEBUG level once leaked into every later test) and the root logger that
    `muster`'s entry point configures (its level, and handlers on the stderr of the moment,
    which pytest closes after the test: a later log line then printed "--- Logging error ---"
    into another test's captured stderr)."""
    environ = dict(os.environ)
    root = logging.getLogger()
    level = root.level
    yield
    for handler in [
        h for h in root.handlers if any(isinstance(f, ContextFilter) for f in h.filters)
    ]:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(level)
    if dict(os.environ) != environ:
        os.environ.clear()
        os.environ.update(environ)


# The hosted games, installed as every entry point does when it builds its Service: a test that
# asks a game's presenter or profile before it builds one sees the same plug-ins.
install(builtin())
