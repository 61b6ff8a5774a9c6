"""The worker's API for games with friends (beside :mod:`thousand.web`).

On the host's page these calls run the room (:mod:`thousand.room`); each reply
is ``{"ok": true, ...host state, "out": [[peer, message text], ...]}`` where
``out`` lists what the page must send to whom, or an error reply as in
:mod:`thousand.web` (nothing changed). On a guest's page :func:`guest_verify`
checks the record the host sends at the end against every view it showed.

>>> import json
>>> s = json.loads(room_open("abcdefghjkmn", "2", "easy", "std", "0" * 32))
>>> s["room"]["seats"][1]["kind"], s["out"]
('open', [])
>>> s = json.loads(room_start())
>>> s["room"]["seats"][1]["kind"], s["view"]["players"], s["mover"] in ("host", "bot")
('bot', 2, True)
"""

from __future__ import annotations

import hashlib
import json

from .cards import NotationError
from .fairdeal import FairDealError, check, commitment, is_reveal
from .game import Game, IllegalActionError
from .notation import Record, parse_players
from .room import HOST, Room, is_room_id
from .web import WebError, _parse_level, _parse_rules, _reply, _shown, describe_move, loads

MAX_PROOF = 200_000  # a record of a very long game is far below this
MAX_RUNS = 400  # runs of moves in the digest of the tables shown before a reload (friendstore.js)

_room: Room | None = None


def _current() -> Room:
    if _room is None:
        raise WebError("room.none", "no room is open")
    return _room


def _answer(room: Room, out: list[tuple[str, dict]]) -> dict:
    state = room.state()
    state["out"] = [[peer, json.dumps(msg, ensure_ascii=False, separators=(",", ":"))] for peer, msg in out]
    return state


def _run(fn):
    """Call ``fn(room)`` on the open room; reply with the host's state and the messages to send."""
    def run():
        room = _current()
        return _answer(room, fn(room))
    return _reply(run)


def room_open(room_id: str, players: str, level: str, rules: str, reveal: str) -> str:
    """Open a room (the lobby) with the host's secret reveal (see :mod:`thousand.fairdeal`)."""
    def run():
        global _room
        if not is_room_id(room_id) or not is_reveal(reveal):
            raise WebError("room.bad_id", "a room needs a 12-letter name and a 32-hex reveal")
        try:
            n = parse_players(str(players))
        except NotationError as err:
            raise WebError("link.bad_players", str(err), value=_shown(str(players))) from None
        _room = Room(room_id, n, _parse_level(level), _parse_rules(rules), reveal)
        return _answer(_room, [])
    return _reply(run)


def room_resume(save: str) -> str:
    """Open the room the host's page saved (after a reload); the guests come back by hello."""
    def run():
        global _room
        _room = Room.load(save)
        return _answer(_room, [])
    return _reply(run)


def room_receive(peer: str, text: str) -> str:
    """A guest's message; an error to that guest is one of the messages to send."""
    def run():
        room = _current()
        before = room.moved
        state = _answer(room, room.receive(peer, text))
        if room.moved is not before:  # a guest's move
            state["moved"] = _moved(room)
        return state
    return _reply(run)


def _moved(room: Room) -> dict:
    seat, move, bid, trump = room.moved
    return describe_move(seat, move, bid, trump, viewer=HOST)


def _moving(fn):
    """Like :func:`_run`, for a call that makes a move: the reply says which."""
    def run():
        room = _current()
        state = _answer(room, fn(room))
        state["moved"] = _moved(room)
        return state
    return _reply(run)


def room_drop(peer: str) -> str:
    return _run(lambda room: room.drop(peer))


def room_release(seat: str) -> str:
    text = str(seat)  # a seat's number: a digit or two (int() of thousands of digits raises)
    return _run(lambda room: room.release(int(text)) if text.isascii() and text.isdigit() and len(text) <= 2 else [])


def room_start() -> str:
    return _run(lambda room: room.start())


def room_state() -> str:
    return _run(lambda room: [])


def room_play(move: str) -> str:
    """The host's own move (notation)."""
    return _moving(lambda room: room.play(move))


def room_bot_step() -> str:
    """A bot's move, for a bot's seat or an away guest's."""
    return _moving(lambda room: room.bot_step())


