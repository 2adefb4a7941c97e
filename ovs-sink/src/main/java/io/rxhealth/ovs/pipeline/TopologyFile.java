package io.rxhealth.ovs.pipeline;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a {@link Topology} from YAML (format: {@code stand/topology.yaml}, {@code docs/dataflow-public.md}).
 * Segments are numbered 1, 2, ... in file order: the number is {@code reg0} in the pipeline.
 * Every error is one line naming the file, the value and what was expected.
 */
public final class TopologyFile {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private TopologyFile() {
    }

    public static Topology read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /** Parses YAML text; {@code source} names it in error messages. */
    public static Topology parse(String yaml, String source) {
        if (yaml.isBlank()) {
            throw new IllegalArgumentException(source + ": empty (expected: segments, pools, listeners)");
        }
        FileDto dto;
        try {
            dto = YAML.readValue(yaml, FileDto.class);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(source + ": unknown key '" + e.getPropertyName() + "'" + at(e)
                    + " (expected: one of " + e.getKnownPropertyIds() + ")", e);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(source + ": " + e.getOriginalMessage().replace('\n', ' ') + at(e), e);
        }
        if (dto == null) {
            throw new IllegalArgumentException(source + ": empty (expected: segments, pools, listeners)");
        }
        try {
            return dto.toTopology();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    private static String at(JsonProcessingException e) {
        JsonLocation where = e instanceof JsonMappingException m && m.getLocation() != null ? m.getLocation() : e.getLocation();
        return where == null ? "" : " at line " + where.getLineNr();
    }

    record FileDto(List<SegmentDto> segments, List<PoolDto> pools, List<ListenerDto> listeners, List<RouteDto> routes) {
        Topology toTopology() {
            List<Segment> out = new ArrayList<>();
            List<SegmentDto> given = required(segments, "segments");
            for (int i = 0; i < given.size(); i++) {
                out.add(given.get(i).toSegment(i + 1));
            }
            return new Topology(out,
                    orEmpty(pools).stream().map(PoolDto::toPool).toList(),
                    orEmpty(listeners).stream().map(ListenerDto::toListener).toList(),
                    orEmpty(routes).stream().map(RouteDto::toRoute).toList());
        }
    }

    record SegmentDto(String name, String kind, String prefix, String mac, String address,
                      @JsonProperty("private-listeners") Boolean privateListeners,
                      List<PortDto> ports, List<HcDto> hc) {
        Segment toSegment(int id) {
            String n = required(name, "segment name");
            SegmentKind k;
            try {
                k = SegmentKind.valueOf(required(kind, "kind of " + n).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("kind of " + n + ": '" + kind + "' (expected: public or private)", e);
            }
            return new Segment(id, n, k, Prefix.parse(required(prefix, "prefix of " + n), "prefix of " + n),
                    Mac.parse(required(mac, "mac of " + n), "mac of " + n),
                    Ipv4.parse(required(address, "address of " + n), "address of " + n),
                    privateListeners != null && privateListeners,
                    orEmpty(ports).stream().map(PortDto::toPort).toList(),
                    orEmpty(hc).stream().map(HcDto::toHc).toList());
        }
    }

    record PortDto(String name, Integer ofport, String address) {
        Port toPort() {
            String n = required(name, "port name");
            return new Port(n, required(ofport, "ofport of " + n),
                    address == null ? null : Ipv4.parse(address, "address of port " + n));
        }
    }

    record HcDto(String name, Integer ofport, String address, String mac) {
        HcPort toHc() {
            String n = required(name, "hc port name");
            return new HcPort(n, required(ofport, "ofport of " + n),
                    Ipv4.parse(required(address, "address of " + n), "address of " + n),
                    Mac.parse(required(mac, "mac of " + n), "mac of " + n));
        }
    }

    record PoolDto(Integer id, Integer slots, List<String> members) {
        Pool toPool() {
            int i = required(id, "pool id");
            return new Pool(i, required(slots, "slots of pool " + i),
                    orEmpty(members).stream().map(Endpoint::parse).toList());
        }
    }

    record ListenerDto(String vip, Integer port, Integer pool) {
        Listener toListener() {
            Ipv4 v = Ipv4.parse(required(vip, "listener vip"), "listener vip");
            return new Listener(v, required(port, "port of listener " + v), required(pool, "pool of listener " + v));
        }
    }

    record RouteDto(String prefix, String segment) {
        Route toRoute() {
            Prefix p = Prefix.parse(required(prefix, "route prefix"), "route prefix");
            return new Route(p, required(segment, "segment of route " + p));
        }
    }

    private static <T> T required(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + ": missing (expected: a value)");
        }
        return value;
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
