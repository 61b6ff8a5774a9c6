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
>>> [p["name"] for p in json.loads(rules_catalog())["presets"]]
['uk', 'ru', 'pl']
>>> json.loads(rules_code('{"barrel": 880, "must_beat": true}'))["code"]
'b880-mb'
"""

from __future__ import annotations

import json
import random
from urllib.parse import unquote

from .actions import Action
from .bots import BOT_LEVELS, decide, make_bot
from .cards import NotationError
from .game import Game, IllegalActionError
from .notation import Record, parse_players, parse_seed
from .rules import PRESETS, Rules, catalog

HUMAN = 0
LEVELS = BOT_LEVELS
DEFAULT_LEVEL = "medium"
LINK_PARAMS = ("p", "s", "l", "r")
SAVE_VERSION = 1
MAX_QUERY = 200  # room for a seed of 20 digits and a rules code with every setting changed
MAX_SAVE = 200_000  # a record of a very long game is still far below this


class WebError(Exception):
    """A problem to show to the person, with a locale key and English text."""

    def __init__(self, key: str, text: str, **args) -> None:
        super().__init__(text)
        self.key, self.text, self.args = key, text, args


class Session:
    """One game against bots at one level."""

    def __init__(self, game: Game, level: str) -> None:
        self.game = game
        self.level = level
        self.bot = make_bot(level)

    def bot_action(self) -> Action:
        return decide(self.bot, self.game)

    def state(self) -> dict:
        game = self.game
        return {
            "ok": True,
            "view": game.view(HUMAN),
            "human": HUMAN,
            "level": self.level,
            "link": link_query(game.players, game.seed, self.level, game.rules.code()),
            "save": json.dumps({"v": SAVE_VERSION, "record": str(game.record()), "level": self.level},
                               separators=(",", ":")),
            "bot_to_move": game.to_move is not None and game.to_move != HUMAN,
        }


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


def parse_link(query: str) -> dict:
    """Validate a share-link query strictly: exactly ``p``, ``s``, ``l``, ``r``, once each."""
    if len(query) > MAX_QUERY:
        raise WebError("link.too_long", f"the link is too long ({len(query)} characters)")
    query = query.removeprefix("?")
    values: dict[str, str] = {}
    for part in query.split("&") if query else []:
        name, eq, value = part.partition("=")
        name, value = unquote(name), unquote(value)
        if name not in LINK_PARAMS:
            raise WebError("link.unknown_param", f"unknown link parameter {name!r}", param=name)
        if name in values:
            raise WebError("link.repeated_param", f"link parameter {name!r} appears twice", param=name)
        if not eq:
            raise WebError("link.missing_value", f"link parameter {name!r} has no value", param=name)
        values[name] = value
    for name in LINK_PARAMS:
        if name not in values:
            raise WebError("link.missing_param", f"the link has no {name!r} parameter", param=name)
    try:
        players = parse_players(values["p"])
    except NotationError as err:
        raise WebError("link.bad_players", str(err), value=values["p"]) from None
    try:
        seed = parse_seed(values["s"])
    except NotationError as err:
        raise WebError("link.bad_seed", str(err), value=values["s"]) from None
    return {"players": players, "seed": seed, "level": _parse_level(values["l"]), "rules": _parse_rules(values["r"])}


def _reply(fn):
    """Run ``fn`` and turn the result or a :class:`WebError` into a JSON reply."""
    try:
        out = fn()
    except WebError as err:
        out = {"ok": False, "error": {"key": err.key, "args": err.args, "text": err.text}}
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def _start(game: Game, level: str) -> dict:
    global _session
    _session = Session(game, level)
    return _session.state()


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


def fresh(players: str = "3", level: str = DEFAULT_LEVEL, rules: str = "std") -> str:
    """Start a new game with a random seed; ``rules`` is a rules code or a preset name (``uk``, ``ru``, ``pl``)."""
    def run():
        try:
            n = parse_players(str(players))
        except NotationError as err:
            raise WebError("link.bad_players", str(err), value=str(players)) from None
        seed = random.SystemRandom().randrange(1, 10**9)
        chosen = PRESETS[rules] if rules in PRESETS else _parse_rules(rules)
        return _start(Game(n, seed, chosen), _parse_level(level))
    return _reply(run)


def rules_catalog() -> str:
    """Every rule setting and preset, for the settings dialog (see :func:`thousand.rules.catalog`).

    ``settings``: name, code, type ("bool" or "int"), allowed values, default and
    an English label (the page localizes by ``name``); ``presets``: name, code
    and the value of every setting; ``default``: the preset a new player starts from.
    """
    return _reply(lambda: {"ok": True, **catalog()})


def rules_code(settings: str) -> str:
    """The rules code for settings chosen in the dialog: a JSON object of setting
    name to value; settings left out keep the house rule. Replies ``code`` and
    the matching ``preset`` name (or null), or a ``rules.bad`` error."""
    def run():
        try:
            chosen = json.loads(settings)
        except ValueError:
            raise WebError("rules.bad", "the settings are not valid JSON") from None
        if not isinstance(chosen, dict):
            raise WebError("rules.bad", "the settings must be a JSON object")
        try:
            rules = Rules(**chosen)
        except (TypeError, ValueError) as err:
            raise WebError("rules.bad", str(err)) from None
        return {"ok": True, "code": rules.code(), "preset": rules.preset()}
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
            game.apply(Action.parse(action))
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
