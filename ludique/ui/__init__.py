"""The kiosk: pygame-ce scenes on top of the rules engine and the computer player.

* ``app.App`` — the one event loop.  Scenes draw into a logical 1920x1080 canvas that is
  letterboxed onto the real screen (``app.Letterbox``); mouse and FINGER coordinates go through the
  same transform, and mouse events that SDL synthesised from a touch are ignored so that a tap
  counts once.  ``App.run(max_seconds)`` is the kiosk; tests and the self-test call
  ``App.step()`` themselves.  Its statistics come with it (``App(stats=StatsPort(...))``,
  ``ludique.kiosk.stats``: the games started and finished, the admin panel's summary, lines and
  problem; its charts: ``ludique.ui.charts``); hooks: ``on_game_finished(GameRecord)``,
  ``on_settings_changed(Settings)``.  ``LUDIQUE_STATE_FILE`` makes the app write the
  saved game after every action (the Xvfb end-to-end test watches it).
* ``scenes`` — Attract (demo game), Home, Set-up, Game, Rules, End, Admin (+ the PIN pad); the
  idle countdown is an overlay of the app.  A failure inside any scene is logged with its
  traceback and the app returns to Attract.
* ``boards`` — one view per game that draws any engine state into any rect of any surface
  (also used by the rule-card diagrams); static boards and sprites are painted once and cached.
* ``opponent.Opponent`` — the kiosk's handle on ``ludique.kiosk.worker.ComputerPlayer``; the game
  scene enforces the 0.6 s minimum before it shows the computer's move.
* ``theme`` / ``widgets`` — colours, cached texts, buttons and the FR/DE/EN switch (top right of
  the band a seated visitor reaches).

Timings of the show (animations, pauses, the hint delay) go through ``App.seconds`` so that
tests can run them faster with ``timing_scale``; the idle time comes from the settings.
"""
