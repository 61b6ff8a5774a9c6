"""The web shell's session API: what the page's Web Worker calls in Pyodide.

Every function takes and returns ``str`` (JSON out), so nothing but strings
crosses the JS/Python boundary. One worker holds one game; the human always
sits at seat 0. A reply is either ``{"ok": true, ...state}`` or
``{"ok": false, "error": {"key", "args", "text"}}`` where ``key`` names a
locale string for the page and ``text`` is the same message in English.

>>> import json
>>> state = json.loads(from_link("?p=3&s=42&l=easy&r=std"))
>>> state["ok"], state["link"], state["view"]["players"]
(True, 'p=3&s=42&l=easy&r=std', 3)
>>> json.loads(from_link("?p=5&s=42&l=easy&r=std"))["error"]["key"]
'link.bad_players'
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from urllib.parse import unquote

from .actions import Action
from .bots import BOT_LEVELS, decide, make_bot
from .cards import NotationError
from .game import Game, IllegalActionError
from .notation import Record, parse_players, parse_seed
from .rules import Rules
from . import tutorial as script

HUMAN = 0
LEVELS = BOT_LEVELS
DEFAULT_LEVEL = "medium"
LINK_PARAMS = ("p", "s", "l", "r")
SAVE_VERSION = 1
MAX_QUERY = 200
MAX_SAVE = 200_000  # a record of a very long game is still far below this
MAX_EMBED_QUERY = 4000  # room for a record of several deals
MAX_AUTOPLAY = 100  # moves the bots may play for every seat to reach an embed's position
EMBED_PARAMS = ("embed", "rec", "at", *LINK_PARAMS)


class WebError(Exception):
    """A problem to show to the person, with a locale key and English text."""

    def __init__(self, key: str, text: str, **args) -> None:
        super().__init__(text)
        # Not `self.args`: Exception would turn that into a tuple of the names.
        self.key, self.text, self.details = key, text, args


class Session:
    """One game against bots at one level."""

    def __init__(self, game: Game, level: str) -> None:
        self.game = game
        self.level = level
        self.bot = make_bot(level)

    def bot_action(self) -> Action:
        return decide(self.bot, self.game)

    def check(self, action: Action) -> None:
        """Refuse a legal move the session does not take (see :class:`TutorialSession`)."""

    def link(self) -> str:
        game = self.game
        return link_query(game.players, game.seed, self.level, game.rules.code())

    def save(self) -> str | None:
        return json.dumps({"v": SAVE_VERSION, "record": str(self.game.record()), "level": self.level},
                          separators=(",", ":"))

    def state(self) -> dict:
        game = self.game
        return {
            "ok": True,
            "view": game.view(HUMAN),
            "human": HUMAN,
            "level": self.level,
            "link": self.link(),
            "save": self.save(),
            "bot_to_move": game.to_move is not None and game.to_move != HUMAN,
        }


class TutorialSession(Session):
    """The guided first deal (:mod:`thousand.tutorial`): every move is scripted.

    The others play their scripted moves; the person's move must be the one the
    script expects: another legal move is not played and gets the step's
    explanation instead. The state names the coach mark to show; there is no
    save and no share link (a hand-made deal has no seed record).
    """

    def __init__(self) -> None:
        super().__init__(script.deal(), "easy")

    def _due(self) -> script.Step:
        step = script.expected(self.game)
        if step is None:
            raise WebError("tutorial.over", "the tutorial deal is over")
        return step

    def bot_action(self) -> Action:
        return Action.parse(self._due().move)

    def check(self, action: Action) -> None:
        step = self._due()
        if action in self.game.legal_actions() and str(action) != step.move:
            raise WebError("tutorial.wrong", f"the tutorial expects {step.move} here, not {action}",
                           step=step.name, expected=step.move)

    def link(self) -> str:
        return "tutorial"

    def save(self) -> None:
        return None

    def state(self) -> dict:
        out = super().state()
        out["tutorial"] = script.coach(self.game)
        if out["tutorial"]["done"]:  # the game goes on to a seeded deal 2, which the tutorial does not play
            out["bot_to_move"] = False
        return out


_session: Session | None = None


def link_query(players: int, seed: int, level: str, rules: str) -> str:
    """The share-link query (without ``?``) that opens this game for anyone."""
    return f"p={players}&s={seed}&l={level}&r={rules}"


def _parse_level(text: str) -> str:
    if text not in LEVELS:
        raise WebError("link.bad_level", f"unknown bot level {text!r}: expected one of {', '.join(LEVELS)}",
                       value=text)
    return text


def _parse_rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except NotationError as err:
        raise WebError("link.bad_rules", str(err), value=text) from None


def _split_query(query: str, allowed: tuple[str, ...], limit: int) -> dict[str, str]:
    """A query's parameters, each one of ``allowed``, at most once, with a value."""
    if len(query) > limit:
        raise WebError("link.too_long", f"the link is too long ({len(query)} characters)")
    query = query.removeprefix("?")
    values: dict[str, str] = {}
    for part in query.split("&") if query else []:
        name, eq, value = part.partition("=")
        name, value = unquote(name), unquote(value)
        if name not in allowed:
            raise WebError("link.unknown_param", f"unknown link parameter {name!r}", param=name)
        if name in values:
            raise WebError("link.repeated_param", f"link parameter {name!r} appears twice", param=name)
        if not eq:
            raise WebError("link.missing_value", f"link parameter {name!r} has no value", param=name)
        values[name] = value
    return values


