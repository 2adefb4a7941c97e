package io.rxhealth.weighting.agentcheck;

import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Verdict;
import java.util.Locale;

/**
 * Renders a {@link Decision} as one HAProxy 2.6 agent-check reply line (contract: docs/agent-check.md).
 * Always ends with {@code \n} (HAProxy ignores a line without it), always carries a health word
 * (the {@code # reason} is shown only next to one), and says {@code ready} only when the decision
 * says so. Examples: {@code up 100%}, {@code up ready 75% # cpu warn: ...}, {@code down # storage
 * crit: ...}, {@code up drain 100% # drain: deploy}.
 */
public final class AgentReplyFormatter {
    /** Longest description we send: {@link ReplyText#MAX_DESCRIPTION}. */
    public static final int MAX_DESCRIPTION = ReplyText.MAX_DESCRIPTION;

    private AgentReplyFormatter() {
    }

    public static String format(Decision decision) {
        Verdict v = decision.verdict();
        StringBuilder line = new StringBuilder(64);
        line.append(decision.health() == State.UP ? "up" : "down");
        if (v.state() == State.MAINT || v.state() == State.DRAIN) {
            line.append(' ').append(v.state().name().toLowerCase(Locale.ROOT));
        } else if (decision.ready()) {
            line.append(" ready");
        }
        if (decision.health() == State.UP) {
            // The weight is sticky in HAProxy: it is sent while drained too, so lifting the marker
            // restores the right weight at once.
            line.append(' ').append(v.weightPercent()).append('%');
        }
        String description = description(v);
        if (!description.isEmpty()) {
            line.append(" # ").append(description);
        }
        return line.append('\n').toString();
    }

    /** Reasons joined with "; ", cleaned by the one reply-text rule ({@link ReplyText#description}). */
    static String description(Verdict v) {
        return ReplyText.description(String.join("; ", v.reasons()));
    }
}
