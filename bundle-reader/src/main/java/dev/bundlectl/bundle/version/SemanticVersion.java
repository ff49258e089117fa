package dev.bundlectl.bundle.version;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semantic version 2.0.0 ({@code MAJOR.MINOR.PATCH[-PRE][+BUILD]}), as a CSV's
 * {@code spec.version} gives it. Ordered by semver precedence: build metadata is ignored, a
 * pre-release sorts before its release.
 *
 * @param major the major version
 * @param minor the minor version
 * @param patch the patch version
 * @param preRelease the dot-separated pre-release identifiers, empty for a release
 * @param text the version as written (build metadata included)
 */
public record SemanticVersion(BigInteger major, BigInteger minor, BigInteger patch, List<String> preRelease,
        String text) implements Comparable<SemanticVersion> {

    private static final String NUMBER = "(0|[1-9][0-9]*)";
    private static final String IDENTIFIER = "(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)";
    private static final Pattern SEMVER = Pattern.compile(NUMBER + "\\." + NUMBER + "\\." + NUMBER
            + "(?:-(" + IDENTIFIER + "(?:\\." + IDENTIFIER + ")*))?(?:\\+([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?");
    private static final Pattern NUMERIC = Pattern.compile("[0-9]+");

    public SemanticVersion {
        Objects.requireNonNull(major, "major");
        Objects.requireNonNull(minor, "minor");
        Objects.requireNonNull(patch, "patch");
        preRelease = List.copyOf(preRelease);
        Objects.requireNonNull(text, "text");
    }

    /** The version {@code text} denotes; empty when it is not a semantic version. */
    public static Optional<SemanticVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher matcher = SEMVER.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        List<String> pre = matcher.group(4) == null ? List.of() : List.of(matcher.group(4).split("\\."));
        return Optional.of(new SemanticVersion(new BigInteger(matcher.group(1)), new BigInteger(matcher.group(2)),
                new BigInteger(matcher.group(3)), pre, text));
    }

    /**
     * As {@link #parse}, but also accepting surrounding white space and a leading {@code v}
     * ({@code v1.2.3}), as file-based catalogs are sometimes written. The text kept is the
     * version without them.
     */
    public static Optional<SemanticVersion> parseTolerant(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String stripped = text.strip();
        return parse(stripped.startsWith("v") || stripped.startsWith("V") ? stripped.substring(1) : stripped);
    }

    @Override
    public int compareTo(SemanticVersion other) {
        int compared = major.compareTo(other.major);
        if (compared == 0) {
            compared = minor.compareTo(other.minor);
        }
        if (compared == 0) {
            compared = patch.compareTo(other.patch);
        }
        return compared != 0 ? compared : comparePreRelease(preRelease, other.preRelease);
    }

    /** Whether both have the same precedence (build metadata ignored). */
    public boolean samePrecedence(SemanticVersion other) {
        return compareTo(other) == 0;
    }

    private static int comparePreRelease(List<String> left, List<String> right) {
        if (left.isEmpty() || right.isEmpty()) {
            // A release outranks any of its pre-releases.
            return Boolean.compare(left.isEmpty(), right.isEmpty());
        }
        for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
            int compared = compareIdentifier(left.get(i), right.get(i));
            if (compared != 0) {
                return compared;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    private static int compareIdentifier(String left, String right) {
        boolean leftNumeric = NUMERIC.matcher(left).matches();
        boolean rightNumeric = NUMERIC.matcher(right).matches();
        if (leftNumeric && rightNumeric) {
            return new BigInteger(left).compareTo(new BigInteger(right));
        }
        if (leftNumeric != rightNumeric) {
            return leftNumeric ? -1 : 1;
        }
        return left.compareTo(right);
    }

    @Override
    public String toString() {
        return text;
    }
}
