"""Commit-reveal of a game with friends: hand-made cases, tampering refused."""

import hashlib

import pytest

from thousand.fairdeal import FairDealError, check, commitment, derive_seed, is_commitment, is_reveal

A, B, C = "a" * 32, "0123456789abcdef" * 2, "f" * 32


def test_commitment_is_sha256_of_the_reveal_text():
    assert commitment(A) == hashlib.sha256(b"a" * 32).hexdigest()


@pytest.mark.parametrize("bad", ["A" * 32, "a" * 31, "a" * 33, "g" * 32, "", None])
def test_a_reveal_is_32_lowercase_hex_digits(bad):
    with pytest.raises(FairDealError):
        commitment(bad)


def test_the_seed_is_the_documented_hash_of_every_seat():
    text = f"thousand-room|3|{A}|-|{C}".encode()
    assert derive_seed(3, [A, None, C]) == int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def test_every_reveal_and_its_seat_change_the_seed():
    seeds = {derive_seed(3, r) for r in ([A, B, C], [B, A, C], [A, B, None], [A, C, C], [A, B, B])}
    assert len(seeds) == 5
    assert derive_seed(3, [A, B, C]) != derive_seed(4, [A, B, C, None])


def test_a_true_proof_checks():
    reveals = [A, None, C]
    check(3, [commitment(A), None, commitment(C)], reveals, derive_seed(3, reveals))


@pytest.mark.parametrize("commits, reveals, seed_from, why", [
    ([commitment(A), None, commitment(C)], [B, None, C], [A, None, C], "does not match"),  # a changed reveal
    ([commitment(A), None, commitment(C)], [A, None, C], [A, None, B], "seed"),  # another seed
    ([commitment(A), commitment(B), commitment(C)], [A, None, C], [A, None, C], "not both"),  # a reveal dropped
    ([commitment(A), None, commitment(C)], [A, B, C], [A, B, C], "not both"),  # a reveal added
    ([commitment(A), None], [A, None], [A, None, C], "every seat"),
])
def test_tampered_proofs_are_refused(commits, reveals, seed_from, why):
    seed = derive_seed(3, seed_from)
    with pytest.raises(FairDealError, match=why):
        check(3, commits, reveals, seed)


def test_derive_seed_needs_one_field_per_seat():
    with pytest.raises(FairDealError):
        derive_seed(3, [A, B])


@pytest.mark.parametrize("bad", ["A" * 32, "a" * 31, f"{A}|{C}", "-", 7])
def test_derive_seed_refuses_a_field_that_is_not_a_reveal(bad):
    """A "|" or "-" in a field would let one seat's text pose as another seat's (or a bot's)."""
    with pytest.raises(FairDealError, match="32 lowercase hex"):
        derive_seed(3, [A, bad, C])


def test_a_commitment_is_64_lowercase_hex_digits_and_a_reveal_32():
    assert is_commitment(commitment(A)) and is_reveal(A)
    for bad in ("a" * 63, "a" * 65, "A" * 64, "g" * 64, A, None, 64):
        assert not is_commitment(bad)
    assert not is_reveal(commitment(A))
