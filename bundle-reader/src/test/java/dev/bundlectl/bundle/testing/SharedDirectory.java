package dev.bundlectl.bundle.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The {@code ../shared} folder beside the repository: the real-bundle corpus, the OpenShift payload
 * slices, and the real API server and registry binaries. A user's clone does not have it, so a test
 * that needs it is skipped with the reason; CI does have it, and sets
 * {@code -Dbundlectl.requireShared=true} so that a missing folder fails the test instead of quietly
 * skipping it.
 */
public final class SharedDirectory {

    /** The system property that turns a missing {@code ../shared} from a skip into a failure. */
    public static final String REQUIRE_PROPERTY = "bundlectl.requireShared";

    /** The prefix of every skip message, so the run's summary can count them. */
    public static final String SKIP_PREFIX = "needs ../shared";

    private SharedDirectory() {
    }

    /** The repository root; surefire sets {@code bundlectl.repoRoot}. */
    public static Path repoRoot() {
        return Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
    }

    /** {@code <repoRoot>/../shared}, whether or not it exists. */
    public static Path root() {
        return repoRoot().resolve("../shared").normalize();
    }

    /** Whether {@code ../shared/<relative>} exists. */
    public static boolean has(String relative) {
        return Files.exists(root().resolve(relative));
    }

    /**
     * {@code ../shared/<relative>}. When it is missing the calling test is skipped (aborted) with a
     * message naming what is missing, or fails when {@value #REQUIRE_PROPERTY} is set.
     */
    public static Path require(String relative) {
        Path path = root().resolve(relative);
        if (!Files.exists(path)) {
            String reason = SKIP_PREFIX + "/" + relative + " (" + path + " is missing; a user's clone has no ../shared)";
            if (Boolean.getBoolean(REQUIRE_PROPERTY)) {
                throw new AssertionError(reason + ", and " + REQUIRE_PROPERTY + " is set: CI must run these tests");
            }
            Assumptions.abort(reason);
        }
        return path;
    }
}
