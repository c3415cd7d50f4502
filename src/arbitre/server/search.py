"""The search AI (`mcts`) on the web, in worker processes.

Each game names the level for what it is (messages_social.agent_words, js/i18n.js
`agentText`): in Heresy "strong" / "forte", since its paired root beats the heuristic AI
(0.65 [0.60, 0.70] over 384 games); in Epic "lookahead, experimental" / "prévoyante,
expérimentale", since it scores level with it (0.56 [0.46, 0.65] over 100 games;
docs/interop.md), so it claims no strength it does not have.

`mcts` thinks up to ~2 s of CPU per decision (its `seconds` cap). In a server thread it
would hold the interpreter lock against the event loop and every other game, so on the
web it thinks in a small pool of its own worker processes, niced like the replay pool
(server/work.py), and the server only waits for the answer:

- the job is plain data: the ruleset id, the config (content by name), the seed, the
  stored keys and the agent itself (its parameters and its random generator, as it stands
  in the game). The worker rebuilds the state from the seed and the keys (exact: every
  chance event lives in the state) and keeps the last few states it built, so the next
  decision of the same game only applies the new keys. It answers the key and the agent
  as it left it: the game keeps that agent, so its next decision draws the same random
  numbers as in-process, and the choice is identical to the same agent's in-process;
- bounds: one search per game at a time; at most `processes` searches at once (a
  decision beyond waits for a free process: that game's AI turn takes longer, no other
  game waits and no request fails); at most `per_address` unfinished games with a
  searching seat per creator address (refused at creation, 429 naming the seat's field);
- a hard timeout (`timeout`, 10 s by default, against the agent's own cap of ≤ 2 s): the
  pool is stopped and restarted, the game's heuristic AI answers instead and the game's
  log says so in both languages.

`arbitre serve --search-workers N` sets the pool's size (default 1: on a 2-core machine
one core searches, the other stays the server's); 0 turns the level off (not offered,
refused). Champs is not offered it (`NOT_FOR`): its search now ends every game, but it is
not stronger than the `mj` AI.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import multiprocessing
import os
import pickle
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbitre.engine.agents.random_agent import RandomAgent
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.mcts import MctsAgent
from arbitre.engine.ruleset import Agent
from arbitre.server import messages_search  # noqa: F401  (the texts below)
from arbitre.server.errors import ApiError, both
from arbitre.server.live import Entry, LiveGame
from arbitre.server.messages_social import agent_words
from arbitre.server.store import Store
from arbitre.server.work import Workers, _worker_start

log = logging.getLogger("arbitre.server")

SEARCH = "mcts"  # the agent name a web client may choose (no parameters from the web)
STATES_KEPT = 8  # per worker process: the games whose last state it keeps


@dataclass(slots=True)
class Settings:
    """The operator's choices (`arbitre serve --search-workers`); 0 processes: off."""

    processes: int = 0
    per_address: int = 2
    timeout: float = 10.0


SETTINGS = Settings()


def configure(processes: int, per_address: int = 2, timeout: float = 10.0) -> None:
    """Set the pool's size and limits (before the server starts; tests change them)."""
    if not 0 <= processes <= 64:
        raise ValueError("--search-workers: 0 to 64")
    if not 1 <= per_address <= 1000 or not 0 < timeout <= 600:
        raise ValueError("search limits out of range")
    SETTINGS.processes, SETTINGS.per_address, SETTINGS.timeout = processes, per_address, timeout


# The games whose search the web does not offer: one that plays below the normal AI.
# Champs: its search ends every game since it walks its selections in one canonical order
# (games/champs/mcts_plugin.py), but as the MJ it scores 0.63 [0.53, 0.72] where the `mj`
# AI scores 0.68 [0.58, 0.76] on the same 100 games (docs/interop.md, "Epic and Champs"):
# not shown weaker, but below it, so there is nothing to offer it for.
NOT_FOR = frozenset({"champs"})


def offered(ruleset: str | None = None) -> bool:
    """Whether the web offers the search AI (worker processes to run it), for `ruleset`."""
    return SETTINGS.processes > 0 and ruleset not in NOT_FOR


def is_search(agent: str | None) -> bool:
    return agent is not None and agent.partition(":")[0] == SEARCH


# --- creation: games with a searching seat per address ---------------------------------


class SearchRefusal(ApiError):
    """429: this address has enough unfinished games with a searching seat; names the
    seat's field (`error.field`) as the lobby's form shows refusals."""

    def __init__(self, field: str, limit: int, agent: Msg) -> None:
        super().__init__(429, "search_limit", Msg("search.limit", {"limit": limit, "agent": agent}))
        self.field = field

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["error"]["field"] = self.field
        out["error"]["text"]["field"] = self.field
        return out


_lock = threading.Lock()
_by_address: dict[str, list[str]] = {}  # unfinished games with a searching seat
ADDRESSES_KEPT = 10_000


