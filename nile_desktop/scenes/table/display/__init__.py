"""The table's drawing and input half: everything that needs pygame.

It reads the deciding half (:mod:`~nile_desktop.scenes.table.logic`) through the
frame's :class:`~nile_desktop.scenes.table.logic.view.TableView` and acts on it
through :class:`~nile_desktop.scenes.table.logic.commands.TableCommands`.

- :mod:`scene` — :class:`~.scene.TableScene`, the composition root that wires the parts;
- :mod:`table_input` — mouse and keyboard, turned into commands;
- :mod:`frame` and :mod:`picture` — each frame: the kept picture, redrawn zone by
  zone, and what moves over it;
- :mod:`paint` — drawing helpers and the element list (hits, the UI dump);
- :mod:`backdrop` — the still parts, painted once per layout;
- :mod:`seats_view`, :mod:`river_view`, :mod:`tray_view` — the seats, the river and
  centre, the hand and storage;
- :mod:`sprite_draw` — cards in flight, the swarm, banners;
- :mod:`controls` and :mod:`buttons` — the action row, the tools, the prompt line;
- :mod:`logview` — the game log; :mod:`overlays` — the hand-off cover;
  :mod:`results_view` — the end of the game;
- :mod:`coach_view` — the lesson and hint panels;
- :mod:`menu` — the in-game menu and the list of all moves;
- :mod:`replay_scene` and :mod:`replay_view` — the replay's scene and its controls.
"""