def _require(values: dict[str, str], names: tuple[str, ...]) -> None:
    for name in names:
        if name not in values:
            raise WebError("link.missing_param", f"the link has no {name!r} parameter", param=name)


def parse_link(query: str) -> dict:
    """Validate a share-link query strictly: exactly ``p``, ``s``, ``l``, ``r``, once each."""
    return _link_from(_split_query(query, LINK_PARAMS, MAX_QUERY))


def _link_from(values: dict[str, str]) -> dict:
    _require(values, LINK_PARAMS)
    try:
        players = parse_players(values["p"])
    except NotationError as err:
        raise WebError("link.bad_players", str(err), value=values["p"]) from None
    try:
        seed = parse_seed(values["s"])
    except NotationError as err:
        raise WebError("link.bad_seed", str(err), value=values["s"]) from None
    return {"players": players, "seed": seed, "level": _parse_level(values["l"]), "rules": _parse_rules(values["r"])}


def _parse_at(text: str, most: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 4 and int(text) <= most):
        raise WebError("embed.bad_at", f"the move number {text!r} must be a whole number from 0 to {most}",
                       value=text, most=most)
    return int(text)


def parse_embed(query: str) -> dict:
    """Validate an embed query: ``embed=1`` and either a record (``rec``, optional
    ``at`` and ``l``) or a share link's ``p``, ``s``, ``l``, ``r`` (optional ``at``).

    The result is ``{"record", "at", "level"}`` where ``record`` holds the moves to
    replay, or ``{"link", "at", "level"}`` where the bots play ``at`` moves for
    every seat from the link's start (this depends on the bots of the version;
    a record means the same position forever).

    >>> p = parse_embed("?embed=1&rec=T1_3_42_std_p.b110.p&at=2&l=easy")
    >>> str(p["record"]), p["at"], p["level"]
    ('T1_3_42_std_p.b110.p', 2, 'easy')
    >>> try:
    ...     parse_embed("?embed=1&rec=T1_3_42_std_p&at=5")
    ... except WebError as err:
    ...     print(err.key, "-", err.text)
    embed.bad_at - the move number '5' must be a whole number from 0 to 1
    """
    values = _split_query(query, EMBED_PARAMS, MAX_EMBED_QUERY)
    if values.get("embed") != "1":
        raise WebError("embed.not_embed", "an embedded game's link needs embed=1")
    level = _parse_level(values.get("l", DEFAULT_LEVEL))
    if "rec" in values:
        mixed = [name for name in ("p", "s", "r") if name in values]
        if mixed:
            raise WebError("embed.mixed", f"a link gives a record or a seed, not both ({mixed[0]!r})",
                           param=mixed[0])
        try:
            record = Record.parse(values["rec"])
        except NotationError as err:
            raise WebError("embed.bad_record", str(err)) from None
        at = _parse_at(values["at"], len(record.actions)) if "at" in values else len(record.actions)
        return {"record": record, "at": at, "level": level}
    link = _link_from({name: values[name] for name in LINK_PARAMS if name in values})
    return {"link": link, "at": _parse_at(values.get("at", "0"), MAX_AUTOPLAY), "level": level}


