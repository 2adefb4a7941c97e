#!/bin/bash
# Private PostgreSQL 15 and RabbitMQ for rx-agent/perf/deps-soak.py, on free loopback ports in a
# temp dir (never the system services): prints PGPORT and MQPORT; "stop" stops both by PID and
# removes the dir. Run as root (PostgreSQL runs as nobody) from the repository root after
# `mvn -q -DskipTests package -pl rx-agent -am`.
set -euo pipefail
W=${RXH_DEPS_DIR:-/tmp/rxh-deps-servers}
BIN=/usr/lib/postgresql/15/bin
free() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
if [ "${1:-}" = stop ]; then
  [ -f $W/pg.pid ] && kill -INT $(cat $W/pg.pid) 2>/dev/null || true
  [ -f $W/mq.pid ] && kill -TERM $(cat $W/mq.pid) 2>/dev/null || true
  sleep 5; rm -rf $W; exit 0
fi
rm -rf $W; mkdir -p $W/pg $W/mq/home $W/mq/mnesia $W/mq/log; chown -R 65534:65534 $W/pg
PGPORT=$(free); MQPORT=$(free); DIST=$(free)
echo rxh-bench-pg > $W/pg/pw; chown 65534 $W/pg/pw
setpriv --reuid=65534 --regid=65534 --clear-groups -- $BIN/initdb -D $W/pg/data -U postgres --auth-local=trust --auth-host=scram-sha-256 --pwfile=$W/pg/pw --no-sync >/dev/null
setpriv --reuid=65534 --regid=65534 --clear-groups -- $BIN/postgres -D $W/pg/data -p $PGPORT -k $W/pg -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=30 > $W/pg/log 2>&1 &
echo $! > $W/pg.pid
for i in $(seq 100); do $BIN/pg_isready -q -h 127.0.0.1 -p $PGPORT && break; sleep 0.2; done
$BIN/psql -X -q -h $W/pg -p $PGPORT -U postgres -c "CREATE ROLE rx_health LOGIN PASSWORD 'rxh-bench-pg'" -c "CREATE DATABASE directum"
echo "RXH$(cat /proc/sys/kernel/random/uuid | tr -d - | tr a-z A-Z)" > $W/mq/home/.erlang.cookie; chmod 400 $W/mq/home/.erlang.cookie
cat > $W/mq/rabbitmq.conf <<C
listeners.tcp.default = 127.0.0.1:$MQPORT
loopback_users = none
default_user = rx_health
default_pass = rxh-bench-mq
disk_free_limit.absolute = 1MB
log.console = false
C
echo '[].' > $W/mq/enabled_plugins
NODE=rxh-bench-$$@localhost
env HOME=$W/mq/home RABBITMQ_NODENAME=$NODE RABBITMQ_NODE_PORT=$MQPORT RABBITMQ_DIST_PORT=$DIST RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
  RABBITMQ_MNESIA_BASE=$W/mq/mnesia RABBITMQ_LOG_BASE=$W/mq/log RABBITMQ_CONFIG_FILE=$W/mq/rabbitmq.conf RABBITMQ_ENABLED_PLUGINS_FILE=$W/mq/enabled_plugins \
  /usr/lib/rabbitmq/bin/rabbitmq-server > $W/mq/out 2>&1 &
MQSCRIPT=$!
for i in $(seq 300); do grep -q 'Server startup complete' $W/mq/log/*.log 2>/dev/null && break; sleep 0.4; done
pgrep -P $MQSCRIPT -f beam.smp > $W/mq.pid || ps -o pid= --ppid $MQSCRIPT | head -1 > $W/mq.pid
# The example's queue, created once as the application would (rabbitmqctl cannot declare one).
L=rx-agent/target/lib
printf '%s\n' 'var f = new com.rabbitmq.client.ConnectionFactory();' \
  "f.setHost(\"127.0.0.1\"); f.setPort($MQPORT); f.setUsername(\"rx_health\"); f.setPassword(\"rxh-bench-mq\");" \
  'try (var c = f.newConnection(); var ch = c.createChannel()) { ch.queueDeclare("rx.background", true, false, false, null); }' \
  '/exit' > $W/q.jsh
jshell --class-path $(ls $L/amqp-client-*.jar):$(ls $L/slf4j-api*.jar) $W/q.jsh >/dev/null 2>&1
echo "PGPORT=$PGPORT MQPORT=$MQPORT NODE=$NODE MQSCRIPT=$MQSCRIPT"
