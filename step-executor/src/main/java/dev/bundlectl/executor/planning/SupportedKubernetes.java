package dev.bundlectl.executor.planning;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Kubernetes releases bundlectl supports: 1.26, the oldest it is tested on, to 1.34, the
 * newest (docs/semantics.md §3, "Supported servers"). A server outside them is warned about, not
 * refused: the install may well work, and what it meets is told as it happens.
 */
public final class SupportedKubernetes {

    /** The oldest supported minor release, which CI's smoke set runs on (1.26.4). */
    public static final int OLDEST_MINOR = 26;

    /** The newest supported minor release, which the whole real-server tier runs on (1.34.9). */
    public static final int NEWEST_MINOR = 34;

    // gitVersion as servers report it: v1.34.9, v1.31.6+a1b2c3d (OpenShift), v1.30.4-eks-a737599.
    private static final Pattern MAJOR_MINOR = Pattern.compile("^v?(\\d+)\\.(\\d+)(?:\\D.*)?$");

    private SupportedKubernetes() {
    }

    /**
     * The warning for a server of {@code gitVersion} outside the supported releases; empty inside
     * them, and for a version that is no Kubernetes version at all (nothing to judge).
     */
    public static Optional<String> warningFor(String gitVersion) {
        if (gitVersion == null) {
            return Optional.empty();
        }
        Matcher matcher = MAJOR_MINOR.matcher(gitVersion.strip());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        int major = Integer.parseInt(matcher.group(1));
        int minor = Integer.parseInt(matcher.group(2));
        if (major == 1 && minor >= OLDEST_MINOR && minor <= NEWEST_MINOR) {
            return Optional.empty();
        }
        boolean older = major < 1 || (major == 1 && minor < OLDEST_MINOR);
        return Optional.of("the server runs Kubernetes " + gitVersion + ", " + (older ? "older" : "newer")
                + " than bundlectl supports (1." + OLDEST_MINOR + " to 1." + NEWEST_MINOR + "): going on, but "
                + (older ? "APIs and checks it relies on may be missing" : "nothing has been proven on this release"));
    }
}
