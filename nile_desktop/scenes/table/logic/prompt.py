"""The prompt line's message and the table's short timers.

A message (a refusal, a note, the advisor's suggestion) shows for
:data:`MESSAGE_TIME` seconds. After a move the buttons ignore clicks for
:data:`INPUT_GUARD` seconds, so a double click never plays twice. "End turn"
and "Take back my turn" each ask for a second press, which counts while their
timer runs. The glow of the places a card may go pulses with the table's clock.
All of them run on the table's time (:meth:`Prompt.tick`). No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import Message
from nile_desktop.scenes.table.logic.view import Tone

#: Seconds a message stays on the prompt line.
MESSAGE_TIME = 5.0
#: Seconds after a move during which the buttons ignore clicks (no double-click accidents).
INPUT_GUARD = 0.35
#: Seconds End turn stays armed for its second press.
PASS_ARMED = 3.0
#: Seconds Take back my turn stays armed: as long as its message ("Press again …") shows.
TAKEBACK_ARMED = MESSAGE_TIME


class Prompt:
    """What the prompt line says, and the timers that run with it."""

    def __init__(self) -> None:
        self.clock = 0.0
        #: The glow's pulse, from 1 down to 0 and back every 1.25 seconds.
        self.pulse = 0.0
        self.guard = 0.0
        self.pass_armed = 0.0
        self.takeback_armed = 0.0
        self.message: Message = ""
        self.message_time = 0.0
        self.message_tone = Tone.ERROR

    def say(self, text: Message, tone: Tone = Tone.ERROR) -> None:
        """A line in the prompt for a few seconds; ``text`` may be told when drawn
        (an ``i18n.Deferred``), so it follows a language switch."""
        self.message, self.message_tone, self.message_time = text, tone, MESSAGE_TIME

    def shown(self) -> Message:
        """The message on the prompt line now ("" once its time is up)."""
        return self.message if self.message_time > 0 else ""

    def moved(self) -> None:
        """A move was played: clicks wait a moment, and the last message goes."""
        self.guard = INPUT_GUARD
        self.message_time = 0.0

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.pulse = abs(((self.clock * 1.6) % 2) - 1)
        self.guard = max(0.0, self.guard - dt)
        self.message_time = max(0.0, self.message_time - dt)
        self.pass_armed = max(0.0, self.pass_armed - dt)
        self.takeback_armed = max(0.0, self.takeback_armed - dt)
