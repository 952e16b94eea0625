"""Settings shared by the whole suite."""

import os
import tempfile

from hypothesis import HealthCheck, settings

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

# The hosted games, installed as every entry point does when it builds its Service: a test that
# asks a game's presenter or profile before it builds one sees the same plug-ins.
install(builtin())
