package dev.bundlectl.executor.records;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.review.PlanOptions;
import dev.bundlectl.plan.review.PlanOptionsAnnotation;
import dev.bundlectl.plan.upgrade.UpgradeEdges;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one install planned, created and deleted, as it is stored in the install namespace.
 *
 * @param formatVersion the record format; {@link #FORMAT_VERSION} for records written now
 * @param name the record name, which is also the Secret name ({@link RecordNames#recordName})
 * @param namespace the install namespace, where the record is kept
 * @param packageName the bundle's package
 * @param csvName the ClusterServiceVersion the plan installs, or null
 * @param planName the InstallPlan's {@code metadata.name}, or null
 * @param bundlePath the bundle directory or image, or null
 * @param bundleDigest a digest of the bundle, or null
 * @param dryRun whether the run was a dry run (then nothing was created)
 * @param startTime when the run started
 * @param completionTime when the run ended, or null while it runs
 * @param phase the plan phase when the record was saved
 * @param message the plan's summary message, or null
 * @param enabledCapabilities the capabilities that were enabled, sorted
 * @param implicitlyEnabledCapabilities the capabilities that were enabled only implicitly, sorted
 * @param steps the steps in plan order, with digests instead of manifest bodies
 * @param createdObjects the objects this install owns, in creation order
 * @param deletedObjects the objects this install deleted because their manifests asked for it, or
 *     because an upgrade's new bundle no longer had them
 * @param csvVersion the CSV's {@code spec.version}, or null (absent from records written before
 *     versions were kept, which still read)
 * @param versionHistory the versions of the package installed in the namespace, oldest first,
 *     this run last; empty in records written before the history was kept
 * @param lostObjects objects this install owned until another install took them over; empty in
 *     records written before installs had owners
 * @param operatorConfig the operator configuration the install put into the operator's Deployments
 *     (an OLM {@code SubscriptionConfig}, docs/semantics.md §10), which the next install keeps when
 *     given none; null when there was none (and in records written before configurations)
 * @param bundleSource the image the bundle came from and the digest it resolved to, as the plan's
 *     {@value PlanAnnotations#BUNDLE_SOURCE} annotation holds them ({@code {"reference": ...,
 *     "digest": ...}}), so that a rollback installs exactly that content again; null for a
 *     directory, and in records written before it was kept
 * @param planOptions the options that shaped the plan's steps, as its {@value PlanOptions#ANNOTATION}
 *     annotation holds them, so that a rollback plans the bundle as it was installed; null in records
 *     written before they were kept
 */
