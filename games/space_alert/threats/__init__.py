"""Threat cards: the printed facts of every threat, loaded from the bundled data file."""

from __future__ import annotations

from games.space_alert.threats.catalog import (
    Effect,
    ThreatSpec,
    threat_spec,
    threat_specs,
)

__all__ = ["Effect", "ThreatSpec", "threat_spec", "threat_specs"]
