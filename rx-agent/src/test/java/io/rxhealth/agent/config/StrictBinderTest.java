package io.rxhealth.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class StrictBinderTest {
    record Item(String name, Integer weight) {
    }

    record Inner(Boolean enabled, List<Item> items) {
    }

    record Sample(String name, Integer maxConnections, Boolean enabled, String p95Warn, List<Integer> codes,
                  Inner inner, List<Item> items) {
    }

    private static final Sample EMPTY = new Sample(null, null, null, null, null, null, null);

    private static Sample bind(String yaml) throws IOException {
        try (JsonParser parser = new YAMLFactory().createParser(yaml.replace("\\n", "\n"))) {
            parser.nextToken();
            return StrictBinder.bind(parser, Sample.class);
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "stateDir, state-dir",
        "maxConnections, max-connections",
        "p95Warn, p95-warn",
        "caFile, ca-file",
        "errorRateCrit, error-rate-crit",
        "url, url",
    })
    void componentNamesBecomeKebabCaseKeys(String component, String key) {
        assertEquals(key, StrictBinder.kebab(component));
    }

    static Stream<Arguments> bindings() {
        return Stream.of(
                Arguments.of("empty mapping: every component absent", "{}", EMPTY),
                Arguments.of("kebab-case keys", "name: a\\nmax-connections: 3\\nenabled: true\\np95-warn: 800ms",
                        new Sample("a", 3, true, "800ms", null, null, null)),
                Arguments.of("whole number into a String keeps its text", "name: 85",
                        new Sample("85", null, null, null, null, null, null)),
                Arguments.of("decimal into a String keeps its text as written", "name: 2.50",
                        new Sample("2.50", null, null, null, null, null, null)),
                Arguments.of("boolean into a String keeps its text", "name: true",
                        new Sample("true", null, null, null, null, null, null)),
                Arguments.of("quoted whole number into an Integer", "max-connections: '9000'",
                        new Sample(null, 9000, null, null, null, null, null)),
                Arguments.of("quoted whole number with spaces into an Integer", "max-connections: ' 80 '",
                        new Sample(null, 80, null, null, null, null, null)),
                Arguments.of("quoted false into a Boolean", "enabled: 'false'",
                        new Sample(null, null, false, null, null, null, null)),
                Arguments.of("quoted True into a Boolean", "enabled: 'True'",
                        new Sample(null, null, true, null, null, null, null)),
                Arguments.of("null scalar, list and record", "name: ~\\ncodes: ~\\ninner: ~", EMPTY),
                Arguments.of("null elements stay in a list", "codes: [200, ~]\\nitems: [~]",
                        new Sample(null, null, null, null, Arrays.asList(200, null), null, Arrays.asList((Item) null))),
                Arguments.of("nested records in lists",
                        "inner: { enabled: false, items: [ { name: a, weight: 2 }, { name: b } ] }",
                        new Sample(null, null, null, null, null,
                                new Inner(false, List.of(new Item("a", 2), new Item("b", null))), null)),
                Arguments.of("block style", "items:\\n  - name: a\\n    weight: 1\\ncodes:\\n  - 200\\n  - 204",
                        new Sample(null, null, null, null, List.of(200, 204), null, List.of(new Item("a", 1)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bindings")
    void bindsKeysOntoRecordComponents(String scenario, String yaml, Sample expected) throws IOException {
        assertEquals(expected, bind(yaml), scenario);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                          | yaml                                          | message
        scalar document                 | hello                                         | (top): wrong kind of value (expected: a mapping of keys)
        list document                   | '[1]'                                         | (top): wrong kind of value (expected: a mapping of keys)
        unknown top-level key           | 'bogus: 1'                                    | unknown key 'bogus' (expected one of: codes, enabled, inner, items, max-connections, name, p95-warn)
        component name is not a key     | 'maxConnections: 1'                           | unknown key 'maxConnections' (expected one of: codes, enabled, inner, items, max-connections, name, p95-warn)
        unknown key in a record         | 'inner: { x: 1 }'                             | unknown key 'inner.x' (expected one of: enabled, items)
        unknown key in a list element   | 'inner: { items: [ {name: a}, {nme: b} ] }'   | unknown key 'inner.items[1].nme' (expected one of: name, weight)
        repeated top-level key          | 'name: a\\nname: b'                           | duplicate key 'name' (expected: each key once)
        repeated key in a list element  | 'items: [ { weight: 1, weight: 2 } ]'         | duplicate key 'items[0].weight' (expected: each key once)
        list where a String goes        | 'name: [a]'                                   | name: wrong kind of value (expected: a single value such as 2s, 80% or a name)
        mapping where a String goes     | 'p95-warn: { a: 1 }'                          | p95-warn: wrong kind of value (expected: a single value such as 2s, 80% or a name)
        boolean where an Integer goes   | 'max-connections: true'                       | max-connections: wrong kind of value (expected: a whole number)
        list where an Integer goes      | 'max-connections: [1]'                        | max-connections: wrong kind of value (expected: a whole number)
        mapping where a Boolean goes    | 'enabled: {}'                                 | enabled: wrong kind of value (expected: true or false)
        scalar where a list goes        | 'codes: 200'                                  | codes: wrong kind of value (expected: a list)
        list in a list of Integers      | 'codes: [200, [1]]'                           | codes[1]: wrong kind of value (expected: a whole number)
        text where a record goes        | 'inner: text'                                 | inner: wrong kind of value (expected: a mapping of keys)
        text in a list of records       | 'items: [ x ]'                                | items[0]: wrong kind of value (expected: a mapping of keys)
        mapping where a nested list goes| 'inner: { items: { name: a } }'               | inner.items: wrong kind of value (expected: a list)
        list in a nested record's field | 'inner: { items: [ { weight: [] } ] }'        | inner.items[0].weight: wrong kind of value (expected: a whole number)
        text into an Integer            | 'max-connections: ninety'                     | max-connections: 'ninety' (expected: a whole number)
        decimal into an Integer         | 'max-connections: 1.5'                        | max-connections: '1.5' (expected: a whole number)
        beyond an Integer's range       | 'max-connections: 99999999999'                | max-connections: '99999999999' (expected: a whole number)
        empty text into an Integer      | 'max-connections: '''''                       | max-connections: '' (expected: a whole number)
        text into a Boolean             | 'enabled: yes please'                         | enabled: 'yes please' (expected: true or false)
        number into a Boolean           | 'enabled: 1'                                  | enabled: '1' (expected: true or false)
        text in a list of Integers      | 'codes: [200, x]'                             | codes[1]: 'x' (expected: a whole number)
        text in a nested Integer        | 'inner: { items: [ { weight: heavy } ] }'     | inner.items[0].weight: 'heavy' (expected: a whole number)
        long value is shortened         | 'max-connections: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | max-connections: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' (expected: a whole number)
        multi-line value on one line    | 'max-connections: |\\n  80\\n  x'             | max-connections: '80 x' (expected: a whole number)
        alias                           | 'name: &n a\\np95-warn: *n'                   | p95-warn: *n (expected: the value written out; YAML aliases are not supported)
        """)
    void rejectsInOneLineNamingTheKeyPath(String scenario, String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> bind(yaml));
        assertEquals(message, e.getMessage(), scenario);
    }
}
