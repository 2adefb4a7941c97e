package io.rxhealth.ovs.pipeline;

import java.util.Locale;
import java.util.regex.Pattern;

/** An Ethernet address in the colon form OpenFlow prints, lower case: {@code 02:42:0a:14:00:01}. */
public record Mac(String text) {
    private static final Pattern FORM = Pattern.compile("[0-9a-f]{2}(:[0-9a-f]{2}){5}");

    public Mac {
        text = text == null ? null : text.toLowerCase(Locale.ROOT);
        if (text == null || !FORM.matcher(text).matches()) {
            throw new IllegalArgumentException("mac: '" + text + "' (expected: xx:xx:xx:xx:xx:xx)");
        }
    }

    /** Parses {@code text}; {@code what} names the value in the error message. */
    public static Mac parse(String text, String what) {
        try {
            return new Mac(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' (expected: a MAC address xx:xx:xx:xx:xx:xx)", e);
        }
    }

    /** True for a unicast address: the group bit of the first octet is clear. */
    public boolean unicast() {
        return (Integer.parseInt(text.substring(0, 2), 16) & 1) == 0;
    }

    @Override
    public String toString() {
        return text;
    }
}
