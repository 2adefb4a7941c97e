#!/bin/bash
# Two builds of the agent-check server side by side in one run: for each of ROUNDS rounds, a fresh
# server JVM of build A, then one of build B (the unit's JVM flags), each driven by the same load
# harness (this tree's) for one measured run after a warm-up. Alternating, so that whatever else
# the machine does falls on both; compare the medians of the rounds.
#
# usage: [A_ARGS=...] [B_ARGS=...] haproxy-sink/perf/reply-ab.sh CP_A CP_B ROUNDS -- HARNESS_ARGS...
#   CP_A, CP_B: class paths of the two builds (target/classes:target/test-classes:dependencies);
#   the harness runs from CP_B. HARNESS_ARGS e.g. --rate 1000 --attack full. A_ARGS and B_ARGS are
#   added to the harness's arguments on that side only: with CP_A = CP_B, an A/B of the harness
#   itself (e.g. A_ARGS="--threads 4"). QUEUE_MS=N samples the listener's kernel accept queue
#   every N ms meanwhile (accept-queue.py). SERVER_CPUS / HARNESS_CPUS pin the server and the
#   harness with its attackers (taskset -c), e.g. 0 and 1.
# Every line of output is prefixed with the build (A/B) and round; per run the server's own report
# (counters, CPU per connection) follows the harness's. Take /tmp/rxh-bench.lock around it.
set -euo pipefail
[ $# -ge 4 ] && [ "$4" = "--" ] || { echo "usage: $0 CP_A CP_B ROUNDS -- HARNESS_ARGS..." >&2; exit 2; }
cp_a=$1 cp_b=$2 rounds=$3
shift 4
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d /tmp/rxh-reply-ab.XXXXXX)
server=
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$out"
}
trap cleanup EXIT

one() { # build classpath round
    local build=$1 cp=$2 round=$3 port=
    ${SERVER_CPUS:+taskset -c "$SERVER_CPUS"} java -XX:+UseSerialGC -Xmx32m -Xss256k -XX:TieredStopAtLevel=1 -cp "$cp" \
        io.rxhealth.haproxy.bench.ReplyServerMain 127.0.0.1 0 1 >"$out/server" 2>&1 &
    server=$!
    for _ in $(seq 100); do
        port=$(sed -n 's/^listening on //p' "$out/server")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "server $build did not start:"; cat "$out/server"; exit 1; }
    local queue=
    if [ -n "${QUEUE_MS:-}" ]; then
        # The listener's kernel accept queue over the warm-up and the run, every QUEUE_MS ms.
        python3 "$here/accept-queue.py" "$port" 26 "$QUEUE_MS" >"$out/queue" 2>&1 &
        queue=$!
    fi
    ${HARNESS_CPUS:+taskset -c "$HARNESS_CPUS"} java -XX:+UseSerialGC -Xms1200m -Xmn1g -cp "$cp_b" \
        io.rxhealth.haproxy.bench.ReplyLoadHarness \
        --target "127.0.0.1:$port" --warmup 5 --seconds 20 --repeats 1 "$@" | sed "s/^/$build$round harness: /"
    if [ -n "$queue" ]; then
        wait "$queue" || true
        sed "s/^/$build$round queue: /" "$out/queue"
    fi
    # The server JVM's CPU over its life (warm-up, JIT and the run), user and kernel, in seconds.
    awk '{ sub(/.*\) /, ""); printf "CPU user %.2f s, kernel %.2f s over its life\n", $12 / 100, $13 / 100 }' \
        "/proc/$server/stat" | sed "s/^/$build$round server: /"
    kill "$server"
    wait "$server" || true
    server=
    sed "s/^/$build$round server: /" "$out/server"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
    one A "$cp_a" "$r" "$@" ${A_ARGS:-}
    one B "$cp_b" "$r" "$@" ${B_ARGS:-}
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
