"""Shared test settings: a Hypothesis profile that does not fail on a slow, busy 2-core machine."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=200)
settings.load_profile("project")
