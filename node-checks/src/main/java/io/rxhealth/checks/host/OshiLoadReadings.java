package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import oshi.hardware.CentralProcessor;

/** Load average and logical processor count from OSHI ({@code /proc/loadavg} on Linux). */
final class OshiLoadReadings implements LoadReadings {
    private final CentralProcessor processor;

    OshiLoadReadings(CentralProcessor processor) {
        this.processor = requireNonNull(processor, "processor");
    }

    @Override
    public Load read() {
        return new Load(processor.getSystemLoadAverage(1)[0], processor.getLogicalProcessorCount());
    }
}
