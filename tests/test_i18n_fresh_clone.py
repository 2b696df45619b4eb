"""Czech from every way of starting the game, beginning with the README's play command.

``python -m pip install . && python -m nile_desktop`` run inside a clone makes
Python import the package from the clone itself (the current folder comes
first on ``sys.path``), where no compiled catalogue exists and Babel is not
installed. This test does exactly that in a fresh clone and a fresh virtual
environment, then draws the title screen headless in Czech and looks for a
Czech label among the texts drawn. The same environment then checks the
installed package started from another folder, and an editable install.
It clones the committed state of this repository (``git clone``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: Run with the venv's Python: draw the title screen in Czech and report what was drawn.
PROBE = """
import importlib.util, json, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import nile_desktop
from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.title import TitleScene
from nile_desktop.settings import Settings
from nile_desktop.ui import textlog

settings = Settings(language="cs")
i18n.set_language(settings.language)  # what python -m nile_desktop does with the setting
app = App(settings)
app.open_window()
app.stack.push(TitleScene())
with textlog.recording() as log:
    app.frame(1 / 60, [])
app.shutdown()
print(json.dumps({
    "package": nile_desktop.__file__,
    "catalogue": str(i18n.catalogue_source("cs")),
    "babel": importlib.util.find_spec("babel") is not None,
    "tutorial_start": os.path.isfile(os.path.join(os.path.dirname(nile_desktop.__file__),
                                                  "tutorial", "start.json")),
    "texts": log.texts(),
}))
"""


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    return result.stdout


def _probe(python: Path, cwd: Path, env: dict[str, str]) -> dict:
    return json.loads(_run([str(python), "-c", PROBE], cwd, env).strip().splitlines()[-1])


@pytest.mark.slow
def test_readme_play_command_speaks_czech_in_a_fresh_clone(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True, timeout=120)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["NILE_DESKTOP_HOME"] = str(tmp_path / "home")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

    # The README's play command, first half, run inside the clone.
    _run([str(python), "-m", "pip", "install", "-q", "."], clone, env)
    assert not list((clone / "locales").rglob("*.mo")), "the clone must stay without compiled catalogues"

    # ...second half: Python now imports the package from the clone's own folder.
    seen = _probe(python, clone, env)
    assert Path(seen["package"]).resolve().is_relative_to(clone.resolve())
    assert not seen["babel"], "the game must not need Babel at run time"
    assert Path(seen["catalogue"]) == clone / "locales/cs/LC_MESSAGES/nile_desktop.po"
    assert "Nová hra" in seen["texts"] and "Pravidla" in seen["texts"], seen["texts"]

    # The installed package, started from any other folder, reads its shipped .mo.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    seen = _probe(python, elsewhere, env)
    assert "site-packages" in seen["package"]
    assert seen["catalogue"].endswith("nile_desktop/_data/locales/cs/LC_MESSAGES/nile_desktop.mo")
    assert seen["tutorial_start"], "the installed package lacks the tutorial's start.json"
    assert "Nová hra" in seen["texts"], seen["texts"]

    # An editable install, started from another folder, reads the clone's .po.
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "-e", "."], clone, env)
    seen = _probe(python, elsewhere, env)
    assert Path(seen["package"]).resolve().is_relative_to(clone.resolve())
    assert Path(seen["catalogue"]) == clone / "locales/cs/LC_MESSAGES/nile_desktop.po"
    assert "Nová hra" in seen["texts"], seen["texts"]
