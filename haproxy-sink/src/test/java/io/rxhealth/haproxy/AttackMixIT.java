package io.rxhealth.haproxy;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Ordinary checks keep being answered while hostile clients press on the port (the figures: ReplyLoadHarness). */
class AttackMixIT {
    private static final String REPLY = "up 75% # preview: 503\n";

    private AgentCheckServer server;
    private AttackMix attack;

    @AfterEach
    void tearDown() throws InterruptedException {
        if (attack != null) {
            attack.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyOrdinaryCheckIsAnsweredUnderTheAttackMix() throws Exception {
        // A cap scaled down with the attack: the holders alone outnumber the slots.
        server = AgentCheckServer.start(Listen.bind("127.0.0.1", 0), new ReplyBoard(REPLY),
                SinkOptions.defaults().withMaxConnections(64), Ticker.system());
        attack = AttackMix.start(server.localAddress(), AttackMix.Plan.reduced());
        Thread.sleep(1_500); // every kind connected and pressing

        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            try {
                String got = fetch(server.localAddress());
                if (!got.equals(REPLY)) {
                    failures.add("check " + i + ": got '" + got + "'");
                }
            } catch (IOException e) {
                failures.add("check " + i + ": " + e);
            }
            Thread.sleep(10);
        }

        SinkStats stats = server.stats();
        assertThat(failures).as("%s; %s", stats, attack.counts()).isEmpty();
        // The attack did reach the server: its connections were refused, evicted or cut off.
        assertThat(stats.shed() + stats.evicted() + stats.timedOut() + stats.oversized())
                .as("%s", stats).isPositive();
        assertThat(attack.counts().garbage.sum() + attack.counts().floods.sum()).isPositive();
    }

    private static String fetch(InetSocketAddress target) throws IOException {
        try (var s = new Socket()) {
            s.setSoTimeout(2_000);
            s.connect(target, 2_000);
            return new String(s.getInputStream().readAllBytes(), US_ASCII);
        }
    }
}
