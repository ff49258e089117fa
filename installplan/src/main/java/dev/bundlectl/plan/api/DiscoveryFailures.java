package dev.bundlectl.plan.api;

/**
 * The wording of a failed discovery: an API group/version whose discovery request did not succeed
 * (an aggregated API answering 503, say). Such a group/version is neither served nor "not served":
 * nobody could tell. The planner leaves the message on the steps of that group/version, and a plan
 * is not predicted to fail because of it (docs/semantics.md §3), so the wording is recognisable.
 */
public final class DiscoveryFailures {

    private static final String PREFIX = "discovery of ";
    private static final String MIDDLE = " failed: ";

    private DiscoveryFailures() {
    }

    /**
     * The message for a group/version whose discovery failed.
     *
     * @param apiVersion {@code group/version}, or the version alone for the core group
     * @param answer what the server answered, e.g. {@code 503 ServiceUnavailable: service unavailable}
     */
    public static String message(String apiVersion, String answer) {
        return PREFIX + apiVersion + MIDDLE + answer;
    }

    /** Whether a step message says that its API's discovery failed (see {@link #message}). */
    public static boolean isDiscoveryFailure(String message) {
        return message != null && message.startsWith(PREFIX) && message.indexOf(MIDDLE, PREFIX.length()) > 0;
    }
}
