"""The baseline for bench/startup.py: a bare pygame window opened the way the app opens its
own (pygame.init, caption, 1280x720 resizable, one frame shown), then the same mark on
stdout as the app's ROBOT_GAMES_EXIT_AFTER_FIRST_FRAME, and exit."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

FIRST_FRAME_MARK = "robot-games: first frame"  # game.app.loop.FIRST_FRAME_MARK


def main() -> None:
    pygame.init()
    pygame.display.set_caption("bare window")
    surface = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.event.get()
    surface.fill((24, 28, 38))
    pygame.display.flip()
    print(FIRST_FRAME_MARK, flush=True)
    pygame.quit()


if __name__ == "__main__":
    main()
