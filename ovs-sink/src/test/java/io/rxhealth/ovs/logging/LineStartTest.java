package io.rxhealth.ovs.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import io.rxhealth.weighting.logs.LogLine;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The daemon's shipped logback.xml writes the agent's line: {@link LogLine}. */
class LineStartTest {
    @ParameterizedTest(name = "JOURNAL_STREAM={0}, stderr={1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # JOURNAL_STREAM | stderr          | pattern
            8:41772          | socket:[41772]  | %level
            8:41772          | /dev/pts/0      | '%d{yyyy-MM-dd''T''HH:mm:ss.SSSXXX} %level'
            -                | /dev/pts/0      | '%d{yyyy-MM-dd''T''HH:mm:ss.SSSXXX} %level'
            """)
    void stampsTheLineUnlessJournaldDoes(String journalStream, String stderr, String pattern) {
        assertEquals(pattern, LineStart.pattern(journalStream, stderr));
    }

    @Test
    void theShippedConfigWritesTheLineBothProgramsWrite() throws Exception {
        LoggerContext context = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(LineStartTest.class.getClassLoader().getResource("logback.xml"));
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        OutputStreamAppender<ILoggingEvent> stderr = (OutputStreamAppender<ILoggingEvent>) root.getAppender("STDERR");
        ILoggingEvent event = new LoggingEvent(Logger.class.getName(), context.getLogger("io.rxhealth.ovs.LbNode"),
                Level.INFO, "pool {}: applied", null, new Object[] {"web"});
        String line = new String(stderr.getEncoder().encode(event), StandardCharsets.UTF_8);
        context.stop();

        assertThat(line).endsWith("INFO LbNode - pool web: applied" + System.lineSeparator());
        assertThat(line.strip()).matches(LogLine.SHAPE);
    }
}
