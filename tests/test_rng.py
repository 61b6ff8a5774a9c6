"""The seeded shuffle never changes: golden vectors pin the first deals of several seeds.

If one of these tests fails, shared links and daily deals would show other cards:
do not update the vectors, fix the change.
"""

import pytest

from thousand import Game
from thousand.cards import card_str
from thousand.rng import GOLDEN as STEP, MASK64, SplitMix64, first_dealer, mix, shuffled_deck


def test_generator_is_the_published_splitmix64():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


GOLDEN = [
    (0, 2, 1, [
        "Qs Jh Th As Ah Ts Tc Qc Kd 9d Jc Ks Qh Kc Kh Td Js 9c Ad Qd 9h Ac Jd 9s",
        "9d 9h 9c Kc Qs Js Qd Ts As Th 9s Kd Ad Jd Ks Td Qh Qc Jh Jc Ah Tc Ac Kh",
        "Qd Qc Jc 9d Js Qs Ks Ac Jd Th Ad Kh Qh As 9s Ts Ah 9c Tc Kc Jh Kd 9h Td",
    ]),
    (0, 3, 2, [
        "Kc Jh Ac Th Ad 9s Kd Js Jd 9c Qh Ah Td Kh Qc Qd Ks Ts Jc 9h As Qs 9d Tc",
        "Qd As Ks Td Th Tc Kd Ad Kh Qh Js 9d Ts Qs Ac 9s Qc Jh Kc 9h Ah 9c Jc Jd",
        "9s Jc Tc Qd As Ah Td 9d 9c 9h Kc Kh Th Ks Jh Qc Js Qh Jd Kd Qs Ad Ts Ac",
    ]),
    (0, 4, 1, [
        "Kc As Ts Tc Kd Td 9h 9s Th Jh Qc Jc Kh Ad Qh Js Qs Qd Ks Jd Ah 9d Ac 9c",
        "Th Qc 9h Ac As Js Ks Ah 9d Kh Ad Qd Ts 9c Jc Qs Qh Tc Kc Jd Jh 9s Td Kd",
        "9d Td Ks 9h Th Qd Jd 9c 9s Qh Qs As Ah Ts Js Qc Jh Tc Kh Ac Jc Kc Ad Kd",
    ]),
    (1, 2, 0, [
        "Jd Ah 9h As Ac Ad Td Kc 9s Ts Qs Th Js Qh Tc 9d Jc Ks 9c Kh Qc Kd Jh Qd",
        "9h Td Ah 9c Jc Kd Jh Ks As Js Qs Kh Kc Qc Ts 9s Jd Qd Ac Th Tc 9d Qh Ad",
        "Js 9c 9s Kc Kd Qd Td Jc Ah Th 9h Jh Qh Qc Tc Ks Qs Ts Ac Ad Kh As 9d Jd",
    ]),
    (1, 3, 2, [
        "Js Ts Th Jd Ks Ah Td Qs Qd Jh Qh Qc Kc Tc Ac Ad 9c 9s 9h 9d Kd As Jc Kh",
        "9d Jc Kc Jd Th Td Ac Tc Jh Ks As Kd Ts 9h Ad Qc Ah 9s Qd Kh Qh Js Qs 9c",
        "Qs Jd 9c Qc Qh Jc Js 9s As Ah Kd Th Ac Qd 9h Tc Ad Ts 9d Td Kc Ks Kh Jh",
    ]),
    (1, 4, 0, [
        "As Kh Jh Qs Ah Ks Jd Jc Ts 9h Ac Kc Qc Kd Ad Js Td Th Tc Qd 9s 9c 9d Qh",
        "Ad Qc Tc Kd Qd Ah Kh Jc Jh 9s Ks Qh 9c Td Ac 9d Th 9h Jd Ts Js Qs Kc As",
        "Th Jc 9c Qs 9s Td Qd Jd Qc 9h Kd Js Jh Kh Ad Ks Ah As Tc 9d Ac Kc Qh Ts",
    ]),
    (42, 2, 0, [
        "As Jd Qh Jh Jc Td Js Qs Ad Qd Ah 9d Ts Th Kd Tc Kh 9s Kc Ac Qc 9h 9c Ks",
        "Qc Th 9c Ts Ks Ac As Qs Jd Ah Kh 9h Js Qd Kc Tc Qh 9d Jc Td Jh Ad Kd 9s",
        "Jc Kh 9s Qh Td Ad Qd Qs Qc 9h As Jd Kc Tc Ks Jh Th Ac Kd 9d Ah Ts 9c Js",
    ]),
    (42, 3, 0, [
        "Js As Qc 9s Jh Ad Kc Jc Qd Td Ah 9h Qs Qh Th Tc Ac Kh 9c Kd Ts 9d Ks Jd",
        "9h Ac 9c Ks Qh Kc 9d Js Td Qs Qc Jh Qd As 9s Ad Kd Kh Jc Jd Ts Th Ah Tc",
        "Ad Ts Qd Ks As Kc Jd Jc 9h Kd Tc Qh 9d Jh Qc Kh 9c 9s Ah Js Qs Td Th Ac",
    ]),
    (42, 4, 3, [
        "Qd Ts Jh Tc Td Ah As Ac Jc Kc Js 9h 9s Jd 9d Qs Kd Kh Qc Th Ks 9c Ad Qh",
        "9s As Kh 9h Js Ad Qc Td Ks Ah Qd Ts Qh 9c Kd Jd Qs Tc 9d Th Ac Kc Jc Jh",
        "9s Qc Qs Ah Jd Ad As Jh 9c Jc Th 9d Js Tc Ts Kd Ks Td Kc Kh Ac 9h Qd Qh",
    ]),
    (20261202, 2, 1, [
        "9h Jh Jc Ts Kd Td Kh Qd Ah 9c Tc Th Ad Qs Kc As 9d 9s Jd Ks Js Ac Qh Qc",
        "Ac Qh 9h Td Jh Th Ks Qs Ah Js 9d Kc Kd Jc Jd 9s As Tc Ts Kh 9c Qc Qd Ad",
        "Qh Qs 9c Kd Qd Jc Qc Jd Js Ts Th Jh Td 9s Kc As Ac Ah Ks Ad Kh 9d Tc 9h",
    ]),
    (20261202, 3, 1, [
        "Ad Jd Ah Th Kd Qc Tc Kc Td 9s 9d Js Kh Jc Qd Ts 9h As Jh Qs Qh Ks Ac 9c",
        "Ts 9c As 9h Kc 9d Qs Js Qh Qd Tc Kh Qc Ah 9s Jd Ad Ac Th Kd Td Ks Jh Jc",
        "9s Jd Qs 9d Ad Ts Qh Kd Qd Js Ks 9c Kh Th Qc Jc Kc Ah As Jh Td 9h Tc Ac",
    ]),
    (20261202, 4, 2, [
        "Jh 9s 9c Jc Tc As Ah Qc 9h Jd Ts Td Kc Ks Kh Th Ac 9d Kd Qs Js Qh Qd Ad",
        "Jc Kc 9h Qc Tc As 9d Ks Ah Th Jd Ts Kh Qs Td Js Qh Jh Qd Ad 9s Ac 9c Kd",
        "Qd 9s As Jh Td Ac Jd Ks Ad Tc Ts Kh 9d 9h Jc Th Qc 9c Js Qs Ah Kd Qh Kc",
    ]),
    (18446744073709551615, 2, 0, [
        "Ad Jc 9h Ks Kh 9c Ah Jd Kd Td Tc Ts Th Qs Ac 9s Qh Qc 9d As Kc Jh Js Qd",
        "Ac Tc Qd Ks 9s Kh 9h Ah Jh 9c Qc Td 9d Jd Qs As Ts Kd Ad Th Kc Jc Qh Js",
        "Ah Qd 9c Jc Ac 9s 9d Kh Kd Js Qs Jd As Th Td Qc Ad Tc Ts Ks Jh Qh Kc 9h",
    ]),
    (18446744073709551615, 3, 1, [
        "Kd Js Ad Qc Td Kh Ts Qs Qh Jd Ah 9h Qd Jh As Jc Th 9s Kc Ks 9d Tc Ac 9c",
        "Ad Td 9s Kd Ah Ts Ac 9h Qc As Jc Jh Qd 9d Qs Jd Js Ks Tc Th Qh Kh Kc 9c",
        "9s 9c Kc Qc Ts Ah Ac Jc Td Ks Ad Js As Kd 9d Qs Tc 9h Qh Th Jd Kh Jh Qd",
    ]),
    (18446744073709551615, 4, 3, [
        "Ad 9c Ks Td Qd As Qh Tc 9h Js 9d Kh Jh Qc 9s Jd Ts Th Kd Qs Kc Ah Jc Ac",
        "Ah Td Js Ac Ks Tc Qh Kh Ad 9d 9c Qc Qd 9s Kd Qs Kc 9h Ts Jh As Jc Jd Th",
        "Ts As Jd Ah Ad 9d Kc Qh 9c Td Th 9s Qs Ks Kd 9h Jh Ac Js Qd Tc Jc Qc Kh",
    ]),
]


