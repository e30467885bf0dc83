"""Benchmark: what each operation costs a core, and a capacity model checked against a load test.

The service runs as ``make run`` starts it (nginx in front, gunicorn behind), with one worker, every
process of it pinned to core 0; this script, the load's client, runs on core 1. So core 0's busy
time is the service's alone, and one core is one worker (its threads share one interpreter: a core
is the unit a pod's capacity is counted in, docs/operations.md "Capacity").

1. **Work per core.** Each operation sent back to back, fresh cards in every request: core 0's busy
   time per request (nginx, gunicorn, the kernel: all the service's work) and its time alone.
2. **The model.** A worker's threads take turns at one interpreter, so a core serves its requests
   as processor sharing (M/G/1-PS): at utilisation u a request's mean time is its time alone
   stretched by the sharing, R0 + S u / (1 - u). One thing more: a request that finds the core idle
   (a share 1 - u of them, arrivals being Poisson) pays for waking it (the threads, the caches), in
   busy time and in time, so S(u) = S + (1 - u) Cw and R(u) = R0 + (1 - u) Lw + S(u) u / (1 - u).
   Cw and Lw are measured in each round from the platform's mix at a middle load (45 %).
3. **The check.** The mix sent open-loop (Poisson arrivals at a fixed rate, as a platform's many
   players send them; each request timed from when it was due, not from when a free thread sent
   it) at two other loads: the core's utilisation and the mean time against the model's, which
   must be within 20 %.

    python -m bench.capacity [--seconds 20]
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import queue
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from maubinh_api.rules.cards import DECK
from tests.support.servers import service

#: The core the service runs on, and the client's.
SERVICE_CORE, CLIENT_CORE = 0, 1
TICKS = os.sysconf("SC_CLK_TCK")
#: A platform's mix of single requests (by count): mostly light calls, a table settled for every
#: hand played, a share of hands analysed and set (docs/operations.md, "Capacity").
MIX = {"classify": 0.35, "validate": 0.15, "settle": 0.25, "optimal": 0.15, "analysis": 0.10}
#: The load the wake-up's cost is measured at, and the two loads of the check (the utilisation the
#: back-to-back costs alone would give).
CALIBRATION = 0.45
#: Batches, measured for their work per item (what grading a day's hands through the API costs): the
#: batch's size.
BATCHES = {"analysis_batch": 50, "settle_batch": 50}
#: A hand at a table of four, as a platform calls the service for it: the table settled, each
#: player's arrangement checked when set and its three chi named as the player sets them, every
#: player's hand graded afterwards in batches.
HAND = {"settle": 1, "validate": 4, "classify": 12, "analysis_batch": 4}
#: Seconds a hand takes at a table (dealing, up to a minute to set, the showdown).
HAND_SECONDS = 90
#: Players at tables at the peak: a small site, a regional platform, a national portal (Vietnam's
#: largest card portals count players at their evening peak in the hundreds of thousands).
PLATFORMS = (2_000, 20_000, 200_000)
#: A day's hands against the peak's hands a second x 86,400: the day's mean over its peak.
DAY_SHARE = 1 / 3
LOADS = (0.3, 0.6)

Body = tuple[str, dict[str, Any]]


def _cards(rng: random.Random, count: int) -> list[str]:
    return [str(card) for card in rng.sample(DECK, count)]


def _arrangement(cards: Sequence[str]) -> dict[str, list[str]]:
    return {"back": list(cards[:5]), "middle": list(cards[5:10]), "front": list(cards[10:13])}


def body_of(operation: str, rng: random.Random) -> Body:
    """One request of ``operation``, fresh random cards (no cached answer to find)."""
    if operation == "classify":
        return "/v1/hands/classify", {"cards": _cards(rng, 5)}
    if operation == "validate":
        return "/v1/arrangements/validate", {"arrangement": _arrangement(_cards(rng, 13))}
    if operation == "optimal":
        return "/v1/arrangements/optimal", {"cards": _cards(rng, 13)}
    if operation == "analysis":
        return "/v1/arrangements/analysis", {"arrangement": _arrangement(_cards(rng, 13))}
    if operation == "settle":
        return "/v1/settlements", _table(rng)
    if operation == "analysis_batch":
        items = [{"arrangement": _arrangement(_cards(rng, 13))} for _ in range(BATCHES[operation])]
        return "/v1/arrangements/analysis/batch", {"arrangements": items}
    if operation == "settle_batch":
        return "/v1/settlements/batch", {"tables": [_table(rng) for _ in range(BATCHES[operation])]}
    raise ValueError(operation)


def _table(rng: random.Random) -> dict[str, Any]:
    """Four players dealt from one deck, each setting the cards as dealt."""
    deal = _cards(rng, 52)
    players = [{"id": f"p{seat}", "arrangement": _arrangement(deal[13 * seat : 13 * seat + 13])} for seat in range(4)]
    return {"bet": "10", "players": players}


def _tree(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo.extend(int(child) for child in (task / "children").read_text().split())
            except OSError:
                continue
    return found


def _pin(pids: Sequence[int], core: int) -> None:
    """Every thread of these processes on ``core`` (threads made later inherit it)."""
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                os.sched_setaffinity(int(task.name), {core})
            except OSError:
                continue


def core_busy(core: int) -> float:
    """Seconds ``core`` has been busy (user, system and interrupt time: everything run on it), from
    /proc/stat."""
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith(f"cpu{core} "):
            user, nice, system, _idle, _iowait, irq, softirq = (int(field) for field in line.split()[1:8])
            return (user + nice + system + irq + softirq) / TICKS
    raise LookupError(f"no cpu{core} in /proc/stat")


class Client:
    """Keep-alive connections to the service, one a thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._local = threading.local()

    def send(self, body: Body) -> int:
        connection: http.client.HTTPConnection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._local.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        path, payload = body
        connection.request("POST", path, json.dumps(payload), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        return answer.status


def send_at_random(
    client: Client, mix: dict[str, float], rate: float, seconds: float, seed: int
) -> tuple[float, float, Counter[int]]:
    """``mix`` at ``rate`` requests a second, arriving as a Poisson process for ``seconds``: core
    0's utilisation, the mean time of a request from when it was due (not from when a free thread
    sent it), and the statuses answered."""
    rng = random.Random(seed)
    names, weights = list(mix), list(mix.values())
    due, moment = [], 0.0
    while moment < seconds:
        moment += rng.expovariate(rate)
        due.append((moment, body_of(rng.choices(names, weights)[0], rng)))
    work: queue.Queue[tuple[float, Body] | None] = queue.Queue()
    times: list[float] = []
    statuses: Counter[int] = Counter()

    def sender() -> None:
        while (item := work.get()) is not None:
            at, body = item
            statuses[client.send(body)] += 1
            times.append(time.perf_counter() - at)

    threads = [threading.Thread(target=sender, daemon=True) for _ in range(48)]
    for thread in threads:
        thread.start()
    busy, start = core_busy(SERVICE_CORE), time.perf_counter()
    for offset, body in due:
        delay = start + offset - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        work.put((start + offset, body))
    for _ in threads:
        work.put(None)
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    return (core_busy(SERVICE_CORE) - busy) / wall, statistics.fmean(times), statuses


def back_to_back(client: Client, operation: str, count: int) -> tuple[float, float]:
    """(busy seconds of core 0, seconds seen by the client) per request of ``operation``, each sent
    when the last is answered: its work and its time alone, with no wake-up to pay."""
    rng = random.Random(len(operation))
    bodies = [body_of(operation, rng) for _ in range(count + 20)]
    for body in bodies[:20]:  # warm this operation's path
        client.send(body)
    busy, started = core_busy(SERVICE_CORE), time.perf_counter()
    for body in bodies[20:]:
        if (status := client.send(body)) != 200:
            raise SystemExit(f"{operation} answered {status}")
    return (core_busy(SERVICE_CORE) - busy) / count, (time.perf_counter() - started) / count


class Model:
    """A core as an M/G/1 queue (Poisson arrivals) whose requests cost it ``cost`` of busy time each
    (mean square ``square``) when it is busy, and ``wake`` more when they find it idle (a share
    1 - u of them: the threads and caches to wake), and take ``base`` besides their wait (their own
    work, the client's and the network's)."""

    def __init__(self, cost: float, square: float, wake: float = 0.0, base: float = 0.0) -> None:
        self.cost, self.square, self.wake, self.base = cost, square, wake, base

    def utilisation(self, rate: float) -> float:
        """u = rate x (cost + (1 - u) x wake), solved for u."""
        return rate * (self.cost + self.wake) / (1 + rate * self.wake)

    def cost_at(self, rate: float) -> float:
        """The busy time a request costs at ``rate``."""
        return self.cost + (1 - self.utilisation(rate)) * self.wake

    def wait(self, rate: float) -> float:
        """The Pollaczek-Khinchine mean wait, rate x E[S^2] / (2 (1 - u)), the spread scaled with the cost."""
        scale = (self.cost_at(rate) / self.cost) ** 2
        return rate * self.square * scale / (2 * (1 - self.utilisation(rate)))

    def mean_time(self, rate: float) -> float:
        return self.base + self.wait(rate)

    def under_load(self, rate: float, used: float, mean: float) -> Model:
        """This model as a run at ``rate`` showed it (the core ``used``, requests' ``mean`` time):
        the wake-up's cost that made a request cost ``used / rate``, and the time besides the wait."""
        wake = max(0.0, (used / rate - self.cost) / (1 - used))
        woken = Model(self.cost, self.square, wake)
        return Model(self.cost, self.square, wake, mean - woken.wait(rate))


def rounds(client: Client, mix: Model, seconds: float, count: int) -> list[list[tuple[float, float, float]]]:
    """``count`` rounds, each the calibration load and the two loads of the check in turn (each first
    in one round in three), every run ``seconds`` long, so that the machine's drift over minutes
    (a virtual machine's neighbours) touches each alike: per round, (rate, utilisation, mean time)
    of the calibration, then of each load."""
    # The rates that keep the core at these loads: a first run's cost a request under load (sent back
    # to back, a request costs less: no wake-ups), at the calibration's load as the back-to-back cost says.
    guess = CALIBRATION / mix.cost
    used, _, _ = send_at_random(client, MIX, guess, seconds, seed=1)
    base_rate = CALIBRATION / (used / guess)
    found = []
    for number in range(count):
        loads = [CALIBRATION, *LOADS]
        order = loads[number % 3 :] + loads[: number % 3]
        seen = {}
        for load in order:
            rate = load / CALIBRATION * base_rate
            used, mean, statuses = send_at_random(client, MIX, rate, seconds, seed=100 * number + int(load * 100))
            if statuses.keys() - {200}:
                print(f"  round {number + 1}, {rate:.0f} a second:" + _refused(statuses))
            seen[load] = (rate, used, mean)
        found.append([seen[load] for load in loads])
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8, help="each run's length (default 8)")
    parser.add_argument("--rounds", type=int, default=8, help="rounds of the three loads (default 8)")
    parser.add_argument("--count", type=int, default=400, help="requests per operation for its work (default 400)")
    options = parser.parse_args(argv)
    os.sched_setaffinity(0, {CLIENT_CORE})
    with tempfile.TemporaryDirectory() as folder, service(Path(folder), workers=1) as running:
        _pin(_tree(running.process.pid), SERVICE_CORE)
        client = Client(running.port)
        costs = {name: back_to_back(client, name, options.count) for name in MIX}
        print(f"{'work per request, one core':<28} {'busy ms':>8} {'alone ms':>9} {'per core a second':>18}")
        for name, (cost, alone) in costs.items():
            print(f"{name:<28} {cost * 1e3:8.3f} {alone * 1e3:9.3f} {1 / cost:18.0f}")
        for name, size in BATCHES.items():
            cost, alone = back_to_back(client, name, max(10, options.count // size * 2))
            label = f"{name}, per item of {size}"
            print(f"{label:<28} {cost / size * 1e3:8.3f} {alone / size * 1e3:9.3f} {size / cost:18.0f}")
            costs[name] = (cost / size, alone / size)
        mix = Model(sum(MIX[n] * costs[n][0] for n in MIX), sum(MIX[n] * costs[n][0] ** 2 for n in MIX))
        alone = sum(MIX[n] * costs[n][1] for n in MIX)
        print(f"{'the mix':<28} {mix.cost * 1e3:8.3f} {alone * 1e3:9.3f} {1 / mix.cost:18.0f}")
        found = rounds(client, mix, options.seconds, options.rounds)
    wake = report(mix, found)
    plan({name: cost for name, (cost, _) in costs.items()}, wake)
    return 0


def report(mix: Model, found: list[list[tuple[float, float, float]]]) -> float:
    """Each round's check against the model its calibration made, then the medians over rounds; the
    wake-up's cost, the median of the rounds'."""
    ratios: list[list[tuple[float, float]]] = [[], []]
    print()
    print(f"{'round':<6} {'calibration':<36} | {'each load: CPU seen / model, mean seen / model'}")
    for number, (calibration, *checks) in enumerate(found):
        model = mix.under_load(*calibration)
        line = []
        for index, (rate, used, mean) in enumerate(checks):
            predicted, expected = model.utilisation(rate), model.mean_time(rate)
            ratios[index].append((used / predicted, mean / expected))
            line.append(f"{rate:5.0f}/s {used:4.2f} / {predicted:4.2f}  {mean * 1e3:5.2f} / {expected * 1e3:5.2f} ms")
        rate, used, _ = calibration
        print(
            f"{number + 1:<6} {rate:5.0f}/s {used:4.2f} busy, wake-up {model.wake * 1e3:5.3f} ms | " + " | ".join(line)
        )
    print()
    worst = 0.0
    for load, pairs in zip(LOADS, ratios, strict=True):
        cpu, mean = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
        worst = max(worst, abs(cpu - 1), abs(mean - 1))
        print(f"load {load:.2f}: CPU seen/model {cpu:.2f}, mean time seen/model {mean:.2f} (medians of {len(pairs)})")
    verdict = "met" if worst <= 0.2 else "NOT met"
    print(f"the model against the load test: {worst:.0%} apart at worst (target within 20 %: {verdict})")
    return statistics.median(mix.under_load(*calibration).wake for calibration, *_ in found)


def plan(costs: dict[str, float], wake: float) -> None:
    """The pods a platform's peak needs, at the HPA's target: each operation's busy time at that load
    (its back-to-back cost and the wake-up's share), a hand's work as ``HAND`` counts it."""
    sizing = Sizing.from_manifests()
    at_target = {name: cost + (1 - sizing.target) * wake for name, cost in costs.items()}
    hand = sum(count * at_target[name] for name, count in HAND.items())
    print()
    print(
        f"pods at the HPA's target ({sizing.target:.0%} of {sizing.cores} cores a pod, at least"
        f" {sizing.least}), a hand every {HAND_SECONDS} s at a table of 4, a hand's work {hand * 1e3:.1f} ms:"
    )
    print(
        f"{'players at tables':>18} {'tables settled/s':>17} {'light calls/s':>14}"
        f" {'graded a day':>13} {'cores':>6} {'pods':>5}"
    )
    for players in PLATFORMS:
        tables = players / 4 / HAND_SECONDS
        light = tables * (HAND["classify"] + HAND["validate"])
        graded = tables * HAND["analysis_batch"] * 86_400 * DAY_SHARE
        cores = tables * hand
        pods = max(sizing.least, math.ceil(cores / (sizing.cores * sizing.target)))
        print(f"{players:>18,} {tables:>17,.0f} {light:>14,.0f} {graded:>13,.0f} {cores:>6.1f} {pods:>5}")


class Sizing:
    """A pod's cores (its workers), and the HPA's target and least replicas, as deploy/k8s says."""

    def __init__(self, cores: int, target: float, least: int) -> None:
        self.cores, self.target, self.least = cores, target, least

    @classmethod
    def from_manifests(cls) -> Sizing:
        manifests = Path(__file__).resolve().parent.parent / "deploy" / "k8s"
        deployment = yaml.safe_load((manifests / "deployment.yaml").read_text())
        [container] = deployment["spec"]["template"]["spec"]["containers"]
        workers = next(item["value"] for item in container["env"] if item["name"] == "WORKERS")
        hpa = yaml.safe_load((manifests / "hpa.yaml").read_text())["spec"]
        [metric] = hpa["metrics"]
        return cls(int(workers), metric["resource"]["target"]["averageUtilization"] / 100, hpa["minReplicas"])


def _refused(statuses: Counter[int]) -> str:
    others = {status: count for status, count in statuses.items() if status != 200}
    return f"  (not 200: {others})" if others else ""


if __name__ == "__main__":
    raise SystemExit(main())
