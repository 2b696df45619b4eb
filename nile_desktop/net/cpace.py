"""CPace on X25519: a password-authenticated key exchange for the join code.

Two computers that share a low-entropy secret (the three-word join code) agree on
a strong key without ever sending anything from which the code can be tested
offline. This is the X25519 instance of CPace (the CFRG's draft
"CPace, a balanced composable PAKE", CPACE-X25519-SHA512): both sides map the code
and the session id onto the curve with Elligator 2 (a generator nobody knows the
discrete logarithm of), each sends ``y·G`` for a fresh secret scalar ``y``, and
both compute ``K = y_a·y_b·G``. An eavesdropper sees two random-looking points;
to test a guess of the code it would need ``K``, which is a Diffie–Hellman problem
per guess. Someone who talks to a party gets exactly one guess per exchange: a
wrong code gives keys that fail the confirmation, and the host counts and limits
such attempts.

The X25519 scalar multiplication is the ``cryptography`` package's; only the
Elligator 2 map (RFC 9380, section 6.7.1, ``Z = 2``) is computed here, with
Python integers. Tests check it against the draft's published test vectors.
No pygame, no I/O.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

#: The domain separation string of CPace on X25519.
DSI = b"CPace255"
#: SHA-512's input block size, as the generator string is padded to it.
S_IN_BYTES = 128
P = 2**255 - 19
A = 486662
Z = 2


class CPaceError(Exception):
    """A share that is no point to multiply, or an exchange that ended in the identity."""


def prepend_len(data: bytes) -> bytes:
    """``data`` after its length as LEB128 (the draft's ``prepend_len``)."""
    length = len(data)
    out = bytearray()
    while True:
        byte = length & 0x7F
        length >>= 7
        if length:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            break
    return bytes(out) + data


def lv_cat(*parts: bytes) -> bytes:
    return b"".join(prepend_len(p) for p in parts)


def generator_string(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    zpad = max(0, S_IN_BYTES - len(prepend_len(prs)) - len(prepend_len(DSI)) - 1)
    return lv_cat(DSI, prs, bytes(zpad), ci, sid)


def _is_square(v: int) -> bool:
    return pow(v, (P - 1) // 2, P) in (0, 1)


def elligator2(u: int) -> int:
    """The Montgomery u-coordinate Elligator 2 maps the field element ``u`` to."""
    u %= P
    denominator = (1 + Z * u * u) % P
    if denominator == 0:
        x1 = (-A) % P
    else:
        x1 = (-A * pow(denominator, P - 2, P)) % P
    gx1 = (x1 * x1 * x1 + A * x1 * x1 + x1) % P
    return x1 if _is_square(gx1) else (-x1 - A) % P


def generator(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    """The generator for this code, channel and session (32 bytes, little-endian u)."""
    digest = hashlib.sha512(generator_string(prs, ci, sid)).digest()[:32]
    u = int.from_bytes(digest, "little") & ((1 << 255) - 1)
    return elligator2(u).to_bytes(32, "little")


def scalar_mult(scalar: X25519PrivateKey, point: bytes) -> bytes:
    """``scalar · point``; CPaceError for a point that is not 32 bytes or gives the identity
    (a low-order point sent to force a known key)."""
    if len(point) != 32:
        raise CPaceError("a share is 32 bytes")
    try:
        return scalar.exchange(X25519PublicKey.from_public_bytes(point))
    except ValueError as exc:  # the all-zero result of a low-order point
        raise CPaceError("the share gives no key") from exc


@dataclass(frozen=True)
class Keys:
    """What a finished exchange gives: a key for each direction and a confirmation key."""

    to_host: bytes
    to_client: bytes
    confirm: bytes
    transcript: bytes

    def tag(self, role: bytes) -> bytes:
        """The confirmation tag ``role`` (b"host" or b"client") sends."""
        return hmac.new(self.confirm, role + self.transcript, hashlib.sha256).digest()

    def check(self, role: bytes, tag: bytes) -> bool:
        return hmac.compare_digest(self.tag(role), tag)


class Party:
    """One side of an exchange: ``share`` goes to the other side, :meth:`finish` takes
    theirs. ``initiator`` is the client (its share comes first in the transcript)."""

    def __init__(self, code: str, ci: bytes, sid: bytes, *, initiator: bool,
                 ad: bytes = b"") -> None:
        self.initiator = initiator
        self.sid = sid
        self.ad = ad
        self._y = X25519PrivateKey.from_private_bytes(secrets.token_bytes(32))
        self.share = scalar_mult(self._y, generator(code.encode("utf-8"), ci, sid))

    def finish(self, other: bytes, other_ad: bytes = b"") -> Keys:
        k = scalar_mult(self._y, other)
        if self.initiator:
            transcript = lv_cat(self.share, self.ad) + lv_cat(other, other_ad)
        else:
            transcript = lv_cat(other, other_ad) + lv_cat(self.share, self.ad)
        isk = hashlib.sha512(lv_cat(DSI + b"_ISK", self.sid, k) + transcript).digest()
        material = HKDF(algorithm=hashes.SHA256(), length=96, salt=self.sid,
                        info=b"nile-net keys").derive(isk)
        return Keys(material[:32], material[32:64], material[64:], transcript)
