package io.rxhealth.ovs.pipeline;

/**
 * How the LB node treats a segment. A PUBLIC segment is only routed (the node is an L3 hop, its
 * clients reach it through one port); a PRIVATE segment is also switched by the bridge: every host
 * of the segment is a bridge port, so traffic between neighbours passes the pipeline too.
 */
public enum SegmentKind { PUBLIC, PRIVATE }
