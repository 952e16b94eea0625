"""The codec's examples in its docstrings are true."""

import doctest

from games.warzone import codec


def test_codec_doctests() -> None:
    failures, tried = doctest.testmod(codec)
    assert tried > 0 and failures == 0


def test_list_text_doctests() -> None:
    from games.warzone import listtext

    failures, tried = doctest.testmod(listtext)
    assert tried > 0 and failures == 0
