"""The score sheet (пулька): deal rows, totals, dashes (прочерки) and the barrel (бочка).

The game decides what each seat earned in a deal as an :class:`Outcome`; the
sheet turns outcomes into rows, applying the dash series, the three-dash
penalty and the barrel. Being on the barrel is not stored: a player is on it
exactly when their total is 900 (the total is pinned there on arrival).

Rows carry :class:`Note` s, one-line explanations for people of what the rules
did to a seat (the barrel, the three-dash penalty, why a deal was redealt).
The game adds the notes only it can know; the sheet adds the ones it applies.

>>> round_points(44), round_points(45), round_points(15), round_points(4)
(40, 50, 20, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

BARREL = 900
GOAL = 1000
DASH_PENALTY = 100
DASHES_FOR_PENALTY = 3
WRITE_OFF_POINTS = 60

# How a deal affects a seat's dash series.
DASH = 1  # one more dash
RESET = 0  # the series restarts
KEEP = -1  # untouched (a written-off deal; the sitter on the barrel)


def round_points(points: int) -> int:
    """Round to the nearest ten, halves up (defenders' and the sitter's scores)."""
    return (points + 5) // 10 * 10


# English texts of the notes; the page has them in its locales as ``note.<name>``
# and fills ``{name}`` with the name of ``args["seat"]``.
NOTE_TEXTS = {
    "note.barrel_reached": "{name}: 900, on the barrel. From now on only a made contract scores",
    "note.barrel_capped": "{name}: {points} would make {sum}, but the barrel holds the score at 900. From now on "
                          "only a made contract scores",
    "note.on_barrel": "{name}: on the barrel only a made contract scores, so nothing is recorded",
    "note.barrel_dash": "{name}: no trick on the barrel, a dash",
    "note.barrel_dash_strict": "{name}: on the strict barrel every deal without a made contract is a dash",
    "note.barrel_no_melds": "{name}: marriages do not count on the barrel, and {tricks} in tricks is short of "
                            "{contract}",
    "note.bolt": "{name}: three dashes in a row cost {penalty}",
    "note.off_barrel": "{name}: off the barrel, now {total}",
    "note.redeal_nines_hand": "Redeal: {name} held all four nines",
    "note.redeal_nines_talon": "Redeal: the talon held three nines",
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
    penalty: int  # 0 or -100
    total: int
    mark: str = ""  # "р" write-off, "" otherwise
    delta: int = 0  # how much this row changed the total (totals are the sums of deltas)

    def to_json(self) -> dict:
        return {"points": self.points, "dash": self.dash, "penalty": self.penalty, "total": self.total,
                "mark": self.mark, "barrel": self.total == BARREL, "delta": self.delta}


@dataclass(frozen=True)
class Row:
    deal: int
    dealer: int
    kind: str  # "played", "redeal", "fall", "write_off"
    declarer: int | None
    contract: int | None
    entries: tuple[Entry, ...]
    notes: tuple[Note, ...] = ()

    def to_json(self) -> dict:
        return {"deal": self.deal, "dealer": self.dealer, "kind": self.kind, "declarer": self.declarer,
                "contract": self.contract, "entries": [e.to_json() for e in self.entries],
                "notes": [n.to_json() for n in self.notes]}


@dataclass
class ScoreSheet:
    players: int
    totals: list[int] = field(default_factory=list)
    dashes: list[int] = field(default_factory=list)
    """Current series of consecutive dashes per seat."""
    used_fall: list[bool] = field(default_factory=list)
    used_write_off: list[bool] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.players
        self.totals = self.totals or [0] * n
        self.dashes = self.dashes or [0] * n
        self.used_fall = self.used_fall or [False] * n
        self.used_write_off = self.used_write_off or [False] * n

    def on_barrel(self, seat: int) -> bool:
        return self.totals[seat] == BARREL

    def record(self, deal: int, dealer: int, kind: str, declarer: int | None, contract: int | None,
               outcomes: list[Outcome], notes: tuple[Note, ...] = ()) -> Row:
        entries = []
        notes = list(notes)
        for seat, out in enumerate(outcomes):
            before = total = self.totals[seat]
            penalty = 0
            if out.note is not None:
                notes.append(out.note)
            if out.points is not None:
                total += out.points
                if BARREL <= total < GOAL:
                    notes.append(Note.make("note.barrel_capped", seat=seat, points=out.points, sum=total)
                                 if total > BARREL else Note.make("note.barrel_reached", seat=seat))
                    total = BARREL  # onto the barrel, pinned at exactly 900
            if out.series == DASH:
                self.dashes[seat] += 1
                if self.dashes[seat] == DASHES_FOR_PENALTY:
                    penalty = -DASH_PENALTY
                    total -= DASH_PENALTY  # on the barrel this also takes the player off it
                    self.dashes[seat] = 0
                    notes.append(Note.make("note.bolt", seat=seat, penalty=DASH_PENALTY))
            elif out.series == RESET:
                self.dashes[seat] = 0
            if before == BARREL and total < BARREL:
                notes.append(Note.make("note.off_barrel", seat=seat, total=total))
            entries.append(Entry(out.points, out.series == DASH, penalty, total, out.mark, total - before))
            self.totals[seat] = total
        row = Row(deal, dealer, kind, declarer, contract, tuple(entries), tuple(notes))
        self.rows.append(row)
        return row

    def copy(self) -> "ScoreSheet":
        return ScoreSheet(self.players, list(self.totals), list(self.dashes), list(self.used_fall),
                          list(self.used_write_off), list(self.rows))

    def to_json(self) -> dict:
        return {
            "rows": [r.to_json() for r in self.rows],
            "totals": list(self.totals),
            "dashes": list(self.dashes),
            "barrel": [self.on_barrel(s) for s in range(self.players)],
            "can_fall": [not u for u in self.used_fall],
            "can_write_off": [not u for u in self.used_write_off],
        }
