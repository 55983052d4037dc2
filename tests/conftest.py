import threading

import pytest

from mlir.ir import Context, Location


@pytest.fixture
def ctx():
    with Context() as c:
        yield c


@pytest.fixture
def uctx():
    """A current context allowing unregistered ops, and an unknown location."""
    with Context() as c, Location.unknown():
        c.allow_unregistered_dialects = True
        yield c


def run_on_threads(work, count=4):
    """Runs work() on `count` threads at once; re-raises the first
    exception one of them raised."""
    errors = []

    def run():
        try:
            work()
        except BaseException as e:      # re-raised by the caller's thread
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
