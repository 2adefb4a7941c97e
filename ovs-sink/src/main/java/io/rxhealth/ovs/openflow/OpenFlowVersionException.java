package io.rxhealth.ovs.openflow;

import java.io.IOException;

/** The switch refused the hello: the bridge does not allow OpenFlow 1.4 ({@code protocols=...}). */
final class OpenFlowVersionException extends IOException {
    OpenFlowVersionException(String message) {
        super(message);
    }
}
