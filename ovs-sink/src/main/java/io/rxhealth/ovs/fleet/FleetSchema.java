package io.rxhealth.ovs.fleet;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The fleet's OVSDB schema, {@code rx_health_fleet.ovsschema}, shipped in the jar beside this class. */
public final class FleetSchema {
    /** The database name the schema declares. */
    public static final String DATABASE = "RxHealth_Fleet";
    static final String RESOURCE = "rx_health_fleet.ovsschema";

    private FleetSchema() {
    }

    /** The fleet's tables; the client monitors every column of each. */
    public static final List<String> TABLES = List.of("Pool", "Member", "Operator_State", "Observation", "LB_Node",
            "Slot_Table");

    /** RFC 7047 {@code <monitor-requests>}: every column of every table. */
    public static ObjectNode monitorRequests() {
        ObjectNode requests = JsonNodeFactory.instance.objectNode();
        TABLES.forEach(requests::putObject);
        return requests;
    }

    public static InputStream open() throws IOException {
        InputStream in = FleetSchema.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException(RESOURCE + " is missing from the class path");
        }
        return in;
    }
}
