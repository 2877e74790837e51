"""What the UI's modules share of the browser itself. MicroPython, main thread."""

import js


def next_task():
    """An awaitable that resumes its caller in a later task of the browser,
    which may paint and answer input in between. (In an asyncio task, `await
    asyncio.sleep(0)` does not get there: MicroPython's loop runs every task
    that is due before it hands back to the browser.)

    scheduler.yield() where the browser has it: the caller resumes as soon
    as the browser is free. A timer waits at least 4 ms once timers nest 5
    deep, as they do all through the boot: the UI's start, which yields
    between its short tasks, was ready 40-60 ms later that way (issue #13)."""
    scheduler = getattr(js, "scheduler", None)
    if scheduler is not None and getattr(scheduler, "yield", None) is not None:
        return getattr(scheduler, "yield")()
    return js.Promise.new(lambda resolve, reject: js.setTimeout(resolve))
