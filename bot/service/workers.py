"""The process pool: AI decisions and drawing run here, so the event loop only parses, awaits
and delivers.

One pool per process (`install`), sized from the CPUs this process may use, created by the
front-end that owns the loop and shut down when it closes. Work goes to the pool when it
pickles (the rules core is pure dataclasses; presenters draw through module-level functions);
anything else (a test's stand-in closure) runs in a worker thread, as before the pool.
"""

from __future__ import annotations

import asyncio
import copyreg
import importlib
import io
import logging
import multiprocessing
import os
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType
from typing import Any, TypeVar

import bot.service.metrics as metrics
from bot.service.outbox import BattleReplay, Image
from bot.service.plugin import installed

log = logging.getLogger(__name__)

T = TypeVar("T")

_CURRENT: Workers | None = None
NICENESS = 10
"""How much lower the workers' scheduling priority is than the bot's. With as many workers as
cores, busy workers would otherwise take turns on the CPU with the event loop and delay it by
whole scheduler slices; a lower priority lets the loop run first whenever it has work."""


def default_size() -> int:
    """Worker processes for this machine: one per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _warm(modules: Sequence[str]) -> None:
    """Yield the CPU to the event loop's process, and import the heavy modules (the installed
    games' AI and drawings) once per worker, not on its first job."""
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: the workers run at the loop's priority
        log.info("worker processes could not lower their priority")
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:  # an optional game or renderer: its jobs import what they need
            continue


def _call(blob: bytes) -> Any:
    fn, args = pickle.loads(blob)
    return fn(*args)


class Workers:
    """A ProcessPoolExecutor for CPU-bound steps, with a thread fallback for what cannot travel."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or default_size()
        # forkserver: a fork of this process would copy the store's threads and locks mid-use.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self._context = context
        self.warm: tuple[str, ...] = ()
        """The modules each worker imports when it starts (the installed games' `warm`)."""
        # Made on the first job, not here: the games a service installs are known by then,
        # whichever of the two a front-end builds first.
        self._executor: ProcessPoolExecutor | None = None
        self._open = True
        self.jobs = 0
        """Jobs that ran in the pool (not counting the thread fallback)."""
        self.restarts = 0
        """How often a dead worker (killed, out of memory) made the pool start afresh."""

    def _start(self) -> ProcessPoolExecutor:
        self.warm = tuple(m for plugin in installed() for m in plugin.warm)
        return ProcessPoolExecutor(
            self.processes, mp_context=self._context, initializer=_warm, initargs=(self.warm,)
        )

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a worker process when both pickle, else in a worker thread."""
        if self._open and self._executor is None:
            self._executor = self._start()
        executor = self._executor
        blob = _portable(fn, args) if executor is not None else None
        if executor is None or blob is None:
            return await asyncio.to_thread(fn, *args)
        self.jobs += 1
        loop = asyncio.get_running_loop()
        try:
            found: T = await loop.run_in_executor(executor, _call, blob)
        except BrokenProcessPool:
            # A worker died and took the pool with it: start a new one for the next jobs,
            # and do this one here, so that nobody's move is lost to it.
            log.error("a worker process died; starting the pool afresh")
            if self._executor is executor:
                self.restarts += 1
                self._executor = self._start()
                executor.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(fn, *args)
        return found

    def close(self) -> None:
        """Stop the workers (pending jobs are dropped; running ones finish)."""
        self._open = False
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        uninstall(self)


def _module(module: ModuleType) -> tuple[Callable[[str], ModuleType], tuple[str]]:
    return importlib.import_module, (module.__name__,)


def _portable(fn: Callable[..., Any], args: tuple[Any, ...]) -> bytes | None:
    """The pickled call, or None when it cannot travel. A module (a game's rules are one)
    travels as its name: the worker imports it."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, ModuleType: _module}
    try:
        pickler.dump((fn, args))
    except (pickle.PicklingError, TypeError, AttributeError) as err:
        log.debug("%r runs in a thread: %s", fn, err)
        return None
    return buffer.getvalue()


def install(workers: Workers) -> None:
    """Make `workers` the pool of this process (what `offload` and the drawing helpers use)."""
    global _CURRENT
    _CURRENT = workers


def uninstall(workers: Workers) -> None:
    """Forget `workers` if it is the process's pool."""
    global _CURRENT
    if _CURRENT is workers:
        _CURRENT = None


def current() -> Workers | None:
    """The process's pool, if a front-end made one."""
    return _CURRENT


async def offload(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` off the event loop: in the pool when there is one, else in a thread."""
    workers = _CURRENT
    if workers is None:
        return await asyncio.to_thread(fn, *args)
    return await workers.run(fn, *args)


async def draw_images(images: Sequence[Image], lang: str) -> list[tuple[str, bytes]]:
    """(name, PNG bytes) of each image in `lang`, drawn off the loop (each at most once)."""
    drawn = await asyncio.gather(*(_png(image, lang) for image in images))
    return [(image.name, data) for image, data in zip(images, drawn, strict=True)]


async def _png(image: Image, lang: str) -> bytes:
    found = image.drawn.get(image.key(lang))
    if found is None:
        with metrics.timed(metrics.RENDER_SECONDS):
            found = await offload(image.render, lang)
        image.keep(lang, found)
    return found


async def draw_frames(replay: BattleReplay, lang: str) -> tuple[bytes, ...]:
    """A replay's PNG frames in `lang`, drawn off the loop (at most once per language)."""
    found = replay.drawn.get(lang)
    if found is None:
        with metrics.timed(metrics.RENDER_SECONDS):
            found = tuple(await offload(replay.render, lang))
        replay.drawn[lang] = found
    return found
