"""The load benchmark's arithmetic: slices combine into one row, and each ratio is to the ping slices run beside it
(the server runs only in `make bench-load`; rates are not asserted here)."""
from benchmarks import load
from benchmarks.load import Endpoint, Result, combine, judge, paired_with_ping


def result(name: str, requests: int, rps: float, p99: float = 10.0) -> Result:
    return Result(name=name, label=name, connections=16, requests=requests, rps=rps, p50_ms=1.0, p90_ms=5.0,
                  p99_ms=p99, max_ms=p99 * 2, errors=0)


def test_slices_combine_into_one_row_over_their_whole_time():
    row = combine([result("search", 2000, 1000.0, p99=10.0), result("search", 1000, 500.0, p99=40.0)])
    assert row.requests == 3000 and row.rps == 3000 / 4  # 2 s + 2 s
    assert row.p99_ms == (10.0 * 2000 + 40.0 * 1000) / 3000  # weighted by requests
    assert row.max_ms == 80.0 and len(row.runs) == 2


def test_an_endpoint_is_compared_with_the_ping_slices_run_beside_it(monkeypatch):
    rates = iter([2000.0, 1200.0, 1000.0, 600.0])  # the machine slows down by half between the two pairs
    rates_seen: list[str] = []

    def fake(endpoint, url, seconds):
        rate = next(rates)
        rates_seen.append(endpoint.name)
        return result(endpoint.name, int(rate * seconds), rate)

    monkeypatch.setattr(load, "run_wrk", fake)
    ping, search = Endpoint("ping", "ping", "get.lua", {}), Endpoint("search", "search", "get.lua", {})
    pings, row = paired_with_ping(ping, search, "http://127.0.0.1:1", duration=4)
    assert rates_seen == ["ping", "search", "ping", "search"]  # alternating slices of SLICE_SECONDS
    assert row.ratio_to_ping == (1200 + 600) / (2000 + 1000)  # 60%, though the machine's speed halved
    judge([combine(pings), row])
    assert row.target == ">= 50% of ping" and row.met is True


def test_goldfish_is_judged_on_its_p99():
    fast, slow = result("goldfish", 300, 30.0, p99=45.0), result("goldfish", 300, 30.0, p99=55.0)
    judge([fast])
    judge([slow])
    assert (fast.met, slow.met) == (True, False)
