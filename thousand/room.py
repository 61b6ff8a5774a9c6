"""A game with friends, as its host's browser referees it.

The host sits at seat 0 and runs the engine and the bots; each guest's page
only draws what the host sends it. This module is the host's side of the
message protocol: it knows no transport. A message is a JSON object with a
type ``t``; a guest's message arrives as text with the connection (``peer``)
it came from, and every answer is a list of ``(peer, message)`` to send.

Guest to host (``v`` is :data:`PROTOCOL`)::

    {"t": "hello", "v": 1, "name": "Оля", "token": <32 hex>, "tab": <32 hex>, "commit": <64 hex>}
    {"t": "reveal", "value": <32 hex>}           after "start": the secret behind the commitment
    {"t": "move", "move": "b110", "n": 12}       n: the moves played when the guest chose it

Host to guest::

    {"t": "seat", "v": 1, "seat": 1, "commit": <host's commitment>, "lobby": {...}}
    {"t": "lobby", "lobby": {...}}               who sits where (sent on every change before the game)
    {"t": "start", "commits": [...]}             every seat's commitment; reveal yours
    {"t": "view", "n": 13, "state": {...}}       the table for your seat only, after move n
    {"t": "record", "record": "T1_...", "commits": [...], "reveals": [...]}   once the game is over
    {"t": "error", "key": "...", "args": {...}, "text": "..."}

Every guest message is checked strictly (size, JSON, type, exact fields);
a bad one gets an error to that guest and changes nothing. A guest's token
(kept on its device) takes its seat back after a drop; a guest who stays away
past a grace period is played by a bot until it returns.

>>> room = Room("abcdefghjkmn", 3, "easy", Rules(), "0" * 32)
>>> hello = {"t": "hello", "v": 1, "name": "Olia", "token": "1" * 32, "tab": "2" * 32, "commit": commitment("3" * 32)}
>>> [(peer, m["t"], m["seat"]) for peer, m in room.receive("p1", json.dumps(hello))]
[('p1', 'seat', 1)]
>>> room.receive("p1", '{"t": "move", "move": "p", "n": 0}')[0][1]["key"]
'room.not_started'
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from .actions import Action
from .bots import decide, make_bot
from .cards import NotationError
from .daily import DailyError, clean_name
from .fairdeal import commitment, derive_seed, is_commitment, is_reveal
from .game import Game, IllegalActionError
from .notation import Record
from .rules import Rules
from .web import HUMAN, WebError, describe_move, json_object, link_query, loads

PROTOCOL = 1
MAX_MESSAGE = 1000  # characters: a hello is about 250
HOST = HUMAN
LOBBY, REVEALING, PLAYING = "lobby", "revealing", "playing"
FIELDS = {
    "hello": {"t", "v", "name", "token", "tab", "commit"},
    "reveal": {"t", "value"},
    "move": {"t", "move", "n"},
}


def is_room_id(text: object) -> bool:
    """A room is named by 12 characters from a 31-letter alphabet (no 0/o, 1/l/i)."""
    return isinstance(text, str) and len(text) == 12 and all(ch in ROOM_ALPHABET for ch in text)


ROOM_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass
class Seat:
    """Who plays a seat: ``kind`` is ``host``, ``guest``, ``bot`` (from the
    start) or ``open`` (free, in the lobby)."""

    kind: str
    name: str = ""
    token: str | None = None
    tab: str | None = None
    commit: str | None = None
    reveal: str | None = None
    peer: str | None = None  # the guest's connection; None while it is away
    away: bool = False  # past the grace period: a bot plays until the guest returns

    def holds_together(self, index: int) -> bool:
        """Is it a seat a room can have at ``index`` (the host's at 0 only, a guest with its token
        and tab), and are its commitment and reveal well formed, the reveal the one the commitment fixed?"""
        kind_ok = (self.kind == "host") == (index == HOST) and self.kind in ("host", "guest", "bot", "open")
        guest_ok = self.kind != "guest" or (is_reveal(self.token) and is_reveal(self.tab))
        return (kind_ok and guest_ok and isinstance(self.name, str) and isinstance(self.away, bool)
                and (self.commit is None or is_commitment(self.commit))
                and (self.reveal is None or (is_reveal(self.reveal) and commitment(self.reveal) == self.commit)))


def error(key: str, text: str, **args) -> dict:
    return {"t": "error", "key": key, "args": args, "text": text}


def _check_fields(msg: dict) -> None:
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in FIELDS:  # a list or an object is no key of FIELDS
        raise WebError("room.bad_message", f"unknown message type {str(kind)[:24]!r}")
    if set(msg) != FIELDS[kind]:
        raise WebError("room.bad_message", f"a {kind!r} message has the fields {sorted(FIELDS[kind])}")


def parse_message(text: str) -> dict:
    """A guest's message, strictly checked: size, JSON object, known type, exact fields.

    >>> parse_message('{"t": "move", "move": "p", "n": 0}')["move"]
    'p'
    >>> try:
    ...     parse_message('{"t": "move", "move": "p"}')
    ... except WebError as err:
    ...     print(err.key)
    room.bad_message
    """
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        raise WebError("room.bad_message", f"a message is at most {MAX_MESSAGE} characters")
    msg = json_object(text, "room.bad_message", "the message")
    _check_fields(msg)
    return msg


class Room:
    """The host's room: the lobby, then the game, for ``players`` seats."""

    def __init__(self, room_id: str, players: int, level: str, rules: Rules, reveal: str) -> None:
        self.id = room_id
        self.players = players
        self.level = level
        self.rules = rules
        self.seats = ([Seat("host", reveal=reveal, commit=commitment(reveal))]
                      + [Seat("open") for _ in range(players - 1)])
        self.phase = LOBBY
        self.game: Game | None = None
        self.moved: tuple | None = None  # the last move (seat, action, bid and trump before it)
        self.bot = make_bot(level)

    # ------------------------------------------------------------ who is where

    def seat_of(self, peer: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.peer == peer), None)

    def lobby(self) -> dict:
        """Who sits where: names are the guests' own text (the page shows it as text)."""
        return {"room": self.id, "players": self.players, "level": self.level, "rules": self.rules.code(),
                "phase": self.phase,
                "seats": [{"kind": s.kind, "name": s.name, "here": s.kind != "guest" or s.peer is not None}
                          for s in self.seats]}

    def names(self) -> list[str | None]:
        return [s.name or None for s in self.seats]

    def _to_guests(self, make) -> list[tuple[str, dict]]:
        return [(s.peer, make(i)) for i, s in enumerate(self.seats) if s.kind == "guest" and s.peer]

    def _lobby_news(self) -> list[tuple[str, dict]]:
        return self._to_guests(lambda _: {"t": "lobby", "lobby": self.lobby()})

    def mover(self) -> str | None:
        """Who makes the next move: ``host``, ``guest`` (one who is here), ``bot`` or None."""
        if self.game is None or self.game.to_move is None:
            return None
        seat = self.seats[self.game.to_move]
        if seat.kind == "guest" and not seat.away:
            return "guest"
        return "host" if seat.kind == "host" else "bot"

    # ------------------------------------------------------------ messages

    def receive(self, peer: str, text: str) -> list[tuple[str, dict]]:
        """Handle one message from ``peer``; a bad one gets an error and changes nothing."""
        try:
            msg = parse_message(text)
            return getattr(self, "_on_" + msg["t"])(peer, msg)
        except WebError as err:
            return [(peer, error(err.key, err.text, **err.params))]

    def _on_hello(self, peer: str, msg: dict) -> list[tuple[str, dict]]:
        if msg["v"] != PROTOCOL:
            raise WebError("room.version", "the host runs another version of the game: reload both pages")
        if not all(is_reveal(msg[k]) for k in ("token", "tab")) or not is_commitment(msg["commit"]):
            raise WebError("room.bad_message", "a hello needs a token, a tab and a commitment in hex")
        try:
            name = clean_name(msg["name"]) if isinstance(msg["name"], str) else clean_name("")
        except DailyError as err:
            raise WebError("room.bad_name", err.text) from None
        if self.seat_of(peer) is not None:
            raise WebError("room.bad_message", "this connection has a seat already")
        mine = next((i for i, s in enumerate(self.seats) if s.kind == "guest" and s.token == msg["token"]), None)
        if mine is not None:
            seat = self.seats[mine]
            if seat.peer is not None and seat.tab != msg["tab"]:
                raise WebError("room.other_tab", "this seat is open in another tab or window")
            seat.peer, seat.tab, seat.away, seat.name = peer, msg["tab"], False, name
        elif self.phase != LOBBY:
            raise WebError("room.started", "the game has started without you")
        else:
            mine = next((i for i, s in enumerate(self.seats) if s.kind == "open"), None)
            if mine is None:
                raise WebError("room.full", "every seat of this room is taken")
            self.seats[mine] = Seat("guest", name=name, token=msg["token"], tab=msg["tab"], commit=msg["commit"],
                                    peer=peer)
        out = [(peer, {"t": "seat", "v": PROTOCOL, "seat": mine, "commit": self.seats[HOST].commit,
                       "lobby": self.lobby()})]
        if self.phase == REVEALING and self.seats[mine].reveal is None:
            out.append((peer, self._start_message()))
        if self.phase == PLAYING:
            out.append((peer, self._view(mine, None)))
            if self.game.is_over:
                out.append((peer, self.proof()))
        return out + [m for m in self._lobby_news() if m[0] != peer]

    def _on_reveal(self, peer: str, msg: dict) -> list[tuple[str, dict]]:
        seat = self._seat_or_error(peer)
        if self.phase != REVEALING or self.seats[seat].reveal is not None:
            raise WebError("room.bad_message", "no reveal is due from you now")
        if not is_reveal(msg["value"]) or commitment(msg["value"]) != self.seats[seat].commit:
            raise WebError("room.bad_reveal", "the reveal does not match your commitment")
        self.seats[seat].reveal = msg["value"]
        return self._begin_if_revealed()

    def _on_move(self, peer: str, msg: dict) -> list[tuple[str, dict]]:
        seat = self._seat_or_error(peer)
        game = self.game
        if game is None:
            raise WebError("room.not_started", "the game has not started")
        if not isinstance(msg["n"], int) or isinstance(msg["n"], bool) or msg["n"] != len(game.history):
            raise WebError("room.stale_move", "the table has changed since this move was chosen")
        if game.to_move != seat:
            raise WebError("game.not_your_turn", "it is not your turn")
        return self._apply(seat, msg["move"] if isinstance(msg["move"], str) else "")

    def _seat_or_error(self, peer: str) -> int:
        seat = self.seat_of(peer)
        if seat is None:
            raise WebError("room.not_seated", "say hello first")
        return seat

    # ------------------------------------------------------------ the host's side

    def drop(self, peer: str) -> list[tuple[str, dict]]:
        """A guest's connection is gone: before the game its seat is free again;
        during it the seat waits (the host's page calls :meth:`release` after the grace)."""
        seat = self.seat_of(peer)
        if seat is None:
            return []
        if self.phase == LOBBY:
            self.seats[seat] = Seat("open")
        else:
            self.seats[seat].peer = None
        return self._lobby_news()

    def release(self, seat: int) -> list[tuple[str, dict]]:
        """The grace period of an away guest is over: a bot plays for it (one that
        has not revealed yet is played by a bot from the start; before the game
        the seat is free again)."""
        if not 0 < seat < self.players or self.seats[seat].kind != "guest" or self.seats[seat].peer is not None:
            return []
        if self.phase == LOBBY:
            self.seats[seat] = Seat("open")
            return self._lobby_news()
        if self.phase == REVEALING and self.seats[seat].reveal is None:
            self.seats[seat] = Seat("bot")
            return self._begin_if_revealed()
        self.seats[seat].away = True
        return []

    def start(self) -> list[tuple[str, dict]]:
        """The host starts: open seats, and guests who are away (the host's page
        reloaded and they have not come back), get bots; every guest here is asked
        to reveal."""
        if self.phase != LOBBY:
            raise WebError("room.started", "the game has started")
        self.seats = [Seat("bot") if s.kind == "open" or s.kind == "guest" and s.peer is None else s
                      for s in self.seats]
        self.phase = REVEALING
        return self._to_guests(lambda _: self._start_message()) + self._begin_if_revealed()

    def _start_message(self) -> dict:
        return {"t": "start", "commits": [s.commit for s in self.seats]}

    def _begin_if_revealed(self) -> list[tuple[str, dict]]:
        if self.phase != REVEALING or any(s.commit and not s.reveal for s in self.seats):
            return []
        self.phase = PLAYING
        self.game = Game(self.players, derive_seed(self.players, [s.reveal for s in self.seats]), self.rules)
        return self._to_guests(lambda seat: self._view(seat, None))

    def play(self, text: str) -> list[tuple[str, dict]]:
        """The host's own move."""
        game = self._playing()
        if game.to_move != HOST:
            raise WebError("game.not_your_turn", "it is not your turn")
        return self._apply(HOST, text)

    def bot_step(self) -> list[tuple[str, dict]]:
        """A bot's move for the seat to move (a bot's, or an away guest's)."""
        game = self._playing()
        if self.mover() != "bot":
            raise WebError("game.no_bot_to_move", "no bot is to move")
        return self._apply(game.to_move, str(decide(self.bot, game)))

    def _playing(self) -> Game:
        if self.game is None:
            raise WebError("room.not_started", "the game has not started")
        return self.game

    def _apply(self, seat: int, text: str) -> list[tuple[str, dict]]:
        """Play ``seat``'s move and tell every guest here what changed (each
        only its own view); after the last move, send the proof."""
        game = self.game
        bid, trump = game.bid, game.trump
        try:
            move = Action.parse(text[:8])
            game.apply(move)
        except (NotationError, IllegalActionError) as err:
            raise WebError("game.illegal", str(err), action=text[:8]) from None
        self.moved = (seat, move, bid, trump)
        out = self._to_guests(lambda viewer: self._view(viewer, self.moved))
        if game.is_over:
            out += self._to_guests(lambda _: self.proof())
        return out

    def proof(self) -> dict:
        return {"t": "record", "record": str(self.game.record()), "commits": [s.commit for s in self.seats],
                "reveals": [s.reveal for s in self.seats]}

    def _view(self, seat: int, last: tuple | None) -> dict:
        game = self.game
        state = {"ok": True, "view": game.view(seat), "human": seat, "level": self.level, "link": self.id,
                 "names": self.names(), "bot_to_move": False}
        if last is not None:
            mover, move, bid, trump = last
            state["moved"] = describe_move(mover, move, bid, trump, viewer=seat)
        return {"t": "view", "n": len(game.history), "state": state}

    def state(self) -> dict:
        """The host's table (seat 0), or the lobby before the game."""
        out = {"ok": True, "room": self.lobby(), "save": self.save()}
        game = self.game
        if game is None:
            return out
        out.update(view=game.view(HOST), human=HOST, level=self.level, names=self.names(),
                   link=link_query(self.players, game.seed, self.level, self.rules.code()),
                   bot_to_move=self.mover() == "bot", mover=self.mover())
        return out

    # ------------------------------------------------------------ saving

    def save(self) -> str:
        """Everything to resume after the host's page reloads (kept on the host's
        device only: it holds every reveal, so the cards)."""
        data = {"v": PROTOCOL, "room": self.id, "players": self.players, "level": self.level,
                "rules": self.rules.code(), "phase": self.phase,
                "seats": [{**asdict(s), "peer": None} for s in self.seats],
                "record": str(self.game.record()) if self.game else None}
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def load(cls, text: str) -> "Room":
        """A room from :meth:`save`; anything else is a ``save.corrupt`` error."""
        try:
            data = loads(text)
            if data["players"] not in (2, 3, 4):  # checked before a seat is made for each
                raise ValueError("no room has that many players")
            room = cls(data["room"], data["players"], data["level"], Rules.parse(data["rules"]),
                       data["seats"][0]["reveal"])
            room.seats = [Seat(**{**s, "peer": None}) for s in data["seats"]]
            room.phase = data["phase"]
            if data["record"] is not None:
                room.game = Game.replay(Record.parse(data["record"]))
            ok = (data["v"] == PROTOCOL and is_room_id(room.id) and room.players in (2, 3, 4)
                  and len(room.seats) == room.players and all(s.holds_together(i) for i, s in enumerate(room.seats))
                  and room.phase in (LOBBY, REVEALING, PLAYING) and (room.game is None) == (room.phase != PLAYING)
                  and (room.game is None or (room.game.players, room.game.rules) == (room.players, room.rules)))
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, NotationError, IllegalActionError):
            ok = False  # AttributeError: rules or a record that is no text
        if not ok:
            raise WebError("save.corrupt", "the saved room does not load")
        if room.game is not None and room.game.seed != derive_seed(room.players, [s.reveal for s in room.seats]):
            raise WebError("save.corrupt", "the saved room's seed does not match its reveals")
        return room
