package dev.bundlectl.executor.ownership;

import dev.bundlectl.executor.records.RecordSecret;
import dev.bundlectl.executor.records.RecordSecrets;
import dev.bundlectl.render.RenderLabels;
import java.util.List;
import java.util.Objects;

/**
 * What one owner namespace holds, as far as owner marks care: whether it exists and the install
 * records in it (undecoded), or why that could not be read.
 *
 * @param namespace the namespace
 * @param departed why it counts as gone (it does not exist, or is being deleted), or null while it lives
 * @param records its install records' Secrets; empty when it departed; null when unreadable
 * @param unreadable why the namespace or its records could not be read, or null
 */
record NamespaceHolding(String namespace, String departed, List<RecordSecret> records, String unreadable) {

    NamespaceHolding {
        Objects.requireNonNull(namespace, "namespace");
        records = records == null ? null : List.copyOf(records);
    }

    static NamespaceHolding missing(String namespace) {
        return new NamespaceHolding(namespace, "namespace " + namespace + " no longer exists", List.of(), null);
    }

    /**
     * A namespace being deleted: everything in it, its records included, is going, and no install
     * can be made there any more, so its installs own nothing outside it.
     */
    static NamespaceHolding deleting(String namespace) {
        return new NamespaceHolding(namespace, "namespace " + namespace + " is being deleted", List.of(), null);
    }

    static NamespaceHolding holding(String namespace, List<RecordSecret> records) {
        return new NamespaceHolding(namespace, null, records, null);
    }

    static NamespaceHolding unreadable(String namespace, String why) {
        return new NamespaceHolding(namespace, null, null, why);
    }

    /**
     * The standing of {@code packageName}'s install here: gone when the namespace does not exist or
     * is being deleted, or exists and holds no record of the package (it was deleted and made again, or the records
     * were removed by hand), unknown when that could not be read.
     */
    OwnerStanding standingOf(String packageName) {
        if (departed != null) {
            return new OwnerStanding.Gone(departed);
        }
        if (records == null) {
            return new OwnerStanding.Unknown(unreadable);
        }
        return records.stream().anyMatch(secret -> RecordSecrets.isRecordOf(secret, packageName))
                ? new OwnerStanding.Present()
                : new OwnerStanding.Gone("namespace " + namespace + " holds no install record of " + packageName);
    }

    /**
     * The standing of the operator a rendered object's labels name (an object an earlier release
     * wrote without marks): its namespace, and a record whose CSV the label names.
     *
     * @param csvLabel the {@code bundlectl.dev/csv} label, or null: any record of the namespace
     */
    OwnerStanding standingOfOperator(String csvLabel) {
        if (departed != null) {
            return new OwnerStanding.Gone(departed);
        }
        if (records == null) {
            return new OwnerStanding.Unknown(unreadable);
        }
        boolean recorded = records.stream().anyMatch(secret -> {
            String csv = secret.annotation(RecordSecrets.ANNOTATION_CSV);
            return csvLabel == null || csv != null && RenderLabels.csvLabel(csv).equals(csvLabel);
        });
        return recorded ? new OwnerStanding.Present() : new OwnerStanding.Gone("namespace " + namespace
                + " holds no install record of " + (csvLabel == null ? "any package" : "the operator " + csvLabel));
    }
}
