package io.rxhealth.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@code run} would trip over fails the load already, so {@code config validate} (which is
 * the load) says it in one line: addresses that cannot be bound, files that cannot be read, and
 * text the YAML parser refuses, in the parser's own words with its line and column.
 */
class ValidateAsRunTest {
    private final ConfigLoader loader = new ConfigLoader();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                      | yaml                                      | message
        listen host name            | 'listen: { address: agent.example }'      | 'test: listen.address: ''agent.example'' (expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)'
        listen octet above 255      | 'listen: { address: 10.0.0.256 }'         | 'test: listen.address: ''10.0.0.256'' (expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)'
        listen three octets         | 'listen: { address: 10.0.1 }'             | 'test: listen.address: ''10.0.1'' (expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)'
        listen bad IPv6             | 'listen: { address: "fd00::1::2" }'       | 'test: listen.address: ''fd00::1::2'' (expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)'
        listen with a port in it    | 'listen: { address: "127.0.0.1:9505" }'   | 'test: listen.address: ''127.0.0.1:9505'' (expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)'
        listen multicast            | 'listen: { address: 239.1.1.1 }'          | 'test: listen.address: ''239.1.1.1'' (expected: a unicast address (this one is multicast))'
        status host name            | 'status: { address: metrics-host }'       | 'test: status.address: ''metrics-host'' (expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)'
        """)
    void refusesAnAddressThatCannotBeBound(String scenario, String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> loader.parse(yaml, "test"));
        assertEquals(message, e.getMessage(), scenario);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # address    | bound
        0.0.0.0      | 0.0.0.0
        127.0.0.1    | 127.0.0.1
        localhost    | 127.0.0.1
        '::'         | 0:0:0:0:0:0:0:0
        '::1'        | 0:0:0:0:0:0:0:1
        """)
    void takesAddressLiteralsWithoutAskingDns(String address, String bound) {
        AgentConfig c = loader.parse("listen: { address: \"" + address + "\" }", "test");
        assertEquals(bound, c.listen().address().getAddress().getHostAddress());
        assertThat(c.listen().address().isUnresolved()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case           | content                                                              | expected
        missing          |                                                                      | there is no such file
        empty            | ''                                                                   | it holds none
        not PEM          | '-----BEGIN CERTIFICATE-----\\nnot base64!\\n-----END CERTIFICATE-----\\n' | it is not one
        """)
    void refusesACaFileThatCannotServe(String scenario, String content, String expected, @TempDir Path dir)
            throws Exception {
        Path pem = dir.resolve("rxh-ca.pem");
        if (content != null) {
            Files.writeString(pem, content.replace("\\n", "\n"));
        }
        ConfigException e = assertThrows(ConfigException.class, () -> loader.parse(
                "checks: { http: [ { name: a, url: https://x/, ca-file: " + pem + " } ] }", "test"));
        assertEquals("test: checks.http[0].ca-file: '" + pem + "' (expected: a readable PEM file with at least one "
                + "certificate; " + expected + ")", e.getMessage(), scenario);
    }

    @Test
    void takesACaFileOfCertificates() throws Exception {
        Path pem = Path.of(ValidateAsRunTest.class.getResource("rxh-test-ca.pem").toURI());
        AgentConfig c = loader.parse("checks: { http: [ { name: a, url: https://x/, ca-file: " + pem + " } ] }", "t");
        assertEquals(pem, ((CheckSpec.Http) c.checks().get(0)).caFile().orElseThrow());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                | yaml                                           | message
        tab as indentation    | 'listen:\\n\\tport: 9505'                      | 'test: not valid YAML at line 2, column 1: while scanning for the next token; found character ''\\t(TAB)'' that cannot start any token. (Do not use \\t(TAB) for indentation)'
        stray closing brace   | 'checks: { cpu: {} }\\nlisten: { port: 80 } }' | 'test: not valid YAML at line 2, column 22: while parsing a block mapping; expected <block end>, but found ''}'''
        unclosed flow mapping | 'listen: { port: 80'                           | 'test: not valid YAML at line 1, column 19: while parsing a flow mapping; expected '','' or ''}'', but got <stream end>'
        """)
    void keepsTheParsersWordsWithLineAndColumn(String scenario, String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class,
                () -> loader.parse(yaml.replace("\\n", "\n").replace("\\t", "\t"), "test"));
        assertEquals(message, e.getMessage(), scenario);
    }

    @Test
    void aConfigWithoutChecksChecksTheHostAsTheDefaultDoes() {
        AgentConfig c = loader.parse("interval: 5s", "test");
        assertEquals(loader.loadDefault().checks(), c.checks());
    }

    @Test
    void anEmptyChecksMappingIsStillRefused() {
        ConfigException e = assertThrows(ConfigException.class, () -> loader.parse("checks: {}", "test"));
        assertEquals("test: checks: '{}' (expected: at least one check, or no checks: for the host checks)",
                e.getMessage());
    }
}