def reserve(store: Store, client: str | None, ruleset: str, agents: list[str | None]) -> str | None:
    """Before a game is stored (lobby.create_game, in a worker thread): refuse it if its
    creator's address has `per_address` unfinished games with a searching seat already,
    else hold a place (`keep` or `release` it). None: no searching seat."""
    seats = [i for i, a in enumerate(agents) if is_search(a)]
    if not seats or client is None:
        return None
    with _lock:
        games = _by_address.get(client, [])
        alive = []
        for game_id in games:
            if game_id == "":  # a creation in progress
                alive.append(game_id)
                continue
            summary = store.summary(game_id)
            if summary is not None and not summary.over:
                alive.append(game_id)
        if len(alive) >= SETTINGS.per_address:
            _by_address[client] = alive
            words = agent_words(SEARCH, ruleset)
            raise SearchRefusal(f"seats[{seats[0]}].agent", SETTINGS.per_address, words)
        if len(_by_address) >= ADDRESSES_KEPT and client not in _by_address:
            _by_address.pop(next(iter(_by_address)))
        _by_address[client] = [*alive, ""]
    return client


def keep(client: str | None, game_id: str) -> None:
    """The reserved place now holds the stored game."""
    if client is None:
        return
    with _lock:
        games = _by_address.get(client, [])
        if "" in games:
            games[games.index("")] = game_id


def release(client: str | None) -> None:
    """The creation failed: give the reserved place back."""
    if client is None:
        return
    with _lock:
        games = _by_address.get(client, [])
        if "" in games:
            games.remove("")


# --- the job, in a worker process -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Job:
    """One decision to search, as plain data (picklable)."""

    game: str
    ruleset: str
    config: dict[str, Any]
    seed: int
    keys: tuple[str, ...]
    seat: int
    agent: MctsAgent


_states: OrderedDict[str, tuple[tuple[Any, ...], tuple[str, ...], Any]] = OrderedDict()


def _state_of(job: Job) -> Any:
    """The game's state after `job.keys`, built from the seed or from the last state this
    process built for the game (when its keys are a prefix: an undo rebuilds)."""
    from arbitre.engine.registry import get

    ruleset = get(job.ruleset)
    ident = (job.ruleset, job.seed, repr(sorted(job.config.items())))
    cached = _states.pop(job.game, None)
    if cached is not None and cached[0] == ident and job.keys[: len(cached[1])] == cached[1]:
        done, state = cached[1], cached[2]
    else:
        done, state = (), ruleset.new(job.config, job.seed)
    for key in job.keys[len(done) :]:
        ruleset.apply(state, key)
    _states[job.game] = (ident, job.keys, state)
    while len(_states) > STATES_KEPT:
        _states.popitem(last=False)
    return state


def think(job: Job) -> tuple[str, MctsAgent]:
    """In a worker process: the agent's answer and the agent as it left it."""
    from arbitre.engine.registry import get

    ruleset = get(job.ruleset)
    state = _state_of(job)
    decision = ruleset.decision(state)
    if decision is None or decision.seat != job.seat:
        raise ValueError("the rebuilt game does not wait for this seat")
    key = job.agent.choose(ruleset, state, decision)
    return key, portable(job.agent)


def portable(agent: MctsAgent) -> MctsAgent:
    """A copy that pickles: without the last search's tree and root (large, and a state
    may not pickle); what stays is what the next decision uses (parameters, generators).
    The heuristic agent it holds keeps its generator; a part of it that does not pickle
    (a cache: Heresy's planner, which holds the content) goes back to what a new agent
    has, to be filled again in the worker."""
    twin = copy.copy(agent)
    twin.last_root = None
    twin._start = None
    heuristic = agent._heuristic
    factory = agent.plugin.heuristic
    if heuristic is not None and factory is not None and hasattr(heuristic, "__dict__"):
        fresh: Any = None
        copied = copy.copy(heuristic)
        for name, value in vars(heuristic).items():
            try:
                pickle.dumps(value)
            except (TypeError, AttributeError, pickle.PicklingError):
                fresh = fresh if fresh is not None else factory(0)
                setattr(copied, name, copy.deepcopy(getattr(fresh, name, None)))
        twin._heuristic = copied
    return twin


def _start(content_dir: Path | None, server: int, library_dir: Path | None) -> None:
    """A worker knows the operator's content and saved versions, is niced, ends with the
    server (work._worker_start), and loads the games now rather than in its first job."""
    _worker_start(content_dir, server, library_dir)
    from arbitre.engine.registry import get, names

    for name in names():
        get(name)


def _ready() -> bool:
    return True


# --- the pool, on the server's side -----------------------------------------------------


