#!/usr/bin/env python3
"""The 9505 target on the shipped agent itself (see shipped_agent.py): the embedded default checks
run in the background as in production while haproxy-sink's ReplyLoadHarness, in a second JVM,
drives 9505. Every reply must be "up 100%": on a host busy enough to warn, the harness counts
the replies as wrong (the timing still holds).

usage: rx-agent/perf/agent-load.py [RATE] [SECONDS]        (defaults 12000 and 20)
Run from the repository root after:
  mvn -q -B -DskipTests package -pl rx-agent -am
  mvn -B -q -pl haproxy-sink test-compile dependency:build-classpath \\
      -Dmdep.outputFile=/tmp/rxh-sink-cp.txt -Dmdep.includeScope=test
"""
import subprocess, sys
from shipped_agent import ShippedAgent

rate = sys.argv[1] if len(sys.argv) > 1 else "12000"
seconds = sys.argv[2] if len(sys.argv) > 2 else "20"
with open("/tmp/rxh-sink-cp.txt") as f:
    cp = "haproxy-sink/target/classes:haproxy-sink/target/test-classes:" + f.read().strip()

with ShippedAgent() as agent:
    agent.first_reply()
    subprocess.run(["java", "-XX:+UseSerialGC", "-cp", cp, "io.rxhealth.haproxy.bench.ReplyLoadHarness",
                    "--target", f"127.0.0.1:{agent.port}", "--rate", rate, "--threads", "4",
                    "--seconds", seconds, "--warmup", "5", "--expect", "up 100%"], check=True)
    print(f"agent RSS after the run: {agent.rss_kib() / 1024:.1f} MiB", flush=True)
