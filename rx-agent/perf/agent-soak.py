#!/usr/bin/env python3
"""Start-up and footprint of the shipped agent: starts the jar with the unit's JVM flags and the
embedded default checks on loopback ports, measures process start -> first agent-check reply,
then keeps a steady agent-check load for DURATION seconds, scrapes /metrics and /status every
15 s as Prometheus and an operator's script would, and samples the RSS.

usage: rx-agent/perf/agent-soak.py [DURATION_S] [CONNECTIONS_PER_S] [CONFIG]
(defaults 600, 200 and the embedded default config; CONFIG, e.g. docs/examples/directum-rx.yaml,
gets loopback addresses, free ports and a temporary state directory). Run from the repository root after `mvn -q -DskipTests package -pl rx-agent -am`.
"""
import os, socket, subprocess, sys, tempfile, time, urllib.request

duration = int(sys.argv[1]) if len(sys.argv) > 1 else 600
rate = int(sys.argv[2]) if len(sys.argv) > 2 else 200
config = sys.argv[3] if len(sys.argv) > 3 else "rx-agent/src/main/resources/rx-health-agent.yaml"
# The JVM flags and environment are read from the shipped unit, so the figure is the unit's.
env, flags = dict(os.environ), []
with open("systemd/rx-health-agent.service") as f:
    for line in f:
        line = line.strip()
        if line.startswith("Environment=JAVA_OPTS="):
            flags = line.split("=", 2)[2].strip('"').split()
        elif line.startswith("Environment="):
            k, v = line[len("Environment="):].split("=", 1)
            env[k] = v

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1

def reply(port):
    with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
        data = b""
        while True:
            chunk = s.recv(256)
            if not chunk:
                return data
            data += chunk

work = tempfile.mkdtemp(prefix="rxh-soak-")
port, status = free_port(), free_port()
cfg = os.path.join(work, "agent.yaml")
with open(config) as f:
    text = f.read()
text = text.replace("address: 0.0.0.0", "address: 127.0.0.1").replace("port: 9505", f"port: {port}")
text = text.replace("port: 9506", f"port: {status}")
text = f"state-dir: {work}/state\n" + text
with open(cfg, "w") as f:
    f.write(text)

t0 = time.monotonic()
print("flags:", " ".join(flags), {k: env[k] for k in env if k.startswith("MALLOC")}, flush=True)
p = subprocess.Popen(["java", *flags, "-jar", "rx-agent/target/rx-health-agent.jar", "run", "-c", cfg],
                     stderr=open(os.path.join(work, "agent.log"), "w"), env=env)
try:
    while True:
        try:
            first = reply(port)
            break
        except OSError:
            time.sleep(0.005)
    print(f"start to first reply: {(time.monotonic() - t0) * 1000:.0f} ms ({first!r})", flush=True)
    start, n, errors, next_sample = time.monotonic(), 0, 0, 0
    # The status port opens just after the first verdict; scraping starts 5 s in.
    peak, next_scrape, scrapes, scrape_errors = 0, 5, 0, 0
    while time.monotonic() - start < duration:
        elapsed = time.monotonic() - start
        if elapsed >= next_sample:
            r = rss_kib(p.pid)
            peak = max(peak, r)
            print(f"t={elapsed:5.0f}s replies={n} errors={errors} rss={r / 1024:.1f} MiB", flush=True)
            next_sample += 30
        if elapsed >= next_scrape:
            for path in ("/metrics", "/status"):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{status}{path}", timeout=2) as r:
                        r.read()
                    scrapes += 1
                except OSError:
                    scrape_errors += 1
            next_scrape += 15
        try:
            reply(port)
            n += 1
        except OSError:
            errors += 1
        delay = start + n / rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    r = rss_kib(p.pid)
    print(f"end: replies={n} errors={errors} scrapes={scrapes} scrape_errors={scrape_errors} rss={r / 1024:.1f} MiB peak={max(peak, r) / 1024:.1f} MiB", flush=True)
finally:
    p.terminate()
    p.wait(10)
