package dev.bundlectl.executor.records;

import java.util.HashSet;

import dev.bundlectl.plan.upgrade.ObjectKey;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.OperatorConfigReader;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.upgrade.InstalledObject;
import dev.bundlectl.plan.upgrade.InstalledVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the latest install record of a target says for the next install of the same target: is
 * this the first install, which capabilities were enabled, and which objects were applied.
 * Seed 000 keeps applying what was applied once, so a manifest whose object an earlier install
 * applied implicitly enables its capabilities even if the object is gone now.
 */
public final class PreviousInstall {

    private static final Set<StepStatus> APPLIED = Set.of(StepStatus.CREATED, StepStatus.PRESENT);

    private final InstallRecord record;

    private PreviousInstall(InstallRecord record) {
        this.record = record;
    }

    /** The install that {@code record} describes; none when empty. */
    public static PreviousInstall of(Optional<InstallRecord> record) {
        return new PreviousInstall(Objects.requireNonNull(record, "record").orElse(null));
    }

    /** No earlier install. */
    public static PreviousInstall none() {
        return new PreviousInstall(null);
    }

    /** The record, if there was an earlier install. */
    public Optional<InstallRecord> record() {
        return Optional.ofNullable(record);
    }

    /**
     * What the earlier install installed, for deciding whether this install is an upgrade and
     * what it no longer has ({@code plan.upgrade}); empty for a first install.
     */
    public Optional<InstalledVersion> installedVersion() {
        if (record == null) {
            return Optional.empty();
        }
        List<InstalledObject> objects = new ArrayList<>();
        for (CreatedObject created : record.createdObjects()) {
            ObjectRef ref = created.object();
            objects.add(new InstalledObject(ref.group(), ref.version(), ref.kind(), ref.namespace(), ref.name(),
                    created.uid(), created.createdBy()));
        }
        // A removal that did not happen (the new version did not run yet, an earlier step failed) left
        // its step Unknown while the record still owns the object.
        Set<ObjectKey> pending = new HashSet<>();
        for (RecordedStep step : record.steps()) {
            ObjectRef ref = step.object();
            if (step.status() == StepStatus.UNKNOWN
                    && record.createdObjects().stream().anyMatch(owned -> owned.object().sameObjectAs(ref))) {
                pending.add(new ObjectKey(ref.group(), ref.kind(), ref.namespace(), ref.name()));
            }
        }
        return Optional.of(new InstalledVersion(record.packageName(), record.csvName(), record.csvVersion(),
                record.name(), objects, pending));
    }

    /**
     * The operator configuration the earlier install recorded, checked again as any configuration
     * is (a record is a Secret anyone with access may have edited); none when it recorded none.
     */
    public Optional<ConfigRead> config() {
        if (record == null || record.operatorConfig() == null) {
            return Optional.empty();
        }
        return Optional.of(OperatorConfigReader.of(record.operatorConfig(),
                new ConfigLocation("install record " + record.namespace() + "/" + record.name(), null,
                        "operatorConfig.")));
    }

    /** Whether no earlier install of the target is recorded. */
    public boolean firstInstall() {
        return record == null;
    }

    /** The capabilities the earlier install had enabled (implicit ones included), sorted; empty for none. */
    public Set<String> enabledCapabilities() {
        return record == null ? Set.of() : Collections.unmodifiableSet(new TreeSet<>(record.enabledCapabilities()));
    }

    /**
     * Whether the earlier install applied this manifest's object (its step ended {@code Created}
     * or {@code Present}).
     *
     * @param manifest the manifest
     * @param targetNamespace for a bundle, the install namespace: a record keeps one namespace's
     *     install, so any namespace matches; null for a payload, whose objects keep their own
     */
    public boolean applied(Manifest manifest, String targetNamespace) {
        if (record == null) {
            return false;
        }
        String namespace = manifest.namespace() == null || manifest.namespace().isBlank() ? null : manifest.namespace();
        return record.steps().stream().filter(step -> APPLIED.contains(step.status())).map(RecordedStep::object)
                .anyMatch(object -> object.group().equals(manifest.group()) && object.kind().equals(manifest.kind())
                        && object.name().equals(manifest.name())
                        && (targetNamespace != null || Objects.equals(object.namespace(), namespace)));
    }
}
