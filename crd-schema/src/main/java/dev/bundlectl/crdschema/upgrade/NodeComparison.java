package dev.bundlectl.crdschema.upgrade;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares one field's old and new {@link NodeShape}, check by check, in the order of
 * {@link UpgradeCheck}. What each check calls breaking follows crdify as OLM v1 configures it
 * (docs/semantics.md §9): an enum may gain values but not lose them, a bound may loosen but not
 * tighten or appear, a pattern or a default may not change at all, nullable neither way; and any
 * other key that changed is {@link UpgradeCheck#UNHANDLED}, as OLM v1 refuses what no check judges.
 */
final class NodeComparison {

    private final String crd;
    private final String version;
    private final String field;
    private final List<UpgradeFinding> findings;

    private NodeComparison(String crd, String version, String field, List<UpgradeFinding> findings) {
        this.crd = crd;
        this.version = version;
        this.field = field;
        this.findings = findings;
    }

    /** Adds to {@code findings} what changing {@code old} into {@code updated} at {@code field} breaks. */
    static void compare(String crd, String version, String field, NodeShape old, NodeShape updated,
            List<UpgradeFinding> findings) {
        new NodeComparison(crd, version, field, findings).compare(old, updated);
    }

    private void compare(NodeShape old, NodeShape updated) {
        if (!old.type().equals(updated.type())) {
            found(UpgradeCheck.TYPE, "changed", quoted(old.type()), quoted(updated.type()));
        }
        List<String> newlyRequired = new ArrayList<>(new LinkedHashSet<>(updated.required()));
        newlyRequired.removeAll(old.required());
        if (!newlyRequired.isEmpty()) {
            found(UpgradeCheck.REQUIRED, "added: " + String.join(", ", newlyRequired), texts(old.required()),
                    texts(updated.required()));
        }
        defaults(old.defaultValue(), updated.defaultValue());
        enums(old.enumValues(), updated.enumValues());
        for (UpgradeCheck bound : UpgradeCheck.values()) {
            if (bound.isBound()) {
                bound(bound, old.bounds().get(bound), updated.bounds().get(bound));
            }
        }
        pattern(old.pattern(), updated.pattern());
        if (old.nullable() != updated.nullable()) {
            found(UpgradeCheck.NULLABLE, updated.nullable() ? "added" : "removed", Boolean.toString(old.nullable()),
                    Boolean.toString(updated.nullable()));
        }
        oneOf(old.oneOf(), updated.oneOf());
        unhandled(old.other(), updated.other());
    }

    private void defaults(String old, String updated) {
        if (Objects.equals(old, updated)) {
            return;
        }
        found(UpgradeCheck.DEFAULT, old == null ? "added" : updated == null ? "removed" : "changed", old, updated);
    }

    private void enums(List<String> old, List<String> updated) {
        if (updated.isEmpty()) {
            // No enum now: every value the old one allowed is still allowed.
            return;
        }
        if (old.isEmpty()) {
            found(UpgradeCheck.ENUM, "added", null, CanonicalJson.list(updated));
            return;
        }
        Set<String> removed = new LinkedHashSet<>(old);
        removed.removeAll(new java.util.HashSet<>(updated));
        if (!removed.isEmpty()) {
            found(UpgradeCheck.ENUM, "values removed: " + String.join(", ", removed), CanonicalJson.list(old),
                    CanonicalJson.list(updated));
        }
    }

    /** A bound added where there was none, or moved inwards. */
    private void bound(UpgradeCheck bound, String old, String updated) {
        if (updated == null || updated.equals(old)) {
            return;
        }
        if (old == null) {
            found(bound, "added", null, updated);
            return;
        }
        int moved = new BigDecimal(updated).compareTo(new BigDecimal(old));
        if (bound.boundsFromAbove() ? moved < 0 : moved > 0) {
            found(bound, bound.boundsFromAbove() ? "lowered" : "raised", old, updated);
        }
    }

    private void pattern(String old, String updated) {
        if (Objects.equals(old, updated)) {
            return;
        }
        found(UpgradeCheck.PATTERN, old == null ? "added" : updated == null ? "removed" : "changed",
                old == null ? null : quoted(old), updated == null ? null : quoted(updated));
    }

    private void oneOf(List<String> old, List<String> updated) {
        if (old.equals(updated)) {
            return;
        }
        String change;
        if (old.isEmpty()) {
            change = "added";
        } else if (updated.isEmpty()) {
            change = "removed";
        } else {
            long removed = old.stream().filter(member -> !updated.contains(member)).count();
            long added = updated.stream().filter(member -> !old.contains(member)).count();
            change = removed > 0 ? removed + " member(s) removed" : added > 0 ? added + " member(s) added"
                    : "members reordered";
        }
        found(UpgradeCheck.ONE_OF, change, old.isEmpty() ? null : CanonicalJson.list(old),
                updated.isEmpty() ? null : CanonicalJson.list(updated));
    }

    private void unhandled(Map<String, String> old, Map<String, String> updated) {
        if (old.equals(updated)) {
            return;
        }
        Set<String> keys = new TreeSet<>(old.keySet());
        keys.addAll(updated.keySet());
        for (String key : keys) {
            String before = old.get(key);
            String after = updated.get(key);
            if (!Objects.equals(before, after)) {
                found(UpgradeCheck.UNHANDLED, key + (before == null ? " added" : after == null ? " removed"
                        : " changed"), before, after);
            }
        }
    }

    private void found(UpgradeCheck check, String change, String oldValue, String newValue) {
        findings.add(new UpgradeFinding(crd, version, field, check, change, oldValue, newValue));
    }

    private static String quoted(String text) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(text).toString();
    }

    private static String texts(List<String> texts) {
        List<String> quoted = texts.stream().map(NodeComparison::quoted).toList();
        return CanonicalJson.list(quoted);
    }
}
