"""Signatures on records (core/signing.py): a signature verifies against its key only while
not one byte the record means has changed, and a key list is checked before it is trusted."""

from __future__ import annotations

import base64
import dataclasses
import json
from typing import Any

import pytest

from wizarena.core import RecordError, WizarenaError, load_game, play
from wizarena.core.signing import (
    PublicKey,
    check_signature,
    key_id,
    keys_url,
    new_private_key,
    parse_keys,
    public_of,
    sign,
)

from .support import random_agents


def a_record() -> Any:
    game = load_game("toy")
    record, _ = play(game, random_agents(game, 4), 4, log=True)
    return record


def ring(*privates: bytes) -> dict[str, PublicKey]:
    keys = [PublicKey(key_id(public_of(p)), public_of(p), "", i == len(privates) - 1)
            for i, p in enumerate(privates)]
    return {k.id: k for k in keys}


def test_a_signature_names_its_key_and_survives_the_json_round_trip() -> None:
    private = new_private_key()
    signed = sign(a_record(), private)
    assert signed.signature is not None and signed.signature["key"] == key_id(public_of(private))
    again = type(signed).from_json(json.loads(signed.dumps()))
    assert check_signature(again, ring(private), "keys.json") == signed.signature["key"]
    assert sign(a_record(), private).signature == signed.signature  # Ed25519 is deterministic


@pytest.mark.parametrize("change", [{"seed": 5}, {"moves": []}, {"outcome": None}, {"meta": {"agents": ["x"]}},
                                    {"commitment": "0" * 64}, {"digests": None}, {"config": {"k": 1}}])
def test_any_change_breaks_the_signature(change: dict[str, Any]) -> None:
    private = new_private_key()
    signed = sign(a_record(), private)
    with pytest.raises(RecordError, match="does not match the record"):
        check_signature(dataclasses.replace(signed, **change), ring(private), "keys.json")


def test_an_unsigned_record_or_an_unknown_key_is_refused() -> None:
    private, other = new_private_key(), new_private_key()
    with pytest.raises(RecordError, match="carries no signature"):
        check_signature(a_record(), ring(private), "keys.json")
    with pytest.raises(RecordError, match="not among the keys of keys.json"):
        check_signature(sign(a_record(), other), ring(private), "keys.json")


def test_a_key_list_is_checked_before_it_is_trusted() -> None:
    private = new_private_key()
    entry = PublicKey(key_id(public_of(private)), public_of(private), "2025-01-01T00:00:00+00:00", True).to_json()
    assert parse_keys({"keys": [entry]}, "k")[entry["id"]].current
    other = base64.b64encode(public_of(new_private_key())).decode()
    for bad in ({"keys": [entry | {"public_key": other}]}, {"keys": [entry | {"algorithm": "rsa"}]},
                {"keys": []}, [], {"keys": [entry | {"public_key": "AAAA"}]}):
        with pytest.raises(WizarenaError, match="^k: "):
            parse_keys(bad, "k")


def test_a_servers_url_names_its_keys() -> None:
    assert keys_url("https://example.org") == "https://example.org/api/keys"
    assert keys_url("https://example.org/wiz/?x=1#y") == "https://example.org/wiz/api/keys"
    assert keys_url("http://h:8000/api/keys") == "http://h:8000/api/keys"
