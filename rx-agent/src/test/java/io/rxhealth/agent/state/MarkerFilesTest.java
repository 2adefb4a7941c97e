package io.rxhealth.agent.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rxhealth.weighting.Markers;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkerFilesTest {
    @TempDir
    Path dir;

    @Test
    void anEmptyFileIsAMarkerWithoutReason() throws Exception {
        Files.createFile(dir.resolve("drain"));
        assertEquals(new Markers(true, "", false, ""), new MarkerFiles(dir).read());
    }

    @Test
    void theFirstLineOfTheFileIsTheReason() throws Exception {
        Files.writeString(dir.resolve("maint"), "  kernel update INC-42 \nsecond line\n");
        assertEquals(new Markers(false, "", true, "kernel update INC-42"), new MarkerFiles(dir).read());
    }

    @Test
    void setAndLiftWriteAndRemoveTheFile() throws Exception {
        MarkerFiles markers = new MarkerFiles(dir);
        markers.set("drain", true, "deploy");
        assertEquals("deploy\n", Files.readString(dir.resolve("drain")));
        assertEquals(new Markers(true, "deploy", false, ""), markers.read());
        markers.set("drain", false, null);
        assertEquals(Markers.NONE, markers.read());
        markers.set("drain", false, null);
    }
}
