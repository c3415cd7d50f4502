"""IdentityMemo: values per object by identity, qualified by an extra key, bounded."""

from __future__ import annotations

from arbitre.engine.memo import IdentityMemo


def test_an_equal_object_is_not_the_same_object() -> None:
    memo: IdentityMemo[str] = IdentityMemo(8)
    a, b = [1, 2], [1, 2]  # equal, unhashable, two objects
    assert memo.put(a, "a") == "a"
    assert memo.get(a) == "a" and memo.get(b) is None
    memo.put(a, "a at 3", 3)
    assert memo.get(a, 3) == "a at 3" and memo.get(a) == "a" and memo.get(a, 4) is None


def test_it_forgets_everything_past_its_limit_and_holds_its_objects() -> None:
    memo: IdentityMemo[int] = IdentityMemo(3)
    kept = [object() for _ in range(4)]
    for i, obj in enumerate(kept[:3]):
        memo.put(obj, i)
    assert [memo.get(o) for o in kept[:3]] == [0, 1, 2]
    memo.put(kept[3], 3)  # the fourth: the first three are forgotten
    assert [memo.get(o) for o in kept] == [None, None, None, 3]
    memo.put(object(), 9)  # dropped by the caller, still held by the memo: its id stays taken
    assert all(memo.get(object()) is None for _ in range(100))
