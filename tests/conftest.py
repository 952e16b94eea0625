"""Settings shared by the whole suite."""

from hypothesis import HealthCheck, settings

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
