package io.rxhealth.ovs.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.rxhealth.ovs.pool.MemberRuntime;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.LoggerFactory;

/**
 * Records when the daemon's poller saw an agent's state change: {@link MemberRuntime} logs
 * {@code member K: agent A -> B} on the poller thread right after parsing the reply, and this
 * appender takes System.nanoTime() there, synchronously. The daemon exposes no such timestamp
 * in its metrics, so its log line is the probe point.
 */
final class AgentTransitions extends AppenderBase<ILoggingEvent> implements AutoCloseable {
    private final BlockingQueue<Long> seen = new LinkedBlockingQueue<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(MemberRuntime.class);
    private final Level level = logger.getLevel();
    private final boolean additive = logger.isAdditive();

    AgentTransitions() {
        setContext(logger.getLoggerContext());
        setName("agent-transitions");
        start();
        logger.addAppender(this);
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
    }

    @Override
    protected void append(ILoggingEvent event) {
        String m = event.getFormattedMessage();
        if (m.contains(": agent ") && m.contains(" -> ")) {
            seen.add(System.nanoTime());
        }
    }

    BlockingQueue<Long> seen() {
        return seen;
    }

    @Override
    public void close() {
        logger.detachAppender(this);
        logger.setLevel(level);
        logger.setAdditive(additive);
        stop();
    }
}
