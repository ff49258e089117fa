package dev.bundlectl.plan.objects;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules the API server applies to {@code metadata.name}, with the messages of Kubernetes'
 * {@code apimachinery/pkg/util/validation} and {@code api/validation/path} packages, so that a
 * predicted rejection reads as the server's would.
 */
enum NameRule {

    /** {@code IsDNS1123Subdomain}: most kinds, every custom resource. */
    DNS1123_SUBDOMAIN(253, "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*",
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.',"
                    + " and must start and end with an alphanumeric character",
            "example.com"),

    /** {@code IsDNS1123Label}: Namespace names, and every {@code metadata.namespace}. */
    DNS1123_LABEL(63, "[a-z0-9]([-a-z0-9]*[a-z0-9])?",
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-',"
                    + " and must start and end with an alphanumeric character",
            "my-name", "123-abc"),

    /** {@code IsDNS1035Label}: Service names, which become DNS labels and must not start with a digit. */
    DNS1035_LABEL(63, "[a-z]([-a-z0-9]*[a-z0-9])?",
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-',"
                    + " start with an alphabetic character, and end with an alphanumeric character",
            "my-name", "abc-123"),

    /** {@code IsValidPathSegmentName}: RBAC names, which only have to be usable as one URL path segment. */
    PATH_SEGMENT(0, null, null);

    private final int maxLength;
    private final Pattern pattern;
    private final String message;

    NameRule(int maxLength, String regex, String description, String... examples) {
        this.maxLength = maxLength;
        this.pattern = regex == null ? null : Pattern.compile(regex);
        this.message = regex == null ? null : regexError(description, regex, examples);
    }

    /** What is wrong with {@code name} under this rule, one message per problem; empty when valid. */
    List<String> problems(String name) {
        if (this == PATH_SEGMENT) {
            return pathSegmentProblems(name);
        }
        List<String> problems = new ArrayList<>(2);
        if (name.length() > maxLength) {
            problems.add("must be no more than " + maxLength + " characters");
        }
        if (!pattern.matcher(name).matches()) {
            problems.add(message);
        }
        return problems;
    }

    private static List<String> pathSegmentProblems(String name) {
        if (name.equals(".") || name.equals("..")) {
            return List.of("may not be '" + name + "'");
        }
        List<String> problems = new ArrayList<>(2);
        for (String forbidden : List.of("/", "%")) {
            if (name.contains(forbidden)) {
                problems.add("may not contain '" + forbidden + "'");
            }
        }
        return problems;
    }

    /** Kubernetes' {@code RegexError}, double space after each example's comma included. */
    static String regexError(String description, String regex, String... examples) {
        StringBuilder text = new StringBuilder(description).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                text.append(" or ");
            }
            text.append('\'').append(examples[i]).append("', ");
        }
        return text.append("regex used for validation is '").append(regex).append("')").toString();
    }
}
