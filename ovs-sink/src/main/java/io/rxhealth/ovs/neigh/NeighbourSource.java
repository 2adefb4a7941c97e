package io.rxhealth.ovs.neigh;

import java.util.List;

/** Reads the kernel's neighbour table of one interface. */
@FunctionalInterface
public interface NeighbourSource {
    /** @throws Exception when the table cannot be read; the caller keeps what it knew */
    List<NeighbourEntry> read(String dev) throws Exception;
}
