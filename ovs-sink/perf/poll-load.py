#!/usr/bin/env python3
"""The "10,000 agents polled at 1 s on <= 1 core" target, and what the host's connection tracking
does to it. AgentPollerLoadHarness (N fake agents on 127.0.x.y:19505, one real AgentPoller) runs in
a private network namespace, so nothing else on the host shares its TCP or conntrack tables:

  plain      no netfilter rule in the namespace: conntrack stays off (the figure of the target)
  conntrack  one stateful rule, as on any host with a NAT table or a `ct state` filter: every poll
             leaves an entry in nf_conntrack for nf_conntrack_tcp_timeout_close (10 s) after the
             poller's reset
  notrack    the same stateful rule plus the exemption docs/lbd.md recommends for health-check
             traffic: "notrack" for the poller's address in the raw hooks

Prints the harness's report and the peak nf_conntrack_count of the namespace every 5 s.

usage: ovs-sink/perf/poll-load.py [AGENTS] [SECONDS] [INTERVAL_MS] [plain|conntrack|notrack]
       (defaults 10000, 60, 1000, plain; root, with ip and nft)
Run from the repository root after:
  mvn -B -q -pl ovs-sink -am test-compile dependency:build-classpath \\
      -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
"""
import os, shutil, subprocess, sys, threading, time

agents = sys.argv[1] if len(sys.argv) > 1 else "10000"
seconds = sys.argv[2] if len(sys.argv) > 2 else "60"
interval_ms = sys.argv[3] if len(sys.argv) > 3 else "1000"
mode = sys.argv[4] if len(sys.argv) > 4 else "plain"
if mode not in ("plain", "conntrack", "notrack"):
    sys.exit(f"mode: {mode} (expected: plain, conntrack or notrack)")
if os.geteuid() != 0:
    sys.exit("poll-load.py needs root: it creates a network namespace")
for tool, package in (("ip", "iproute2"), ("nft", "nftables")):
    if shutil.which(tool) is None:
        sys.exit(f"{tool}: not found (install it: apt-get install -y {package})")
try:
    with open("ovs-sink/target/cp.txt") as f:
        cp = "ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes:" + f.read().strip()
except FileNotFoundError:
    sys.exit("ovs-sink/target/cp.txt: missing (run the mvn command in this script's header first)")

# Any stateful rule turns conntrack on in a namespace; this one accepts everything.
STATEFUL = """
table inet rxh_stateful {
    chain input { type filter hook input priority filter; ct state established,related accept; }
}
"""
# What docs/lbd.md recommends, with the harness's poller address (127.0.0.1) in the place of the
# node's health-check addresses. Both hooks and both directions: on loopback every packet passes
# output and prerouting.
NOTRACK = """
table inet rxh_notrack {
    chain prerouting { type filter hook prerouting priority raw; ip saddr 127.0.0.1 notrack; ip daddr 127.0.0.1 notrack; }
    chain output { type filter hook output priority raw; ip saddr 127.0.0.1 notrack; ip daddr 127.0.0.1 notrack; }
}
"""

ns = f"rxh-poll-{os.getpid()}"


def in_ns(*command, **kwargs):
    return subprocess.run(["ip", "netns", "exec", ns, *command], check=True, **kwargs)


def conntrack_count():
    try:
        return int(in_ns("cat", "/proc/sys/net/netfilter/nf_conntrack_count",
                         capture_output=True, text=True).stdout)
    except (subprocess.CalledProcessError, ValueError):
        return 0  # no conntrack module loaded: nothing is tracked


subprocess.run(["ip", "netns", "add", ns], check=True)
harness = None
try:
    in_ns("ip", "link", "set", "lo", "up")
    if mode != "plain":
        in_ns("nft", "-f", "-", input=STATEFUL, text=True)
    if mode == "notrack":
        in_ns("nft", "-f", "-", input=NOTRACK, text=True)
    with open("/proc/sys/net/netfilter/nf_conntrack_max") as f:
        limit = f.read().strip()
    print(f"namespace {ns}, mode {mode}, nf_conntrack_max {limit}", flush=True)
    harness = subprocess.Popen(["ip", "netns", "exec", ns, "java", "-XX:+UseSerialGC", "-cp", cp,
                                "io.rxhealth.ovs.health.AgentPollerLoadHarness", agents, seconds, interval_ms])
    peak, done = [0], threading.Event()

    def watch():
        start = time.monotonic()
        while not done.wait(1):
            peak[0] = max(peak[0], conntrack_count())
            if int(time.monotonic() - start) % 5 == 0:
                print(f"  conntrack entries: {peak[0]} (peak so far)", flush=True)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    rc = harness.wait()
    done.set()
    watcher.join()
    print(f"conntrack entries, peak: {peak[0]} of nf_conntrack_max {limit}", flush=True)
    sys.exit(rc)
finally:
    if harness is not None and harness.poll() is None:
        harness.kill()
        harness.wait()
    subprocess.run(["ip", "netns", "del", ns], check=False)
