package io.rxhealth.weighting.maglev;

/** One slot that changes owner; {@code from} or {@code to} is {@code null} for an unowned slot. */
public record SlotChange(int slot, String from, String to) {
}