@pytest.mark.parametrize("seed,players,dealer,decks", GOLDEN)
def test_golden_shuffles(seed, players, dealer, decks):
    assert first_dealer(seed, players) == dealer
    for k, deck in enumerate(decks):
        assert " ".join(card_str(c) for c in shuffled_deck(seed, players, k)) == deck


def test_deal_is_laid_out_from_the_deck_starting_left_of_the_dealer():
    game = Game(3, seed=42)
    deck = GOLDEN[7][3][0].split()  # seed 42, 3 players, shuffle 0
    first = (game.dealer + 1) % 3
    assert sorted(card_str(c) for c in range(24) if game.dealt_hands[first] >> c & 1) == sorted(deck[0:7])
    assert sorted(card_str(c) for c in range(24) if game.talons[0] >> c & 1) == sorted(deck[21:24])


def test_kth_deal_does_not_depend_on_the_moves():
    def deal_after(choice):
        game = Game(3, seed=99)
        while game.deal_no < 3:
            actions = game.legal_actions()
            game.apply(actions[choice % len(actions)])
        return game.deal_no, game.dealt_hands, game.talons

    assert deal_after(0) == deal_after(1)


def test_redeal_uses_the_next_shuffle_with_the_same_dealer():
    game = Game(3, seed=1)  # shuffle 0 of seed 1 puts three nines in the talon
    assert game.sheet.rows[0].kind == "redeal" and game.deal_no == 1
    assert game.dealer == first_dealer(1, 3)


