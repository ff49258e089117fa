package dev.bundlectl.plan;

/**
 * Whether a step is optional, and why.
 *
 * @param optional whether the step may end {@code NotCreated} without failing the plan
 * @param origin the install-time rule that made it optional ({@code --optional-api GROUP[/KIND]}),
 *     or null when it is required or the bundle itself lists it as optional
 */
record Optionality(boolean optional, String origin) {

    static final Optionality REQUIRED = new Optionality(false, null);
    static final Optionality LISTED_BY_BUNDLE = new Optionality(true, null);
}
