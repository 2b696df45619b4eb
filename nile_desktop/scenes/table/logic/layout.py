"""Where everything sits on the table, for 2–6 seats at any window size.

The layout is a set of named areas in window pixels, computed from the
window size and the number of seats alone (no drawing, no display):

- ``seat.N``: one panel per seat with its fields, Monuments, speculations
  and counts, in a grid across the top of the play area;
- ``river``: the flood pile, the draw pile, the discard pile, the season
  marker and the Monuments still in the centre, at the top of the side
  column, with ``flood``, ``deck``, ``discard``, ``season`` and ``centre``
  inside it;
- ``log``: the game log, filling the rest of the side column;
- ``hand`` and ``storage``: the shown person's cards, along the bottom;
- ``actions``: the row of action buttons under the hand; ``tools``: undo,
  clear, suggest and the full move list, above the hand; ``status``: the
  prompt line (whose turn, what to do, why a pick was refused);
- ``menu``: the menu button, and ``sound`` beside it (mute).

``unit`` is the size of one logical pixel of the 1280×720 design, so text
and cards grow with the window and stay sharp (they are drawn at their real
size, never scaled afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Rect = tuple[int, int, int, int]

MIN_SIZE = (640, 400)
#: Height of a Monument card in the centre, in design pixels (a small card at 1280×720).
CENTRE_CARD = 62


def _r(x: float, y: float, w: float, h: float) -> Rect:
    return (round(x), round(y), max(1, round(w)), max(1, round(h)))


def grid_shape(players: int) -> tuple[int, int]:
    """Columns and rows of the seat grid."""
    if players <= 2:
        return 2, 1
    if players == 3:
        return 3, 1
    if players == 4:
        return 2, 2
    return 3, 2


@dataclass
class TableLayout:
    """Named areas of the table for a window of ``size`` and ``players`` seats."""

    size: tuple[int, int]
    players: int
    unit: float = 1.0
    areas: dict[str, Rect] = field(default_factory=dict)

    @classmethod
    def compute(cls, size: tuple[int, int], players: int) -> TableLayout:
        w = max(MIN_SIZE[0], int(size[0]))
        h = max(MIN_SIZE[1], int(size[1]))
        u = min(w / 1280, h / 720)
        m = max(6, round(10 * u))
        lay = cls((w, h), players, u)
        a = lay.areas
        side_w = max(270 * u, min(w * 0.28, 420 * u))
        side_x = w - side_w - m
        main_w = side_x - 2 * m
        # side column: river on top, log below
        river_h = max(200 * u, h * 0.31)
        a["river"] = _r(side_x, m, side_w, river_h)
        a["log"] = _r(side_x, m * 2 + river_h, side_w, h - river_h - 3 * m)
        lx, ly, lw, _lh = a["log"]
        a["menu"] = _r(lx + lw - 12 * u - 92 * u, ly + 8 * u, 92 * u, 28 * u)
        a["sound"] = _r(lx + lw - 12 * u - 92 * u - 8 * u - 80 * u, ly + 8 * u, 80 * u, 28 * u)
        rx, ry, rw, rh = a["river"]
        pad = 12 * u
        # the piles leave room under them for the centre's Monuments as small cards
        # (drop targets a card of :data:`CENTRE_CARD` high, and a line for their title)
        card_w = min((rw - 5 * pad) / 3.4, (rh - 70 * u) / 1.4 * 0.95,
                     (rh - (CENTRE_CARD + 70) * u) / 1.4)
        card_h = card_w * 1.4
        top = ry + pad + 4 * u
        a["flood"] = _r(rx + pad, top, card_w, card_h)
        a["deck"] = _r(rx + 2 * pad + card_w, top, card_w, card_h)
        a["discard"] = _r(rx + 3 * pad + 2 * card_w, top, card_w * 0.8, card_w * 0.8 * 1.4)
        label_y = top + card_h + 22 * u
        a["season"] = _r(rx + pad, label_y + 4 * u, rw * 0.42, rh - (label_y - ry) - pad)
        a["centre"] = _r(rx + rw * 0.44, label_y + 4 * u, rw * 0.56 - pad,
                         rh - (label_y - ry) - pad)
        # play area: seats on top, then status + tools, then hand/storage, then actions
        action_h = 44 * u
        tray_h = max(150 * u, h * 0.29)
        status_h = 34 * u
        seats_h = h - 2 * m - action_h - tray_h - status_h - 3 * m
        cols, rows = grid_shape(players)
        gap = m
        cw = (main_w - (cols - 1) * gap) / cols
        ch = (seats_h - (rows - 1) * gap) / rows
        for seat in range(players):
            col, row = seat % cols, seat // cols
            a[f"seat.{seat}"] = _r(m + col * (cw + gap), m + row * (ch + gap), cw, ch)
        status_y = m + seats_h + m
        a["status"] = _r(m, status_y, main_w, status_h)
        tray_y = status_y + status_h + m
        hand_w = main_w * 0.70
        a["hand"] = _r(m, tray_y, hand_w, tray_h)
        a["storage"] = _r(m + hand_w + m, tray_y, main_w - hand_w - m, tray_h)
        a["actions"] = _r(m, tray_y + tray_h + m, main_w, action_h)
        a["table"] = _r(0, 0, side_x, h)
        return lay

    def rect(self, name: str) -> Rect:
        return self.areas[name]

    def seat(self, seat: int) -> Rect:
        return self.areas[f"seat.{seat}"]

    def px(self, logical: float) -> int:
        """A length of the 1280×720 design in window pixels."""
        return max(1, round(logical * self.unit))

    def font(self, logical: int) -> int:
        """A text size of the 1280×720 design in window pixels (never unreadably small)."""
        return max(11, round(logical * self.unit))

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of top-level areas that overlap (a correct layout has none)."""
        names = ["river", "log", "status", "hand", "storage", "actions"] + [
            f"seat.{i}" for i in range(self.players)]
        out = []
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if _intersect(self.areas[a], self.areas[b]):
                    out.append((a, b))
        return out


def _intersect(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
