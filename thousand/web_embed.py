"""Embed links' positions for the web shell (see :func:`thousand.web_links.parse_embed`).

A record is replayed at once. A share link's example has the bots play up to
100 moves for every seat first: the medium bots when the link asks for hard ones
(a hard bot's move takes 0.1-0.5 s in a browser, far more on a phone: 100 of them
kept a rules page blank for 20 s), the link's own level otherwise; the level
plays the reader from the position on. The page starts it with
:func:`embed_start`, which replies the position at once with ``setup``
(``{"run", "move", "of"}``), and asks :func:`embed_step` for a few moves at a
time, drawing each reply, until no ``setup`` comes back. Meanwhile the session
takes no move and gives no hint. An example set up once is kept: "Start again"
replays its moves at once.

>>> import json
>>> s = json.loads(embed_start("?embed=1&p=3&s=42&l=easy&r=std&at=9"))
>>> s["setup"]["move"], s["setup"]["of"], s["view"]["legal"], s["bot_to_move"]
(0, 9, [], False)
>>> while "setup" in s:
...     s = json.loads(embed_step(str(s["setup"]["run"])))
>>> len(json.loads(s["save"])["record"].split("_")[-1].split("."))
9
>>> json.loads(embed_step("0"))["error"]["key"]   # a run started again or over: nothing is played
'embed.setup_over'
"""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

from . import web
from .bots import decide, make_bot
from .game import Game, IllegalActionError
from .web_links import WebError, parse_embed

SETUP_LEVEL = {"hard": "medium"}  # the bots that play the moves up to the position, by the link's level
STEP_MOVES = 10  # moves one call plays at most: the page draws the table between calls
STEP_SECONDS = 0.2  # and it stops sooner once it has worked this long (a phone is slow)
_runs = itertools.count(1)
# The moves of the examples set up in this page, by link: "Start again" replays them at once instead of
# having the bots think them out again (the same moves: the bots decide from the position alone).
_reached: dict[tuple, tuple] = {}
REACHED_KEPT = 4


class EmbedSession(web.Session):
    """A share link's game on its way to move ``target``: the bots play every seat
    until then (or until the game ends), and only then does the reader play."""

    def __init__(self, game: Game, level: str, target: int, key: tuple) -> None:
        super().__init__(game, level)
        self.target = target
        self.key = key
        self.setup_bot = make_bot(SETUP_LEVEL.get(level, level))
        self.played = 0
        self.run = next(_runs)  # a reply names its run: a step for a run started again is refused

    @property
    def setting_up(self) -> bool:
        return self.played < self.target and not self.game.is_over

    def advance(self, most: int, seconds: float | None = None) -> None:
        """Play up to ``most`` moves toward the target, stopping once ``seconds`` have passed."""
        started = time.perf_counter()
        for _ in range(most):
            if not self.setting_up or (seconds is not None and time.perf_counter() - started >= seconds):
                break
            self.game.apply(decide(self.setup_bot, self.game))
            self.played += 1
        if not self.setting_up and self.key not in _reached:
            if len(_reached) >= REACHED_KEPT:
                del _reached[next(iter(_reached))]
            _reached[self.key] = tuple(self.game.history)

    def require_ready(self) -> None:
        if self.setting_up:
            raise WebError("embed.setting_up", "the example is still being set up")

    def state(self) -> dict:
        out = super().state()
        if self.setting_up:
            out["view"]["legal"] = []
            out["bot_to_move"] = False
            out["setup"] = {"run": self.run, "move": self.played, "of": self.target}
        return out


def _open(query: str) -> web.Session:
    e = parse_embed(query)
    if "record" in e:
        rec = e["record"]
        try:
            Game.replay(rec)  # the whole record must be a real game, also past `at`
        except IllegalActionError as err:
            raise WebError("embed.bad_record", str(err)) from None
        return web.Session(Game.replay(replace(rec, actions=rec.actions[:e["at"]])), e["level"])
    link = e["link"]
    game = Game(link["players"], link["seed"], link["rules"])
    key = (link["players"], link["seed"], link["rules"].code(), link["level"], e["at"])
    if key in _reached:  # set up before in this page: its moves again, without the bots' thinking
        for action in _reached[key]:
            game.apply(action)
        return web.Session(game, link["level"])
    return EmbedSession(game, link["level"], e["at"], key)


def embed_start(query: str) -> str:
    """Start the position an embed link describes: a record's at once, a share
    link's at its start with ``setup`` (see the module's notes). A bad link changes nothing."""
    return web._reply(lambda: web._start_session(_open(query)))


def embed_step(run: str) -> str:
    """A few more moves of run ``run``'s setup; the reply is the state, with
    ``setup`` while moves remain. A run that is not the current one is refused."""
    def step():
        session = web._session
        if not isinstance(session, EmbedSession) or str(session.run) != run:
            raise WebError("embed.setup_over", "the example was started again")
        session.advance(STEP_MOVES, STEP_SECONDS)
        return session.state()
    return web._reply(step)


def embed(query: str) -> str:
    """The position an embed link describes, set up in one call (for tests and scripts)."""
    def run():
        session = _open(query)
        if isinstance(session, EmbedSession):
            session.advance(session.target)
        return web._start_session(session)
    return web._reply(run)
