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


def run_on_threads(target, count=4):
    """Runs target(i) on `count` threads started together (i = 0, 1, ...);
    re-raises the first exception one of them raised."""
    barrier = threading.Barrier(count)
    errors = []

    def run(i):
        try:
            barrier.wait()
            target(i)
        except BaseException as e:      # re-raised by the caller's thread
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
