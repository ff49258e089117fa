package dev.bundlectl.cli;

import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import java.util.List;

/**
 * What one upgrade edge of a catalog would break.
 *
 * @param packageName the package
 * @param from the bundle (CSV) installed before
 * @param fromVersion its version, or its name when it has none
 * @param to the bundle installed over it
 * @param toVersion its version, or its name
 * @param channels the channels holding the edge
 * @param findings what its CRD updates would break, never empty
 */
record EdgeFindings(String packageName, String from, String fromVersion, String to, String toVersion,
        List<String> channels, List<UpgradeFinding> findings) {

    EdgeFindings {
        channels = List.copyOf(channels);
        findings = List.copyOf(findings);
    }

    /** {@code 0.3.1 -> 0.4.0}. */
    String edge() {
        return fromVersion + " -> " + toVersion;
    }
}
