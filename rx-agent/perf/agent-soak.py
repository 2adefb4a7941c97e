#!/usr/bin/env python3
"""Start-up and footprint of the shipped agent (see shipped_agent.py): measures process start ->
first agent-check reply, then keeps a steady agent-check load for DURATION seconds, scrapes
/metrics and /status every 15 s as Prometheus and an operator's script would, and samples the RSS.

usage: rx-agent/perf/agent-soak.py [DURATION_S] [CONNECTIONS_PER_S] [CONFIG]
(defaults 600, 200 and the embedded default config; CONFIG, e.g. docs/examples/directum-rx.yaml,
gets loopback addresses, free ports and a temporary state directory). Run from the repository
root after `mvn -q -DskipTests package -pl rx-agent -am`.
"""
import sys, time, urllib.request
from shipped_agent import DEFAULT_CONFIG, ShippedAgent, reply

duration = int(sys.argv[1]) if len(sys.argv) > 1 else 600
rate = int(sys.argv[2]) if len(sys.argv) > 2 else 200
config = sys.argv[3] if len(sys.argv) > 3 else DEFAULT_CONFIG


def scrape(status_port):
    """/metrics and /status once each; the number that failed."""
    failed = 0
    for path in ("/metrics", "/status"):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{status_port}{path}", timeout=2) as response:
                response.read()
        except OSError:
            failed += 1
    return failed


with ShippedAgent(config) as agent:
    took, first = agent.first_reply()
    print(f"start to first reply: {took * 1000:.0f} ms ({first!r})", flush=True)
    start, n, errors, next_sample = time.monotonic(), 0, 0, 0
    # The status port opens just after the first verdict; scraping starts 5 s in.
    peak, next_scrape, scrapes, scrape_errors = 0, 5, 0, 0
    while time.monotonic() - start < duration:
        elapsed = time.monotonic() - start
        if elapsed >= next_sample:
            rss = agent.rss_kib()
            peak = max(peak, rss)
            print(f"t={elapsed:5.0f}s replies={n} errors={errors} rss={rss / 1024:.1f} MiB", flush=True)
            next_sample += 30
        if elapsed >= next_scrape:
            failed = scrape(agent.status)
            scrapes, scrape_errors = scrapes + 2 - failed, scrape_errors + failed
            next_scrape += 15
        try:
            reply(agent.port)
            n += 1
        except OSError:
            errors += 1
        delay = start + n / rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    rss = agent.rss_kib()
    print(f"end: replies={n} errors={errors} scrapes={scrapes} scrape_errors={scrape_errors} "
          f"rss={rss / 1024:.1f} MiB peak={max(peak, rss) / 1024:.1f} MiB", flush=True)
