"""The codec's examples in its docstrings are true."""

import doctest

from games.warzone import codec


def test_codec_doctests() -> None:
    failures, tried = doctest.testmod(codec)
    assert tried > 0 and failures == 0
