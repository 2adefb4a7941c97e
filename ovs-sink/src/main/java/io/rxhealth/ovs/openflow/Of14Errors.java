package io.rxhealth.ovs.openflow;

import java.util.List;

/**
 * Names of OpenFlow 1.4 error types and codes, as ovs-ofctl prints them ({@code OFPFMFC_OVERLAP}),
 * for the types a bundle of flow mods can meet; others read {@code OFPET type T code C}.
 */
final class Of14Errors {
    private record Type(String name, String prefix, List<String> codes) {
    }

    /** Indexed by {@code ofp_error_type}, 0..17 (OpenFlow 1.4.1, 7.5.4). */
    private static final List<Type> TYPES = List.of(
            new Type("OFPET_HELLO_FAILED", "OFPHFC_", List.of("INCOMPATIBLE", "EPERM")),
            new Type("OFPET_BAD_REQUEST", "OFPBRC_", List.of("BAD_VERSION", "BAD_TYPE", "BAD_MULTIPART",
                    "BAD_EXPERIMENTER", "BAD_EXP_TYPE", "EPERM", "BAD_LEN", "BUFFER_EMPTY", "BUFFER_UNKNOWN",
                    "BAD_TABLE_ID", "IS_SLAVE", "BAD_PORT", "BAD_PACKET", "MULTIPART_BUFFER_OVERFLOW")),
            new Type("OFPET_BAD_ACTION", "OFPBAC_", List.of("BAD_TYPE", "BAD_LEN", "BAD_EXPERIMENTER",
                    "BAD_EXP_TYPE", "BAD_OUT_PORT", "BAD_ARGUMENT", "EPERM", "TOO_MANY", "BAD_QUEUE", "BAD_OUT_GROUP",
                    "MATCH_INCONSISTENT", "UNSUPPORTED_ORDER", "BAD_TAG", "BAD_SET_TYPE", "BAD_SET_LEN",
                    "BAD_SET_ARGUMENT")),
            new Type("OFPET_BAD_INSTRUCTION", "OFPBIC_", List.of("UNKNOWN_INST", "UNSUP_INST", "BAD_TABLE_ID",
                    "UNSUP_METADATA", "UNSUP_METADATA_MASK", "BAD_EXPERIMENTER", "BAD_EXP_TYPE", "BAD_LEN", "EPERM")),
            new Type("OFPET_BAD_MATCH", "OFPBMC_", List.of("BAD_TYPE", "BAD_LEN", "BAD_TAG", "BAD_DL_ADDR_MASK",
                    "BAD_NW_ADDR_MASK", "BAD_WILDCARDS", "BAD_FIELD", "BAD_VALUE", "BAD_MASK", "BAD_PREREQ",
                    "DUP_FIELD", "EPERM")),
            new Type("OFPET_FLOW_MOD_FAILED", "OFPFMFC_", List.of("UNKNOWN", "TABLE_FULL", "BAD_TABLE_ID", "OVERLAP",
                    "EPERM", "BAD_TIMEOUT", "BAD_COMMAND", "BAD_FLAGS")),
            new Type("OFPET_GROUP_MOD_FAILED", "", List.of()),
            new Type("OFPET_PORT_MOD_FAILED", "", List.of()),
            new Type("OFPET_TABLE_MOD_FAILED", "", List.of()),
            new Type("OFPET_QUEUE_OP_FAILED", "", List.of()),
            new Type("OFPET_SWITCH_CONFIG_FAILED", "", List.of()),
            new Type("OFPET_ROLE_REQUEST_FAILED", "", List.of()),
            new Type("OFPET_METER_MOD_FAILED", "", List.of()),
            new Type("OFPET_TABLE_FEATURES_FAILED", "", List.of()),
            new Type("OFPET_BAD_PROPERTY", "", List.of()),
            new Type("OFPET_ASYNC_CONFIG_FAILED", "", List.of()),
            new Type("OFPET_FLOW_MONITOR_FAILED", "", List.of()),
            new Type("OFPET_BUNDLE_FAILED", "OFPBFC_", List.of("UNKNOWN", "EPERM", "BAD_ID", "BUNDLE_EXIST",
                    "BUNDLE_CLOSED", "OUT_BUNDLES", "BAD_TYPE", "BAD_FLAGS", "MSG_BAD_LEN", "MSG_BAD_XID",
                    "MSG_UNSUP", "MSG_CONFLICT", "MSG_TOO_MANY", "MSG_FAILED", "TIMEOUT", "BUNDLE_IN_PROGRESS")));

    private Of14Errors() {
    }

    static String name(int type, int code) {
        if (type < TYPES.size()) {
            Type t = TYPES.get(type);
            if (code < t.codes().size()) {
                return t.prefix() + t.codes().get(code);
            }
            return t.name() + " code " + code;
        }
        return "OFPET type " + type + " code " + code;
    }
}
