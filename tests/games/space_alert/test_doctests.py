"""The doctests in the Space Alert modules run with the suite."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from games.space_alert import campaign, codec, program


@pytest.mark.parametrize("module", [campaign, codec, program])
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
