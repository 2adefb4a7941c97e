#!/usr/bin/env python3
"""The "10,000 members with default probes and polls on <= 1 core" target: the shipped daemon
(rx-health-lbd.jar, the unit's JVM flags, `run --dry-run`, the default intervals: probe 2 s, timeout
1 s, fall 3, rise 2, agent poll 2 s, timeout 1 s) probes every member over HTTP and polls its agent
on 9505, in a network namespace of its own. The members are ScaleTargets processes (an HTTP target
on ADDRESS:8080 and an agent on ADDRESS:9505 per member, 127.0.x.y), split over several processes
because one process may hold 20,000 files on the build machine.

Reports, per run:
  first round   members not up once the daemon has started (it installs its first tables after
                one probe and one poll of every member: a member down there is down in the first
                table), the probes and polls failed until then, and the daemon's own summary line;
  steady        over SECONDS after a WARMUP: the daemon's CPU from /proc/PID/stat (utime + stime:
                its threads, the kernel work of its system calls and the softirq work that ran in
                its context: with tick accounting, the kernel's here, a tick in softirq is charged
                to the running task's stime and to /proc/stat's softirq alike), its probe and
                poller threads apart, probes and polls per second and failures; the CPU of the
                ksoftirqd threads (softirq work deferred out of any process: charged to the
                daemon as an upper bound); the machine's softirq (/proc/stat) over the window
                minus its rate over 20 s before the daemon started, for reference; the targets'
                own CPU. On loopback the receive work of both ends runs in whichever process
                sends, so the daemon's system time holds part of the targets' side too;
  schedule lag  how late probes and polls were opened against their schedule, from the daemon's
                rxhealth_lbd_health_check_start_lag_seconds buckets over the window.
The load average is printed before and after.

usage: ovs-sink/perf/scale-load.py [MEMBERS] [SECONDS] [WARMUP] [TARGET_PROCESSES] [REPEATS]
       (defaults 10000, 60, 20, 4, 1; root, with ip)
  RXH_JAR=path       the daemon's jar (default ovs-sink/target/rx-health-lbd.jar), e.g. one built from another commit;
                     several, separated by ':', are run in turn in each repeat (side by side, same targets)
  RXH_JFR=file.jfr   record the steady window with Java Flight Recorder (profile settings)
Run from the repository root, under the bench lock, after:
  mvn -B -q -pl ovs-sink -am package -DskipTests
  mvn -B -q -pl ovs-sink -am test-compile dependency:build-classpath \\
      -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
"""
import os, re, shutil, subprocess, sys, tempfile, time, urllib.request

members = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
warmup = int(sys.argv[3]) if len(sys.argv) > 3 else 20
processes = int(sys.argv[4]) if len(sys.argv) > 4 else 4
repeats = int(sys.argv[5]) if len(sys.argv) > 5 else 1
POOL_SIZE = 1000
BASELINE = 20
API_PORT = 9111
TICK = os.sysconf("SC_CLK_TCK")
FLAGS = ["-XX:+UseSerialGC", "-Xmx128m", "-Xss512k", "-XX:+ExitOnOutOfMemoryError"]  # systemd/rx-health-lbd.service

if os.geteuid() != 0:
    sys.exit("scale-load.py needs root: it creates a network namespace")
if shutil.which("ip") is None:
    sys.exit("ip: not found (install it: apt-get install -y iproute2)")
jars = os.environ.get("RXH_JAR", "ovs-sink/target/rx-health-lbd.jar").split(":")
for jar in jars:
    if not os.path.isfile(jar):
        sys.exit(f"{jar}: missing (run mvn -B -q -pl ovs-sink -am package -DskipTests first)")
try:
    with open("ovs-sink/target/cp.txt") as f:
        cp = "ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes:" + f.read().strip()
except FileNotFoundError:
    sys.exit("ovs-sink/target/cp.txt: missing (run the mvn commands in this script's header first)")


def address(i):
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def softirq_ticks():
    with open("/proc/stat") as f:
        return int(f.readline().split()[7])


def proc_ticks(pid, which=(11, 12)):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(fields[i]) for i in which)  # 11 utime, 12 stime (after the command's parenthesis)


