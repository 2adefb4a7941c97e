package io.rxhealth.agent.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.jr.ob.JSON;
import com.fasterxml.jackson.jr.ob.JacksonJrExtension;
import com.fasterxml.jackson.jr.ob.api.ExtensionContext;
import com.fasterxml.jackson.jr.ob.api.ReaderWriterProvider;
import com.fasterxml.jackson.jr.ob.api.ValueReader;
import com.fasterxml.jackson.jr.ob.api.ValueWriter;
import com.fasterxml.jackson.jr.ob.impl.JSONReader;
import com.fasterxml.jackson.jr.ob.impl.JSONWriter;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one JSON configuration the agent writes and reads (state file, history, /status, --json).
 *
 * <p>jackson-jr rather than Jackson databind: the agent has a 64 MiB memory budget and databind's
 * ~600 classes cost ~8 MiB of it, while jackson-jr reads and writes records over the same
 * jackson-core. Its one gap for us, java.time and Optional, is filled here with the forms
 * databind's JavaTime and Jdk8 modules wrote, so files written by earlier versions still read:
 * instants and durations as ISO-8601 text, an empty optional as null. Nulls are written, so every
 * field of /status is present for scripts.
 */
public final class Json {
    private static final JSON JSON_ = JSON.builder().register(new TimeAndOptionals())
            .enable(JSON.Feature.WRITE_NULL_PROPERTIES, JSON.Feature.WRITE_RECORD_FIELDS_IN_DECLARATION_ORDER)
            .build();

    private Json() {
    }

    public static JSON json() {
        return JSON_;
    }

    private static final class TimeAndOptionals extends JacksonJrExtension {
        @Override
        protected void register(ExtensionContext ctxt) {
            ctxt.insertProvider(new ReaderWriterProvider() {
                @Override
                public ValueWriter findValueWriter(JSONWriter context, Class<?> type) {
                    if (type == Instant.class || type == Duration.class) {
                        return writer(type, (w, g, v) -> g.writeString(v.toString()));
                    }
                    if (type == Optional.class) {
                        return writer(type, (w, g, v) -> w.writeValue(((Optional<?>) v).orElse(null)));
                    }
                    if (type == OptionalInt.class) {
                        return writer(type, (w, g, v) -> {
                            OptionalInt i = (OptionalInt) v;
                            if (i.isPresent()) {
                                g.writeNumber(i.getAsInt());
                            } else {
                                g.writeNull();
                            }
                        });
                    }
                    return null;
                }

                @Override
                public ValueReader findValueReader(JSONReader context, Class<?> type) {
                    return type == Instant.class ? INSTANT : null;
                }
            });
        }
    }

    private interface Write {
        void write(JSONWriter context, JsonGenerator g, Object value) throws IOException;
    }

    private static ValueWriter writer(Class<?> type, Write write) {
        return new ValueWriter() {
            @Override
            public void writeValue(JSONWriter context, JsonGenerator g, Object value) throws IOException {
                write.write(context, g, value);
            }

            @Override
            public Class<?> valueType() {
                return type;
            }
        };
    }

    private static final ValueReader INSTANT = new ValueReader(Instant.class) {
        @Override
        public Object read(JSONReader reader, JsonParser p) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_NULL) {
                return null;
            }
            String text = p.getValueAsString();
            try {
                return Instant.parse(text);
            } catch (DateTimeException | NullPointerException e) {
                throw new IOException("'" + text + "' at " + p.currentLocation().offsetDescription()
                        + " (expected: an ISO-8601 instant such as 2026-01-31T12:00:00Z)");
            }
        }
    };
}
