package dev.bundlectl.bundle.yaml;

/**
 * How many nodes alias expansion may still produce in one file. It is shared by the file's
 * documents: a per-document budget would let a file of many small alias bombs multiply it.
 */
final class ExpansionBudget {

    private final long limit;
    private long spent;

    ExpansionBudget(long limit) {
        this.limit = limit;
    }

    /** Spends {@code nodes}; false, and nothing spent, when that would exceed the limit. */
    boolean trySpend(long nodes) {
        if (nodes > limit - spent) {
            return false;
        }
        spent += nodes;
        return true;
    }

    long limit() {
        return limit;
    }
}
