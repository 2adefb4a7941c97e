#!/usr/bin/env python3
"""Side by side, in one run: the shipped agent with the default config, with the Directum RX
example including the PostgreSQL and RabbitMQ checks on private local servers, and the same example
without them; each driven at RATE agent-check connections/s for DURATION s (reply latency timed).
Idle agents with only the postgres / only the rabbitmq / only the load check give each probe's CPU
time per cycle. usage (repository root, servers from rx-agent/perf/deps-servers.sh, under flock /tmp/rxh-bench.lock):
    python3 rx-agent/perf/deps-soak.py DURATION RATE PGPORT MQPORT"""
import os, re, sys, tempfile, threading, time
sys.path.insert(0, "rx-agent/perf")
from shipped_agent import DEFAULT_CONFIG, ShippedAgent, reply

duration, rate, pgport, mqport = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
work = tempfile.mkdtemp(prefix="rxh-deps-")
for name, pw in (("postgres.password", "rxh-bench-pg"), ("rabbitmq.password", "rxh-bench-mq")):
    p = os.path.join(work, name)
    with open(p, "w") as f:
        f.write(pw + "\n")
    os.chmod(p, 0o600)
example = open("docs/examples/directum-rx.yaml").read()
example = example.replace("/etc/rx-health/", work + "/").replace("127.0.0.1:5432", "127.0.0.1:" + pgport) \
    .replace("127.0.0.1:5672", "127.0.0.1:" + mqport)
head, checks = example.split("\nchecks:\n", 1)
# The example without the two dependency checks: drop the postgres: and rabbitmq: blocks.
lines, without, skip = checks.split("\n"), [], False
for line in lines:
    if re.match(r"  (postgres|rabbitmq):", line):
        skip = True
        continue
    if skip and (line.startswith("    ") or line.startswith("  #") and False):
        continue
    skip = False
    without.append(line)
without = [l for l in without if not re.match(r"  # (The database|read-only|The broker)", l)]
pg_block = re.search(r"  postgres:\n(    .*\n)+", checks).group(0)
mq_block = re.search(r"  rabbitmq:\n(    .*\n)+", checks).group(0)
configs = {
    "default": open(DEFAULT_CONFIG).read(),
    "directum+pg+mq": example,
    "directum-only": head + "\nchecks:\n" + "\n".join(without),
    "idle:postgres": head + "\nchecks:\n" + pg_block,
    "idle:rabbitmq": head + "\nchecks:\n" + mq_block,
    "idle:load": head + "\nchecks:\n  load:   { warn: 1.5, crit: 3.0, on-warn: 50%, on-crit: down }\n",
}
paths = {}
for name, text in configs.items():
    paths[name] = os.path.join(work, name.replace(":", "_").replace("+", "_") + ".yaml")
    with open(paths[name], "w") as f:
        f.write(text)

def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

results = {}

def run(name, driven):
    with ShippedAgent(paths[name]) as agent:
        took, first = agent.first_reply()
        time.sleep(20)  # past start-up (class loading, the first cycles)
        c0, t0 = cpu_s(agent.process.pid), time.monotonic()
        lat, errors, n = [], 0, 0
        while time.monotonic() - t0 < duration:
            if driven:
                s = time.monotonic()
                try:
                    reply(agent.port)
                    lat.append(time.monotonic() - s)
                except OSError:
                    errors += 1
                n += 1
                delay = t0 + n / rate - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            else:
                time.sleep(1)
        c1, t1 = cpu_s(agent.process.pid), time.monotonic()
        rss = agent.rss_kib() / 1024
        r = reply(agent.port).decode().strip()
        lat.sort()
        p = (lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1e6) if lat else (lambda q: float("nan"))
        results[name] = dict(rss=rss, cpu=c1 - c0, secs=t1 - t0, replies=len(lat), errors=errors,
                             p50=p(0.5), p99=p(0.99), reply=r[:160])

threads = [threading.Thread(target=run, args=(n, not n.startswith("idle"))) for n in configs]
for t in threads:
    t.start()
for t in threads:
    t.join()
for name in configs:
    r = results.get(name)
    if r is None:
        print(name, "FAILED")
        continue
    cycles = r["secs"] / 2.0
    print(f"{name:16} rss={r['rss']:.1f} MiB cpu={r['cpu']:.2f} s over {r['secs']:.0f} s "
          f"({r['cpu'] / cycles * 1000:.2f} ms/cycle) replies={r['replies']} errors={r['errors']} "
          f"p50={r['p50']:.0f} us p99={r['p99']:.0f} us reply={r['reply']!r}", flush=True)

import shutil
shutil.rmtree(work, ignore_errors=True)
