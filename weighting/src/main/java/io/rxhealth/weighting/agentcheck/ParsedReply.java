package io.rxhealth.weighting.agentcheck;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One agent-check reply line as HAProxy 2.6 reads it. Every field is optional: a category that
 * the line does not mention leaves the member's state as it was.
 *
 * @param health        the last health word, if any
 * @param admin         the last admin word, if any
 * @param weightPercent the last valid {@code <int>%} word, relative to the configured weight
 *                      (values above 25600 are clamped to 25600, as HAProxy does)
 * @param maxconn       the last valid {@code maxconn:<int>} word
 * @param description   what HAProxy shows in parentheses after {@code via agent : <health>}: the
 *                      text after {@code #}, or (for {@code up}, or when there is no such text)
 *                      the first unknown word or weight warning; empty without a health word
 * @param errors        what HAProxy reports when the line has no health word:
 *                      {@code agent reports an error : <first unknown word>} and/or
 *                      {@code agent warns : <message>}; empty when a health word is present
 */
public record ParsedReply(Optional<AgentHealth> health, Optional<AgentAdmin> admin,
                          OptionalInt weightPercent, OptionalInt maxconn, String description,
                          List<String> errors) {
    public ParsedReply {
        requireNonNull(health, "health");
        requireNonNull(admin, "admin");
        requireNonNull(weightPercent, "weightPercent");
        requireNonNull(maxconn, "maxconn");
        requireNonNull(description, "description");
        errors = List.copyOf(errors);
    }

    /** A reply HAProxy ignores whole (a NUL before the line end): nothing set, one error. */
    static ParsedReply incomplete(String error) {
        return new ParsedReply(Optional.empty(), Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), "",
                List.of(error));
    }

    /** True when the line carries no word that changes anything (an empty line, or junk only). */
    public boolean changesNothing() {
        return health.isEmpty() && admin.isEmpty() && weightPercent.isEmpty() && maxconn.isEmpty();
    }
}
