package dev.bundlectl.executor.diff;

/**
 * How {@link UnifiedDiffText} renders a plan's diff.
 *
 * @param brief created and deleted objects by kind and name only, not their whole content
 * @param maxBytes the most UTF-8 bytes the text may take, the truncation note included (a
 *     {@code BundleInstall}'s status must stay small); 0 for no bound
 */
public record DiffRendering(boolean brief, int maxBytes) {

    /** The smallest bound that still leaves room for the truncation note. */
    public static final int MIN_BOUND = 256;

    public DiffRendering {
        if (maxBytes != 0 && maxBytes < MIN_BOUND) {
            throw new IllegalArgumentException("maxBytes must be 0 (no bound) or at least " + MIN_BOUND + ", not "
                    + maxBytes);
        }
    }

    /** Whole objects, no bound: what {@code plan -o diff} prints. */
    public static DiffRendering full() {
        return new DiffRendering(false, 0);
    }
}
