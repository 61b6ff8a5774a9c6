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
>>> json.loads(from_link("?p=3&s=42&l=easy&r=std&m=p.p"))["error"]["key"]  # stops inside a deal
'link.not_deal_start'
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
from .cards import MARRIAGE_VALUES, SUIT_CHARS, NotationError, card_str
from .game import Game, IllegalActionError
from .notation import Record, parse_players, parse_seed
from .rules import Rules
from . import tutorial as script

HUMAN = 0
LEVELS = BOT_LEVELS
DEFAULT_LEVEL = "medium"
LINK_PARAMS = ("p", "s", "l", "r")  # each exactly once; "m" (the moves before the deal) is optional
SAVE_VERSION = 1
# A link to a late deal carries the game's moves so far, about 100 characters a
# deal (3 players): games between medium bots took up to 80 deals, 7,000 characters.
MAX_QUERY = 16_000
SHOWN = 24  # how much of a bad value an error message repeats
MAX_SAVE = 200_000  # a record of a very long game is still far below this
MAX_EMBED_QUERY = 4000  # room for a record of several deals
MAX_AUTOPLAY = 100  # moves the bots may play for every seat to reach an embed's position
EMBED_PARAMS = ("embed", "rec", "at", *LINK_PARAMS)


class WebError(Exception):
    """A problem to show to the person, with a locale key and English text."""

    def __init__(self, key: str, text: str, **params) -> None:
        super().__init__(text)
        # Not ``self.args``: Exception keeps that as a tuple, which would turn the
        # placeholders' values into their names.
        self.key, self.text, self.params = key, text, params


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
            # The game's first deal: the same all game long, so the page can tell
            # one game from the next by it. Sharing uses "share": the current deal.
            "link": self.link(),
            "share": share(game, self.level),
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


def link_query(players: int, seed: int, level: str, rules: str, moves: tuple[Action, ...] = ()) -> str:
    """The share-link query (without ``?``): the game's start, or with ``moves``
    (a whole number of deals) the start of the deal that follows them."""
    query = f"p={players}&s={seed}&l={level}&r={rules}"
    return f"{query}&m={'.'.join(str(a) for a in moves)}" if moves else query


def deal_link(game: Game, level: str) -> str:
    """The link that opens the current deal (after the game: its last deal) with
    the same cards and the same sheet before it."""
    return link_query(game.players, game.seed, level, game.rules.code(), tuple(game.history[:game.deal_start]))


def share(game: Game, level: str) -> dict:
    """The link to the current deal and what it shares: the deal's number and the
    totals before it (so a line about the link gives nothing of the deal away),
    and whether the link is short enough to be opened."""
    link = deal_link(game, level)
    before = [row for row in game.sheet.rows if row.deal < game.deal_no]
    totals = [e.total for e in before[-1].entries] if before else [0] * game.players
    return {"link": link, "deal": game.deal_no + 1, "totals": totals, "fits": len(link) <= MAX_QUERY}


def _shown(text: str) -> str:
    """A bad value as an error message repeats it: never a whole long link."""
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def _parse_level(text: str) -> str:
    if text not in LEVELS:
        raise WebError("link.bad_level", f"unknown bot level {text!r}: expected one of {', '.join(LEVELS)}",
                       value=_shown(text))
    return text


def _parse_rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except NotationError as err:
        raise WebError("link.bad_rules", str(err), value=_shown(text)) from None


def _parse_moves(text: str) -> tuple[Action, ...]:
    moves = []
    for i, token in enumerate(text.split("."), 1):
        try:
            moves.append(Action.parse(token))
        except NotationError as err:
            raise WebError("link.bad_move", f"link move {i}: {err}", index=i, move=_shown(token)) from None
    return tuple(moves)


def _split_query(query: str, allowed: tuple[str, ...], limit: int) -> dict[str, str]:
    """A query's parameters, each one of ``allowed``, at most once, with a value."""
    query = query.removeprefix("?")
    if len(query) > limit:
        raise WebError("link.too_long", f"the link is too long ({len(query)} characters)",
                       length=len(query), limit=limit)
    values: dict[str, str] = {}
    for part in query.split("&") if query else []:
        name, eq, value = part.partition("=")
        name, value = unquote(name), unquote(value)
        if name not in allowed:
            raise WebError("link.unknown_param", f"unknown link parameter {name!r}", param=_shown(name))
        if name in values:
            raise WebError("link.repeated_param", f"link parameter {name!r} appears twice", param=name)
        if not eq or not value:
            raise WebError("link.missing_value", f"link parameter {name!r} has no value", param=name)
        values[name] = value
    return values


