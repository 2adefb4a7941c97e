package io.rxhealth.ovs.flow;

import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.process.CommandRunner;

/** Table 11 written with ovs-ofctl, a child process per bundle. */
class OvsTable11IT extends Table11OnSwitch {
    OvsTable11IT(OvsSandbox ovs) {
        super(ovs);
    }

    @Override
    OpenFlowSwitch bridge(String target) {
        return new OfctlSwitch(target, CommandRunner.processes());
    }
}
