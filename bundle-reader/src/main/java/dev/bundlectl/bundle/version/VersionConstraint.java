package dev.bundlectl.bundle.version;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A version range in the syntax OLM v1 reads from a ClusterExtension's {@code version} (that of the
 * Go library Masterminds/semver v3), as {@code install --version-range} and a BundleInstall's
 * {@code spec.source.catalog.versionRange} take it. It differs from {@link VersionRange} (OLM v0's
 * {@code skipRange}, blang/semver), which stays the reader of bundles' own ranges:
 * <ul>
 *   <li>comparisons joined by {@code ,} or spaces must all hold; {@code ||} separates alternatives;</li>
 *   <li>operators {@code = == != > < >= => <= =<}, none meaning {@code =}; {@code ~} and {@code ~>}
 *       (the same minor: {@code ~1.2.3} is {@code >=1.2.3 <1.3.0}, {@code ~1} is {@code >=1 <2});
 *       {@code ^} (the same left-most non-zero part: {@code ^1.2} is {@code >=1.2.0 <2.0.0},
 *       {@code ^0.2.3} is {@code >=0.2.3 <0.3.0}, {@code ^0.0.3} is just {@code 0.0.3});</li>
 *   <li>a version may leave parts out or write them {@code x}, {@code X} or {@code *}, which stand
 *       for any number: {@code 1.2.x} and {@code 1.2} are {@code >=1.2.0 <1.3.0}, {@code >1.2} is
 *       {@code >=1.3.0}, {@code <=2.x} is {@code <3.0.0}, {@code *} is any version; a leading
 *       {@code v} is allowed;</li>
 *   <li>{@code A - B} is {@code >=A, <=B};</li>
 *   <li>a pre-release version satisfies an alternative only when one of its comparisons names a
 *       pre-release, as in npm and Cargo: {@code >=1.0.0} does not take {@code 1.1.0-rc.1}.</li>
 * </ul>
 */
public final class VersionConstraint {

    private static final String PART = "(0|[1-9][0-9]*|[xX*])";
    private static final Pattern VERSION = Pattern.compile("[vV]?" + PART + "(?:\\." + PART + "(?:\\." + PART
            + ")?)?(-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?");
    // One comparison at the reading position, with the separators (spaces, commas) after it.
    private static final Pattern COMPARISON = Pattern.compile(
            "\\G(!=|==|>=|=>|<=|=<|~>|[=><~^])?\\s*([^\\s,]+)[\\s,]*");
    private static final Pattern HYPHEN = Pattern.compile("(\\S+)\\s+-\\s+(\\S+)");

    private final String text;
    private final List<List<Comparison>> alternatives;

    private VersionConstraint(String text, List<List<Comparison>> alternatives) {
        this.text = text;
        this.alternatives = alternatives;
    }