def _require(values: dict[str, str], names: tuple[str, ...]) -> None:
    for name in names:
        if name not in values:
            raise WebError("link.missing_param", f"the link has no {name!r} parameter", param=name)


def parse_link(query: str) -> dict:
    """Validate a share-link query strictly: ``p``, ``s``, ``l``, ``r`` once each,
    and at most one ``m``. The moves are checked for notation here and for
    legality by :func:`link_game`."""
    return _link_from(_split_query(query, (*LINK_PARAMS, "m"), MAX_QUERY))


def _link_from(values: dict[str, str]) -> dict:
    _require(values, LINK_PARAMS)
    try:
        players = parse_players(values["p"])
    except NotationError as err:
        raise WebError("link.bad_players", str(err), value=_shown(values["p"])) from None
    try:
        seed = parse_seed(values["s"])
    except NotationError as err:
        raise WebError("link.bad_seed", str(err), value=_shown(values["s"])) from None
    return {"players": players, "seed": seed, "level": _parse_level(values["l"]), "rules": _parse_rules(values["r"]),
            "moves": _parse_moves(values["m"]) if "m" in values else ()}


def link_game(link: dict) -> Game:
    """The game a parsed link opens: its moves replayed, which must be legal and
    end where a deal starts."""
    game = Game(link["players"], link["seed"], link["rules"])
    for i, move in enumerate(link["moves"], 1):
        try:
            game.apply(move)
        except IllegalActionError as err:
            raise WebError("link.illegal_move", f"link move {i}: {err}", index=i, move=str(move)) from None
    if game.deal_start != len(game.history):
        raise WebError("link.not_deal_start", f"the link's {len(game.history)} moves do not end where a deal "
                       "starts", moves=len(game.history))
    return game


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
        out = {"ok": False, "error": {"key": err.key, "args": err.params, "text": err.text}}
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
    """Start the game a share link describes (``?p=3&s=42&l=easy&r=std``, and
    with ``&m=<moves>`` at a later deal). A bad link changes nothing."""
    def run():
        link = parse_link(query)
        return _start(link_game(link), link["level"])
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
            raise WebError("link.bad_players", str(err), value=_shown(str(players))) from None
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


def reset() -> str:
    """Forget the game and draw fresh randomness, as a new start would.

    The page's worker calls this after restoring Python from a memory snapshot
    of an earlier visit: the snapshot holds that visit's game and the state of
    ``random`` (seeded once, at import), so every restore would otherwise begin
    with the same generator state.  Fresh seeds come from ``SystemRandom``,
    which asks the browser each time, but ``random`` is reseeded as well.

    >>> _ = from_link("?p=3&s=42&l=easy&r=std")
    >>> json.loads(reset())["ok"], json.loads(state())["error"]["key"]
    (True, 'game.none')
    """
    global _session
    _session = None
    random.seed()
    return _reply(lambda: {"ok": True})


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
        bid, trump = game.bid, game.trump
        game.apply(action)
        out = session.state()
        out["moved"] = describe_move(seat, action, bid, trump)
        return out
    return _reply(run)


def describe_move(seat: int, action: Action, bid: int, trump: int, viewer: int = HUMAN) -> dict:
    """Everything ``viewer`` may know about a move, for the page to announce it;
    ``bid`` and ``trump`` are the bid and trump suit (-1: none) just before it.

    >>> move = describe_move(2, Action.parse("mKh"), 120, 1)   # K♥ led, the ♥ marriage declared
    >>> move["card"], move["suit"], move["points"], move["trump"], move["previous_trump"]
    ('Kh', 'h', 100, 'h', 'c')
    >>> describe_move(0, Action.parse("c140"), 120, -1)
    {'seat': 0, 'kind': 'contract', 'action': 'c140', 'value': 140, 'raised': True}
    >>> describe_move(1, Action.parse("gAh2"), 100, -1)     # a card given to a bot stays hidden
    {'seat': 1, 'kind': 'give', 'action': None, 'to': 2}
    """
    kind = action.kind
    public = kind != "give" or viewer in (seat, action.target)
    out = {"seat": seat, "kind": kind, "action": str(action) if public else None}
    if kind == "give":
        out["to"] = action.target
    if action.card is not None and public:
        out["card"] = card_str(action.card)
    if kind in ("bid", "contract", "talon"):
        out["value"] = action.value
    elif kind in ("fall", "write_off"):
        out["value"] = bid  # what the declarer concedes or writes off
    if kind == "contract":
        out["raised"] = action.value > bid
    if kind == "meld":
        suit = action.card // 6
        out.update(suit=SUIT_CHARS[suit], points=MARRIAGE_VALUES[suit], trump=SUIT_CHARS[suit],
                   previous_trump=SUIT_CHARS[trump] if trump >= 0 else None)
    return out
