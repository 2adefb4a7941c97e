package io.rxhealth.haproxy.bench;

import java.util.Arrays;

/** The reply a connection must get: the whole line, or one line that starts with {@code bytes}. */
record ExpectedReply(byte[] bytes, boolean prefix) {
    boolean matches(byte[] reply, int length) {
        if (!prefix) {
            return Arrays.equals(reply, 0, length, bytes, 0, bytes.length);
        }
        return length > bytes.length && Arrays.equals(reply, 0, bytes.length, bytes, 0, bytes.length)
                && reply[length - 1] == '\n' && indexOfNewline(reply, length) == length - 1;
    }

    private static int indexOfNewline(byte[] reply, int length) {
        for (int i = 0; i < length; i++) {
            if (reply[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
