"""What the game says about playing over the network: seats, joining, faults.

Every sentence of the host's and the joiner's screens and of a network table lives
here, in the catalogues, told when drawn (so it follows the language setting).
No pygame.
"""

from __future__ import annotations

from nile_desktop.i18n import _

#: What each seat status is called on a seat's panel and in the lobby.
_STATUS = {
    "here": lambda: _("at the host's screen"),
    "open": lambda: _("waiting for someone to join"),
    "online": lambda: _("connected"),
    "away": lambda: _("away"),
    "stand-in": lambda: _("away, a bot plays for now"),
    "bot": lambda: _("bot"),
}


def status_label(status: str) -> str:
    told = _STATUS.get(status)
    return told() if told is not None else status


def seat_status_label(kind_label: str, status: str) -> str:
    """A seat panel's second line in a network game: "Person · away"."""
    if status in ("bot", "here", "online"):
        return kind_label
    return _("{kind} · {status}").format(kind=kind_label, status=status_label(status))


def status_change(name: str, status: str) -> str:
    """The prompt line when a person's connection changes, or "" to say nothing."""
    if status == "away":
        return _("{name} is away. The game waits for them, or the host lets a bot play.") \
            .format(name=name)
    if status == "stand-in":
        return _("A bot plays for {name} until they are back.").format(name=name)
    if status == "online":
        return _("{name} is back.").format(name=name)
    return ""


def refused_by_host(code: str) -> str:
    if code == "stale":
        return _("The table had moved on: that move came too late. Please choose again.")
    if code == "not-your-turn":
        return _("It is not your turn.")
    return _("The host refused that move ({code}). Please choose again.").format(code=code)


def ended(why: str, detail: str = "") -> str:
    """Why a connection to the host ended, for the screen."""
    if why == "protocol":
        host = detail.split("/")[-1] if detail else "?"
        return _("This game and the host's speak different versions of the network "
                 "protocol (the host runs version {version}). Both players need the same "
                 "version of Nile desktop.").format(version=host)
    if why == "code":
        return _("The code is not this game's code. Check the three words with the host.")
    if why == "wait":
        return _("Too many tries to join from here. Wait a minute, then try again.")
    if why == "full":
        return _("Every seat of this game is taken.")
    if why == "unreachable":
        return _("No game answers at that address. Check the address and that the host's "
                 "game is open to the network.")
    if why == "replaced":
        return _("Your seat was taken up by another connection with your code.")
    if why == "host-left":
        return _("The host has closed the game. When they open it again, join again "
                 "with the same code to get your seat back.")
    if why == "left":
        return _("You left the game.")
    if why == "bad-message":
        return _("The host sent something this game cannot read; the connection was "
                 "closed.")
    return _("The connection to the host was lost.")


def reconnecting() -> str:
    return _("Connection lost. Trying to reconnect…")


def review_at_host() -> str:
    return _("The review of a game over the network is made on the host's computer.")


def rematch_at_host() -> str:
    return _("For another game, the host opens a new one.")


# -- the screens ---------------------------------------------------------------------------

def open_to_network() -> str:
    return _("Open to the network")


def open_hint() -> str:
    return _("Others join from their own computers")


def person_joining() -> str:
    return _("Person joining")


def open_game() -> str:
    return _("Open the game")


def join_a_game() -> str:
    return _("Join a game")


def hosting_title() -> str:
    return _("Your game is open")


def tell_code() -> str:
    return _("Tell the players joining this code:")


def your_address(addresses: str) -> str:
    return _("Your address: {addresses}").format(addresses=addresses)


def no_address() -> str:
    return _("No network address found: others can join only on this computer.")


def start_now() -> str:
    return _("Start the game")


def start_with_bots() -> str:
    return _("Start now: bots take the empty seats")


def cancel() -> str:
    return _("Cancel")


def waiting_for_host() -> str:
    return _("You are in. Waiting for the host to start the game…")


def connecting() -> str:
    return _("Connecting…")


def games_found() -> str:
    return _("Games on this network")


def none_found() -> str:
    return _("Looking for games on this network…")


def address_label() -> str:
    return _("Or type the host's address")


def code_label() -> str:
    return _("Join code (three words)")


def name_label() -> str:
    return _("Your name")


def join() -> str:
    return _("Join")


def back() -> str:
    return _("Back")


def bad_code() -> str:
    return _("A join code is three words from the host's screen, e.g. lotus-falcon-river.")


def bad_address() -> str:
    return _("Type an address such as 192.168.1.20 or 192.168.1.20:47254.")


def choose_a_game() -> str:
    return _("Choose a game from the list or type an address.")


def let_bot_play(name: str) -> str:
    return _("Let a bot play for {name}").format(name=name)


def leave_game() -> str:
    return _("Leave the game")


def seat_line(number: int, name: str, status: str) -> str:
    return _("{number}. {name}: {status}").format(number=number, name=name,
                                                  status=status_label(status))


def cannot_reopen() -> str:
    return _("This game cannot be opened to the network")


def cannot_reopen_why(reason: str) -> str:
    return _("It was played over the network, and this computer cannot host it now "
             "({reason}). Close other programs that use the network, then try again.") \
        .format(reason=reason)


def code_and_address(code: str, addresses: str) -> str:
    """The host's menu: what the others need to join again."""
    return _("Join code: {code} · {addresses}").format(code=code, addresses=addresses)


# -- the network table's dialog and menu ------------------------------------------------------

def network_ended_title() -> str:
    return _("The game over the network has ended")


def look_at_table() -> str:
    return _("Look at the table")


def resume() -> str:
    return _("Resume")


def rules() -> str:
    return _("Rules")


def settings() -> str:
    return _("Settings")


def menu() -> str:
    return _("Menu")
