package io.rxhealth.ovs;

import io.rxhealth.ovs.config.LbConfig;

/**
 * Makes the data-plane writer for a configuration (its {@code openflow} target). The OVS
 * implementation registers itself in
 * {@code META-INF/services/io.rxhealth.ovs.SlotTableWriterFactory}.
 */
public interface SlotTableWriterFactory {
    SlotTableWriter create(LbConfig config);
}
