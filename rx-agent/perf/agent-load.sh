#!/usr/bin/env bash
# The 9505 target on the shipped agent itself: starts the jar with the unit's JVM flags and the
# embedded default checks (running in the background as in production) on a loopback port, then
# drives it with haproxy-sink's ReplyLoadHarness in a second JVM. Every reply must be "up 100%":
# on a host busy enough to warn, the harness counts the replies as wrong (the timing still holds).
#
# usage: rx-agent/perf/agent-load.sh [RATE] [SECONDS]        (defaults 12000 and 20)
# Run from the repository root after:
#   mvn -q -B -DskipTests package -pl rx-agent -am
#   mvn -B -q -pl haproxy-sink test-compile dependency:build-classpath \
#       -Dmdep.outputFile=/tmp/rxh-sink-cp.txt -Dmdep.includeScope=test
set -euo pipefail
rate=${1:-12000}
seconds=${2:-20}
work=$(mktemp -d /tmp/rxh-load-XXXXXX)
agent=
cleanup() {
  if [ -n "$agent" ]; then kill "$agent" 2>/dev/null || true; wait "$agent" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
port=$(free_port)
status=$(free_port)
{ echo "state-dir: $work/state"
  sed -e 's/address: 0.0.0.0/address: 127.0.0.1/' -e "s/port: 9505/port: $port/" -e "s/port: 9506/port: $status/" \
      rx-agent/src/main/resources/rx-health-agent.yaml; } > "$work/agent.yaml"

# The unit's flags and environment, so the figure is the shipped agent's.
opts=$(sed -n 's/^Environment=JAVA_OPTS="\(.*\)"$/\1/p' systemd/rx-health-agent.service)
arenas=$(sed -n 's/^Environment=MALLOC_ARENA_MAX=\(.*\)$/\1/p' systemd/rx-health-agent.service)
echo "agent flags: $opts MALLOC_ARENA_MAX=$arenas"
# shellcheck disable=SC2086
MALLOC_ARENA_MAX=$arenas java $opts -jar rx-agent/target/rx-health-agent.jar run -c "$work/agent.yaml" \
    2> "$work/agent.log" &
agent=$!
for _ in $(seq 100); do
  python3 -c "import socket,sys;socket.create_connection(('127.0.0.1',$port),1).close()" 2>/dev/null && break
  sleep 0.1
done

cp="haproxy-sink/target/classes:haproxy-sink/target/test-classes:$(cat /tmp/rxh-sink-cp.txt)"
java -XX:+UseSerialGC -cp "$cp" io.rxhealth.haproxy.bench.ReplyLoadHarness \
    --target "127.0.0.1:$port" --rate "$rate" --threads 4 --seconds "$seconds" --warmup 5 --expect "up 100%"
echo "agent RSS after the run: $(awk '/VmRSS/ {printf "%.1f MiB", $2/1024}' /proc/$agent/status)"
