"""Pure glue between a Match, its bots and a scene: actions in, events out (no pygame)."""
