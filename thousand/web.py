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
>>> [p["name"] for p in json.loads(rules_catalog())["presets"]]
['uk', 'ru', 'pl']
>>> json.loads(rules_code('{"barrel": 880, "must_beat": true}'))["code"]
'b880-mb'
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict

from .actions import Action
from .bots import decide, make_bot
from .cards import ACE, SUIT_CHARS, NotationError, card_str, meld_value, trump_after_meld
from .game import Game, IllegalActionError
from .notation import Record, parse_players
from .rules import PRESETS, Rules, catalog
from . import tutorial as script
# The links and the error type live in web_links; the names other modules and the
# tests reach through this module are kept here.
from .web_links import (DEFAULT_LEVEL, MAX_QUERY, SHOWN, WebError, json_object, link_game, link_query,  # noqa: F401
                        loads, parse_link, share, _parse_level, _parse_rules, _shown)

HUMAN = 0
SAVE_VERSION = 1
MAX_SAVE = 200_000  # a record of a very long game is still far below this
HINT_LEVEL = "hard"  # the bot whose move a hint shows
MAX_HINTS = 100_000  # a saved count of hints above this is not a count


class Session:
    """One game against bots at one level."""

    hints_offered = True  # may the person ask the hard bot for a move (see :func:`hint`)?

    def __init__(self, game: Game, level: str, hints: int = 0) -> None:
        self.game = game
        self.level = level
        self.bot = make_bot(level)
        self.hints = hints  # hints the person has asked for in this game

    def bot_action(self) -> Action:
        return decide(self.bot, self.game)

    def check(self, action: Action) -> None:
        """Refuse a legal move the session does not take (see :class:`TutorialSession`)."""

    def require_ready(self) -> None:
        """Refuse any move or hint while the game is not the person's yet (see :mod:`thousand.web_embed`)."""

    def link(self) -> str:
        game = self.game
        return link_query(game.players, game.seed, self.level, game.rules.code())

    def save(self) -> str | None:
        return json.dumps({"v": SAVE_VERSION, "record": str(self.game.record()), "level": self.level,
                           "hints": self.hints}, separators=(",", ":"))

    def state(self) -> dict:
        game = self.game
        return {
            "ok": True,
            "view": game.view(HUMAN),
            "human": HUMAN,
            "level": self.level,
            "hints": self.hints,
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
    save and no share link (a hand-made deal has no seed record). The coach,
    not the hard bot, says what to play: no hints.
    """

    hints_offered = False

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


def fresh(players: str = "3", level: str = DEFAULT_LEVEL, rules: str = "std") -> str:
    """Start a new game with a random seed; ``rules`` is a rules code or a preset name (``uk``, ``ru``, ``pl``)."""
    def run():
        try:
            n = parse_players(str(players))
        except NotationError as err:
            raise WebError("link.bad_players", str(err), value=_shown(str(players))) from None
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
        chosen = json_object(settings, "rules.bad", "the settings")
        try:
            rules = Rules(**chosen)
        except (TypeError, ValueError) as err:
            raise WebError("rules.bad", str(err)) from None
        return {"ok": True, "code": rules.code(), "preset": rules.preset()}
    return _reply(run)


def rules_of(code: str) -> str:
    """The value of every setting of a rules code or preset name (for the dialog to
    show the rules a new game will use); a bad code is a ``link.bad_rules`` error.

    >>> reply = json.loads(rules_of("b880-mb"))
    >>> reply["values"]["barrel"], reply["values"]["must_beat"], reply["code"], reply["preset"]
    (880, True, 'b880-mb', None)
    >>> json.loads(rules_of("pl"))["preset"], json.loads(rules_of("b870"))["error"]["key"]
    ('pl', 'link.bad_rules')
    """
    def run():
        rules = PRESETS[code] if code in PRESETS else _parse_rules(code)
        return {"ok": True, "values": asdict(rules), "code": rules.code(), "preset": rules.preset()}
    return _reply(run)


def restore(save: str) -> str:
    """Resume a saved game (see ``state()["save"]``); a corrupt, old or newer save is an error.

    >>> json.loads(restore('{"v": 99, "record": "T9", "level": "x"}'))["error"]["key"]
    'save.newer'
    >>> json.loads(restore('{"v": 0, "record": "T1_3_1_std_", "level": "easy"}'))["error"]["key"]
    'save.old'
    """
    def run():
        if len(save) > MAX_SAVE:
            raise WebError("save.corrupt", "the saved game is too large")
        try:
            data = loads(save)
        except ValueError:
            raise WebError("save.corrupt", "the saved game is not valid JSON") from None
        version = data.get("v") if isinstance(data, dict) else None
        version = version if type(version) is int else None  # not true, which equals 1
        if version is not None and version > SAVE_VERSION:
            # Written by a newer release (another tab, or one installed since this page loaded):
            # the page must not treat it as damaged and remove it, but offer the update.
            raise WebError("save.newer", "the saved game is from a newer version")
        if version != SAVE_VERSION:
            raise WebError("save.old", "the saved game is from another version")
        record, level, hints = data.get("record"), data.get("level"), data.get("hints", 0)
        if not isinstance(record, str) or not isinstance(level, str):
            raise WebError("save.corrupt", "the saved game lacks its record or level")
        if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
            raise WebError("save.corrupt", "the saved game's count of hints is not a count")
        try:
            game = Game.replay(Record.parse(record))
        except (NotationError, IllegalActionError) as err:
            raise WebError("save.corrupt", f"the saved game does not replay: {err}") from None
        try:
            level = _parse_level(level)
        except WebError as err:
            raise WebError("save.corrupt", err.text) from None
        return _start_session(Session(game, level, hints))
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
        session.require_ready()
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


def hint() -> str:
    """The hard bot's move for the person, decided from what the person's seat may
    know (as any bot decides); the game's count of hints goes up by one. The
    reply is the state (with the new count) and ``hint``, the move described as
    :func:`describe_move` does. Nothing is played.

    >>> _ = from_link("?p=3&s=42&l=easy&r=std")
    >>> while json.loads(state())["bot_to_move"]:
    ...     _ = bot_step()
    >>> reply = json.loads(hint())
    >>> reply["hints"], reply["hint"]["action"] in [a["id"] for a in reply["view"]["legal"]]
    (1, True)
    """
    def run():
        session = _current()
        session.require_ready()
        game = session.game
        if not session.hints_offered:
            raise WebError("hint.off", "no hints here: the guide says what to play")
        if game.to_move != HUMAN:
            raise WebError("game.not_your_turn", "it is not your turn")
        action = decide(make_bot(HINT_LEVEL), game)
        session.hints += 1
        out = session.state()
        # The person's own move: shown whole (describe_move hides gifts between others).
        out["hint"] = {**describe_move(HUMAN, action, game.bid, game.trump), "action": str(action)}
        if action.card is not None:
            out["hint"]["card"] = card_str(action.card)
        return out
    return _reply(run)


def bot_step() -> str:
    """Let the bot to move make one move; the reply says who moved and what."""
    def run():
        session = _current()
        session.require_ready()
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
    if kind in ("bid", "contract", "talon", "blind"):
        out["value"] = action.value
    elif kind in ("fall", "write_off"):
        out["value"] = bid  # what the declarer concedes or writes off
    if kind == "contract":
        out["raised"] = action.value > bid
    if kind == "meld":  # a marriage, or the four aces (ace-marriage rule), which leave the trump as it was
        card = action.card
        aces = card % 6 == ACE
        after = trump_after_meld(card, trump)
        out.update(suit=None if aces else SUIT_CHARS[card // 6], aces=aces, points=meld_value(card),
                   trump=SUIT_CHARS[after] if after >= 0 else None,
                   previous_trump=SUIT_CHARS[trump] if trump >= 0 else None)
    return out
