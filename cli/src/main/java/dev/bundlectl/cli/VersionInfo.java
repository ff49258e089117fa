package dev.bundlectl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine;

/**
 * What this bundlectl is: its version, the commit and date it was built from (a file Maven filters at
 * build time), the Java runtime it runs on, and the versions of the cluster libraries it carries.
 * Anything the build could not tell (no git, an unfiltered resource in an IDE) reads "unknown".
 *
 * @param version the bundlectl version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the git commit it was built from
 * @param buildDate when it was built (UTC, ISO-8601)
 * @param javaRuntime the running Java runtime's version, vendor and VM
 * @param fabric8Version the fabric8 kubernetes-client version
 * @param vertxVersion the Vert.x version
 */
public record VersionInfo(String version, String commit, String buildDate, String javaRuntime,
        String fabric8Version, String vertxVersion) {

    private static final String UNKNOWN = "unknown";

    /** The running bundlectl's information. */
    public static VersionInfo current() {
        Properties build = buildProperties();
        return new VersionInfo(value(build, "version"), value(build, "commit"), value(build, "buildDate"),
                System.getProperty("java.runtime.version", UNKNOWN) + " (" + System.getProperty("java.vendor", UNKNOWN)
                        + ", " + System.getProperty("java.vm.name", UNKNOWN) + ")",
                value(build, "fabric8"), value(build, "vertx"));
    }

    /** The lines of {@code bundlectl version} and {@code --version}. */
    public String[] lines() {
        return new String[] {
            "bundlectl " + version,
            "commit:      " + commit,
            "built:       " + buildDate,
            "java:        " + javaRuntime,
            "fabric8:     " + fabric8Version,
            "vert.x:      " + vertxVersion,
        };
    }

    /** The fields by their JSON names, in a stable order. */
    public Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("version", version);
        fields.put("gitCommit", commit);
        fields.put("buildDate", buildDate);
        fields.put("javaRuntime", javaRuntime);
        fields.put("fabric8Version", fabric8Version);
        fields.put("vertxVersion", vertxVersion);
        return fields;
    }

    /** Supplies {@code --version} to picocli. */
    public static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return current().lines();
        }
    }

    private static Properties buildProperties() {
        Properties properties = new Properties();
        try (InputStream in = VersionInfo.class.getResourceAsStream("/bundlectl/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** A value, or "unknown" when it is missing, empty or was never filtered (still a {@code ${...}}). */
    private static String value(Properties properties, String key) {
        String value = properties.getProperty(key, "").trim();
        return value.isEmpty() || value.startsWith("${") ? UNKNOWN : value;
    }
}
