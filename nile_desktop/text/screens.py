"""What the menu screens say, in the player's language: the title screen, the settings, the
dialogs, the file chooser and the crash screen, and the buttons and titles they share.

The screens (``scenes/``) decide what to show and where; their words are here, so a
translator sees them together and one wording serves every screen that says the same thing
("Back", "Replace the file?"). Each function is asked when drawing (a widget's label is the
function itself), so a language switch shows at once. No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import _, format_number

# -- buttons and titles several screens share -----------------------------------------------


def back() -> str:
    return _("Back")


def cancel() -> str:
    return _("Cancel")


def ok() -> str:
    return _("OK")


def quit_game() -> str:
    return _("Quit")


def delete() -> str:
    return _("Delete")


def keep_it() -> str:
    return _("Keep it")


def not_now() -> str:
    return _("Not now")


def reset() -> str:
    return _("Reset")


def replace() -> str:
    return _("Replace")


def replace_file_title() -> str:
    """The question before an export writes over a file that is already there."""
    return _("Replace the file?")


def needs_attention() -> str:
    """The title of a notice the game gives once (a settings file that could not be read)."""
    return _("Something needs your attention")


def new_game() -> str:
    return _("New game")


def load_game() -> str:
    return _("Load game")


def menu() -> str:
    return _("Menu")


def rules() -> str:
    return _("Rules")


def settings() -> str:
    return _("Settings")


def learn_to_play() -> str:
    return _("Learn to play")


def your_record() -> str:
    return _("Your record")


def review() -> str:
    return _("Review")


def percent(number: str) -> str:
    """A percentage of ``number``, already written as the language writes numbers
    (:func:`~nile_desktop.i18n.format_number`)."""
    # TRANSLATORS: a percentage; Czech puts a space before the sign.
    return _("{percent}%").format(percent=number)


def volume(value: float) -> str:
    """A volume (0 to 1) as a whole percentage."""
    return percent(format_number(round(value * 100)))


# -- the title screen ---------------------------------------------------------------------------


def game_name() -> str:
    return _("Nile DeLuxor")


def tagline() -> str:
    return _("Farm the banks of the Nile, harvest with the flood")


def version(number: str) -> str:
    return _("Version {version}").format(version=number)


def continue_game() -> str:
    return _("Continue")


def cannot_continue() -> str:
    return _("This game cannot be continued")


def cannot_open() -> str:
    return _("This game cannot be opened")


def tutorial_under_way() -> str:
    return _("You have a tutorial under way. Carry on where you left it, or start again?")


def carry_on() -> str:
    return _("Carry on")


def start_again() -> str:
    return _("Start again")


# -- the settings -------------------------------------------------------------------------------


def language() -> str:
    return _("Language")


def fullscreen() -> str:
    return _("Fullscreen (F11)")


def window_size() -> str:
    return _("Window size")


def music_volume() -> str:
    return _("Music volume")


def effects_volume() -> str:
    return _("Sound effects volume")


def mute_all() -> str:
    return _("Mute all sound")


def music_pauses() -> str:
    return _("Pause the music while the game is in the background")


def slow() -> str:
    return _("Slow")


def normal() -> str:
    return _("Normal")


def fast() -> str:
    return _("Fast")


def instant() -> str:
    return _("Instant")


def animation_speed() -> str:
    return _("Animation speed")


def bot_pace() -> str:
    return _("Pace of the bots' turns")


def crop_names() -> str:
    return _("Crop names under the cards (colour-blind aid)")


def hand_sizes() -> str:
    return _("Show the number of cards in every hand")


def win_chances() -> str:
    return _("Show my chance to win on the table")


def hints() -> str:
    return _("Hints in my first three games")


def saved_at_once() -> str:
    return _("Changes are saved at once.")


# -- the file chooser ---------------------------------------------------------------------------


def no_game_files() -> str:
    return _("No game files here.")


def save_here() -> str:
    return _("Save here")


def open_file() -> str:
    return _("Open")


def type_a_path() -> str:
    return _("Type the path of a file, or pick one in the list.")


def no_folder(folder: str) -> str:
    return _("There is no folder “{folder}”.").format(folder=folder)


def no_file(file: str) -> str:
    return _("There is no file “{file}”.").format(file=file)


def unusable_path(path: str) -> str:
    return _("“{path}” is not a usable path.").format(path=path)


# -- the crash screen ---------------------------------------------------------------------------


def went_wrong() -> str:
    return _("Something went wrong")


def back_to_title() -> str:
    return _("Back to the title screen")


def crash_explained() -> list[str]:
    """The crash screen's paragraphs: what happened, and that the game is safe."""
    return [_("The game met an error it did not expect and had to stop this screen."),
            _("Your game is safe: it was saved automatically after the last move. "
              "Choose Continue on the title screen to play on.")]


def bug_report_file() -> str:
    return _("Details for a bug report are in this file:")


def no_log_file() -> str:
    return _("(no log file could be opened)")
