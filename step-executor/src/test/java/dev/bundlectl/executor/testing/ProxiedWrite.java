package dev.bundlectl.executor.testing;

/**
 * The body of a write (POST, PUT or PATCH) that passed through {@link FaultProxy}: what a client
 * sent, for tests that compare it with what another tool would send.
 *
 * @param ordinal its request's place in arrival order
 * @param method the HTTP method
 * @param uri the path and query as the client sent them
 * @param body the body as text (JSON, or YAML for a server-side apply from some clients)
 */
public record ProxiedWrite(long ordinal, String method, String uri, String body) {

    /** Whether the write was a dry run ({@code dryRun=All}). */
    public boolean dryRun() {
        return uri.contains("dryRun=All");
    }
}
