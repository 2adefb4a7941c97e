package io.rxhealth.haproxy;

import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import java.util.concurrent.Executor;

/**
 * The event-loop group that both accepts and serves agent-check connections.
 *
 * <p>One group for both, not an acceptor group handing connections to a worker group: measured
 * with {@code ReplyLoadHarness} at 12,000 connections/s, a separate acceptor kept the worker
 * running registration tasks for long stretches (Netty 4.2 runs tasks for up to 1 s,
 * {@code io.netty.eventLoop.maxTaskProcessingQuantumMs}, before it polls I/O again), so clients'
 * closes went unread and finished connections filled all 256 slots (4 well-behaved clients were
 * turned away in 300,000) and used 18% more CPU; one loop doing both peaked at 10. With more than one thread, connections do move between threads, so the
 * task quantum is cut to Netty's minimum of 1 ms to keep I/O from starving.
 */
final class EventLoops extends MultiThreadIoEventLoopGroup {
    private static final long TASK_QUANTUM_MS = 1;

    EventLoops(int threads) {
        super(threads, new DefaultThreadFactory("agent-check"), NioIoHandler.newFactory());
    }

    @Override
    protected IoEventLoop newChild(Executor executor, IoHandlerFactory ioHandlerFactory,
                                   Object... args) {
        return new SingleThreadIoEventLoop(this, executor, ioHandlerFactory, Integer.MAX_VALUE,
                RejectedExecutionHandlers.reject(), TASK_QUANTUM_MS);
    }
}
