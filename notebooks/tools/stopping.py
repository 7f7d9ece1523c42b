"""Ctrl-C and SIGTERM for the notebook tools: one line and status 130 or 143, never a page of tracebacks.

Imported first by a tool, before its heavy imports: a signal that comes while they load is noted, not raised
(raised there, a library may swallow it and the tool would run on as if nothing had been asked), and the tool
stops as soon as ``stoppable`` starts it.
"""

from __future__ import annotations

import asyncio
import pathlib
import signal
import sys
from collections.abc import Callable

STOPS = (signal.SIGINT, signal.SIGTERM)
_noted: list[int] = []


def _note(signum: int, frame: object) -> None:
    _noted.append(signum)


_tool = getattr(sys.modules.get("__main__"), "__file__", None)
if _tool and pathlib.Path(_tool).resolve().parent == pathlib.Path(__file__).resolve().parent:
    # a tool of this folder is the program: note a signal while it loads. Imported by anything else (a test, a
    # notebook), the caller's own Ctrl-C stays as it was.
    for _number in STOPS:
        signal.signal(_number, _note)


def stoppable(main: Callable[[list[str] | None], None], name: str, argv: list[str] | None = None) -> int:
    """Run a tool's ``main``; Ctrl-C or SIGTERM ends it with one line and status 130 or 143, not tracebacks.

    The signal is raised as KeyboardInterrupt, so the kernel and the files being written are closed on the way
    out. What the unwinding raises after that (nbclient's clean-up, asyncio's CancelledError) is part of the stop,
    not news. A signal that a library swallowed still ends the run with its status once ``main`` returns.
    """
    stopped = _noted

    def on_signal(signum: int, frame: object) -> None:
        stopped.append(signum)
        raise KeyboardInterrupt

    previous = {number: signal.signal(number, on_signal) for number in STOPS}
    try:
        if not stopped:  # nothing came while the tool's modules loaded
            main(argv)
    except BaseException as err:
        if not stopped and not isinstance(err, (KeyboardInterrupt, asyncio.CancelledError)):
            raise
        stopped.append(signal.SIGINT)  # what came first stays first
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_IGN if stopped else handler)
    if not stopped:
        return 0
    print(f"{name}: {'interrupted' if stopped[0] == signal.SIGINT else 'terminated'}", file=sys.stderr)
    return 128 + stopped[0]
