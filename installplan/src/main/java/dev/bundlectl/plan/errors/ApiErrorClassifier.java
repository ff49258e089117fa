package dev.bundlectl.plan.errors;

/**
 * Sorts API failures into the classes of docs/semantics.md §3. A pure function: the same failure
 * always gets the same class, whether the step is optional or required. What a class means for
 * a step (NotCreated, update, retry, fail) is the executor's business.
 *
 * <table>
 *   <caption>Classes by HTTP code</caption>
 *   <tr><th>Answer</th><th>Class</th></tr>
 *   <tr><td>401, 403, 404 (Status or plain text), 406, 415, 422, and server-side apply's 500 for a field
 *   the schema lacks ("failed to create typed patch object")</td><td>{@link ErrorClass#NOT_CREATED}</td></tr>
 *   <tr><td>409 {@code AlreadyExists}</td><td>{@link ErrorClass#ALREADY_EXISTS}</td></tr>
 *   <tr><td>409 {@code Conflict}</td><td>{@link ErrorClass#CONFLICT}</td></tr>
 *   <tr><td>409 with any other reason or none</td><td>{@link ErrorClass#NOT_CREATED}</td></tr>
 *   <tr><td>429, every 5xx, timeouts, resets, refused connections</td><td>{@link ErrorClass#FAILURE}, transient</td></tr>
 *   <tr><td>400, 405, 410, 413, TLS failures, any other code</td><td>{@link ErrorClass#FAILURE}, permanent</td></tr>
 * </table>
 */
public final class ApiErrorClassifier {

    private static final Classification NOT_CREATED = new Classification(ErrorClass.NOT_CREATED, false);
    private static final Classification ALREADY_EXISTS = new Classification(ErrorClass.ALREADY_EXISTS, false);
    private static final Classification CONFLICT = new Classification(ErrorClass.CONFLICT, false);
    private static final Classification TRANSIENT = new Classification(ErrorClass.FAILURE, true);
    private static final String TYPED_PATCH_FAILURE = "failed to create typed patch object";
    private static final Classification PERMANENT = new Classification(ErrorClass.FAILURE, false);

    private ApiErrorClassifier() {
    }

    /** Classifies one failure. */
    public static Classification classify(ApiFailure failure) {
        if (failure instanceof ApiFailure.HttpError http) {
            return classifyHttp(http);
        }
        ApiFailure.TransportError transport = (ApiFailure.TransportError) failure;
        // A TLS failure (unknown CA, wrong host name) will not heal by retrying; timeouts, resets
        // and refused connections say nothing about the object and often pass.
        return transport.kind() == ApiFailure.TransportError.Kind.TLS ? PERMANENT : TRANSIENT;
    }

    private static Classification classifyHttp(ApiFailure.HttpError http) {
        int code = http.code();
        if (code == 500 && http.message() != null && http.message().startsWith(TYPED_PATCH_FAILURE)) {
            // Server-side apply answers 500 when the object has a field its schema lacks. That is
            // the object's fault and the same on every try: the server's 422, in all but code.
            return NOT_CREATED;
        }
        if (code >= 500 && code <= 599) {
            // docs/semantics.md §3: "Retry transient errors (429, 5xx, …)".
            return TRANSIENT;
        }
        switch (code) {
            // 404 covers both a NotFound Status and the text/plain "404 page not found" that the
            // API server sends for a group or resource it does not serve.
            case 401:
            case 403:
            case 404:
            case 406:
            case 415:
            case 422:
                return NOT_CREATED;
            case 409:
                return classifyConflict(http.reason());
            case 429:
                return TRANSIENT;
            default:
                // 400, 405, 410, 413 and codes the table does not name (418, a client-side -1):
                // retrying the same request cannot help.
                return PERMANENT;
        }
    }

    private static Classification classifyConflict(String reason) {
        if ("AlreadyExists".equals(reason)) {
            return ALREADY_EXISTS;
        }
        if ("Conflict".equals(reason)) {
            return CONFLICT;
        }
        // The table: 409 other than AlreadyExists is NotCreated.
        return NOT_CREATED;
    }
}
