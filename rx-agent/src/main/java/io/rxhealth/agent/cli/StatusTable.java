package io.rxhealth.agent.cli;

import io.rxhealth.agent.check.CheckRunner;
import io.rxhealth.agent.state.History;
import io.rxhealth.agent.status.AgentStatus;
import java.util.ArrayList;
import java.util.List;

/** Human renderings for the CLI: aligned plain-text tables, no colours (they end up in tickets). */
final class StatusTable {
    private StatusTable() {
    }

    static String render(AgentStatus s) {
        StringBuilder b = new StringBuilder();
        b.append("verdict: ").append(s.verdict()).append(s.ready() ? " (ready)" : "").append('\n');
        b.append("reply:   ").append(s.reply()).append('\n');
        b.append("at:      ").append(s.at()).append('\n');
        b.append("state:   ").append(s.stateDir()).append("\n");
        if (s.stateError() != null) {
            b.append("         NOT WRITABLE: ").append(s.stateError()).append("\n");
        }
        b.append("\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"CHECK", "LEVEL", "MS", "DETAIL"});
        for (AgentStatus.CheckStatus c : s.checks()) {
            rows.add(new String[] {c.name(), c.level(), Long.toString(c.durationMillis()), c.detail()});
        }
        return b.append(table(rows)).toString();
    }

    static String checks(List<CheckRunner.Outcome> outcomes) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"CHECK", "LEVEL", "MS", "DETAIL"});
        for (CheckRunner.Outcome o : outcomes) {
            rows.add(new String[] {o.result().check(), o.result().level().name(),
                Long.toString(o.duration().toMillis()), o.result().detail()});
        }
        return table(rows);
    }

    static String history(List<History.Transition> list) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"AT", "FROM", "TO", "REASONS"});
        for (History.Transition t : list) {
            rows.add(new String[] {t.at().toString(), t.from().isEmpty() ? "-" : t.from(), t.to(),
                String.join("; ", t.reasons())});
        }
        return table(rows);
    }

    static String table(List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < cols - 1; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] r : rows) {
            for (int i = 0; i < cols; i++) {
                b.append(i == cols - 1 ? r[i] : String.format("%-" + width[i] + "s  ", r[i]));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
