"""La Belle Lucie's remembered chances keep to their caps, the least recently used
forgotten first."""

from collections import OrderedDict

from game.engine.lucie import ai, coach


def test_remember_keeps_at_most_the_cap_forgetting_the_least_recently_used():
    cache = OrderedDict()
    for key in range(5):
        assert ai.remember(cache, key, key / 10, cap=3) == key / 10
    assert list(cache) == [2, 3, 4]
    cache.move_to_end(2)
    ai.remember(cache, 5, 0.5, cap=3)
    assert list(cache) == [4, 2, 5]


def test_sampled_chances_stay_within_the_cap(monkeypatch):
    monkeypatch.setattr(ai, "CHANCES_KEPT", 2)
    monkeypatch.setattr(ai, "_CHANCES", OrderedDict())
    for found in ((12, 12, 12, 11), (12, 12, 11, 11), (12, 11, 11, 11), (11, 11, 11, 11)):
        job = ai.chance_job(found, samples=1, sample_nodes=200, use_table=False)
        try:
            while True:
                next(job)
        except StopIteration:
            pass
    assert len(ai._CHANCES) == 2


def test_the_coachs_memory_of_positions_has_its_cap():
    values = OrderedDict()
    for key in range(coach.CACHE_SIZE + 10):
        coach._remember(values, (key,), key)
    assert len(values) == coach.CACHE_SIZE
