package dev.bundlectl.source.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A version range in the syntax OLM's skipRange uses (that of blang/semver): comparisons joined by
 * spaces are all required ({@code >=1.0.0 <1.2.0}), alternatives are joined by {@code ||}. A
 * comparison is {@code >}, {@code >=}, {@code <}, {@code <=}, {@code =}, {@code ==}, {@code !=} or
 * none (equal), then a version; an {@code x} in the minor or patch place stands for any number,
 * as blang expands it ({@code >=1.x} is {@code >=1.0.0}, {@code <1.2.x} is {@code <1.2.0},
 * {@code 1.2.x} is {@code >=1.2.0 <1.3.0}).
 */
public final class SemverRange {

    private static final Pattern COMPARISON = Pattern.compile("(>=|<=|!=|==|>|<|=)?\\s*(\\S+)");
    private static final Pattern WILDCARD = Pattern.compile("v?(\\d+)\\.(?:(\\d+)\\.)?[xX*]|v?(\\d+)\\.[xX*](?:\\.[xX*])?");

    private final String text;
    private final List<List<Predicate<Semver>>> alternatives;

    private SemverRange(String text, List<List<Predicate<Semver>>> alternatives) {
        this.text = text;
        this.alternatives = alternatives;
    }

    /** Parses a range; {@link IllegalArgumentException} naming the part that is not understood. */
    public static SemverRange parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("an empty version range");
        }
        List<List<Predicate<Semver>>> alternatives = new ArrayList<>();
        for (String alternative : text.split("\\|\\|", -1)) {
            List<Predicate<Semver>> all = new ArrayList<>();
            String normalized = alternative.strip().replaceAll("(>=|<=|!=|==|>|<|=)\\s+", "$1");
            if (normalized.isEmpty()) {
                throw new IllegalArgumentException("\"" + text + "\": an empty alternative around ||");
            }
            for (String part : normalized.split("\\s+")) {
                all.addAll(comparison(text, part));
            }
            alternatives.add(List.copyOf(all));
        }
        return new SemverRange(text, List.copyOf(alternatives));
    }

    /** Whether {@code version} is in the range. */
    public boolean contains(Semver version) {
        for (List<Predicate<Semver>> all : alternatives) {
            if (all.stream().allMatch(predicate -> predicate.test(version))) {
                return true;
            }
        }
        return false;
    }

    private static List<Predicate<Semver>> comparison(String text, String part) {
        Matcher matcher = COMPARISON.matcher(part);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("\"" + text + "\": \"" + part + "\" is not a comparison");
        }
        String operator = matcher.group(1) == null ? "=" : matcher.group(1);
        String version = matcher.group(2);
        Matcher wildcard = WILDCARD.matcher(version);
        if (wildcard.matches()) {
            return wildcardComparison(text, operator, wildcard);
        }
        Semver bound;
        try {
            bound = Semver.parse(version);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + text + "\": " + e.getMessage());
        }
        return List.of(single(operator, bound));
    }

    /** blang's wildcard expansion: the lowest version the pattern allows, and the first it does not. */
    private static List<Predicate<Semver>> wildcardComparison(String text, String operator, Matcher wildcard) {
        long major = Long.parseLong(wildcard.group(1) != null ? wildcard.group(1) : wildcard.group(3));
        boolean minorGiven = wildcard.group(1) != null && wildcard.group(2) != null;
        long minor = minorGiven ? Long.parseLong(wildcard.group(2)) : 0;
        Semver low = new Semver(major, minor, 0, List.of());
        Semver next = minorGiven ? new Semver(major, minor + 1, 0, List.of()) : new Semver(major + 1, 0, 0, List.of());
        switch (operator) {
            case "=", "==":
                return List.of(single(">=", low), single("<", next));
            case "!=":
                return List.of(version -> version.compareTo(low) < 0 || version.compareTo(next) >= 0);
            case ">=", "<":
                return List.of(single(operator, low));
            case ">":
                return List.of(single(">=", next));
            case "<=":
                return List.of(single("<", next));
            default:
                throw new IllegalArgumentException("\"" + text + "\": operator " + operator + " is not understood");
        }
    }

    private static Predicate<Semver> single(String operator, Semver bound) {
        switch (operator) {
            case ">":
                return version -> version.compareTo(bound) > 0;
            case ">=":
                return version -> version.compareTo(bound) >= 0;
            case "<":
                return version -> version.compareTo(bound) < 0;
            case "<=":
                return version -> version.compareTo(bound) <= 0;
            case "!=":
                return version -> version.compareTo(bound) != 0;
            default:
                return version -> version.compareTo(bound) == 0;
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
