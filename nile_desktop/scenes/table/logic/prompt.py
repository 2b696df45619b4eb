"""The prompt line's message and the table's short timers.

A message (a refusal, a note, the advisor's suggestion) shows for
:data:`MESSAGE_TIME` seconds. After a move the buttons ignore clicks for
:data:`INPUT_GUARD` seconds, so a double click never plays twice. "End turn"
and "Take back my turn" each ask for a second press: End turn's counts while
its timer runs, Take back's for :data:`TAKEBACK_WINDOW` seconds, during which
the prompt line shows its "press again" words and nothing else, so the line and
the button's "Really take back?" start and end on the same frame. The glow of
the places a card may go pulses with the table's clock.
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
#: Seconds "Take back my turn" waits for its second press: long enough to read its
#: two sentences and move the pointer back to the button.
TAKEBACK_WINDOW = 6.0


class Prompt:
    """What the prompt line says, and the timers that run with it."""

    def __init__(self) -> None:
        self.clock = 0.0
        #: The glow's pulse, from 1 down to 0 and back every 1.25 seconds.
        self.pulse = 0.0
        self.guard = 0.0
        self.pass_armed = 0.0
        self.message: Message = ""
        self.message_time = 0.0
        self.message_tone = Tone.ERROR
        #: The "press again" words of an armed "Take back my turn", and the seconds left.
        self._takeback: Message = ""
        self.takeback_time = 0.0

    def say(self, text: Message, tone: Tone = Tone.ERROR) -> None:
        """A line in the prompt for a few seconds; ``text`` may be told when drawn
        (an ``i18n.Deferred``), so it follows a language switch. Anything said ends an
        armed take-back: the line no longer asks for the second press."""
        self.message, self.message_tone, self.message_time = text, tone, MESSAGE_TIME
        self.disarm_takeback()

    def shown(self) -> Message:
        """The message on the prompt line now ("" once its time is up): while a take-back
        is armed, its "press again" words."""
        if self.takeback_armed:
            return self._takeback
        return self.message if self.message_time > 0 else ""

    def shown_tone(self) -> Tone:
        return Tone.NOTE if self.takeback_armed else self.message_tone

    def arm_takeback(self, text: Message) -> None:
        """"Take back my turn" was pressed once: ``text`` asks for a second press, which
        counts for :data:`TAKEBACK_WINDOW` seconds, exactly as long as ``text`` shows."""
        self.message_time = 0.0
        self._takeback, self.takeback_time = text, TAKEBACK_WINDOW

    @property
    def takeback_armed(self) -> bool:
        return self.takeback_time > 0

    def disarm_takeback(self) -> None:
        self._takeback, self.takeback_time = "", 0.0

    def moved(self, by_person: bool = True) -> None:
        """A move was played: clicks wait a moment, and the last message goes (but a bot's
        move leaves an armed take-back armed, its words on show)."""
        self.guard = INPUT_GUARD
        self.message_time = 0.0
        if by_person:
            self.disarm_takeback()

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.pulse = abs(((self.clock * 1.6) % 2) - 1)
        self.guard = max(0.0, self.guard - dt)
        self.message_time = max(0.0, self.message_time - dt)
        self.pass_armed = max(0.0, self.pass_armed - dt)
        self.takeback_time = max(0.0, self.takeback_time - dt)