class SearchPool:
    """The worker processes and the bounds (see the module's docstring)."""

    def __init__(self, workers: Workers, processes: int) -> None:
        self.workers = workers
        self.processes = processes
        self.slots = asyncio.Semaphore(processes)
        self.busy: set[str] = set()  # games whose search a process is running
        self.jobs = 0  # searches sent (tests, benchmarks)
        self._pool: ProcessPoolExecutor | None = None
        self.ready = False  # the processes have started and loaded the games

    def executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            args = (self.workers.content_dir, os.getpid(), self.workers.library_dir)
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes, mp_context=context, initializer=_start, initargs=args
            )
        return self._pool

    def warm(self) -> None:
        """Start the processes now (a thread may wait for it)."""
        self.executor().submit(_ready).result()
        self.ready = True

    def stop(self) -> None:
        """Kill the processes (a search past its hard timeout): the next search starts
        a fresh pool; a search still running in it fails and falls back."""
        pool, self._pool = self._pool, None
        self.ready = False
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()

    async def run(self, job: Job) -> tuple[str, MctsAgent]:
        """The worker's answer; waits for a free process (and for this game's previous
        search, cancelled by an undo, to end); TimeoutError past the hard timeout."""
        while job.game in self.busy:
            await asyncio.sleep(0.05)
        await self.slots.acquire()
        if not self.ready:  # a process starting (imports, content) is not a slow search
            try:
                await asyncio.wrap_future(self.executor().submit(_ready))
            except BaseException as exc:
                self.slots.release()
                if isinstance(exc, BrokenProcessPool):
                    self.stop()  # the next search starts a fresh pool
                raise
            self.ready = True
        loop = asyncio.get_running_loop()
        self.busy.add(job.game)
        self.jobs += 1
        try:
            future: Future[tuple[str, MctsAgent]] = self.executor().submit(think, job)
        except BaseException as exc:
            self.busy.discard(job.game)
            self.slots.release()
            if isinstance(exc, BrokenProcessPool):
                self.stop()
            raise

        def done(_f: Future[tuple[str, MctsAgent]]) -> None:
            # the process is free when its job ends, not when a waiter gave up on it
            loop.call_soon_threadsafe(self._free, job.game)

        future.add_done_callback(done)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), SETTINGS.timeout)
        except (TimeoutError, BrokenProcessPool):
            self.stop()  # past the timeout, or a process died: start afresh next time
            raise

    def _free(self, game: str) -> None:
        self.busy.discard(game)
        self.slots.release()


_pools: dict[int, SearchPool] = {}


def pool_of(workers: Workers) -> SearchPool:
    """The search pool of a server (one per `Workers`), made on first use."""
    pool = _pools.get(id(workers))
    if pool is None or pool.workers is not workers:
        pool = _pools[id(workers)] = SearchPool(workers, max(1, SETTINGS.processes))
        workers.on_shutdown.append(pool.stop)
        workers.on_shutdown.append(lambda: _pools.pop(id(workers), None))
    return pool


def wanted(agent: Agent | None) -> bool:
    """Whether this seat's agent thinks in the search pool (hub._think)."""
    return SETTINGS.processes > 0 and isinstance(agent, MctsAgent)


async def choose(workers: Workers, live: LiveGame, decision: Decision) -> str:
    """The search's answer for `decision` (hub._think's branch for `mcts`); past the hard
    timeout, or if the pool broke, the game's heuristic AI answers and the log says so."""
    agent = live.match.agents[decision.seat]
    assert isinstance(agent, MctsAgent)
    job = Job(
        live.id,
        live.ruleset.id,
        dict(live.match.config),
        live.match.seed,
        tuple(live.match.keys),
        decision.seat,
        portable(agent),
    )
    pool = pool_of(workers)
    try:
        key, after = await pool.run(job)
    except (TimeoutError, BrokenProcessPool) as exc:
        timed_out = isinstance(exc, TimeoutError)
        why = "search.timeout" if timed_out else "search.broken"
        log.warning(
            "search AI of game %s: %s; the heuristic AI answers",
            live.id,
            f"no answer in {SETTINGS.timeout:g} s" if timed_out else "its process died",
        )
        words = agent_words(SEARCH, live.ruleset.id)  # the only agent that thinks here
        msg = Msg(why, {"seconds": f"{SETTINGS.timeout:g}", "agent": words})
        live.entries.append(Entry(live.moves, decision.seat, "event", both(msg)))
        return await workers.thread(_fallback, agent, live, decision)
    if live.match.agents.get(decision.seat) is agent:  # (not changed meanwhile)
        live.match.agents[decision.seat] = after  # its generator moved on, as in-process
    return key


def _fallback(agent: MctsAgent, live: LiveGame, decision: Decision) -> str:
    """The game's heuristic AI for this seat (what `mcts` itself uses in its walks)."""
    seed = live.match.seed * 31 + decision.seat + live.moves
    factory = agent.plugin.heuristic
    heuristic: Agent = factory(seed) if factory is not None else RandomAgent(seed)
    return heuristic.choose(live.ruleset, live.match.state, decision)


__all__ = [
    "SETTINGS",
    "Job",
    "SearchPool",
    "SearchRefusal",
    "choose",
    "configure",
    "is_search",
    "keep",
    "offered",
    "pool_of",
    "release",
    "reserve",
    "think",
    "wanted",
]
