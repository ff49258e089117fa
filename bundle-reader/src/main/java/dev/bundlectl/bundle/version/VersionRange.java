package dev.bundlectl.bundle.version;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A semver range in the syntax OLM reads from the {@code olm.skipRange} annotation (that of the
 * Go library blang/semver): comparisons separated by spaces must all hold, alternatives are
 * separated by {@code ||}. A comparison is an operator ({@code >=}, {@code <=}, {@code >},
 * {@code <}, {@code =}, {@code ==}, {@code !=}, {@code !}, or none for {@code =}) and a version,
 * e.g. {@code >=1.0.0 <1.2.0 || 2.0.0}. Wildcards such as {@code 1.x} are not accepted.
 */
public final class VersionRange {

    private final String text;
    private final List<List<Comparison>> alternatives;

    private VersionRange(String text, List<List<Comparison>> alternatives) {
        this.text = text;
        this.alternatives = alternatives;
    }

    /**
     * Parses a range.
     *
     * @return the range, or empty when {@code text} is not one
     */
    public static Optional<VersionRange> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        List<List<Comparison>> alternatives = new ArrayList<>();
        for (String alternative : text.split("\\|\\|", -1)) {
            Optional<List<Comparison>> all = comparisons(alternative.trim());
            if (all.isEmpty()) {
                return Optional.empty();
            }
            alternatives.add(all.get());
        }
        return Optional.of(new VersionRange(text, List.copyOf(alternatives)));
    }

    /** Whether {@code version} is in the range. */
    public boolean contains(SemanticVersion version) {
        Objects.requireNonNull(version, "version");
        return alternatives.stream().anyMatch(all -> all.stream().allMatch(c -> c.holdsFor(version)));
    }

    @Override
    public String toString() {
        return text;
    }

    private static Optional<List<Comparison>> comparisons(String alternative) {
        if (alternative.isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        String pendingOperator = null;
        for (String part : alternative.split("\\s+")) {
            // blang/semver accepts ">= 1.0.0": an operator alone joins the version after it.
            if (Operator.isOperatorOnly(part)) {
                if (pendingOperator != null) {
                    return Optional.empty();
                }
                pendingOperator = part;
            } else {
                parts.add(pendingOperator == null ? part : pendingOperator + part);
                pendingOperator = null;
            }
        }
        if (pendingOperator != null) {
            return Optional.empty();
        }
        List<Comparison> comparisons = new ArrayList<>();
        for (String part : parts) {
            Optional<Comparison> comparison = Comparison.parse(part);
            if (comparison.isEmpty()) {
                return Optional.empty();
            }
            comparisons.add(comparison.get());
        }
        return Optional.of(List.copyOf(comparisons));
    }

    private enum Operator {
        // Longest symbols first, so that ">=" is not read as ">" followed by "=1.0.0".
        GREATER_OR_EQUAL(">="), LESS_OR_EQUAL("<="), EQUAL_TWICE("=="), NOT_EQUAL("!="), GREATER(">"), LESS("<"),
        EQUAL("="), NOT("!");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        static boolean isOperatorOnly(String part) {
            for (Operator operator : values()) {
                if (operator.symbol.equals(part)) {
                    return true;
                }
            }
            return false;
        }

        boolean holds(int compared) {
            switch (this) {
                case GREATER_OR_EQUAL:
                    return compared >= 0;
                case LESS_OR_EQUAL:
                    return compared <= 0;
                case GREATER:
                    return compared > 0;
                case LESS:
                    return compared < 0;
                case NOT_EQUAL:
                case NOT:
                    return compared != 0;
                default:
                    return compared == 0;
            }
        }
    }

    private record Comparison(Operator operator, SemanticVersion version) {

        static Optional<Comparison> parse(String part) {
            Operator operator = Operator.EQUAL;
            String rest = part;
            for (Operator candidate : Operator.values()) {
                if (part.startsWith(candidate.symbol)) {
                    operator = candidate;
                    rest = part.substring(candidate.symbol.length());
                    break;
                }
            }
            Operator parsed = operator;
            return SemanticVersion.parse(rest).map(version -> new Comparison(parsed, version));
        }

        boolean holdsFor(SemanticVersion candidate) {
            return operator.holds(candidate.compareTo(version));
        }
    }
}
