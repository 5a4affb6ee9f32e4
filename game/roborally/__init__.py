"""RoboRally with Crash & Burn: the pure rules core (RULES.md RR-*, CB-*)."""