def ksoftirqd_ticks():
    """CPU of the kernel's softirq threads: network receive work deferred out of the processes' context."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/comm") as f:
                if not f.read().startswith("ksoftirqd/"):
                    continue
            total += proc_ticks(pid)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def thread_ticks(pid, name):
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                if f.read().strip() != name:
                    continue
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        except FileNotFoundError:
            continue
    return 0


def scrape(ns):
    out = subprocess.run(["ip", "netns", "exec", ns, "curl", "-s", "-m", "10",
                          f"http://127.0.0.1:{API_PORT}/metrics"], capture_output=True, text=True)
    values = {}
    for line in out.stdout.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, _, value = line.rpartition(" ")
        values[name] = float(value)
    return values


def total(values, prefix, **labels):
    s = 0.0
    for name, v in values.items():
        if not name.startswith(prefix):
            continue
        if all(f'{k}="{w}"' in name for k, w in labels.items()):
            s += v
    return s


def lag_quantiles(before, after, kind):
    """p50, p99 and p99.9 upper bounds (the bucket's le) of the lag opened in the window."""
    buckets = []
    for name, v in after.items():
        m = re.match(r'rxhealth_lbd_health_check_start_lag_seconds_bucket\{(.*)\}', name)
        if m and f'kind="{kind}"' in m.group(1):
            le = re.search(r'le="([^"]+)"', m.group(1)).group(1)
            buckets.append((float("inf") if le == "+Inf" else float(le), v - before.get(name, 0.0)))
    buckets.sort()
    count = buckets[-1][1] if buckets else 0
    result = []
    for q in (0.5, 0.99, 0.999):
        result.append(next((le for le, c in buckets if c >= q * count), float("nan")))
    return count, result


def config(path):
    with open(path, "w") as f:
        f.write(f"openflow: br-rxh-scale\napi: 127.0.0.1:{API_PORT}\npools:\n")
        for p in range((members + POOL_SIZE - 1) // POOL_SIZE):
            f.write(f"  - id: {p + 1}\n    name: pool{p + 1}\n    listener: 192.0.2.{p + 1}:80\n"
                    f"    slots: 65536\n    members:\n")
            for i in range(p * POOL_SIZE, min(members, (p + 1) * POOL_SIZE)):
                f.write(f"      - {{address: {address(i)}, port: 8080, probe: {{kind: http, path: /healthz}}}}\n")


def run_once(run, ns, tmp, jar):
    cfg = os.path.join(tmp, "lbd.yaml")
    config(cfg)
    log_path = os.path.join(tmp, f"lbd-{run}.log")
    flags = list(FLAGS)
    jfr = os.environ.get("RXH_JFR")
    base_soft = softirq_ticks()
    time.sleep(BASELINE)  # a window with the targets idle: the softirq baseline of the machine
    baseline_soft = softirq_ticks() - base_soft
    print(f"run {run}: {jar}; load average before {loadavg()}", flush=True)
    with open(log_path, "w") as log:
        daemon = subprocess.Popen(["ip", "netns", "exec", ns, "java", *flags, "-jar", jar, "run", "--dry-run",
                                   "--config", cfg], stdout=log, stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        while True:
            with open(log_path) as f:
                text = f.read()
            if "API on" in text:
                break
            if daemon.poll() is not None or time.monotonic() - started > 120:
                sys.exit(f"the daemon did not start (exit {daemon.poll()}): see {log_path}")
            time.sleep(0.2)
        start_time = time.monotonic() - started
        first = scrape(ns)
        pools = (members + POOL_SIZE - 1) // POOL_SIZE
        configured = total(first, "rxhealth_lbd_pool_members{")
        up = total(first, "rxhealth_lbd_pool_members_up{")
        failed_probes = total(first, "rxhealth_lbd_probes_total", result="failed")
        probes = total(first, "rxhealth_lbd_probes_total")
        polls = total(first, "rxhealth_lbd_agent_polls_total")
        failed_polls = polls - total(first, "rxhealth_lbd_agent_polls_total", outcome="reply")
        summary = next((l[l.index("first round:"):] for l in text.splitlines() if "first round:" in l), "(no summary)")
        print(f"run {run}: started in {start_time:.1f} s; until then: {int(probes)} probes ({int(failed_probes)} failed),"
              f" {int(polls)} polls ({int(failed_polls)} failed); members up in the first tables"
              f" {int(up)} of {int(configured)} ({pools} pools)", flush=True)
        print(f"run {run}: the daemon's {summary}", flush=True)

        time.sleep(warmup)
        if jfr:
            subprocess.run(["jcmd", str(daemon.pid), "JFR.start", "settings=profile", f"filename={jfr}",
                            f"duration={seconds}s"], capture_output=True, check=True)
        m0 = scrape(ns)
        t0, s0, k0 = time.monotonic(), softirq_ticks(), ksoftirqd_ticks()
        u0 = proc_ticks(daemon.pid, (11,))
        d0, p0, a0 = proc_ticks(daemon.pid), thread_ticks(daemon.pid, "rx-probes"), thread_ticks(daemon.pid, "rx-agent-poller")
        g0 = sum(proc_ticks(t.pid) for t in targets)
        time.sleep(seconds)
        wall = time.monotonic() - t0
        u1 = proc_ticks(daemon.pid, (11,))
        d1, p1, a1 = proc_ticks(daemon.pid), thread_ticks(daemon.pid, "rx-probes"), thread_ticks(daemon.pid, "rx-agent-poller")
        s1, k1 = softirq_ticks(), ksoftirqd_ticks()
        g1 = sum(proc_ticks(t.pid) for t in targets)
        m1 = scrape(ns)
        cores = lambda ticks: ticks / TICK / wall
        probes_s = (total(m1, "rxhealth_lbd_probes_total") - total(m0, "rxhealth_lbd_probes_total")) / wall
        probes_failed = total(m1, "rxhealth_lbd_probes_total", result="failed") - total(m0, "rxhealth_lbd_probes_total", result="failed")
        polls_s = (total(m1, "rxhealth_lbd_agent_polls_total") - total(m0, "rxhealth_lbd_agent_polls_total")) / wall
        polls_failed = (total(m1, "rxhealth_lbd_agent_polls_total") - total(m1, "rxhealth_lbd_agent_polls_total", outcome="reply")) \
            - (total(m0, "rxhealth_lbd_agent_polls_total") - total(m0, "rxhealth_lbd_agent_polls_total", outcome="reply"))
        soft = cores(s1 - s0) - baseline_soft / TICK / BASELINE
        up_end = total(m1, "rxhealth_lbd_pool_members_up{")
        print(f"run {run}: steady {wall:.0f} s: {probes_s:.0f} probes/s ({int(probes_failed)} failed),"
              f" {polls_s:.0f} polls/s ({int(polls_failed)} failed); members up at the end {int(up_end)}", flush=True)
        per = (d1 - d0) / TICK / max(1.0, (probes_s + polls_s) * wall) * 1e6
        print(f"run {run}: daemon {per:.1f} us of CPU per probe or poll, {per * 10000 / 1e6:.3f} core at the"
              f" 10,000 a second of 10,000 members (a probe and a poll each every 2 s)", flush=True)
        print(f"run {run}: daemon process {cores(d1 - d0):.3f} core (user {cores(u1 - u0):.3f}, system"
              f" {cores(d1 - d0 - u1 + u0):.3f}; probe thread {cores(p1 - p0):.3f}, poller thread {cores(a1 - a0):.3f});"
              f" ksoftirqd {cores(k1 - k0):.3f} core; daemon + ksoftirqd {cores(d1 - d0 + k1 - k0):.3f} core;"
              f" targets {cores(g1 - g0):.3f} core; softirq in /proc/stat over the idle baseline {soft:.3f} core"
              f" (already inside the processes' system time where it ran in their context)", flush=True)
        for kind in ("probe", "agent"):
            n, (p50, p99, p999) = lag_quantiles(m0, m1, kind)
            print(f"run {run}: {kind} schedule lag over {int(n)} opens: p50 <= {p50 * 1000:.0f} ms,"
                  f" p99 <= {p99 * 1000:.0f} ms, p99.9 <= {p999 * 1000:.0f} ms", flush=True)
        print(f"run {run}: load average after {loadavg()}", flush=True)
    finally:
        daemon.terminate()
        try:
            daemon.wait(20)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()


ns = f"rxh-scale-{os.getpid()}"
subprocess.run(["ip", "netns", "add", ns], check=True)
targets = []
tmp = tempfile.mkdtemp(prefix="rxh-scale-")
try:
    subprocess.run(["ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"], check=True)
    share = (members + processes - 1) // processes
    for k in range(processes):
        first = k * share
        count = min(share, members - first)
        targets.append(subprocess.Popen(["ip", "netns", "exec", ns, "java", "-XX:+UseSerialGC", "-Xss256k", "-cp", cp,
                                         "io.rxhealth.ovs.health.ScaleTargets", str(first), str(count)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
    for t in targets:
        line = t.stdout.readline()
        if not line.startswith("ready"):
            sys.exit(f"a target process did not start (exit {t.poll()})")
    print(f"namespace {ns}: {members} members ({processes} target processes), daemons {' '.join(jars)}", flush=True)
    for repeat in range(1, repeats + 1):
        for k, jar in enumerate(jars):
            run_once(f"{repeat}{'abcdefgh'[k] if len(jars) > 1 else ''}", ns, tmp, jar)
finally:
    for t in targets:
        if t.poll() is None:
            t.stdin.close()
            t.terminate()
            try:
                t.wait(10)
            except subprocess.TimeoutExpired:
                t.kill()
    subprocess.run(["ip", "netns", "del", ns], check=False)
    shutil.rmtree(tmp, ignore_errors=True)