def verify(seat: int, reveal: str, host_commit: str, proof: dict, shown: list,
           started: list | None = None, before: dict | None = None) -> list[str]:
    """What does not check in a finished game, as a guest at ``seat`` sees it
    (empty: all is well). ``shown`` lists ``[n, view]``: each view the guest was
    shown, after move ``n``; ``reveal`` is its own secret, ``host_commit`` the
    commitment the host sent with the seat, ``started`` every seat's commitment
    as the host sent them when the game started (None: not kept, not checked),
    ``before`` the digest of the tables shown before the guest's page last loaded
    (see :func:`_shown_before`; None: there were none).
    A seat may lose its commitment since (a guest who never revealed is a bot),
    never gain or change one: a reveal picked after the guests' would pick the cards."""
    try:
        if not isinstance(proof.get("record"), str):
            raise TypeError("the proof has no record")
        record = Record.parse(proof["record"])
        commits, reveals = proof["commits"], proof["reveals"]
        check(record.players, commits, reveals, record.seed)
    except (AttributeError, KeyError, TypeError, NotationError, FairDealError) as err:
        return [f"the deal's proof does not check: {err}"]
    problems = []
    if commits[seat] != commitment(reveal) or reveals[seat] != reveal:
        problems.append("the record does not hold this page's own secret")
    if commits[HOST] != host_commit:
        problems.append("the host's commitment changed during the game")
    if started is not None and not (isinstance(started, list) and len(started) == len(commits)
                                    and all(c is None or c == s for c, s in zip(commits, started))):
        problems.append("the commitments are not the ones sent when the game started")
    try:
        game = Game.replay(record)
    except IllegalActionError as err:
        return problems + [f"the record does not replay: {err}"]
    if not game.is_over:
        problems.append("the record ends before the game does")
    at: dict[int, list] = {}  # a table can be shown twice after one move (a rejoin sends it again)
    for n, view in shown:
        at.setdefault(n, []).append(view)
    replay = Game(record.players, record.seed, record.rules)
    for n in range(len(record.actions) + 1):
        if n in at and any(view != replay.view(seat) for view in at[n]):
            problems.append(f"the table shown after move {n} is not the one the record gives")
        if n < len(record.actions):
            replay.apply(record.actions[n])
    if set(at) - set(range(len(record.actions) + 1)):
        problems.append("a table was shown for a move the record does not have")
    return problems + _shown_before(record, seat, before)


def view_text(view: dict) -> str:
    """A view as the guest's page hashes it (web/js/friendstore.js, canon): keys sorted, no spaces."""
    return json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _move_number(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def _shown_before(record: Record, seat: int, before) -> list[str]:
    """Check the tables shown before the guest's page last loaded: ``before`` is what its device kept,
    ``{"runs": [[first n, last n], ...], "digest": hex}``, the digest chaining
    ``sha256(previous + "|" + n + "|" + view_text(view))`` over the runs' moves in order (the views
    themselves, about 9 kB each, would not fit in its storage), or ``{"lost": true}``."""
    if before is None:
        return []
    malformed = ["the tables kept from before this page reloaded are malformed"]
    if not isinstance(before, dict):
        return malformed
    if before.get("lost") is True:
        return ["the tables shown before this page reloaded were not kept on this device: they are not checked"]
    runs, digest, last = before.get("runs"), before.get("digest"), len(record.actions)
    if not (isinstance(runs, list) and len(runs) <= MAX_RUNS and isinstance(digest, str)
            and all(isinstance(r, list) and len(r) == 2 and all(_move_number(n) for n in r) and r[0] <= r[1]
                    for r in runs)):
        return malformed
    if any(r[1] > last for r in runs):
        return ["a table was shown for a move the record does not have"]
    # A run repeats at most one move (a rejoin sends the table again): more is no page's doing.
    if sum(r[1] - r[0] + 1 for r in runs) > last + 1 + len(runs):
        return malformed
    moves = [n for first, final in runs for n in range(first, final + 1)]
    chain, game, at = "", None, 0
    for n in moves:
        if game is None or n < at:  # a table from before the last one: replay from the start
            game, at = Game(record.players, record.seed, record.rules), 0
        while at < n:
            game.apply(record.actions[at])
            at += 1
        chain = hashlib.sha256(f"{chain}|{n}|{view_text(game.view(seat))}".encode()).hexdigest()
    if chain != digest:
        return ["a table shown before this page reloaded is not the one the record gives"]
    return []


def guest_verify(seat: str, reveal: str, host_commit: str, proof: str, shown: str, started: str = "null",
                 before: str = "null") -> str:
    """:func:`verify` from the worker: ``proof`` is the host's record message,
    ``shown`` the JSON list of ``[n, view]``, ``started`` the JSON list of the
    commitments sent at the start and ``before`` the digest of the tables shown
    before the page last loaded; replies ``{"ok": true, "problems": [...]}``."""
    def run():
        if max(len(proof), len(started), len(before)) > MAX_PROOF:
            return {"ok": True, "problems": ["the record is too large"]}
        try:
            problems = verify(int(seat), reveal, host_commit, loads(proof), loads(shown), loads(started),
                              loads(before))
            return {"ok": True, "problems": problems}
        except (ValueError, TypeError, IndexError) as err:
            return {"ok": True, "problems": [f"the proof is malformed: {err}"]}
    return _reply(run)
