package dev.bundlectl.crdschema;

/**
 * Text that a regex may read only so many characters of. Java's backtracking regexes can take
 * exponential time on a hostile pattern, where Go's RE2 (the API server's) is linear; counting
 * character reads bounds the work without a thread or a timer.
 */
final class BoundedText implements CharSequence {

    /** Thrown when the match has read more characters than its budget allows. */
    static final class BudgetExceeded extends RuntimeException {
        BudgetExceeded() {
            super("regular expression match exceeded its work budget", null, false, false);
        }
    }

    private final CharSequence text;
    private final long[] remaining;

    /**
     * @param text the text to match
     * @param budget how many character reads the whole match may make
     */
    BoundedText(CharSequence text, long budget) {
        this(text, new long[] {budget});
    }

    private BoundedText(CharSequence text, long[] remaining) {
        this.text = text;
        this.remaining = remaining;
    }

    @Override
    public char charAt(int index) {
        if (--remaining[0] < 0) {
            throw new BudgetExceeded();
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        // Shares the budget, so a match cannot escape it by slicing.
        return new BoundedText(text.subSequence(start, end), remaining);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
