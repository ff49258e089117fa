package dev.bundlectl.plan.review;

/**
 * How a reviewed plan's step differs from the plan of its bundle.
 *
 * @param step the step as the plan file names it ({@code step 3 (Kind/namespace/name)}), or the
 *     bundle's object when the plan file lacks it
 * @param what the difference, in words
 */
public record StepDifference(String step, String what) {

    /** {@code step: what}. */
    public String line() {
        return step + ": " + what;
    }
}
