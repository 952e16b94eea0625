"""Settings from the environment and the `muster` command line's contract."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from platformdirs import user_data_dir

from bot.__main__ import main
from bot.config import ConfigError, load_settings, settings_from
from storage.urls import safe_url


def test_defaults_need_no_environment() -> None:
    settings = settings_from({})
    home = Path(user_data_dir("muster", appauthor=False)).resolve()
    assert settings.home == home
    assert settings.database == f"sqlite:///{home / 'muster.db'}"
    assert (settings.log_format, settings.metrics) == ("text", None)
    assert settings_from({"MUSTER_METRICS_PORT": "9090"}).metrics == ("127.0.0.1", 9090)
    assert settings_from({"MUSTER_METRICS_PORT": "0.0.0.0:9100"}).metrics == ("0.0.0.0", 9100)
    assert settings.discord_token is None and not settings.has_discord
    assert (settings.dev_guild, settings.locale, settings.log_level) == (None, "en", "INFO")


def test_the_token_never_appears_in_repr_or_str() -> None:
    settings = settings_from({"DISCORD_TOKEN": "abc.secret.token"})
    assert settings.has_discord
    assert "secret" not in repr(settings) and "secret" not in str(settings)
    assert "<set>" in repr(settings)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"MUSTER_DEV_GUILD": "my-server"}, "MUSTER_DEV_GUILD must be a Discord server id"),
        ({"MUSTER_DATABASE": "mysql://x"}, "MUSTER_DATABASE must start with sqlite:///"),
        ({"MUSTER_LOG_LEVEL": "loud"}, "MUSTER_LOG_LEVEL must be one of"),
        ({"MUSTER_LOG_FORMAT": "xml"}, "MUSTER_LOG_FORMAT must be one of text, json"),
        ({"MUSTER_METRICS_PORT": "70000"}, "MUSTER_METRICS_PORT must be a port number"),
        ({"MUSTER_METRICS_PORT": "٩٠٩٠"}, "MUSTER_METRICS_PORT must be a port number"),
    ],
)
def test_bad_settings_name_the_variable(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        settings_from(env)


def test_env_file_is_read_but_the_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("MUSTER_LOCALE=cs\nMUSTER_DEV_GUILD=123\n", encoding="utf-8")
    monkeypatch.delenv("MUSTER_LOCALE", raising=False)
    monkeypatch.setenv("MUSTER_DEV_GUILD", "456")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    settings = load_settings(env_file)
    assert (settings.locale, settings.dev_guild) == ("cs", 456)


def test_home_holds_the_database_and_relative_paths_hang_off_it(tmp_path: Path) -> None:
    settings = settings_from(
        {"MUSTER_HOME": str(tmp_path / "home"), "MUSTER_DATABASE": "sqlite:///data/x.db"}
    )
    assert settings.home == tmp_path / "home"
    assert settings.database == f"sqlite:///{tmp_path / 'home' / 'data' / 'x.db'}"
    absolute = settings_from({"MUSTER_DATABASE": f"sqlite:///{tmp_path / 'y.db'}"})
    assert absolute.database == f"sqlite:///{tmp_path / 'y.db'}"


def test_a_database_password_is_never_shown() -> None:
    url = "postgresql://muster:hunter2@db.example:5432/muster"
    assert safe_url(url) == "postgresql://muster:***@db.example:5432/muster"
    settings = settings_from({"MUSTER_DATABASE": url})
    assert "hunter2" not in repr(settings)


def test_the_homes_env_file_is_read_after_the_working_directorys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".env").write_text("MUSTER_LOCALE=pl\nMUSTER_LOG_LEVEL=DEBUG\n", encoding="utf-8")
    checkout = tmp_path / ".env"
    checkout.write_text("MUSTER_LOCALE=ru\n", encoding="utf-8")
    for name in ("MUSTER_LOCALE", "MUSTER_LOG_LEVEL", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MUSTER_HOME", str(home))
    settings = load_settings(checkout)
    assert (settings.locale, settings.log_level) == ("ru", "DEBUG")


EMPTY_CWD = Path(tempfile.mkdtemp(prefix="muster-empty-cwd-"))


def _muster(
    *args: str, stdin: str = "", cwd: Path | None = None, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    # An empty working directory outside the checkout: a developer's own .env must not leak
    # into the test, and the test's database must not outlive the run.
    empty = EMPTY_CWD
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).parents[2])}
    env["MUSTER_HOME"] = str(home or empty / "home")
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd or empty,
        env=env,
    )


def test_the_same_games_from_any_working_directory(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = _muster(
        stdin="/neuroshima new mode:duel vs:ai level:easy army:moloch\n/quit\n",
        cwd=tmp_path / "a",
        home=home,
    )
    assert first.returncode == 0, first.stderr
    assert f"Muster home: {home}; database: sqlite:///{home / 'muster.db'}" in first.stderr
    second = _muster(stdin="/games\n/quit\n", cwd=tmp_path / "b", home=home)
    assert "#1 Neuroshima Hex (active)" in second.stdout
    assert not (tmp_path / "a" / "data").exists() and (home / "muster.db").is_file()


def test_help_lists_every_subcommand() -> None:
    result = _muster("--help")
    assert result.returncode == 0
    for command in ("bot", "console", "demo", "neuroshima", "space-alert", "db"):
        assert command in result.stdout


def test_unknown_subcommand_exits_2_with_a_clear_message() -> None:
    result = _muster("nonsense")
    assert result.returncode == 2
    assert "invalid choice: 'nonsense'" in result.stderr


def test_bad_option_exits_2() -> None:
    result = _muster("console", "--frobnicate")
    assert result.returncode == 2
    assert "unrecognized arguments: --frobnicate" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["nonsense"],
        ["console", "--frobnicate"],
        ["demo", "--players", "x"],
        ["neuroshima"],
        ["neuroshima", "battle"],
        ["space-alert", "resolve"],
        ["db", "nonsense"],
        ["neuroshima", "selfplay", "--bogus"],
    ],
)
def test_a_bad_command_is_one_line_on_stderr_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exited:
        code = exited.code  # type: ignore[assignment]
    assert code == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("muster"), err
    assert "--help" in err


@pytest.mark.parametrize(
    ("argv", "doc"),
    [
        (["neuroshima", "battle"], "docs/formats/neuroshima-battle.md"),
        (["neuroshima", "render", "--out", "x.png"], "docs/formats/neuroshima-battle.md"),
        (["space-alert", "resolve"], "docs/formats/space-alert-mission.md"),
    ],
)
def test_a_bad_format_file_names_the_page_describing_the_format(
    argv: list[str],
    doc: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MUSTER_LOCALE", "en")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nope"}', encoding="utf-8")
    assert main([*argv, str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.rstrip().endswith(f"(format: {doc})")
    assert (Path(__file__).parents[2] / doc).is_file()


def test_no_token_starts_the_console_and_says_how_to_connect_discord() -> None:
    result = _muster(stdin="/help\n/quit\n")
    assert result.returncode == 0
    assert "No DISCORD_TOKEN set" in result.stdout
    assert "/quit" in result.stdout and "Bye." in result.stdout


def test_bot_without_token_exits_2() -> None:
    assert main(["bot"]) == 2
