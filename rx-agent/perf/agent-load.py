#!/usr/bin/env python3
"""The 9505 target on the shipped agent itself (see shipped_agent.py): the embedded default checks
run in the background as in production while haproxy-sink's ReplyLoadHarness, in a second JVM,
drives 9505. Every reply must be one "up ..." line: on a host busy enough that the load check
warns, the agent says "up 50% # load warn: ..." instead of "up 100%", at the same cost. With SCRAPES_PER_S, /metrics and /status are
fetched that often meanwhile: they are rendered on the same event loop as the 9505 replies.

usage: rx-agent/perf/agent-load.py [RATE] [SECONDS] [SCRAPES_PER_S]   (defaults 12000, 20, 0)
Run from the repository root after:
  mvn -q -B -DskipTests package -pl rx-agent -am
  mvn -B -q -pl haproxy-sink -am test-compile dependency:build-classpath \\
      -Dmdep.outputFile=/tmp/rxh-sink-cp.txt -Dmdep.includeScope=test
"""
import socket, subprocess, sys, threading, time
from shipped_agent import ShippedAgent

rate = sys.argv[1] if len(sys.argv) > 1 else "12000"
seconds = sys.argv[2] if len(sys.argv) > 2 else "20"
scrapes_per_s = float(sys.argv[3]) if len(sys.argv) > 3 else 0
with open("/tmp/rxh-sink-cp.txt") as f:
    cp = "haproxy-sink/target/classes:haproxy-sink/target/test-classes:" + f.read().strip()



def scrape(agent, stop, counts):
    """/metrics and /status in turn, scrapes_per_s a second, until stop is set; from the moment
    the status port opens (just after the first verdict, which 9505 already served)."""
    while not stop.is_set():
        try:
            socket.create_connection(("127.0.0.1", agent.status), timeout=1).close()
            break
        except OSError:
            time.sleep(0.01)
    start, n = time.monotonic(), 0
    while not stop.is_set():
        path = ("/metrics", "/status")[n % 2]
        counts["ok" if agent.scrape(path) else "failed"] += 1
        n += 1
        delay = start + n / scrapes_per_s - time.monotonic()
        if delay > 0:
            time.sleep(delay)


with ShippedAgent() as agent:
    agent.first_reply()
    stop, counts = threading.Event(), {"ok": 0, "failed": 0}
    scraper = threading.Thread(target=scrape, args=(agent, stop, counts), daemon=True)
    if scrapes_per_s > 0:
        scraper.start()
    subprocess.run(["java", "-XX:+UseSerialGC", "-Xms1200m", "-Xmn1g", "-cp", cp, "io.rxhealth.haproxy.bench.ReplyLoadHarness",
                    "--target", f"127.0.0.1:{agent.port}", "--rate", rate,
                    "--seconds", seconds, "--warmup", "5", "--repeats", "1", "--expect-prefix", "up "], check=True)
    stop.set()
    if scrapes_per_s > 0:
        scraper.join()
        print(f"scrapes: {counts['ok']} answered, {counts['failed']} failed", flush=True)
    print(f"agent RSS after the run: {agent.rss_kib() / 1024:.1f} MiB", flush=True)
