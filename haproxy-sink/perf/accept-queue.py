#!/usr/bin/env python3
"""The kernel's accept queue of a TCP listener, sampled: connections whose handshake is done and that
the server has not accepted yet, what `ss -lnt` shows as Recv-Q. Read through sock_diag netlink (one
request per sample, no process spawned), every INTERVAL ms for SECONDS; prints a histogram of the
depths and the largest depth of each second. A check that arrives behind N queued connections waits
until the server has taken all N.

usage: haproxy-sink/perf/accept-queue.py PORT SECONDS [INTERVAL_MS]   (default 1 ms)
"""
import socket, struct, sys, time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
interval = float(sys.argv[3]) / 1000 if len(sys.argv) > 3 else 0.001
SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST, NLM_F_DUMP, NLMSG_DONE = 20, 1, 0x300, 3
TCP_LISTEN = 10


def request(family):
    # A JVM listens on an AF_INET6 socket even when bound to 127.0.0.1: ask for both families.
    req = struct.pack("=BBBBI", family, socket.IPPROTO_TCP, 0, 0, 1 << TCP_LISTEN)
    req += struct.pack(">HH", port, 0) + b"\0" * 44
    return struct.pack("=IHHII", 16 + len(req), SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP, 1, 0) + req


msgs = [request(socket.AF_INET), request(socket.AF_INET6)]
nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 4)  # NETLINK_SOCK_DIAG


def depth():
    found = None
    for msg in msgs:
        d = depth_of(msg)
        found = d if d is not None else found
    return found


def depth_of(msg):
    nl.send(msg)
    found = None
    while True:
        data = nl.recv(65536)
        off = 0
        while off < len(data):
            length, kind = struct.unpack_from("=IH", data, off)
            if kind == NLMSG_DONE:
                return found
            body = off + 16
            sport = struct.unpack_from(">H", data, body + 4)[0]
            rq, wq = struct.unpack_from("=II", data, body + 56)
            if sport == port:
                found = rq
            off += (length + 3) & ~3


hist, per_second, samples = {}, [], 0
end = time.monotonic() + seconds
second_start, second_max = time.monotonic(), 0
while time.monotonic() < end:
    d = depth()
    if d is None:
        print("no listener on port", port); sys.exit(1)
    samples += 1
    bucket = 0 if d == 0 else 1 << (d.bit_length() - 1)
    hist[bucket] = hist.get(bucket, 0) + 1
    second_max = max(second_max, d)
    now = time.monotonic()
    if now - second_start >= 1:
        per_second.append(second_max)
        second_start, second_max = now, 0
    time.sleep(interval)
print(f"accept queue on :{port}, {samples} samples over {seconds:.0f} s")
for b in sorted(hist):
    print(f"  depth {b if b < 2 else str(b) + '-' + str(2 * b - 1)}: {hist[b]} ({100 * hist[b] / samples:.1f} %)")
print("  max per second:", per_second)
