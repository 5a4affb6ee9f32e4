"""The replay viewers' kept positions stay few however long the game (memory), and a seek
finds the nearest one at or before its target."""

from game.scenes.replay_snapshots import SnapshotStore


def test_a_long_game_keeps_at_most_the_limit_spread_over_the_whole_game() -> None:
    store: SnapshotStore[int] = SnapshotStore(spacing=50, limit=40)
    for index in range(1, 5001):
        if store.due(index):
            store.keep(index, index)
    assert store.count() <= 40 and store.spacing == 200
    assert store.nearest(4999) == (4800, 4800)
    assert store.nearest(199) is None and store.nearest(200) == (200, 200)


def test_nothing_is_kept_twice_nor_at_the_start() -> None:
    store: SnapshotStore[str] = SnapshotStore(spacing=5)
    assert not store.due(0) and not store.due(3) and store.due(5)
    store.keep(5, "five")
    assert not store.due(5) and store.nearest(9) == (5, "five")
