package dev.bundlectl.executor.testing;

/**
 * One request that passed through {@link FaultProxy}, and what the proxy did with it.
 *
 * @param ordinal its place in arrival order, from 0
 * @param method the HTTP method
 * @param uri the path and query as the client sent them
 * @param objectName for a POST, the {@code metadata.name} of the JSON body (null when there is
 *     none); otherwise null (the path names the object)
 * @param fault the fault injected
 * @param upstreamStatus the server's status code when the request was forwarded and answered;
 *     -1 when it was not forwarded or the server did not answer
 */
public record ProxiedRequest(long ordinal, String method, String uri, String objectName, Fault fault,
        int upstreamStatus) {

    /** The path without the query. */
    public String path() {
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }

    /**
     * Whether the server created an object and the client never heard of it: the reset after
     * forwarding a request the server answered 201 (a POST, or a server-side apply PATCH that
     * created the object); a dry run's 201 created nothing.
     */
    public boolean createdButUnanswered() {
        return fault == Fault.RESET_AFTER_FORWARDING && upstreamStatus == 201 && !dryRun();
    }

    /** Whether the request was a dry run ({@code dryRun=All}), which the server judges and never stores. */
    public boolean dryRun() {
        return uri.contains("dryRun=All");
    }

    /** One line for failure messages and reports. */
    @Override
    public String toString() {
        return "#" + ordinal + " " + method + " " + uri + (objectName == null ? "" : " (" + objectName + ")")
                + " -> " + (fault.forwarded() ? "server " + upstreamStatus : "not forwarded")
                + (fault == Fault.NONE ? "" : ", fault: " + fault.label());
    }
}
