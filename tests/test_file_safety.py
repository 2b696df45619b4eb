"""Files a player touches: exports, settings, tutorial progress, special files and
command-line input: eight ways these once lost data or hung.

Every test is named after the failure it reproduces and asserts what the
game does instead: nothing a player does with files loses data, and
nothing hangs.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from save_data import play_saved

from nile_desktop import __main__ as start
from nile_desktop import app as app_module
from nile_desktop import engine_cli, paths, saves, settings
from nile_desktop.saves import replay as save_replay
from nile_desktop.saves import sharing
from nile_desktop.soak.drive import frames
from nile_desktop.tutorial import progress
from nile_desktop.ui.theme import text_of

pytest_plugins = ["save_helpers"]  # the home and app fixtures

POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="pipes and devices are POSIX")


def finished_save(moves: int | None = None, seed: int = 4) -> saves.SaveGame:
    return play_saved(moves, seed)[0]


# -- 1. export overwrites any file without asking ----------------------------------------------

def test_export_overwrites_any_file_without_asking(tmp_path: Path) -> None:
    """A file already there is refused with "exists" and left byte for byte; replacing needs
    replace=True (the player's yes); another game's save and settings.json are never
    written, whatever the caller says."""
    short, whole = finished_save(5, seed=1), finished_save(None, seed=2)
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "mine.json"
    target.write_bytes(b"the player's own file")
    with pytest.raises(saves.SaveError) as refused:
        sharing.export_save(short.path, target)
    assert refused.value.code == "exists" and "mine.json" in refused.value.message
    assert target.read_bytes() == b"the player's own file"
    sharing.export_save(short.path, target, replace=True)
    assert saves.load_save(target)[0].moves == short.moves
    before = whole.path.read_bytes()
    settings.save_settings(settings.Settings(language="cs", volume=0.3))
    settings_before = settings.settings_path().read_bytes()
    for own in (whole.path, settings.settings_path(), saves.saves_dir() / "new-name.json"):
        with pytest.raises(saves.SaveError) as refused:
            sharing.export_save(short.path, own, replace=True)
        assert refused.value.code == "own-file"
    assert whole.path.read_bytes() == before
    assert settings.settings_path().read_bytes() == settings_before
    assert sharing.free_name(target) == outside / "mine-2.json"


def test_export_onto_an_existing_file_asks_on_the_load_screen(app: object, tmp_path: Path
                                                              ) -> None:
    """The Load screen asks: Replace, save beside it under a free name, or Cancel."""
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.load_game import LoadGameScene

    save = finished_save(6)
    target = tmp_path / "shared.json"
    target.write_bytes(b"keep me")
    load = app.stack.push(LoadGameScene())
    load.export(save.path, target)
    ask = app.stack.top
    assert isinstance(ask, DialogScene) and "shared-2.json" in str(ask.message())
    ask.choose(2)  # Cancel
    assert target.read_bytes() == b"keep me" and not (tmp_path / "shared-2.json").exists()
    load.export(save.path, target)
    app.stack.top.choose(1)  # save beside it
    assert target.read_bytes() == b"keep me"
    assert saves.load_save(tmp_path / "shared-2.json")[0].moves == save.moves
    load.export(save.path, target)
    app.stack.top.choose(0)  # replace
    assert saves.load_save(target)[0].moves == save.moves
    frames(app, 2)
    assert not app.crashed


# -- 2. an unreadable settings.json is destroyed -----------------------------------------------

def test_an_unreadable_settings_json_is_destroyed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A settings file the game cannot open (mode 000) is set aside as .bad before anything
    is written, and the player is told; the next save writes a new file beside it."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"volume": 0.1, "language": "cs"}', encoding="utf-8")
    real = paths.read_capped

    def denied(target: Path | str, limit: int) -> bytes:
        if Path(target) == path:
            raise PermissionError(13, "Permission denied")  # mode 000 (the tests run as root)
        return real(target, limit)

    monkeypatch.setattr(paths, "read_capped", denied)
    report = settings.read_settings()
    assert report.kept_as == path.with_name("settings.json.bad")
    assert "settings.json.bad" in (report.notice() or "")
    settings.save_settings(report.settings)
    assert report.kept_as.read_text(encoding="utf-8") == '{"volume": 0.1, "language": "cs"}'
    assert path.exists()


def test_a_settings_file_that_cannot_be_moved_aside_is_never_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """If the file can be neither read nor moved, the defaults are used, the player is told
    that changes are not kept, and the file is never replaced this run."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"volume": 0.1}')
    monkeypatch.setattr(settings, "_protected", set())
    monkeypatch.setattr(paths, "read_capped", lambda *_a: (_ for _ in ()).throw(
        PermissionError(13, "Permission denied")))

    def no_move(*_args: object) -> Path:
        raise PermissionError(13, "read-only folder")

    monkeypatch.setattr(paths, "set_aside", no_move)
    report = settings.read_settings()
    assert report.unreadable and report.kept_as is None
    assert "not saved" in (report.notice() or "")
    settings.save_settings(settings.Settings(volume=0.9))
    assert path.read_bytes() == b'{"volume": 0.1}'


@POSIX_ONLY
def test_a_folder_or_pipe_named_settings_json_is_set_aside_at_once() -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    report = settings.read_settings()
    assert report.kept_as is not None and report.kept_as.name == "settings.json.bad"
    settings.save_settings(report.settings)
    assert path.is_file()


# -- 3. settings can never be saved again after one odd value ----------------------------------

def test_settings_can_never_be_saved_again_after_one_odd_value() -> None:
    """A lone surrogate in hints_seen or in a new_game key is cleaned on the way in (U+FFFD),
    and one set while the game runs is escaped on the way out: every later save works."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"volume": 0.4, "hints_seen": ["plant\ud800"],
                                "new_game": {"se\udc00ats": [], "rules": {"players": 4}}}),
                    encoding="ascii")
    report = settings.read_settings()
    assert report.settings.hints_seen == ["plant\ufffd"]
    assert report.settings.new_game == {"se\ufffdats": [], "rules": {"players": 4}}
    report.settings.volume = 0.7
    settings.save_settings(report.settings)
    assert settings.read_settings().settings.volume == 0.7
    odd = settings.read_settings().settings
    odd.hints_seen.append("trade\ud83d")  # set at run time, after checking
    odd.volume = 0.2
    settings.save_settings(odd)
    again = settings.read_settings()
    assert again.settings.volume == 0.2 and "trade\ufffd" in again.settings.hints_seen


# -- 4. a damaged tutorial.json locks the tutorial ---------------------------------------------

def progress_with(moves: object) -> str:
    return json.dumps({"format": progress.PROGRESS_FORMAT, "lesson": 2, "shown": True,
                       "skipped": [], "moves": moves, "finished": False})


@pytest.mark.parametrize("content", [
    progress_with(["garbage"]),
    progress_with([""]),
    progress_with(["\ud800"]),
    '{"format": "nile-tutorial/1", "moves": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "",
    "\x00\xff not json",
], ids=["garbage-move", "empty-move", "surrogate-move", "deep-nesting", "empty-file", "binary"])
def test_a_damaged_tutorial_json_locks_the_tutorial(app: object, content: str) -> None:
    """Learn to play opens the tutorial afresh, the file is kept as tutorial.json.bad and the
    player is told; the next time nothing is said (the file is gone from the way)."""
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.title import TitleScene

    path = progress.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode("utf-8", "surrogatepass"))
    title = app.stack.push(TitleScene())
    title.learn()
    frames(app, 2)
    assert not app.crashed
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "tutorial.json.bad" in text_of(dialog.message)
    assert type(app.stack.visible()[0]).__name__ == "TableScene"
    assert path.with_name("tutorial.json.bad").read_bytes() == content.encode(
        "utf-8", "surrogatepass")
    assert progress.load_progress() is None and progress.take_notice() is None


def test_the_tutorial_from_the_command_line_opens_over_a_damaged_file(home: Path) -> None:
    """``--tutorial`` (which resumes) starts the guided game instead of exiting 1."""
    path = progress.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(progress_with(["garbage"]), encoding="utf-8")
    assert progress.load_progress() is None
    assert path.with_name("tutorial.json.bad").exists()
    notice = progress.take_notice()
    assert notice is not None and "tutorial.json.bad" in notice()


# -- 5. --open on a FIFO hangs forever -----------------------------------------------------------

@POSIX_ONLY
def test_open_on_a_fifo_is_refused_and_sigterm_ends_the_app(tmp_path: Path) -> None:
    """``--open`` of a pipe with no writer is refused at once (the window comes up with a
    message), and SIGTERM sent then ends the app (a wait bounded generously, so that a loaded
    machine cannot fail it; a process that ignored the signal would never end)."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    home = tmp_path / "home"
    env = dict(os.environ, NILE_DESKTOP_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, "-m", "nile_desktop", "--open", str(fifo)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    log_file = home / "log" / "nile-desktop.log"
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:  # wait for the refusal in the log, not a set time
            if log_file.exists() and "not-a-file" in log_file.read_text(encoding="utf-8"):
                break
            assert proc.poll() is None, "the app ended by itself"
            time.sleep(0.05)
        else:
            pytest.fail("the app never refused the pipe")
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=30)
        assert code == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@POSIX_ONLY
def test_nothing_blocks_on_a_special_file(tmp_path: Path) -> None:
    """Pipes, devices and folders are refused at once by every reader, with a clear code."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for special in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(paths.NotAFileError):
            paths.read_capped(special, 1000)
        with pytest.raises(saves.SaveError) as refused:
            saves.load_save(special)
        assert refused.value.code == "not-a-file"
        assert engine_cli.main(["legal", str(special)]) == 2


# -- 6. the engine command line reads input without limit ----------------------------------------

# The child's own peak memory (VmHWM: its own address space; ru_maxrss would also count
# the test process it was forked from).
MEASURED_CLI = ("import re, sys; from nile_desktop.engine_cli import main; code = main("
                "sys.argv[1:]); status = open('/proc/self/status').read(); print(re.search("
                "r'VmHWM:\\s+(\\d+)', status).group(1), file=sys.stderr); sys.exit(code)")
LINUX_ONLY = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")


@LINUX_ONLY
def test_the_engine_command_line_reads_input_without_limit(tmp_path: Path) -> None:
    """Endless standard input, a device and a 1 GB sparse file: {"error": "too-large"} or a
    refusal, exit 2, within a second or so and a few MB of memory."""
    sparse = tmp_path / "sparse.json"
    with sparse.open("wb") as fh:
        fh.truncate(1 << 30)
    cases = [(["legal", "-"], "/dev/zero", "too-large"),
             (["legal", "/dev/zero"], None, "bad-position"),
             (["legal", str(sparse)], None, "too-large"),
             (["apply", "-", "market wheat"], "/dev/urandom", "too-large")]
    for args, stdin, error in cases:
        with open(stdin or os.devnull, "rb") as source:
            started = time.monotonic()
            out = subprocess.run([sys.executable, "-c", MEASURED_CLI, *args],
                                 stdin=source, capture_output=True, timeout=60)
        assert out.returncode == 2, args
        assert json.loads(out.stdout)["error"] == error, args
        assert time.monotonic() - started < 10
        peak_kb = int(out.stderr.decode().split()[-1])
        assert peak_kb < 200 * 1024, f"{args} used {peak_kb} KB"


def test_non_ascii_digits_on_the_command_lines_are_refused(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    """``--seed ١٢٣`` was read as 123: the engine and the game take ASCII digits only."""
    assert engine_cli.main(["new", "--players", "3", "--seed", "١٢٣"]) == 2
    assert json.loads(capsys.readouterr().out)["error"] == "bad-arguments"
    assert engine_cli.main(["new", "--players", "٣"]) == 2
    assert engine_cli.main(["new", "--players", "3", "--seed", "1_0"]) == 2
    capsys.readouterr()
    assert engine_cli.main(["new", "--players", "3", "--seed", "123"]) == 0
    for argv in (["--seed", "١٢٣"], ["--players", "٣"], ["--seed", "-1"]):
        with pytest.raises(SystemExit):
            start.parse_args(argv)
    assert start.parse_args(["--seed", "123"]).seed == 123
    with pytest.raises(SystemExit):
        save_replay.main(["game.json", "--moves", "١٢"])


# -- 7. a huge window takes 4-5 GB ---------------------------------------------------------------

def test_a_huge_window_takes_gigabytes(app: object) -> None:
    """16384x16384 in the settings is not valid (the player is told, the default is used);
    on the command line it is refused with a message; a window never exceeds the largest
    display."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"window_size": [16384, 16384]}', encoding="utf-8")
    report = settings.read_settings()
    assert report.settings.window_size is None  # the window fits the screen
    assert "window_size" in (report.notice() or "")
    with pytest.raises(SystemExit):
        start.parse_args(["--size", "16384x16384"])
    assert start.parse_args(["--size", "7680x4320"]).size == (7680, 4320)
    assert app_module.fit_window((16384, 16384), []) == settings.MAX_WINDOW
    assert app_module.fit_window((5000, 3000), [(1920, 1080), (2560, 1440)]) == (2560, 1440)
    assert app_module.fit_window((1600, 900), [(1920, 1080)]) == (1600, 900)
    app.set_window_size((16384, 16384))
    assert app.surface.get_size() == settings.MAX_WINDOW
    app.set_window_size((1280, 720))
