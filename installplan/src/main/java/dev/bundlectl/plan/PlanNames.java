package dev.bundlectl.plan;

import dev.bundlectl.bundle.objects.KubernetesNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Plan and namespace names: defaults and validation (Kubernetes DNS rules). */
public final class PlanNames {

    private static final int MAX_SUBDOMAIN = 253;
    private static final Pattern SUBDOMAIN = Pattern.compile(
            KubernetesNames.DNS_LABEL.pattern() + "(\\." + KubernetesNames.DNS_LABEL.pattern() + ")*");

    private PlanNames() {
    }

    /**
     * {@code install-<csv name>}, made a valid DNS subdomain: lower case, characters outside
     * {@code [a-z0-9.-]} become {@code -}, empty labels are dropped, at most 253 characters.
     * For example {@code etcdoperator.v0.9.4} gives {@code install-etcdoperator.v0.9.4}.
     */
    public static String defaultFor(String csvName) {
        List<String> labels = new ArrayList<>();
        for (String label : ("install-" + csvName).toLowerCase(Locale.ROOT).split("\\.")) {
            String cleaned = trimDashes(label.replaceAll("[^a-z0-9-]", "-").replaceAll("-{2,}", "-"));
            if (!cleaned.isEmpty()) {
                labels.add(cleaned.length() > KubernetesNames.MAX_LABEL
                        ? trimDashes(cleaned.substring(0, KubernetesNames.MAX_LABEL)) : cleaned);
            }
        }
        String name = String.join(".", labels);
        if (name.length() > MAX_SUBDOMAIN) {
            name = name.substring(0, MAX_SUBDOMAIN);
        }
        return trimDashes(name.replaceAll("[.-]+$", ""));
    }

    /** Why this is not a valid plan name (a DNS subdomain), or empty when it is. */
    public static Optional<String> planNameProblem(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("plan name is empty");
        }
        if (name.length() > MAX_SUBDOMAIN) {
            return Optional.of("plan name \"" + name + "\" is longer than " + MAX_SUBDOMAIN + " characters");
        }
        if (!SUBDOMAIN.matcher(name).matches()) {
            return Optional.of("plan name \"" + name + "\" is not a DNS subdomain: use lower-case letters, "
                    + "digits, '-' and '.', starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /** Why this is not a valid namespace name (a DNS label), or empty when it is. */
    public static Optional<String> namespaceProblem(String namespace) {
        return KubernetesNames.namespaceProblem(namespace);
    }

    private static String trimDashes(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && text.charAt(start) == '-') {
            start++;
        }
        while (end > start && text.charAt(end - 1) == '-') {
            end--;
        }
        return text.substring(start, end);
    }
}
