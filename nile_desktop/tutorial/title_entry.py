"""The "Learn to play" button of the title screen: start the tutorial, or offer to resume it.

Kept out of the title scene so that scene's edit stays one button.
"""

from __future__ import annotations

from typing import Any

from nile_desktop.i18n import _


def learn(stack: Any) -> None:
    """Open the tutorial; if one is under way, ask whether to resume or start again."""
    from nile_desktop.tutorial.progress import in_progress
    from nile_desktop.tutorial.run import open_tutorial

    if not in_progress():
        open_tutorial(stack, resume=False)
        return
    from nile_desktop.scenes.dialog import DialogScene

    stack.push(DialogScene(
        lambda: _("Learn to play"),
        lambda: _("You have a tutorial under way. Carry on where you left it, or start again?"),
        [(lambda: _("Carry on"), lambda: open_tutorial(stack, resume=True)),
         (lambda: _("Start again"), lambda: open_tutorial(stack, resume=False)),
         (lambda: _("Not now"), None)]))
