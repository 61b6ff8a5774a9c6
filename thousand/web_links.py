"""The web API's links, strictly checked: share links (``?p=3&s=42&l=easy&r=std``,
with ``&m=<moves>`` for a later deal) and embed links (``?embed=1&rec=..&at=n``),
and :class:`WebError`, the API's one kind of error (a locale key, English text
and the values for the text's placeholders). Nothing in a link is run or shown
as markup; a bad link raises and changes nothing.

>>> parse_link("?p=3&s=42&l=easy&r=std")["seed"]
42
>>> try:
...     parse_link("?p=3&s=42&l=easy&r=std&x=<b>")
... except WebError as err:
...     print(err.key, err.params)
link.unknown_param {'param': 'x'}
"""

from __future__ import annotations

import json
import math

from .actions import Action
from .bots import BOT_LEVELS
from .cards import NotationError
from .game import Game, IllegalActionError
from .notation import Record, parse_players, parse_seed
from .rules import Rules

LEVELS = BOT_LEVELS
DEFAULT_LEVEL = "medium"
LINK_PARAMS = ("p", "s", "l", "r")  # each exactly once; "m" (the moves before the deal) is optional
# A link to a late deal carries the game's moves so far, about 100 characters a
# deal (3 players): games between medium bots took up to 80 deals, 7,000 characters.
MAX_QUERY = 16_000
SHOWN = 24  # how much of a bad value an error message repeats
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


def loads(text: str):
    """JSON from outside (a link, a save, a friend): nesting too deep for the interpreter
    ("[" * 999 is short) is malformed JSON, a ValueError, like any other; so are NaN and
    the infinities (``1e400`` too), which Python reads but a reply must not carry back:
    the page's JSON.parse refuses them."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("JSON nested too deep") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:24]} is too large a number")
    return value


def json_object(text: str, key: str, what: str) -> dict:
    """``text`` parsed as a JSON object; else a WebError ``key`` naming ``what`` ("the settings")."""
    try:
        value = loads(text)
    except ValueError:
        raise WebError(key, f"{what} is not valid JSON") from None
    if not isinstance(value, dict):
        raise WebError(key, f"{what} must be a JSON object")
    return value


def link_query(players: int, seed: int, level: str, rules: str, moves: tuple[Action, ...] = ()) -> str:
    """The share-link query (without ``?``): the game's start, or with ``moves``
    (a whole number of deals) the start of the deal that follows them."""
    query = f"p={players}&s={seed}&l={level}&r={rules}"
    return f"{query}&m={'.'.join(str(a) for a in moves)}" if moves else query


def deal_link(game: Game, level: str) -> str:
    """The link that opens the current deal (after the game: its last deal) with
    the same cards and the same sheet before it."""
    return link_query(game.players, game.seed, level, game.rules.code(), tuple(game.history[:game.deal_start]))


def share(game: Game, level: str) -> dict | None:
    """The link to the current deal and what it shares: the deal's number and the
    totals before it (so a line about the link gives nothing of the deal away),
    and whether the link is short enough to be opened. None for a game whose first
    deal was given by hand (the first game step by step): a link from its seed
    would deal other cards."""
    if game.hand_made:
        return None
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
    # Imported here, not at the top: urllib.parse (with ipaddress) is about 70 ms
    # of a first start in Pyodide, and a first visit without a link never needs it.
    from urllib.parse import unquote

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
    every seat from the link's start, the medium ones for a hard link (this
    depends on the bots of the version; a record means the same position forever).

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
