"""The shipped agent for the perf harnesses: rx-agent/target/rx-health-agent.jar with the JVM
flags and environment of systemd/rx-health-agent.service (so every figure is the unit's), stderr
a socket named by JOURNAL_STREAM as the unit's journal stream is, its
class-data archive built by systemd/rx-health-agent-cds as the unit's ExecStartPre does, a config
moved to loopback and free ports, a private state and cache directory removed afterwards.
Run from the repository root after `mvn -q -DskipTests package -pl rx-agent -am`.
"""
import os, shutil, socket, subprocess, tempfile, threading, time, urllib.request

DEFAULT_CONFIG = "rx-agent/src/main/resources/rx-health-agent.yaml"
UNIT = "systemd/rx-health-agent.service"
CDS = "systemd/rx-health-agent-cds"
# Absolute, as in the unit: a class-data archive records the class path it was made for.
JAR = os.path.abspath("rx-agent/target/rx-health-agent.jar")
UNIT_ARCHIVE = "/var/cache/rx-health-agent/agent.jsa"


def unit_flags():
    """(JVM flags, environment) as the unit starts the agent."""
    env, flags = dict(os.environ), []
    with open(UNIT) as f:
        for line in f:
            line = line.strip()
            if line.startswith("Environment=JAVA_OPTS="):
                flags = line.split("=", 2)[2].strip('"').split()
            elif line.startswith("Environment="):
                k, v = line[len("Environment="):].split("=", 1)
                env[k] = v
    return flags, env


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def reply(port):
    """One agent-check exchange: connect and read to the end of stream."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
        data = b""
        while True:
            chunk = s.recv(256)
            if not chunk:
                return data
            data += chunk


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


class ShippedAgent:
    """`with ShippedAgent(config) as agent:` starts it; leaving the block stops it and removes
    its state directory. `agent.port` is 9505's stand-in, `agent.status` 9506's."""

    def __init__(self, config=DEFAULT_CONFIG, extra_flags=(), cds=True):
        """cds=False runs without the class-data archive (as when it could not be built);
        extra_flags go after the unit's."""
        self.config = config
        self.flags, self.env = unit_flags()
        self.flags += list(extra_flags)
        self.cds = cds

    def __enter__(self):
        self.work = tempfile.mkdtemp(prefix="rxh-perf-")
        self.port, self.status = free_port(), free_port()
        with open(self.config) as f:
            text = f.read()
        text = text.replace("address: 0.0.0.0", "address: 127.0.0.1").replace("port: 9505", f"port: {self.port}")
        text = text.replace("port: 9506", f"port: {self.status}")
        cfg = os.path.join(self.work, "agent.yaml")
        with open(cfg, "w") as f:
            f.write(f"state-dir: {self.work}/state\n" + text)
        archive = os.path.join(self.work, "agent.jsa")
        if self.cds:
            env = dict(self.env, JAVA_OPTS=" ".join(self.flags), JAVA=shutil.which("java"))
            subprocess.run([CDS, JAR, archive], env=env, check=True)
        self.flags = [f"-XX:SharedArchiveFile={archive}" if f == f"-XX:SharedArchiveFile={UNIT_ARCHIVE}" else f
                      for f in self.flags]
        print("flags:", " ".join(self.flags), {k: self.env[k] for k in self.env if k.startswith("MALLOC")},
              flush=True)
        # stderr is a socket named by JOURNAL_STREAM, as with StandardError=journal: the agent then
        # leaves the time out of its lines (and never builds a date format).
        self.journal, stderr = socket.socketpair()
        st = os.fstat(stderr.fileno())
        env = dict(self.env, JOURNAL_STREAM=f"{st.st_dev}:{st.st_ino}")
        self.log = open(os.path.join(self.work, "agent.log"), "wb")
        self.copier = threading.Thread(target=self._copy_log, daemon=True)
        self.copier.start()
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            ["java", *self.flags, "-jar", JAR, "run", "-c", cfg],
            stderr=stderr, env=env)
        stderr.close()
        return self

    def _copy_log(self):
        while chunk := self.journal.recv(4096):
            self.log.write(chunk)
            self.log.flush()

    def first_reply(self):
        """(seconds from process start to the first reply, the reply); fails if the agent exits."""
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"agent exited with {self.process.returncode}; see its log above")
            try:
                first = reply(self.port)
                return time.monotonic() - self.started, first
            except OSError:
                time.sleep(0.005)

    def rss_kib(self):
        return rss_kib(self.process.pid)

    def scrape(self, path):
        """GET path ("/metrics", "/status") on the status port; True if it was answered."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.status}{path}", timeout=2) as response:
                response.read()
            return True
        except OSError:
            return False

    def drive(self, seconds, rate, scrape_every, on_sample=None, sample_every=30):
        """Agent-check connections at `rate` a second for `seconds`, /metrics and /status every
        `scrape_every` seconds from 5 s in (the status port opens just after the first verdict),
        on_sample(elapsed, replies, errors) every `sample_every` seconds.
        Returns (replies, errors, scrapes answered, scrapes failed)."""
        start, n, errors = time.monotonic(), 0, 0
        next_sample, next_scrape, scraped, failed = 0, 5, 0, 0
        while time.monotonic() - start < seconds:
            elapsed = time.monotonic() - start
            if on_sample and elapsed >= next_sample:
                on_sample(elapsed, n, errors)
                next_sample += sample_every
            if elapsed >= next_scrape:
                for path in ("/metrics", "/status"):
                    if self.scrape(path):
                        scraped += 1
                    else:
                        failed += 1
                next_scrape += scrape_every
            try:
                reply(self.port)
                n += 1
            except OSError:
                errors += 1
            delay = start + n / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        return n, errors, scraped, failed

    def __exit__(self, *exc):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.copier.join(5)
        self.journal.close()
        self.log.close()
        if exc[0] is not None:
            with open(os.path.join(self.work, "agent.log")) as f:
                print(f.read()[-4000:], flush=True)
        shutil.rmtree(self.work, ignore_errors=True)
        return False