    /**
     * Parses a constraint.
     *
     * @throws IllegalArgumentException naming the part of {@code text} that is not understood, in one line
     */
    public static VersionConstraint parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("an empty version range");
        }
        List<List<Comparison>> alternatives = new ArrayList<>();
        for (String alternative : text.split("\\|\\|", -1)) {
            String rewritten = HYPHEN.matcher(alternative.strip()).replaceAll(">=$1,<=$2");
            List<Comparison> all = new ArrayList<>();
            // Operators may be followed by spaces (">= 1.2"), so the text is read comparison by comparison.
            Matcher matcher = COMPARISON.matcher(rewritten);
            int end = 0;
            while (end < rewritten.length() && matcher.find()) {
                all.add(comparison(text, matcher.group(1) == null ? "" : matcher.group(1), matcher.group(2)));
                end = matcher.end();
            }
            if (end < rewritten.length()) {
                throw new IllegalArgumentException("version range \"" + text + "\": cannot read \""
                        + rewritten.substring(end) + "\"");
            }
            if (all.isEmpty()) {
                throw new IllegalArgumentException("version range \"" + text + "\": an empty alternative between ||");
            }
            alternatives.add(List.copyOf(all));
        }
        return new VersionConstraint(text, List.copyOf(alternatives));
    }

    private static Comparison comparison(String text, String operator, String version) {
        Matcher matcher = VERSION.matcher(version);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("version range \"" + text + "\": \"" + operator + version
                    + "\" is not a comparison with a version such as >=1.2.0, ~1.2 or 1.x");
        }
        Wild wild = isWild(matcher.group(1)) ? Wild.MAJOR : matcher.group(2) == null || isWild(matcher.group(2))
                ? Wild.MINOR : matcher.group(3) == null || isWild(matcher.group(3)) ? Wild.PATCH : Wild.NONE;
        BigInteger major = wild == Wild.MAJOR ? BigInteger.ZERO : new BigInteger(matcher.group(1));
        BigInteger minor = wild.compareTo(Wild.MINOR) <= 0 ? BigInteger.ZERO : new BigInteger(matcher.group(2));
        BigInteger patch = wild.compareTo(Wild.PATCH) <= 0 ? BigInteger.ZERO : new BigInteger(matcher.group(3));
        String pre = matcher.group(4) == null ? "" : matcher.group(4);
        SemanticVersion bound = SemanticVersion.parse(major + "." + minor + "." + patch + pre).orElseThrow(() ->
                new IllegalArgumentException("version range \"" + text + "\": \"" + version + "\" is not a version"));
        return new Comparison(operator, bound, wild);
    }

    private static boolean isWild(String part) {
        return "x".equals(part) || "X".equals(part) || "*".equals(part);
    }

    /** Whether {@code version} is in the range. */
    public boolean contains(SemanticVersion version) {
        Objects.requireNonNull(version, "version");
        for (List<Comparison> all : alternatives) {
            boolean preReleasesAllowed = all.stream().anyMatch(each -> !each.bound().preRelease().isEmpty());
            if (!version.preRelease().isEmpty() && !preReleasesAllowed) {
                continue;
            }
            if (all.stream().allMatch(each -> each.holds(version))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text;
    }

    /** Which part of a comparison's version, and those after it, stand for any number. */
    private enum Wild { MAJOR, MINOR, PATCH, NONE }

    /** One comparison: an operator, the version (wild parts as 0) and which parts were wild. */
    private record Comparison(String operator, SemanticVersion bound, Wild wild) {

        boolean holds(SemanticVersion v) {
            int compared = v.compareTo(bound);
            return switch (operator) {
                case "", "=", "==" -> wild == Wild.NONE ? compared == 0 : tilde(v);
                case "!=" -> wild == Wild.NONE ? compared != 0 : !tilde(v);
                case ">" -> greater(v, compared);
                case "<" -> compared < 0;
                case ">=", "=>" -> compared >= 0;
                case "<=", "=<" -> atMost(v, compared);
                case "~", "~>" -> tilde(v);
                case "^" -> caret(v, compared);
                default -> throw new IllegalStateException("operator " + operator);
            };
        }

        /** Above every version the wild parts allow: {@code >1.2} is {@code >=1.3.0}, {@code >1} is {@code >=2.0.0}. */
        private boolean greater(SemanticVersion v, int compared) {
            if (wild == Wild.NONE || wild == Wild.MAJOR) {
                return wild == Wild.MAJOR ? false : compared > 0;
            }
            int major = v.major().compareTo(bound.major());
            if (major != 0) {
                return major > 0;
            }
            return wild == Wild.PATCH && v.minor().compareTo(bound.minor()) > 0;
        }

        /** At most the last version the wild parts allow: {@code <=1.2} takes 1.2.9, {@code <=1} takes 1.9.9. */
        private boolean atMost(SemanticVersion v, int compared) {
            if (wild == Wild.NONE) {
                return compared <= 0;
            }
            if (wild == Wild.MAJOR) {
                return true;
            }
            int major = v.major().compareTo(bound.major());
            return major < 0 || major == 0 && (wild == Wild.MINOR || v.minor().compareTo(bound.minor()) <= 0);
        }

        /** At least the bound, within its minor (its major when the minor was wild or left out). */
        private boolean tilde(SemanticVersion v) {
            if (wild == Wild.MAJOR || v.compareTo(bound) < 0) {
                return wild == Wild.MAJOR;
            }
            if (!v.major().equals(bound.major())) {
                return false;
            }
            return wild == Wild.MINOR || v.minor().equals(bound.minor());
        }

        /** At least the bound, not changing its left-most non-zero part (or the wild part before it). */
        private boolean caret(SemanticVersion v, int compared) {
            if (wild == Wild.MAJOR) {
                return true;
            }
            if (compared < 0 || !v.major().equals(bound.major())) {
                return false;
            }
            if (bound.major().signum() > 0 || wild == Wild.MINOR) {
                return true;
            }
            if (bound.minor().signum() > 0 || wild == Wild.PATCH) {
                return v.minor().equals(bound.minor());
            }
            return v.minor().signum() == 0 && v.patch().equals(bound.patch());
        }
    }
}
