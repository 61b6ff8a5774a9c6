"""The score sheet (пулька): deal rows, totals, dashes (прочерки) and the barrel (бочка).

The game decides what each seat earned in a deal as an :class:`Outcome`; the
sheet turns outcomes into rows, applying the dash series, the three-dash
penalty, the barrel and the dump. Being on the barrel is not stored: a player
is on it exactly when their total is the barrel's value (900 by default; the
total is pinned there on arrival).

Rows carry :class:`Note` s, one-line explanations for people of what the rules
did to a seat (the barrel, the three-dash penalty, why a deal was redealt).
The game adds the notes only it can know; the sheet adds the ones it applies.

>>> round_points(44), round_points(45), round_points(15), round_points(4)
(40, 50, 20, 0)
>>> round_points(17, 5), round_points(18, 5)
(15, 20)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Rules

GOAL = 1000
DASHES_FOR_PENALTY = 3
WRITE_OFF_POINTS = 60
BARREL_PENALTY = 120  # off the barrel when its deals run out (the barrel_deals rule)
DUMP = 555  # a total of exactly +-555 drops to 0 (the dump rule)

# How a deal affects a seat's dash series.
DASH = 1  # one more dash
RESET = 0  # the series restarts
KEEP = -1  # untouched (a written-off deal; the sitter on the barrel)


def round_points(points: int, to: int = 10) -> int:
    """Round to the nearest multiple of ``to`` (10 or 5), halves up (defenders' and the sitter's scores)."""
    return (points + to // 2) // to * to


# English texts of the notes; the page has them in its locales as ``note.<name>``
# and fills ``{name}`` with the name of ``args["seat"]``.
NOTE_TEXTS = {
    "note.barrel_reached": "{name}: {barrel}, on the barrel. From now on only a made contract scores",
    "note.barrel_capped": "{name}: {points} would make {sum}, but the barrel holds the score at {barrel}. From now "
                          "on only a made contract scores",
    "note.on_barrel": "{name}: on the barrel only a made contract scores, so nothing is recorded",
    "note.barrel_dash": "{name}: no trick on the barrel, a dash",
    "note.barrel_dash_strict": "{name}: on the strict barrel every deal without a made contract is a dash",
    "note.barrel_no_melds": "{name}: marriages do not count on the barrel, and {tricks} in tricks is short of "
                            "{contract}",
    "note.bolt": "{name}: three dashes in a row cost {penalty}",
    "note.bolt_any": "{name}: three dashes cost {penalty}",
    "note.off_barrel": "{name}: off the barrel, now {total}",
    "note.barrel_deals_out": "{name}: {deals} deals on the barrel without reaching 1000: minus {penalty}, "
                             "off the barrel, now {total}",
    "note.dump": "{name}: a total of exactly {total} is dumped to 0",
    "note.redeal_nines_hand": "Redeal: {name} held all four nines",
    "note.redeal_nines_talon": "Redeal: the talon held three nines",
    "note.redeal_weak": "Redeal: {name} held under {limit} points (only {points})",
}


@dataclass(frozen=True)
class Note:
    """Why a row came out as it did, for people: a locale key and its values.

    >>> Note.make("note.bolt", seat=1, penalty=100).to_json()["text"]
    'seat 1: three dashes in a row cost 100'
    """

    key: str
    args: tuple[tuple[str, int], ...] = ()  # pairs, so that rows stay hashable

    @classmethod
    def make(cls, key: str, **args: int) -> "Note":
        return cls(key, tuple(args.items()))

    def to_json(self) -> dict:
        args = dict(self.args)
        name = f"seat {args['seat']}" if "seat" in args else ""
        return {"key": self.key, "args": args, "text": NOTE_TEXTS[self.key].format(name=name, **args)}


@dataclass(frozen=True)
class Outcome:
    """What one seat gets from one deal, before dashes and the barrel apply."""

    points: int | None  # None: nothing is recorded
    series: int  # DASH, RESET or KEEP
    mark: str = ""  # "р" for the declarer's write-off
    note: Note | None = None  # why, where only the game knows it (the barrel's own rules)


NOTHING = Outcome(None, KEEP)
DASHED = Outcome(None, DASH)


@dataclass(frozen=True)
class Entry:
    """One seat's cell in one row of the sheet."""

    points: int | None  # what the deal earned (before the barrel pins the total)
    dash: bool
    penalty: int  # 0, or minus the three-dash penalty and/or the barrel penalty
    total: int
    mark: str = ""  # "р" write-off, "" otherwise
    delta: int = 0  # how much this row changed the total (totals are the sums of deltas)
    barrel: bool = False  # on the barrel after this row
    off_barrel: bool = False  # the barrel deals ran out: -120 and off the barrel
    dump: bool = False  # the total was exactly 555 or -555 and dropped to 0

    def to_json(self) -> dict:
        return {"points": self.points, "dash": self.dash, "penalty": self.penalty, "total": self.total,
                "mark": self.mark, "barrel": self.barrel, "delta": self.delta, "off_barrel": self.off_barrel,
                "dump": self.dump}


@dataclass(frozen=True)
class Row:
    deal: int
    dealer: int
    kind: str  # "played", "redeal", "fall", "write_off"
    declarer: int | None
    contract: int | None
    entries: tuple[Entry, ...]
    notes: tuple[Note, ...] = ()
    blind: bool = False  # the contract was bid blind and counted double
    golden: bool = False  # a deal of the golden round: every score doubled

    def to_json(self) -> dict:
        return {"deal": self.deal, "dealer": self.dealer, "kind": self.kind, "declarer": self.declarer,
                "contract": self.contract, "entries": [e.to_json() for e in self.entries],
                "notes": [n.to_json() for n in self.notes], "blind": self.blind, "golden": self.golden}


