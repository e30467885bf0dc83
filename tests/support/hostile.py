"""The hostile-input tests' valid bodies (tests/web/test_hostile_fields.py and
tests/web/test_hostile_bodies.py spoil them, tests/web/test_language.py sends the spoilt ones in
Vietnamese), and the JSON-pointer edit each spoiling is made with."""

from __future__ import annotations

HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
OTHER = ["Ah", "Ad", "Ks", "Kh", "Qs", "Qd", "8c", "8d", "7h", "6d", "5c", "3h", "2h"]


def arrangement(cards):
    return {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}


def target(body_name):
    """The path a body of VALID is posted to ("path#variant" names another body for the same path)."""
    return body_name.split("#")[0]


VALID = {
    "/v1/hands/classify": {"cards": ["Kh", "Kd", "2c", "9s", "9c"], "variant": "classic"},
    "/v1/arrangements/validate": {"arrangement": arrangement(HAND), "variant": "classic"},
    "/v1/arrangements/optimal": {"cards": HAND, "objective": "ev", "top": 3, "opponents": 3, "variant": "classic"},
    "/v1/arrangements/analysis": {
        "arrangement": arrangement(HAND),
        "declare_natural": True,
        "opponents": 3,
        "variant": "classic",
    },
    "/v1/arrangements/analysis/batch": {
        "arrangements": [
            {"arrangement": arrangement(HAND), "declare_natural": False},
            {"arrangement": arrangement(OTHER)},
        ],
        "declare_natural": True,
        "opponents": 2,
        "variant": "classic",
    },
    "/v1/arrangements/play": {"cards": HAND, "level": "club", "seed": 7, "opponents": 3, "variant": "classic"},
    "/v1/settlements": {
        "variant": "online",
        "bet": "10",
        "players": [
            {"id": "an", "arrangement": arrangement(HAND), "forfeit": False, "declare_natural": True},
            {"id": "binh", "arrangement": arrangement(OTHER)},
        ],
    },
    "/v1/settlements/batch": {
        "variant": "classic",
        "tables": [{"bet": "1", "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]}],
    },
}


def put(document, pointer, value):
    """Write ``value`` at ``pointer`` in ``document`` (REMOVE takes the member out)."""
    *parents, last = pointer.strip("/").split("/")
    node = document
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    elif value is REMOVE:
        del node[last]
    else:
        node[last] = value


#: What ``put`` writes to take a field out of a body.
REMOVE = object()
