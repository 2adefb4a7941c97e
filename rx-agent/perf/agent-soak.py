#!/usr/bin/env python3
"""Start-up and footprint of the shipped agent (see shipped_agent.py): measures process start ->
first agent-check reply, then keeps a steady agent-check load for DURATION seconds, scrapes
/metrics and /status every 15 s as Prometheus and an operator's script would, and samples the RSS.

usage: rx-agent/perf/agent-soak.py [DURATION_S] [CONNECTIONS_PER_S] [CONFIG]
(defaults 600, 200 and the embedded default config; CONFIG, e.g. docs/examples/directum-rx.yaml,
gets loopback addresses, free ports and a temporary state directory). Run from the repository
root after `mvn -q -DskipTests package -pl rx-agent -am`.
"""
import sys
from shipped_agent import DEFAULT_CONFIG, ShippedAgent

duration = int(sys.argv[1]) if len(sys.argv) > 1 else 600
rate = int(sys.argv[2]) if len(sys.argv) > 2 else 200
config = sys.argv[3] if len(sys.argv) > 3 else DEFAULT_CONFIG


with ShippedAgent(config) as agent:
    took, first = agent.first_reply()
    print(f"start to first reply: {took * 1000:.0f} ms ({first!r})", flush=True)
    peak = 0

    def sample(elapsed, replies, errors):
        global peak
        rss = agent.rss_kib()
        peak = max(peak, rss)
        print(f"t={elapsed:5.0f}s replies={replies} errors={errors} rss={rss / 1024:.1f} MiB", flush=True)

    n, errors, scrapes, scrape_errors = agent.drive(duration, rate, 15, sample)
    rss = agent.rss_kib()
    print(f"end: replies={n} errors={errors} scrapes={scrapes} scrape_errors={scrape_errors} "
          f"rss={rss / 1024:.1f} MiB peak={max(peak, rss) / 1024:.1f} MiB", flush=True)
