package io.rxhealth.ovs.pool;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * The messages one class logs at INFO and above while open, kept from the console; the logger's
 * level and additivity are put back on close (the tests' logback config keeps io.rxhealth at ERROR).
 */
public final class CapturedLog implements AutoCloseable {
    private final Logger logger;
    private final Level level;
    private final boolean additive;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public CapturedLog(Class<?> source) {
        this.logger = (Logger) LoggerFactory.getLogger(source);
        this.level = logger.getLevel();
        this.additive = logger.isAdditive();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
    }

    public List<String> messages() {
        return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(level);
        logger.setAdditive(additive);
    }
}
