package dev.bundlectl.plan.config;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes resource quantity ({@code 250m}, {@code 1.5Gi}, {@code 2e3}) as its exact value, so
 * that a request can be compared with a limit as the API server compares them
 * ({@code resource.ParseQuantity}, {@code Quantity.Cmp}).
 *
 * @param text the quantity as written
 * @param value its exact value
 */
record Quantity(String text, BigDecimal value) {

    /** {@code resource.ParseQuantity}'s own wording for text it cannot read. */
    static final String FORMAT = "quantities must match the regular expression "
            + "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

    private static final Pattern SYNTAX = Pattern.compile(
            "([+-]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]{1,3})?");
    private static final BigDecimal KI = BigDecimal.valueOf(1024);
    private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
            Map.entry("", BigDecimal.ONE),
            Map.entry("n", new BigDecimal("1e-9")), Map.entry("u", new BigDecimal("1e-6")),
            Map.entry("m", new BigDecimal("1e-3")), Map.entry("k", new BigDecimal("1e3")),
            Map.entry("M", new BigDecimal("1e6")), Map.entry("G", new BigDecimal("1e9")),
            Map.entry("T", new BigDecimal("1e12")), Map.entry("P", new BigDecimal("1e15")),
            Map.entry("E", new BigDecimal("1e18")),
            Map.entry("Ki", KI), Map.entry("Mi", KI.pow(2)), Map.entry("Gi", KI.pow(3)), Map.entry("Ti", KI.pow(4)),
            Map.entry("Pi", KI.pow(5)), Map.entry("Ei", KI.pow(6)));

    /** The quantity {@code text} writes, or empty when it is not one. */
    static Optional<Quantity> parse(String text) {
        Matcher matcher = SYNTAX.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        BigDecimal number = new BigDecimal(matcher.group(2));
        if (matcher.group(1).equals("-")) {
            number = number.negate();
        }
        String suffix = matcher.group(3) == null ? "" : matcher.group(3);
        BigDecimal scale = suffix.startsWith("e") || suffix.startsWith("E")
                ? BigDecimal.ONE.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1)))
                : SUFFIXES.get(suffix);
        return Optional.of(new Quantity(text, number.multiply(scale)));
    }

    /** Whether this quantity is more than {@code other}. */
    boolean exceeds(Quantity other) {
        return value.compareTo(other.value) > 0;
    }
}
