package dev.bundlectl.executor.apply;

/**
 * What a delete step ({@code release.openshift.io/delete}) found on the cluster. Code decides on
 * this value, never on the step's message; the message is only what is printed and recorded.
 */
public enum DeleteResult {

    /** The object existed and its deletion was requested; bundlectl does not wait for it to go. */
    REQUESTED("deletion requested"),
    /** The object was not there (404), or its kind is not served. */
    ALREADY_GONE("already gone");

    private final String message;

    DeleteResult(String message) {
        this.message = message;
    }

    /** The step message for this result, as OLM-style text. */
    public String message() {
        return message;
    }
}
