package io.rxhealth.checks.docker;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A {@link DockerEngine} whose answers the test sets; {@code down} makes every call fail. */
final class FakeEngine implements DockerEngine {
    private final Map<String, ContainerStatus> containers = new HashMap<>();
    private IOException down;

    FakeEngine put(String name, ContainerStatus status) {
        containers.put(name, status);
        return this;
    }

    FakeEngine remove(String name) {
        containers.remove(name);
        return this;
    }

    FakeEngine down(String reason) {
        down = new IOException(reason);
        return this;
    }

    @Override
    public void ping() throws IOException {
        if (down != null) {
            throw down;
        }
    }

    @Override
    public Optional<ContainerStatus> inspect(String container) throws IOException {
        ping();
        return Optional.ofNullable(containers.get(container));
    }
}
