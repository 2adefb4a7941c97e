#!/usr/bin/env python3
"""Traffic probes for the stand that curl cannot do; run inside a namespace as root.

probe.py ping ADDRESS        one ICMP echo: prints "reply from A ttl=T" (exit 1 without a reply in 2 s)
probe.py arp ADDRESS         one ARP request out of eth0: prints "A is-at MAC" (exit 1 without a reply in 2 s)
probe.py ttl ADDRESS PORT N  N HTTP GETs of "/" on new connections; per connection prints
                             "<body> ttl=T": T is the TTL of the first packet that came back
probe.py watch ADDRESS PORT SECONDS
                             HTTP GETs of "/" on new connections for SECONDS, one every 50 ms at
                             most, each given 200 ms; per attempt prints "T ok" or "T fail", T its start
                             (CLOCK_MONOTONIC, seconds): when a VIP went dark and when it answered again
"""
import os
import select
import socket
import struct
import sys
import time


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    s = (s >> 16) + (s & 0xFFFF)
    s += s >> 16
    return ~s & 0xFFFF


def ping(address):
    sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    ident = os.getpid() & 0xFFFF
    header = struct.pack("!BBHHH", 8, 0, 0, ident, 1)
    payload = b"rxh-stand-probe"
    packet = struct.pack("!BBHHH", 8, 0, checksum(header + payload), ident, 1) + payload
    sock.sendto(packet, (address, 0))
    end = time.monotonic() + 2
    while time.monotonic() < end:
        ready, _, _ = select.select([sock], [], [], end - time.monotonic())
        if not ready:
            break
        data, peer = sock.recvfrom(2048)
        ihl = (data[0] & 0x0F) * 4
        icmp_type, _, _, rid, _ = struct.unpack("!BBHHH", data[ihl:ihl + 8])
        if icmp_type == 0 and rid == ident and peer[0] == address:
            print("reply from %s ttl=%d" % (peer[0], data[8]))
            return 0
    print("no reply from %s" % address)
    return 1


def arp(address):
    sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x0806))
    sock.bind(("eth0", 0))
    mac = sock.getsockname()[4]
    own = socket.inet_aton(own_address())
    target = socket.inet_aton(address)
    frame = b"\xff" * 6 + mac + struct.pack("!H", 0x0806) + struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) \
        + mac + own + b"\0" * 6 + target
    sock.send(frame)
    end = time.monotonic() + 2
    while time.monotonic() < end:
        ready, _, _ = select.select([sock], [], [], end - time.monotonic())
        if not ready:
            break
        data = sock.recv(2048)
        op = struct.unpack("!H", data[20:22])[0]
        if op == 2 and data[28:32] == target:
            print("%s is-at %s" % (address, ":".join("%02x" % b for b in data[22:28])))
            return 0
    print("no reply for %s" % address)
    return 1


def own_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.connect(("10.255.255.255", 9))
    return probe.getsockname()[0]


def ttl(address, port, count):
    raw = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_TCP)
    raw.setblocking(False)
    for _ in range(count):
        conn = socket.create_connection((address, port), timeout=3)
        local_port = conn.getsockname()[1]
        conn.sendall(b"GET / HTTP/1.0\r\nHost: %s\r\n\r\n" % address.encode())
        body = b""
        while True:
            chunk = conn.recv(4096)
            if not chunk:
                break
            body += chunk
        conn.close()
        seen = None
        while True:
            try:
                data, peer = raw.recvfrom(65535)
            except BlockingIOError:
                break
            ihl = (data[0] & 0x0F) * 4
            sport, dport = struct.unpack("!HH", data[ihl:ihl + 4])
            if seen is None and peer[0] == address and sport == port and dport == local_port:
                seen = data[8]
        text = body.split(b"\r\n\r\n", 1)[-1].decode().strip()
        print("%s ttl=%s" % (text, seen))
    return 0


def watch(address, port, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.monotonic()
        ok = False
        try:
            with socket.create_connection((address, port), timeout=0.2) as conn:
                conn.settimeout(0.2)
                conn.sendall(b"GET / HTTP/1.0\r\nHost: %s\r\n\r\n" % address.encode())
                ok = conn.recv(64).startswith(b"HTTP/1.")
        except OSError:
            pass
        print("%.3f %s" % (start, "ok" if ok else "fail"), flush=True)
        time.sleep(max(0.0, 0.05 - (time.monotonic() - start)))
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "ping":
        return ping(argv[2])
    if len(argv) == 3 and argv[1] == "arp":
        return arp(argv[2])
    if len(argv) == 5 and argv[1] == "ttl":
        return ttl(argv[2], int(argv[3]), int(argv[4]))
    if len(argv) == 5 and argv[1] == "watch":
        return watch(argv[2], int(argv[3]), float(argv[4]))
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
