package dev.bundlectl.source.catalog;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semantic version (semver 2.0.0), ordered as the spec says: build metadata is ignored, a
 * pre-release sorts before its release, numeric identifiers compare as numbers. OLM's bundle
 * versions and skipRange bounds are these.
 */
public record Semver(long major, long minor, long patch, List<String> preRelease) implements Comparable<Semver> {

    private static final Pattern FORM = Pattern.compile(
            "v?(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})"
                    + "(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?");

    public Semver {
        preRelease = List.copyOf(preRelease);
    }

    /** Parses a version; {@link IllegalArgumentException} naming it when it is not semver. */
    public static Semver parse(String text) {
        Matcher matcher = FORM.matcher(text == null ? "" : text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a semantic version (MAJOR.MINOR.PATCH)");
        }
        List<String> pre = matcher.group(4) == null ? List.of() : List.of(matcher.group(4).split("\\."));
        return new Semver(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)),
                Long.parseLong(matcher.group(3)), pre);
    }

    @Override
    public int compareTo(Semver other) {
        int core = Long.compare(major, other.major);
        core = core != 0 ? core : Long.compare(minor, other.minor);
        core = core != 0 ? core : Long.compare(patch, other.patch);
        if (core != 0) {
            return core;
        }
        if (preRelease.isEmpty() || other.preRelease.isEmpty()) {
            return Boolean.compare(preRelease.isEmpty(), other.preRelease.isEmpty());
        }
        for (int i = 0; i < Math.min(preRelease.size(), other.preRelease.size()); i++) {
            int compared = compareIdentifier(preRelease.get(i), other.preRelease.get(i));
            if (compared != 0) {
                return compared;
            }
        }
        return Integer.compare(preRelease.size(), other.preRelease.size());
    }

    private static int compareIdentifier(String a, String b) {
        boolean numericA = a.chars().allMatch(Character::isDigit);
        boolean numericB = b.chars().allMatch(Character::isDigit);
        if (numericA && numericB) {
            return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        }
        if (numericA != numericB) {
            return numericA ? -1 : 1;
        }
        return a.compareTo(b);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch + (preRelease.isEmpty() ? "" : "-" + String.join(".", preRelease));
    }
}