def _reply(fn):
    """Run ``fn`` and turn the result or a :class:`WebError` into a JSON reply."""
    try:
        out = fn()
    except WebError as err:
        out = {"ok": False, "error": {"key": err.key, "args": err.details, "text": err.text}}
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def _start(game: Game, level: str) -> dict:
    return _start_session(Session(game, level))


def _start_session(session: Session) -> dict:
    global _session
    _session = session
    return session.state()


def _current() -> Session:
    if _session is None:
        raise WebError("game.none", "no game has been started")
    return _session


def from_link(query: str) -> str:
    """Start the game a share link describes (``?p=3&s=42&l=easy&r=std``)."""
    def run():
        p = parse_link(query)
        return _start(Game(p["players"], p["seed"], p["rules"]), p["level"])
    return _reply(run)


def tutorial() -> str:
    """Start the guided first deal (:mod:`thousand.tutorial`); nothing of it is saved."""
    return _reply(lambda: _start_session(TutorialSession()))


def embed(query: str) -> str:
    """Start the position an embed link describes (see :func:`parse_embed`)."""
    def run():
        e = parse_embed(query)
        if "record" in e:
            rec = e["record"]
            try:
                Game.replay(rec)  # the whole record must be a real game, also past `at`
            except IllegalActionError as err:
                raise WebError("embed.bad_record", str(err)) from None
            return _start(Game.replay(replace(rec, actions=rec.actions[:e["at"]])), e["level"])
        link = e["link"]
        session = Session(Game(link["players"], link["seed"], link["rules"]), link["level"])
        for _ in range(e["at"]):
            if session.game.is_over:
                break
            session.game.apply(session.bot_action())
        return _start_session(session)
    return _reply(run)


def fresh(players: str = "3", level: str = DEFAULT_LEVEL, rules: str = "std") -> str:
    """Start a new game with a random seed."""
    def run():
        try:
            n = parse_players(str(players))
        except NotationError as err:
            raise WebError("link.bad_players", str(err), value=str(players)) from None
        seed = random.SystemRandom().randrange(1, 10**9)
        return _start(Game(n, seed, _parse_rules(rules)), _parse_level(level))
    return _reply(run)


def restore(save: str) -> str:
    """Resume a saved game (see ``state()["save"]``); a corrupt or old save is an error."""
    def run():
        if len(save) > MAX_SAVE:
            raise WebError("save.corrupt", "the saved game is too large")
        try:
            data = json.loads(save)
        except ValueError:
            raise WebError("save.corrupt", "the saved game is not valid JSON") from None
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise WebError("save.old", "the saved game is from another version")
        record, level = data.get("record"), data.get("level")
        if not isinstance(record, str) or not isinstance(level, str):
            raise WebError("save.corrupt", "the saved game lacks its record or level")
        try:
            game = Game.replay(Record.parse(record))
        except (NotationError, IllegalActionError) as err:
            raise WebError("save.corrupt", f"the saved game does not replay: {err}") from None
        try:
            level = _parse_level(level)
        except WebError as err:
            raise WebError("save.corrupt", err.text) from None
        return _start(game, level)
    return _reply(run)


def state() -> str:
    """The current state, for the human seat."""
    return _reply(lambda: _current().state())


def play(action: str) -> str:
    """Apply the human's action (notation such as ``b110``, ``Ah``, ``gAh1``)."""
    def run():
        session = _current()
        game = session.game
        if game.to_move != HUMAN:
            raise WebError("game.not_your_turn", "it is not your turn")
        try:
            move = Action.parse(action)
            session.check(move)
            game.apply(move)
        except (NotationError, IllegalActionError) as err:
            raise WebError("game.illegal", str(err), action=action) from None
        return session.state()
    return _reply(run)


def bot_step() -> str:
    """Let the bot to move make one move; the reply says who moved and what."""
    def run():
        session = _current()
        game = session.game
        seat = game.to_move
        if seat is None or seat == HUMAN:
            raise WebError("game.no_bot_to_move", "no bot is to move")
        action = session.bot_action()
        game.apply(action)
        out = session.state()
        # A card given to another bot is hidden from the person: name only the kind.
        public = action.kind != "give" or action.target == HUMAN
        out["moved"] = {"seat": seat, "kind": action.kind, "action": str(action) if public else None}
        return out
    return _reply(run)
