"""The daily deal: one deal a UTC day, the same for everyone, and result links
that any device can check by replaying them.

The seed of day ``YYYY-MM-DD`` is the first 8 bytes (big-endian) of the
SHA-256 of ``thousand-daily-YYYY-MM-DD``: a whole number in the seed range
0..2^64-1 (see NOTATION.md, "Daily deal"). The daily is the first deal (after
any redeal) of the 3-player game with that seed under the house rules; the
person sits at seat 0 against two hard bots. The bots decide from their
information, the seed and the moves alone, so the same moves give the same
game on every device, and a link needs to carry only the person's moves.
The bots' replies are versioned (:data:`BOTS`): a link carries the version it
was made with, and a device with other bots says so instead of misjudging it.

>>> daily_seed("2026-12-03")
9017656262586217970
>>> day_number("2026-12-01"), day_number("2026-12-03")
(1, 3)
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import date
from urllib.parse import quote, unquote

from .actions import Action
from .bots import decide, make_bot
from .cards import NotationError
from .game import Game, IllegalActionError
from .rules import Rules
from .tricks import trick_winner

HUMAN = 0
PLAYERS = 3
LEVEL = "hard"
EPOCH = date(2026, 12, 1)  # daily number 1
MAX_NAME = 20
MAX_MOVES = 40  # a deal asks the person for at most ~15 moves
MAX_QUERY = 800
# The version of the daily bots' replies. A change to the hard bot that changes any
# daily game must bump it: tests/test_daily.py pins whole games to catch that.
BOTS = 5
LINK_PARAMS = ("daily", "m", "n", "v", "b")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class DailyError(ValueError):
    """A bad day or a result link that does not hold up; ``key`` names a locale string."""

    def __init__(self, key: str, text: str, **args) -> None:
        super().__init__(text)
        self.key, self.text, self.details = key, text, args


def parse_day(text: str) -> str:
    """A day as ``YYYY-MM-DD``, not before the first daily; else :class:`DailyError`."""
    if not _DAY.fullmatch(text):
        raise DailyError("daily.bad_day", f"not a day: {text[:20]!r} (expected YYYY-MM-DD)")
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise DailyError("daily.bad_day", f"not a day: {text!r}") from None
    if day < EPOCH:
        raise DailyError("daily.bad_day", f"there was no daily deal on {text}")
    return text


def daily_seed(day: str) -> int:
    """The seed of the day's deal (see the module docstring)."""
    digest = hashlib.sha256(f"thousand-daily-{parse_day(day)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def day_number(day: str) -> int:
    """The daily's number, counting from 1 on 2026-12-01."""
    return (date.fromisoformat(parse_day(day)) - EPOCH).days + 1


def new_game(day: str) -> Game:
    return Game(PLAYERS, daily_seed(day), Rules())


def deal_over(game: Game) -> bool:
    """Has the daily deal been played out (a redeal does not count)?"""
    return any(row.kind != "redeal" for row in game.sheet.rows)


class Daily:
    """The day's deal being played: the person's moves in, the bots' moves out.

    >>> d = Daily("2026-12-03")
    >>> d.run_bots()
    >>> d.game.to_move == HUMAN or d.over
    True
    """

    def __init__(self, day: str) -> None:
        self.day = parse_day(day)
        self.game = new_game(day)
        self.bot = make_bot(LEVEL)
        self.tricks: list[int] = []  # winner of each trick, in order

    @property
    def over(self) -> bool:
        return deal_over(self.game)

    def apply(self, action: Action) -> None:
        """Apply a move (the person's or a bot's); raises IllegalActionError."""
        if self.over:
            raise IllegalActionError("the daily deal is over")
        game = self.game
        # The last trick leaves no trace once the next deal is dealt: find its winner
        # here. The card that completes a trick never declares a marriage, so the trump stands.
        completes = game.phase == "play" and len(game.trick) == len(game.active) - 1
        if completes:
            cards, seats, trump = [*game.trick, action.card], [*game.trick_seats, game.to_move], game.trump
        game.apply(action)
        if completes:
            self.tricks.append(seats[trick_winner(cards, trump)])

    def bot_move(self) -> Action:
        action = decide(self.bot, self.game)
        self.apply(action)
        return action

    def run_bots(self) -> None:
        while not self.over and self.game.to_move != HUMAN:
            self.bot_move()

    def moves(self) -> list[Action]:
        """The person's moves so far."""
        game = new_game(self.day)
        out = []
        for action in self.game.history:
            if game.to_move == HUMAN:
                out.append(action)
            game.apply(action)
        return out

    def result(self) -> dict:
        """What the person wrote on the sheet for the deal, and how it went."""
        if not self.over:
            raise DailyError("daily.not_over", "the daily deal is not over yet")
        row = next(r for r in self.game.sheet.rows if r.kind != "redeal")
        entry = row.entries[HUMAN]
        last = self.game.last_deal
        declarer = last["declarer"]
        if entry.mark:
            code = "w"
        elif entry.points is None:
            code = "d"
        else:
            code = str(entry.points)
        mine = [(w == declarer) == (HUMAN == declarer) for w in self.tricks]
        return {
            "day": self.day, "number": day_number(self.day), "code": code, "score": entry.points or 0,
            "kind": row.kind, "declarer": declarer, "contract": row.contract, "made": last["made"],
            "declarer_points": last["trick_points"][declarer] + last["meld_points"][declarer],
            "tricks": "".join("1" if m else "0" for m in mine),
        }


def replay(day: str, moves: list[Action]) -> Daily:
    """The day's deal with the person's ``moves`` and the bots' replies; the
    moves must be legal and exactly enough to finish the deal."""
    daily = Daily(day)
    queue = list(moves)
    while True:
        daily.run_bots()
        if daily.over:
            break
        if not queue:
            raise DailyError("daily.link_short", "the link's moves stop before the deal ends")
        action = queue.pop(0)
        try:
            daily.apply(action)
        except IllegalActionError:
            raise DailyError("daily.link_illegal", f"the link's move {action} is not legal there",
                             move=str(action)) from None
    if queue:
        raise DailyError("daily.link_long", "the link has moves after the end of the deal")
    return daily


def clean_name(text: str) -> str:
    """A player's name from a link: trimmed, 1..20 characters; no control, format or
    separator characters but the plain space (nothing invisible or line-breaking)."""
    name = text.strip(" ")
    if not name or len(name) > MAX_NAME or any(unicodedata.category(ch)[0] in "CZ" and ch != " " for ch in name):
        raise DailyError("daily.link_name", f"the name must be 1 to {MAX_NAME} printable characters")
    return name


def result_link(day: str, moves: list[Action], name: str, code: str) -> str:
    """The result link's query (without ``?``).

    >>> result_link("2026-12-03", [Action.parse("p")], "Olena & co", "d")
    'daily=2026-12-03&m=p&n=Olena%20%26%20co&v=d&b=5'
    """
    return (f"daily={day}&m={'.'.join(str(a) for a in moves)}&n={quote(clean_name(name), safe='')}"
            f"&v={code}&b={BOTS}")


def parse_result_link(query: str) -> dict:
    """Check a result link by replaying it: its entry for the table of the day,
    or :class:`DailyError` if anything in it does not hold up."""
    if len(query) > MAX_QUERY:
        raise DailyError("daily.link_bad", "the link is too long")
    values: dict[str, str] = {}
    for part in query.removeprefix("?").split("&"):
        key, eq, value = part.partition("=")
        if key not in LINK_PARAMS or key in values or not eq:
            raise DailyError("daily.link_bad", f"unexpected link part {key[:20]!r}")
        values[key] = value
    if set(values) != set(LINK_PARAMS):
        raise DailyError("daily.link_bad", "the link lacks a part")
    day = parse_day(values["daily"])
    if values["b"] != str(BOTS):
        raise DailyError("daily.link_version", "the link was made with another version of the daily's bots",
                         version=values["b"][:10])
    try:
        name = clean_name(unquote(values["n"], errors="strict"))
    except UnicodeDecodeError:
        raise DailyError("daily.link_name", "the name is not valid text") from None
    texts = values["m"].split(".") if values["m"] else []
    if len(texts) > MAX_MOVES:
        raise DailyError("daily.link_bad", "the link has too many moves")
    try:
        moves = [Action.parse(t) for t in texts]
    except NotationError:
        raise DailyError("daily.link_bad", "the link's moves are not moves") from None
    result = replay(day, moves).result()
    if result["code"] != values["v"]:
        raise DailyError("daily.link_result", "the link claims another result than its moves give")
    return {**result, "name": name, "moves": ".".join(texts)}


def rank(entries: list[dict]) -> list[dict]:
    """The table of the day: highest score first, then the fewer points left to a
    declaring bot, then by name (a stable, device-independent order)."""
    def key(e: dict):
        against = e["declarer_points"] if e["declarer"] != HUMAN else -e["declarer_points"]
        return (-e["score"], against, e["name"].casefold(), e["moves"])
    return sorted(entries, key=key)
