"""Robot Games: start the app, or run a command-line tool (`python main.py --help`)."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import main  # noqa: E402  (the environment must be set before pygame loads)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
