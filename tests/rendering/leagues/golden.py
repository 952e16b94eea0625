"""The shared golden-image check, pointed at this folder's golden/ (and output/ on failure)."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from PIL import Image

from tests.rendering import golden as shared

HERE = Path(__file__).parent


def check(name: str, image: Image.Image, exact: bool = False) -> None:
    """Compare `image` with golden/<name>.png here; MUSTER_UPDATE_GOLDEN=1 rewrites it."""
    with (
        mock.patch.object(shared, "GOLDEN", HERE / "golden"),
        mock.patch.object(shared, "OUTPUT", HERE.parent / "output" / "leagues"),
    ):
        shared.check(name, image, exact)