public record InstallRecord(
        int formatVersion,
        String name,
        String namespace,
        String packageName,
        String csvName,
        String planName,
        String bundlePath,
        String bundleDigest,
        boolean dryRun,
        Instant startTime,
        Instant completionTime,
        InstallPlanPhase phase,
        String message,
        List<String> enabledCapabilities,
        List<String> implicitlyEnabledCapabilities,
        List<RecordedStep> steps,
        List<CreatedObject> createdObjects,
        List<DeletedObject> deletedObjects,
        String csvVersion,
        List<VersionHistoryEntry> versionHistory,
        List<LostObject> lostObjects,
        JsonNode operatorConfig,
        String bundleSource,
        String planOptions) {

    /**
     * The format this version of bundlectl writes and the newest it reads. Fields added since
     * ({@code csvVersion}, {@code versionHistory}) keep format 1: an older bundlectl ignores them,
     * and a record without them reads with none.
     */
    public static final int FORMAT_VERSION = 1;


    public InstallRecord {
        if (formatVersion < 1) {
            throw new IllegalArgumentException("formatVersion must be at least 1, not " + formatVersion);
        }
        requirePresent(name, "name");
        requirePresent(namespace, "namespace");
        requirePresent(packageName, "packageName");
        requirePresent(startTime, "startTime");
        requirePresent(phase, "phase");
        enabledCapabilities = copy(enabledCapabilities);
        implicitlyEnabledCapabilities = copy(implicitlyEnabledCapabilities);
        steps = copy(steps);
        createdObjects = copy(createdObjects);
        deletedObjects = copy(deletedObjects);
        versionHistory = copy(versionHistory);
        lostObjects = copy(lostObjects);
        operatorConfig = operatorConfig == null || operatorConfig.isNull() || operatorConfig.isEmpty() ? null
                : operatorConfig.deepCopy();
    }

    /**
     * The record of a run of {@code plan}. Created objects that do not say which record created
     * them are attributed to this one.
     *
     * @param plan the plan with the statuses the run has reached
     * @param origin what the plan does not say about the run
     * @param createdObjects the objects the run owns (see {@link RecordInheritance} for objects an
     *     earlier install created)
     * @param deletedObjects the objects the run deleted
     * @throws IllegalArgumentException if the plan's {@code completionTime} is not an RFC 3339 time
     */
    public static InstallRecord fromPlan(InstallPlan plan, RecordOrigin origin, List<CreatedObject> createdObjects,
            List<DeletedObject> deletedObjects) {
        return fromPlan(plan, origin, createdObjects, deletedObjects, null);
    }

    /**
     * The record of a run of {@code plan} that follows {@code previous}: as
     * {@link #fromPlan(InstallPlan, RecordOrigin, List, List)}, with the version history carried
     * forward from the previous record of the package ({@link RecordInheritance#versionHistory}).
     *
     * @param previous the previous record of the package, or null
     */
    public static InstallRecord fromPlan(InstallPlan plan, RecordOrigin origin, List<CreatedObject> createdObjects,
            List<DeletedObject> deletedObjects, InstallRecord previous) {
        return fromPlan(plan, origin, createdObjects, deletedObjects, previous, Map.of());
    }

    /**
     * The record of a run of {@code plan}, as
     * {@link #fromPlan(InstallPlan, RecordOrigin, List, List, InstallRecord)}, with what each
     * step's server-side apply left ({@link RecordedStep#applied()}), so that the next run can tell
     * an object nobody has written since.
     *
     * @param applied by step index, from the run ({@code RunningPlan.appliedStates()})
     */
    public static InstallRecord fromPlan(InstallPlan plan, RecordOrigin origin, List<CreatedObject> createdObjects,
            List<DeletedObject> deletedObjects, InstallRecord previous, Map<Integer, AppliedState> applied) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(applied, "applied");
        Objects.requireNonNull(origin, "origin");
        String recordName = origin.recordName();
        InstallPlan.Status status = plan.status();
        CapabilitiesStatus capabilities = status.capabilities();
        List<RecordedStep> recordedSteps = new ArrayList<>(plan.steps().size());
        for (int index = 0; index < plan.steps().size(); index++) {
            Step step = plan.steps().get(index);
            // Only a step that ended applied vouches for the state; a failed one may not have been.
            boolean applies = step.status() == StepStatus.CREATED || step.status() == StepStatus.PRESENT;
            recordedSteps.add(RecordedStep.from(step, applies ? applied.get(index) : null));
        }
        List<CreatedObject> owned = new ArrayList<>();
        for (CreatedObject created : createdObjects == null ? List.<CreatedObject>of() : createdObjects) {
            owned.add(created.createdBy() != null ? created
                    : new CreatedObject(created.object(), created.resource(), created.uid(),
                            created.resourceVersion(), recordName, created.ownership()));
        }
        String csvName = csvName(plan);
        String csvVersion = UpgradeEdges.ofPlan(plan).filter(edges -> edges.csvName().equals(csvName))
                .map(UpgradeEdges::version).orElse(null);
        Map<String, String> annotations = plan.metadata().annotations();
        VersionHistoryEntry thisRun = new VersionHistoryEntry(csvName, csvVersion, origin.startTime(), status.phase(),
                recordName, annotations.get(PlanAnnotations.ROLLBACK_FROM));
        return new InstallRecord(FORMAT_VERSION, recordName, origin.namespace(), origin.packageName(),
                csvName, plan.metadata().name(), origin.bundlePath(), origin.bundleDigest(), origin.dryRun(),
                origin.startTime(), parseTime(status.completionTime(), "completionTime"), status.phase(),
                status.message(),
                capabilities == null ? List.of() : capabilities.enabledCapabilities(),
                capabilities == null ? List.of() : capabilities.implicitlyEnabledCapabilities(),
                recordedSteps, owned, deletedObjects, csvVersion,
                RecordInheritance.versionHistory(previous, thisRun), stillLost(previous, owned), operatorConfig(plan),
                annotations.get(PlanAnnotations.BUNDLE_SOURCE), annotations.get(PlanOptions.ANNOTATION));
    }

    /** What the previous record had lost and this one does not own again. */
    private static List<LostObject> stillLost(InstallRecord previous, List<CreatedObject> owned) {
        if (previous == null) {
            return List.of();
        }
        return previous.lostObjects().stream()
                .filter(lost -> owned.stream().noneMatch(o -> o.object().sameObjectAs(lost.object()))).toList();
    }

    /** This record with other steps; the codec uses it to shorten messages. */
    public InstallRecord withSteps(List<RecordedStep> newSteps) {
        return new InstallRecord(formatVersion, name, namespace, packageName, csvName, planName, bundlePath,
                bundleDigest, dryRun, startTime, completionTime, phase, message, enabledCapabilities,
                implicitlyEnabledCapabilities, newSteps, createdObjects, deletedObjects, csvVersion, versionHistory,
                lostObjects, operatorConfig, bundleSource, planOptions);
    }

    /**
     * This record once {@code lost} was taken over by another install: no longer among the objects
     * it owns, and listed as lost.
     */
    public InstallRecord withLost(LostObject lost) {
        List<CreatedObject> owned = new ArrayList<>(createdObjects);
        owned.removeIf(created -> created.object().sameObjectAs(lost.object()));
        List<LostObject> allLost = new ArrayList<>(lostObjects);
        allLost.removeIf(earlier -> earlier.object().sameObjectAs(lost.object()));
        allLost.add(lost);
        return new InstallRecord(formatVersion, name, namespace, packageName, csvName, planName, bundlePath,
                bundleDigest, dryRun, startTime, completionTime, phase, message, enabledCapabilities,
                implicitlyEnabledCapabilities, steps, owned, deletedObjects, csvVersion, versionHistory, allLost,
                operatorConfig, bundleSource, planOptions);
    }

    /**
     * The configuration the plan put into the operator's Deployments, from its recorded options;
     * null for none, or a plan without readable options (it was checked when it was planned).
     */
    private static JsonNode operatorConfig(InstallPlan plan) {
        String options = plan.metadata().annotations().get(PlanOptions.ANNOTATION);
        if (options == null) {
            return null;
        }
        try {
            OperatorConfig config = PlanOptionsAnnotation.read(options).config();
            return config == null || config.isEmpty() ? null : config.toJson();
        } catch (IllegalArgumentException unreadable) {
            return null;
        }
    }

    private static String csvName(InstallPlan plan) {
        List<String> names = plan.spec().clusterServiceVersionNames();
        if (!names.isEmpty()) {
            return names.get(0);
        }
        return plan.steps().stream()
                .filter(step -> GroupKind.CLUSTER_SERVICE_VERSION.hasKind(step.resource().kind()))
                .map(step -> step.resource().name())
                .findFirst()
                .orElse(null);
    }

    private static Instant parseTime(String value, String field) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("plan status." + field + " \"" + value + "\" is not an RFC 3339 time",
                    e);
        }
    }

    private static void requirePresent(Object value, String field) {
        if (value == null || (value instanceof String text && text.isBlank())) {
            throw new IllegalArgumentException("install record has no " + field);
        }
    }

    private static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}
