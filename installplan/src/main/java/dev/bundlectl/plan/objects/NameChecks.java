package dev.bundlectl.plan.objects;

import java.util.List;

/**
 * The API server's name, label and annotation-key rules, with its messages, for checks made outside
 * this package (an operator configuration's keys and names): one place holds each rule.
 */
public final class NameChecks {

    private NameChecks() {
    }

    /** {@code IsQualifiedName}: a label key, an annotation key, a taint or toleration key; empty when valid. */
    public static List<String> qualifiedName(String key) {
        return LabelsCheck.qualifiedNameProblems(key);
    }

    /** {@code IsValidLabelValue}; empty when valid. */
    public static List<String> labelValue(String value) {
        return LabelsCheck.labelValueProblems(value);
    }

    /** {@code IsDNS1123Label}: a volume's name, a namespace; empty when valid. */
    public static List<String> dns1123Label(String name) {
        return NameRule.DNS1123_LABEL.problems(name);
    }

    /** {@code IsDNS1123Subdomain}: the name of a ConfigMap or Secret a volume or variable refers to; empty when valid. */
    public static List<String> dns1123Subdomain(String name) {
        return NameRule.DNS1123_SUBDOMAIN.problems(name);
    }
}
