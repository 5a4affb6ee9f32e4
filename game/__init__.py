"""Robot Games: Robot Master, RoboRally (with Crash & Burn) and VOLT at one screen."""
