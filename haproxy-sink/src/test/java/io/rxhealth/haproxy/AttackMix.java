package io.rxhealth.haproxy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Hostile clients of an agent-check port, all at once, from loopback sources other than 127.0.0.1
 * (where the ordinary checks come from): slowloris clients dribbling a byte a second, silent
 * holders that connect and never send, half-closed connections, a connect/close flood and clients
 * sending 64 KiB of garbage. Every kind reconnects once a second what the server closed, so the
 * pressure lasts. Slowloris and holders are spread over {@code spread} source addresses
 * (127.0.1.1...), so a per-source cap alone cannot stop them. For {@code AttackMixIT} and the load
 * harness; not a test itself.
 */
public final class AttackMix implements AutoCloseable {
    /** How much of each kind. */
    public record Plan(int slowloris, int holders, int halfClosed, int floodPerSecond, int garbagePerSecond,
                       int garbageBytes, int spread) {
        /** The mix the load figures are measured under (docs/PERFORMANCE.md). */
        public static Plan full() {
            return new Plan(300, 2000, 200, 2000, 10, 64 * 1024, 64);
        }

        /** A tenth of it, for a test. */
        public static Plan reduced() {
            return new Plan(30, 200, 20, 200, 2, 64 * 1024, 8);
        }
    }

    /** Connections each kind opened so far; {@code refused} counts those found closed or reset. */
    public static final class Counts {
        public final LongAdder opened = new LongAdder();
        public final LongAdder refused = new LongAdder();
        public final LongAdder floods = new LongAdder();
        public final LongAdder garbage = new LongAdder();

        @Override
        public String toString() {
            return "attack: " + opened.sum() + " slow/silent/half-closed connections opened (" + refused.sum()
                    + " closed by the server and reopened), " + floods.sum() + " flood connections, "
                    + garbage.sum() + " garbage senders";
        }
    }

    private static final long TICK_NANOS = 100_000_000L;

    private final InetSocketAddress target;
    private final Plan plan;
    private final Counts counts = new Counts();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    private AttackMix(InetSocketAddress target, Plan plan) {
        this.target = target;
        this.plan = plan;
    }

    public static AttackMix start(InetSocketAddress target, Plan plan) {
        var mix = new AttackMix(target, plan);
        mix.spawn("attack-slow", mix::slowAndSilent);
        if (plan.floodPerSecond() > 0) {
            mix.spawn("attack-flood", mix::flood);
        }
        if (plan.garbagePerSecond() > 0) {
            mix.spawn("attack-garbage", mix::garbage);
        }
        return mix;
    }

    public Counts counts() {
        return counts;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread t : threads) {
            t.join(5_000);
        }
    }

    private void spawn(String name, Runnable body) {
        var t = new Thread(body, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    /** One kind of long-lived hostile connection. */
    private enum Kind { SLOWLORIS, HOLDER, HALF_CLOSED }

    private final class Conn {
        final Kind kind;
        final InetAddress source;
        SocketChannel ch;
        boolean shutDown;

        Conn(Kind kind, InetAddress source) {
            this.kind = kind;
            this.source = source;
        }

        void open() {
            closeQuietly();
            try {
                ch = SocketChannel.open();
                ch.configureBlocking(false);
                ch.bind(new InetSocketAddress(source, 0));
                ch.connect(target);
                shutDown = false;
                counts.opened.increment();
            } catch (IOException e) {
                closeQuietly();
            }
        }

        /** Once a second: dribble, check whether the server closed us, reopen if so. */
        void visit(ByteBuffer scratch) {
            if (ch == null) {
                open();
                return;
            }
            try {
                if (ch.isConnectionPending() && !ch.finishConnect()) {
                    return;
                }
                if (kind == Kind.HALF_CLOSED && !shutDown) {
                    ch.shutdownOutput();
                    shutDown = true;
                }
                if (kind == Kind.SLOWLORIS) {
                    ch.write(ByteBuffer.wrap(new byte[] {'x'}));
                }
                scratch.clear();
                if (ch.read(scratch) < 0) {
                    throw new IOException("closed by the server");
                }
            } catch (IOException e) {
                counts.refused.increment();
                open();
            }
        }

        void closeQuietly() {
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // gone already
                }
                ch = null;
            }
        }
    }

    private void slowAndSilent() {
        var conns = new ArrayList<Conn>();
        for (int i = 0; i < plan.slowloris(); i++) {
            conns.add(new Conn(Kind.SLOWLORIS, spreadSource(i)));
        }
        for (int i = 0; i < plan.holders(); i++) {
            conns.add(new Conn(Kind.HOLDER, spreadSource(i)));
        }
        for (int i = 0; i < plan.halfClosed(); i++) {
            conns.add(new Conn(Kind.HALF_CLOSED, address("127.0.0.6")));
        }
        var scratch = ByteBuffer.allocate(4096);
        long next = System.nanoTime();
        int slice = 0;
        // Every tick visits a tenth of the connections: each one once a second.
        while (running) {
            for (int i = slice; i < conns.size(); i += 10) {
                conns.get(i).visit(scratch);
            }
            slice = (slice + 1) % 10;
            next += TICK_NANOS;
            sleepUntil(next);
        }
        conns.forEach(Conn::closeQuietly);
    }

    private void flood() {
        InetAddress source = address("127.0.0.4");
        long interval = 1_000_000_000L / plan.floodPerSecond();
        long next = System.nanoTime();
        while (running) {
            try (var s = new Socket()) {
                s.bind(new InetSocketAddress(source, 0));
                // Reset on close: the flood leaves no TIME_WAIT behind on its own side either.
                s.setSoLinger(true, 0);
                s.connect(target, 1_000);
                counts.floods.increment();
            } catch (IOException ignored) {
                // refused or reset: the flood goes on
            }
            next += interval;
            long now = System.nanoTime();
            if (next < now - 1_000_000_000L) {
                next = now; // fell a second behind: do not burst to catch up
            }
            sleepUntil(next);
        }
    }

    private void garbage() {
        InetAddress source = address("127.0.0.5");
        var random = new Random(13);
        byte[] junk = new byte[plan.garbageBytes()];
        long interval = 1_000_000_000L / plan.garbagePerSecond();
        long next = System.nanoTime();
        while (running) {
            random.nextBytes(junk);
            try (var s = new Socket()) {
                s.bind(new InetSocketAddress(source, 0));
                s.setOption(StandardSocketOptions.SO_LINGER, 0);
                s.setSoTimeout(1_000);
                s.connect(target, 1_000);
                OutputStream out = s.getOutputStream();
                out.write(junk);
                out.flush();
                counts.garbage.increment();
            } catch (IOException ignored) {
                // cut off by the server: what it should do
            }
            next += interval;
            sleepUntil(next);
        }
    }

    private InetAddress spreadSource(int i) {
        return address("127.0.1." + (1 + i % plan.spread()));
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (IOException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    private static void sleepUntil(long deadline) {
        long now;
        while ((now = System.nanoTime()) < deadline) {
            LockSupport.parkNanos(deadline - now);
        }
    }
}
