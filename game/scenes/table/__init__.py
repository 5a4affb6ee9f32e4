"""The table framework every game's screen is built on (docs/architecture.md).

- `scene.TableScene`: what every game table does besides its own game (pause menu, rules
  overlay, privacy screen, autosave, close-with-save, play again, watch replay);
  `scene.ReplayTable`: the same for a replay viewer, with the replay bar hooked up.
- `presenter`: the contract of a game's presenter: events in, animation steps and log
  lines out, used unchanged by live play and by the replay viewer.
- `tween`: animation steps, easing, and the player that runs a presenter's steps.
- `layers`: cached pictures of what does not change from frame to frame."""
