package dev.bundlectl.plan.errors;

/**
 * Sorts API failures into the classes of semantics.md §3. A pure function: the same failure
 * always gets the same class, whether the step is optional or required. What a class means for
 * a step (NotCreated, update, retry, fail) is the executor's business.
 */
public final class ApiErrorClassifier {

    private static final Classification NOT_CREATED = new Classification(ErrorClass.NOT_CREATED, false);
    private static final Classification ALREADY_EXISTS = new Classification(ErrorClass.ALREADY_EXISTS, false);
    private static final Classification CONFLICT = new Classification(ErrorClass.CONFLICT, false);
    private static final Classification TRANSIENT = new Classification(ErrorClass.FAILURE, true);
    private static final Classification PERMANENT = new Classification(ErrorClass.FAILURE, false);

    private ApiErrorClassifier() {
    }

    /** Classifies one failure. */
    public static Classification classify(ApiFailure failure) {
        if (failure instanceof ApiFailure.HttpError http) {
            return classifyHttp(http);
        }
        // Timeouts, resets and refused connections say nothing about the object: retry them.
        return TRANSIENT;
    }

    private static Classification classifyHttp(ApiFailure.HttpError http) {
        return switch (http.code()) {
            // 404 covers both a NotFound Status and the text/plain "404 page not found" that the
            // API server sends for a group or resource it does not serve.
            case 401, 403, 404, 406, 415, 422 -> NOT_CREATED;
            case 409 -> classifyConflict(http.reason());
            case 429, 500, 502, 503, 504 -> TRANSIENT;
            default -> PERMANENT;
        };
    }

    private static Classification classifyConflict(String reason) {
        if ("AlreadyExists".equals(reason)) {
            return ALREADY_EXISTS;
        }
        if ("Conflict".equals(reason)) {
            return CONFLICT;
        }
        return NOT_CREATED;
    }
}