def write_off_state(rules: Rules, used: int, total: int) -> dict:
    """The write-offs of a seat that used ``used``, with ``total`` on the sheet: how many are left
    of how many, and why none may be made now ("none" in these rules, all "used", or by the
    no_write_off_negative rule a "negative" total), else ``why`` is None."""
    of = rules.write_offs
    negative = rules.no_write_off_negative and total < 0
    why = "none" if of == 0 else "used" if used >= of else "negative" if negative else None
    return {"left": max(of - used, 0), "of": of, "why": why}


def may_write_off(rules: Rules, used: int, total: int) -> bool:
    """Has a seat that used ``used`` write-offs, with ``total`` on the sheet, one left (and, by the
    no_write_off_negative rule, a total of 0 or more)?"""
    return write_off_state(rules, used, total)["why"] is None


@dataclass
class ScoreSheet:
    players: int
    rules: Rules = field(default_factory=Rules)
    totals: list[int] = field(default_factory=list)
    dashes: list[int] = field(default_factory=list)
    """Current series of dashes per seat (in a row, or any with the dashes_anywhere rule)."""
    used_fall: list[int] = field(default_factory=list)
    used_write_off: list[int] = field(default_factory=list)
    """Write-offs used per seat (the rules allow ``write_offs`` per game)."""
    barrel_deals: list[int] = field(default_factory=list)
    """Deals each seat has played on the barrel since it got there."""
    rows: list[Row] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.players
        self.totals = self.totals or [0] * n
        self.dashes = self.dashes or [0] * n
        self.used_fall = [int(u) for u in self.used_fall] or [0] * n
        self.used_write_off = [int(u) for u in self.used_write_off] or [0] * n
        self.barrel_deals = self.barrel_deals or [0] * n

    @property
    def barrel(self) -> int:
        return self.rules.barrel

    def on_barrel(self, seat: int) -> bool:
        return self.totals[seat] == self.barrel

    def write_off_state(self, seat: int) -> dict:
        """``seat``'s write-offs: left, of how many, and why none may be made (see write_off_state)."""
        return write_off_state(self.rules, self.used_write_off[seat], self.totals[seat])

    def may_write_off(self, seat: int) -> bool:
        """Has ``seat`` a write-off left, and (by the no_write_off_negative rule) a total of 0 or more?"""
        return may_write_off(self.rules, self.used_write_off[seat], self.totals[seat])

    def record(self, deal: int, dealer: int, kind: str, declarer: int | None, contract: int | None,
               outcomes: list[Outcome], notes: tuple[Note, ...] = (), sitter: int = -1, blind: bool = False,
               golden: bool = False) -> Row:
        rules = self.rules
        barrel = self.barrel
        bolt, anywhere, barrel_limit = rules.dash_penalty, rules.dashes_anywhere, rules.barrel_deals
        entries = []
        notes = list(notes)
        for seat, out in enumerate(outcomes):
            # A deal on the barrel uses up one of its deals; a redeal or a deal sat out does not.
            attempt = kind != "redeal" and seat != sitter and self.on_barrel(seat)
            before = total = self.totals[seat]
            penalty = 0
            if out.note is not None:
                notes.append(out.note)
            if out.points is not None:
                total += out.points
                if barrel <= total < GOAL:
                    notes.append(Note.make("note.barrel_capped", seat=seat, points=out.points, sum=total,
                                           barrel=barrel)
                                 if total > barrel else Note.make("note.barrel_reached", seat=seat, barrel=barrel))
                    total = barrel  # onto the barrel, pinned at exactly its value
            if out.series == DASH:
                self.dashes[seat] += 1
                if self.dashes[seat] == DASHES_FOR_PENALTY:
                    penalty -= bolt  # on the barrel this also takes the player off it
                    self.dashes[seat] = 0
                    if bolt:
                        notes.append(Note.make("note.bolt_any" if anywhere else "note.bolt", seat=seat,
                                               penalty=bolt))
            elif out.series == RESET and not anywhere:
                self.dashes[seat] = 0
            total += penalty
            off_barrel = False
            if attempt and total == barrel:
                self.barrel_deals[seat] += 1
                if self.barrel_deals[seat] == barrel_limit:
                    off_barrel = True
                    penalty -= BARREL_PENALTY
                    total -= BARREL_PENALTY
                    notes.append(Note.make("note.barrel_deals_out", seat=seat, deals=barrel_limit,
                                           penalty=BARREL_PENALTY, total=total))
            if total != barrel:
                self.barrel_deals[seat] = 0
            dump = rules.dump and abs(total) == DUMP
            if dump:
                notes.append(Note.make("note.dump", seat=seat, total=total))
                total = 0
            if before == barrel and total < barrel and not off_barrel:
                notes.append(Note.make("note.off_barrel", seat=seat, total=total))
            entries.append(Entry(out.points, out.series == DASH, penalty, total, out.mark, total - before,
                                 total == barrel, off_barrel, dump))
            self.totals[seat] = total
        row = Row(deal, dealer, kind, declarer, contract, tuple(entries), tuple(notes), blind, golden)
        self.rows.append(row)
        return row

    def copy(self) -> "ScoreSheet":
        return ScoreSheet(self.players, self.rules, list(self.totals), list(self.dashes), list(self.used_fall),
                          list(self.used_write_off), list(self.barrel_deals), list(self.rows))

    def to_json(self) -> dict:
        n = range(self.players)
        return {
            "rows": [r.to_json() for r in self.rows],
            "totals": list(self.totals),
            "dashes": list(self.dashes),
            "barrel": [self.on_barrel(s) for s in n],
            "barrel_deals": list(self.barrel_deals),
            "can_fall": [not u for u in self.used_fall],
            "can_write_off": [self.may_write_off(s) for s in n],
        }
