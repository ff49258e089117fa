package dev.bundlectl.plan.api;

import java.util.Locale;

/** Guesses a resource's plural from its kind when a source does not give one. */
final class Plurals {

    private Plurals() {
    }

    /**
     * The same naive rule kubectl falls back on: lower-case, then {@code -s} → {@code -ses},
     * {@code -y} → {@code -ies}, else {@code +s}. Real plurals (from CRDs or discovery) always
     * win over this guess.
     */
    static String guess(String kind) {
        String lower = kind.toLowerCase(Locale.ROOT);
        if (lower.endsWith("s")) {
            return lower + "es";
        }
        if (lower.endsWith("y")) {
            return lower.substring(0, lower.length() - 1) + "ies";
        }
        return lower + "s";
    }
}
