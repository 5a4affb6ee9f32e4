"""RoboRally bots (pure: no pygame, no files)."""
