"""What the UI's modules share of the browser itself. MicroPython, main thread."""

import js


def next_task():
    """An awaitable that resumes its caller in a later task of the browser,
    once it has painted and answered input. (In an asyncio task, `await
    asyncio.sleep(0)` does not get there: MicroPython's loop runs every task
    that is due before it hands back to the browser.)"""
    return js.Promise.new(lambda resolve, reject: js.setTimeout(resolve))