def test_uniform_bounded_draws():
    rng = SplitMix64(7)
    counts = [0] * 3
    for _ in range(3000):
        counts[rng.below(3)] += 1
    assert all(900 < c < 1100 for c in counts)


def unmix(z: int) -> int:
    """The inverse of ``mix``: undo each xor-shift and each odd multiplier, last step first."""
    def unshift(y: int, s: int) -> int:
        x = y
        for _ in range(64 // s + 1):
            x = y ^ (x >> s)
        return x
    z = unshift(z, 31) * pow(0x94D049BB133111EB, -1, 1 << 64) & MASK64
    z = unshift(z, 27) * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & MASK64
    return unshift(z, 30)


def drawing_first(x: int) -> SplitMix64:
    """A generator whose next draw is ``x``."""
    return SplitMix64(unmix(x) - STEP)


@pytest.mark.parametrize("n", [3, 5, 2**63 + 1])
def test_a_draw_at_or_above_the_last_whole_cycle_is_thrown_away(n):
    limit = (1 << 64) - (1 << 64) % n  # draws below it cover each residue equally often
    kept = drawing_first(limit - 1)
    assert kept.next() == limit - 1
    assert drawing_first(limit - 1).below(n) == (limit - 1) % n  # the highest draw kept
    thrown = drawing_first(limit)
    assert thrown.next() == limit
    following = thrown.next()
    while following >= limit:
        following = thrown.next()
    assert following % n != limit % n
    assert drawing_first(limit).below(n) == following % n  # the lowest draw thrown away, then the next one kept
