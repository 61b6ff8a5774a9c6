"""The session API of the daily deal and of the review (JSON strings in and
out, as in :mod:`thousand.web`, which re-exports these functions for the worker).

The daily has its own session beside the main game's, so playing it never
touches the saved game. A review is computed a decision at a time
(``review_start`` then ``review_next`` until ``review`` is in the reply), so
the page can show progress and the worker stays free between the steps.

>>> import json
>>> st = json.loads(daily_start("2026-12-03", ""))
>>> st["ok"], st["daily"]["number"], st["daily"]["over"], st["share"]
(True, 3, False, None)
>>> json.loads(daily_check("daily=2026-12-03&m=p&n=Me&v=d&b=5"))["error"]["key"]
'daily.link_illegal'
"""

from __future__ import annotations

import json
from typing import Iterator

from . import web
from .actions import Action
from .cards import NotationError
from .daily import HUMAN, LEVEL, Daily, DailyError, day_number, parse_result_link, rank, result_link
from .daily import replay as replay_daily
from .game import IllegalActionError
from .review import last_deal, par, review_steps

MAX_ENTRIES = 200_000  # characters of the table sent back for ranking


class DailySession(web.Session):
    """The day's deal for the person at seat 0; it ends with the deal. No hints:
    everyone's result must be their own play against the same bots."""

    hints_offered = False

    def __init__(self, daily: Daily) -> None:  # the daily's own bot plays: no second one
        self.game, self.level, self.bot, self.daily = daily.game, LEVEL, daily.bot, daily
        self.hints = 0

    def bot_action(self) -> Action:
        return self.daily.bot_move()

    def state(self) -> dict:
        out = super().state()
        daily = self.daily
        over = daily.over
        if over:  # the game would go on to a next deal: the daily does not
            out["view"]["legal"] = []
        out["bot_to_move"] = not over and self.game.to_move != HUMAN
        # No deal link: it would deal the day's cards to anyone, to try before their official attempt.
        # The daily shares its result instead (daily_share), which shows no card.
        out["share"] = None
        out["daily"] = {"day": daily.day, "number": day_number(daily.day), "over": over,
                        "moves": ".".join(str(a) for a in daily.moves()),
                        "result": daily.result() if over else None}
        return out


_daily: DailySession | None = None
_review: Iterator | None = None


def _reply(fn) -> str:
    def run():
        try:
            return fn()
        except DailyError as err:
            raise web.WebError(err.key, err.text, **err.details) from None
    return web._reply(run)


def _current() -> DailySession:
    if _daily is None:
        raise web.WebError("daily.none", "no daily deal has been started")
    return _daily


def daily_start(day: str, moves: str = "") -> str:
    """Start the deal of ``day`` (``YYYY-MM-DD``), replaying the person's
    ``moves`` (dot-separated notation) of an attempt in progress."""
    def run():
        global _daily
        daily = Daily(day)
        for text in moves.split(".") if moves else []:
            daily.run_bots()
            try:
                daily.apply(Action.parse(text))
            except (NotationError, IllegalActionError):
                raise DailyError("daily.bad_attempt", "the saved daily attempt does not replay") from None
        if moves:  # back to where the person left it: their turn, or the end
            daily.run_bots()
        _daily = DailySession(daily)
        return _daily.state()
    return _reply(run)


def daily_play(action: str) -> str:
    """The person's move in the daily deal."""
    def run():
        session = _current()
        if session.daily.over or session.game.to_move != HUMAN:
            raise web.WebError("game.not_your_turn", "it is not your turn")
        try:
            session.daily.apply(Action.parse(action))
        except (NotationError, IllegalActionError) as err:
            raise web.WebError("game.illegal", str(err), action=action) from None
        return session.state()
    return _reply(run)


def daily_bot_step() -> str:
    """One bot move in the daily deal (as :func:`thousand.web.bot_step`)."""
    def run():
        session = _current()
        if not session.state()["bot_to_move"]:
            raise web.WebError("game.no_bot_to_move", "no bot is to move")
        seat = session.game.to_move
        action = session.bot_action()
        out = session.state()
        public = action.kind != "give" or action.target == HUMAN
        out["moved"] = {"seat": seat, "kind": action.kind, "action": str(action) if public else None}
        return out
    return _reply(run)


def daily_share(name: str) -> str:
    """The result link of the finished daily, signed with ``name``."""
    def run():
        daily = _current().daily
        result = daily.result()
        return {"ok": True, "link": result_link(daily.day, daily.moves(), name, result["code"]), "result": result}
    return _reply(run)


def daily_par() -> str:
    """The par of the finished daily (the declarer's double-dummy points from the
    first lead) and the person's difference from it: positive when the person
    did better than the par, as declarer taking more, as defender leaving less."""
    def run():
        daily = _current().daily
        result = daily.result()
        start, moves = last_deal(daily.game)
        game = start.copy()
        for action in moves:
            if action.kind in ("play", "meld"):
                break
            game.apply(action)
        value = par(game) if game.phase == "play" else None
        diff = None
        if value is not None:
            diff = (result["declarer_points"] - value if result["declarer"] == HUMAN
                    else value - result["declarer_points"])
        return {"ok": True, "par": value, "diff": diff}
    return _reply(run)


def daily_check(query: str) -> str:
    """Check a friend's result link by replaying it; the entry or an error."""
    return _reply(lambda: {"ok": True, "entry": parse_result_link(query)})


def daily_rank(entries: str) -> str:
    """Order entries (a JSON list, as ``daily_check`` gave them) for the table of the day."""
    def run():
        if len(entries) > MAX_ENTRIES:
            raise web.WebError("daily.table_bad", "the table of the day is too large")
        try:
            items = web.loads(entries)
            return {"ok": True, "entries": rank(items)}
        except (ValueError, KeyError, TypeError, AttributeError):
            raise web.WebError("daily.table_bad", "the table of the day is damaged") from None
    return _reply(run)


def review_start(which: str) -> str:
    """Start the review of the last deal of ``which``: ``game`` (the main game),
    ``daily`` (the daily session), or a daily result link (a friend's deal)."""
    def run():
        global _review
        if which == "game":
            game = web._current().game
        elif which == "daily":
            game = _current().game
        else:
            entry = parse_result_link(which)
            game = replay_daily(entry["day"], [Action.parse(t) for t in entry["moves"].split(".")]).game
        try:
            start, moves = last_deal(game)
        except ValueError:
            raise web.WebError("review.none", "no deal has finished yet") from None
        _review = review_steps(start, moves, HUMAN)
        done, total, _ = next(_review)
        return {"ok": True, "done": done, "total": total}
    return _reply(run)


def review_next() -> str:
    """Value the next decision; the last reply carries ``review`` (see :func:`thousand.review.review_deal`)."""
    def run():
        global _review
        if _review is None:
            raise web.WebError("review.none", "no review has been started")
        done, total, out = next(_review)
        if out is not None:
            _review = None
            return {"ok": True, "done": done, "total": total, "review": out}
        return {"ok": True, "done": done, "total": total}
    return _reply(run)
