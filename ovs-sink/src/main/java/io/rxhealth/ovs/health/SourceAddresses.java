package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The source addresses of one node's probes and agent polls: all members naming one interface
 * share one {@link SourceAddress}, so the interface is looked up once per
 * {@link SourceAddress#INTERFACE_TTL} however many members name it. Thread-safe.
 */
public final class SourceAddresses {
    private final Map<String, SourceAddress> interfaces = new ConcurrentHashMap<>();
    private final Ticker ticker;
    private final SourceAddress.Lookup lookup;

    /** Looks interfaces up in the JDK's list of the host's interfaces. */
    public SourceAddresses(Ticker ticker) {
        this(ticker, SourceAddress::ipv4Of);
    }

    SourceAddresses(Ticker ticker, SourceAddress.Lookup lookup) {
        this.ticker = requireNonNull(ticker, "ticker");
        this.lookup = requireNonNull(lookup, "lookup");
    }

    /** {@code source} is an IPv4 literal, an interface name, or empty ("let the kernel choose"). */
    public SourceAddress of(Optional<String> source) {
        if (source.isEmpty()) {
            return SourceAddress.any();
        }
        String s = source.get();
        if (s.matches("[0-9.]+")) {
            return SourceAddress.literal(s);
        }
        return interfaces.computeIfAbsent(s, name -> SourceAddress.forInterface(name, ticker, lookup));
    }
}
