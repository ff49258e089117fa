package dev.bundlectl.bundle.version;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semver range in the syntax OLM reads from {@code olm.skipRange}, on a CSV and in a file-based
 * catalog's channel entries (that of the Go library blang/semver): comparisons separated by spaces
 * must all hold, alternatives are separated by {@code ||}. A comparison is an operator
 * ({@code >=}, {@code <=}, {@code >}, {@code <}, {@code =}, {@code ==}, {@code !=}, {@code !}, or
 * none for {@code =}) and a version, e.g. {@code >=1.0.0 <1.2.0 || 2.0.0}. An {@code x} (or
 * {@code X}, {@code *}) in the minor or patch place stands for any number, expanded as blang does:
 * {@code >=1.x} is {@code >=1.0.0}, {@code <1.2.x} is {@code <1.2.0}, {@code >1.x} is
 * {@code >=2.0.0}, {@code <=1.x} is {@code <2.0.0}, and {@code 1.2.x} is {@code >=1.2.0 <1.3.0}.
 *
 * <p>The one reader of ranges: upgrade planning and catalog reading both use it, so an installed
 * CSV and a catalog entry with the same {@code skipRange} mean the same thing.
 */
public final class VersionRange {

    // A wildcard version: MAJOR.x, MAJOR.x.x or MAJOR.MINOR.x.
    private static final Pattern WILDCARD = Pattern.compile(
            "(0|[1-9][0-9]*)\\.(?:[xX*](?:\\.[xX*])?|(0|[1-9][0-9]*)\\.[xX*])");

    private final String text;
    private final List<List<Bound>> alternatives;

    private VersionRange(String text, List<List<Bound>> alternatives) {
        this.text = text;
        this.alternatives = alternatives;
    }

    /**
     * Parses a range.
     *
     * @return the range, or empty when {@code text} is not one
     */
    public static Optional<VersionRange> parse(String text) {
        try {
            return Optional.of(read(text));
        } catch (IllegalArgumentException notARange) {
            return Optional.empty();
        }
    }

    /**
     * Parses a range, saying what is wrong with one that is not.
     *
     * @throws IllegalArgumentException naming the range and the part that is not understood
     */
    public static VersionRange read(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("an empty version range");
        }
        List<List<Bound>> alternatives = new ArrayList<>();
        for (String alternative : text.split("\\|\\|", -1)) {
            alternatives.add(bounds(text, alternative.trim()));
        }
        return new VersionRange(text, List.copyOf(alternatives));
    }

    /** Whether {@code version} is in the range. */
    public boolean contains(SemanticVersion version) {
        Objects.requireNonNull(version, "version");
        return alternatives.stream().anyMatch(all -> all.stream().allMatch(bound -> bound.holdsFor(version)));
    }

    @Override
    public String toString() {
        return text;
    }

    /** Ranges written the same are equal: a dependency declared twice is one dependency. */
    @Override
    public boolean equals(Object other) {
        return other instanceof VersionRange that && text.trim().equals(that.text.trim());
    }

    @Override
    public int hashCode() {
        return text.trim().hashCode();
    }

    private static List<Bound> bounds(String text, String alternative) {
        if (alternative.isEmpty()) {
            throw new IllegalArgumentException("\"" + text + "\": an empty alternative around ||");
        }
        List<String> parts = new ArrayList<>();
        String pendingOperator = null;
        for (String part : alternative.split("\\s+")) {
            // blang/semver accepts ">= 1.0.0": an operator alone joins the version after it.
            if (Operator.isOperatorOnly(part)) {
                if (pendingOperator != null) {
                    throw new IllegalArgumentException("\"" + text + "\": \"" + pendingOperator + " " + part
                            + "\" is not a comparison");
                }
                pendingOperator = part;
            } else {
                parts.add(pendingOperator == null ? part : pendingOperator + part);
                pendingOperator = null;
            }
        }
        if (pendingOperator != null) {
            throw new IllegalArgumentException("\"" + text + "\": operator " + pendingOperator + " has no version");
        }
        List<Bound> bounds = new ArrayList<>();
        for (String part : parts) {
            bounds.addAll(comparison(text, part));
        }
        return List.copyOf(bounds);
    }

    private static List<Bound> comparison(String text, String part) {
        Operator operator = Operator.EQUAL;
        String rest = part;
        for (Operator candidate : Operator.values()) {
            if (part.startsWith(candidate.symbol)) {
                operator = candidate;
                rest = part.substring(candidate.symbol.length());
                break;
            }
        }
        Matcher wildcard = WILDCARD.matcher(rest);
        if (wildcard.matches()) {
            return wildcardBounds(operator, new BigInteger(wildcard.group(1)),
                    wildcard.group(2) == null ? null : new BigInteger(wildcard.group(2)));
        }
        Optional<SemanticVersion> version = SemanticVersion.parse(rest);
        if (version.isEmpty()) {
            throw new IllegalArgumentException("\"" + text + "\": \"" + part + "\" is not a comparison with a "
                    + "semantic version (MAJOR.MINOR.PATCH, or a wildcard such as 1.x or 1.2.x)");
        }
        return List.of(new Comparison(operator, version.get()));
    }

    /** blang's expansion: the lowest version the pattern allows, and the first one it does not. */
    private static List<Bound> wildcardBounds(Operator operator, BigInteger major, BigInteger minor) {
        SemanticVersion low = release(major, minor == null ? BigInteger.ZERO : minor);
        SemanticVersion next = minor == null ? release(major.add(BigInteger.ONE), BigInteger.ZERO)
                : release(major, minor.add(BigInteger.ONE));
        switch (operator) {
            case GREATER_OR_EQUAL:
            case LESS:
                return List.of(new Comparison(operator, low));
            case GREATER:
                return List.of(new Comparison(Operator.GREATER_OR_EQUAL, next));
            case LESS_OR_EQUAL:
                return List.of(new Comparison(Operator.LESS, next));
            case NOT_EQUAL:
            case NOT:
                return List.of(version -> version.compareTo(low) < 0 || version.compareTo(next) >= 0);
            default:
                return List.of(new Comparison(Operator.GREATER_OR_EQUAL, low), new Comparison(Operator.LESS, next));
        }
    }

    private static SemanticVersion release(BigInteger major, BigInteger minor) {
        return new SemanticVersion(major, minor, BigInteger.ZERO, List.of(), major + "." + minor + ".0");
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

    /** One condition a version must meet. */
    @FunctionalInterface
    private interface Bound {
        boolean holdsFor(SemanticVersion candidate);
    }

    private record Comparison(Operator operator, SemanticVersion version) implements Bound {

        @Override
        public boolean holdsFor(SemanticVersion candidate) {
            return operator.holds(candidate.compareTo(version));
        }
    }
}
