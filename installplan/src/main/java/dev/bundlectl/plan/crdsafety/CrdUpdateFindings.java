package dev.bundlectl.plan.crdsafety;

import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the CRD updates of one install would break, CRD by CRD.
 *
 * @param compared each CRD that exists and that the install changes, with what replacing it would
 *     break (an empty list: nothing), in plan order
 * @param unread each CRD whose old version could not be read, with why; judged by nothing here
 *     (the install's own check before it writes the CRD still reads it)
 */
public record CrdUpdateFindings(List<CrdUpdate> compared, List<String> unread) {

    /** No CRD update at all: a first install of its CRDs, or CRDs as the last install left them. */
    public static final CrdUpdateFindings NONE = new CrdUpdateFindings(List.of(), List.of());

    public CrdUpdateFindings {
        compared = List.copyOf(compared);
        unread = List.copyOf(unread);
    }

    /**
     * One CRD update.
     *
     * @param crd the CRD's name
     * @param findings what it would break; empty when nothing
     */
    public record CrdUpdate(String crd, List<UpgradeFinding> findings) {
        public CrdUpdate {
            Objects.requireNonNull(crd, "crd");
            findings = List.copyOf(findings);
        }
    }

    /** Every finding, CRD by CRD. */
    public List<UpgradeFinding> findings() {
        List<UpgradeFinding> all = new ArrayList<>();
        compared.forEach(update -> all.addAll(update.findings()));
        return all;
    }

    /** Whether any update would break anything. */
    public boolean anyFinding() {
        return compared.stream().anyMatch(update -> !update.findings().isEmpty());
    }

    /** These findings and {@code more}'s, as one install's. */
    public CrdUpdateFindings plus(CrdUpdateFindings more) {
        List<CrdUpdate> updates = new ArrayList<>(compared);
        updates.addAll(more.compared);
        List<String> unreadToo = new ArrayList<>(unread);
        unreadToo.addAll(more.unread);
        return new CrdUpdateFindings(updates, unreadToo);
    }
}
