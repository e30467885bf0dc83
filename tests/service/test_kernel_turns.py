"""Turns at the kernel: a long computation lets a request that waits go first at each step, waiters
are served in the order they came, and nobody waits beyond the bound."""

from __future__ import annotations

import threading
import time

import pytest

from maubinh_api.rules.cards import DECK
from maubinh_api.rules.variants import preset
from maubinh_api.service.hands import HandService
from maubinh_api.service.kernel_turns import KernelInTurns, Turns, TurnTimeout
from tests.support.model import MODEL


def test_a_long_computation_gives_its_turn_to_a_waiter_at_its_next_step():
    turns = Turns(slots=1, wait=5.0)
    steps: list[str] = []
    started = threading.Event()

    def long_request() -> None:
        for _ in range(40):  # 40 steps of 10 ms: 0.4 s holding the kernel
            turns.step()
            started.set()
            steps.append("long")
            time.sleep(0.01)
        turns.end()

    worker = threading.Thread(target=long_request)
    worker.start()
    started.wait(5)
    asked = time.monotonic()
    turns.step()
    waited = time.monotonic() - asked
    steps.append("short")
    turns.end()
    worker.join()
    assert waited < 0.1  # about one step of 10 ms, not the 0.4 s the long request takes
    assert 0 < steps.index("short") < 10


def test_waiters_are_served_in_the_order_they_came():
    turns = Turns(slots=1, wait=5.0)
    turns.step()
    served: list[int] = []

    def waiter(number: int) -> None:
        turns.step()
        served.append(number)
        turns.end()

    threads = []
    for number in range(5):
        thread = threading.Thread(target=waiter, args=(number,))
        thread.start()
        threads.append(thread)
        while turns.waiting() < number + 1:  # each in line before the next comes
            time.sleep(0.001)
    turns.end()
    for thread in threads:
        thread.join()
    assert served == [0, 1, 2, 3, 4]


def test_no_turn_within_the_wait_is_a_timeout_and_leaves_the_line():
    turns = Turns(slots=1, wait=0.2)
    turns.step()
    failed: list[BaseException] = []

    def late() -> None:
        try:
            turns.step()
        except TurnTimeout as error:
            failed.append(error)

    thread = threading.Thread(target=late)
    started = time.monotonic()
    thread.start()
    thread.join()
    assert 0.15 <= time.monotonic() - started < 2 and len(failed) == 1
    assert turns.waiting() == 0
    turns.end()


def test_two_slots_let_two_compute_at_once():
    turns = Turns(slots=2, wait=0.5)
    turns.step()
    other = threading.Thread(target=turns.step)
    other.start()
    other.join(1)
    assert not other.is_alive()  # the second slot was free: no wait


def test_a_service_in_turns_values_the_same_hands_and_gives_the_turn_back():
    turns = Turns(slots=1, wait=1.0)
    service = HandService(MODEL)
    turned = HandService(MODEL.__class__(**{**MODEL.__dict__, "kernel": KernelInTurns(MODEL.kernel, turns)}))
    hand = DECK[::4][:13]
    assert (
        turned.value(hand, preset("online"), opponents=3).exact
        == service.value(hand, preset("online"), opponents=3).exact
    )
    assert turns.holding()
    turns.end()
    assert not turns.holding()


def test_turns_need_a_slot_and_a_wait():
    with pytest.raises(ValueError, match="slot"):
        Turns(slots=0, wait=1.0)
