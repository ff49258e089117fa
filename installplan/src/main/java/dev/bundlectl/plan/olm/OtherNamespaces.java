package dev.bundlectl.plan.olm;

import java.util.List;
import java.util.Objects;

/**
 * What OLM's rules across namespaces look at beyond the install namespace (docs/semantics.md §6):
 * every OperatorGroup of the cluster, and the CSVs OLM copied into the install namespace from
 * operators that serve it. Read on a live cluster; offline, or where the user may not read them,
 * they are not known and the plan says what it assumed.
 */
public sealed interface OtherNamespaces permits OtherNamespaces.Read, OtherNamespaces.Unread {

    /** The reason given offline. */
    String OFFLINE = "offline";

    /** Not read: offline. */
    static OtherNamespaces offline() {
        return new Unread(OFFLINE);
    }

    /**
     * What the cluster answered.
     *
     * @param operatorGroups every OperatorGroup of the cluster, the install namespace's included
     * @param copies the CSVs OLM copied into the install namespace
     */
    record Read(List<ClusterOperatorGroup> operatorGroups, List<CopiedCsv> copies) implements OtherNamespaces {
        public Read {
            operatorGroups = List.copyOf(operatorGroups);
            copies = List.copyOf(copies);
        }
    }

    /**
     * Not read.
     *
     * @param why {@code offline}, or why the cluster did not say (a refused list)
     */
    record Unread(String why) implements OtherNamespaces {
        public Unread {
            Objects.requireNonNull(why, "why");
        }
    }
}
