package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.neigh.NeighbourReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class NeighCommandTest {
    @Test
    void showsOriginAndWhetherTable21HoldsTheMac() throws Exception {
        List<NeighbourReport> n = NeighCommand.parse("""
            {"neighbours":[
              {"member":"10.20.0.2","dev":"hcif-p2","mac":"02:42:0a:14:00:02","state":"REACHABLE","origin":"KERNEL",
               "since":"2026-11-30T10:00:00Z","installed":"02:42:0a:14:00:02"},
              {"member":"10.20.0.3","dev":"hcif-p2","mac":"02:42:0a:14:00:03","state":"FAILED","origin":"LAST_KNOWN",
               "since":"2026-11-30T09:00:00Z","installed":"02:42:0a:14:00:33"},
              {"member":"10.30.0.2","dev":"hcif-p3","mac":null,"state":"INCOMPLETE","origin":"UNRESOLVED",
               "since":null,"installed":null}]}
            """);

        String text = NeighCommand.render(n);

        assertThat(text.lines()).hasSize(4);
        assertThat(text.lines().toList().get(1)).contains("10.20.0.2").contains("kernel").endsWith("yes");
        assertThat(text.lines().toList().get(2)).contains("last-known").endsWith("02:42:0a:14:00:33");
        assertThat(text.lines().toList().get(3)).contains("unresolved").endsWith("none");
        assertThat(NeighCommand.render(List.of())).startsWith("no neighbours");
    }
}
