package dev.bundlectl.controller.reconcile;

import dev.bundlectl.plan.crdsafety.CrdSafetyMarks;
import dev.bundlectl.plan.upgrade.UpgradeSteps;

import java.util.List;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.InstallPlan;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.controller.api.BundleInstallPhase;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.api.ConditionType;
import dev.bundlectl.controller.api.InvalidSpecException;
import dev.bundlectl.controller.api.SpecReader;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Brings one BundleInstall to its desired state, level-based: every call starts from a fresh read of
 * the object and decides from what it finds, so running it twice, or after a crash half-way, does
 * the right thing. In order: finish a deletion (uninstall, then release the finalizer); make sure the
 * finalizer is there; plan; wait for approval if the plan is not approved; otherwise install, unless
 * the same plan is already installed for this generation and this is not a periodic resync (a resync
 * installs again, which re-applies whatever drifted). A walk along a catalog's channel takes one step
 * per reconcile ({@link Walk}): install the next hop, or look once at whether the hop installed last
 * runs and come back later; no reconcile waits for an operator.
 */
public final class Reconciler {

    /** The event reason of an install whose CRD updates would break stored objects, under the Warn policy. */
    static final String CRD_UPGRADE_WARNING = "CrdUpgradeWarning";

    private final BundleInstallClient objects;
    private final BundleInstaller installer;
    private final EventRecorder events;
    private final Clock clock;

    /**
     * @param objects reads and writes BundleInstalls
     * @param installer plans, installs and uninstalls bundles
     * @param events records events on the objects
     * @param clock stamps conditions and history
     */
    public Reconciler(BundleInstallClient objects, BundleInstaller installer, EventRecorder events, Clock clock) {
        this.objects = objects;
        this.installer = installer;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Reconciles the object {@code namespace/name}.
     *
     * @param resync whether this is the periodic resync rather than a change of the object
     */
    public ReconcileResult reconcile(String namespace, String name, boolean resync) {
        try {
            Optional<JsonNode> found = objects.get(namespace, name);
            if (found.isEmpty()) {
                return ReconcileResult.done();
            }
            JsonNode object = found.get();
            if (object.path("metadata").hasNonNull("deletionTimestamp")) {
                return finishDeletion(object);
            }
            if (!hasFinalizer(object)) {
                object = objects.addFinalizer(object);
            }
            return reconcileLive(object, resync);
        } catch (KubernetesClientException e) {
            // A 409 means someone changed the object since we read it: the next round reads it fresh.
            return ReconcileResult.retry(BundleInstallClient.isConflict(e) ? "conflict: the object changed"
                    : "API server: " + e.getCode() + " " + firstLine(e.getMessage()));
        }
    }

    private ReconcileResult reconcileLive(JsonNode object, boolean resync) {
        long generation = object.path("metadata").path("generation").asLong();
        String namespace = object.path("metadata").path("namespace").asText();
        String name = object.path("metadata").path("name").asText();
        JsonNode status = object.path("status");
        BundleInstallSpec spec;
        try {
            spec = SpecReader.read(object);
        } catch (InvalidSpecException e) {
            objects.writeStatus(object, failed(status, generation, "InvalidSpec", e.getMessage()).toJson());
            events.warning(object, "InvalidSpec", e.getMessage());
            return ReconcileResult.done();
        }
        PlannedBundle planned;
        try {
            planned = installer.plan(namespace, spec);
        } catch (ReconcileException e) {
            return planningFailed(object, generation, e);
        }
        // A walk along the channel under way for this generation (status.walk): a fresh plan that goes on
        // along its path is the plan approved for the whole walk, not a new one.
        Optional<Walk> walk = Walk.of(status).filter(underWay -> underWay.generation() == generation);
        boolean continuing = walk.isPresent() && walk.get().continuedBy(planned);
        String digest = continuing ? walk.get().planDigest() : PlanDigest.of(planned.plan(), planned.laterHops());
        Optional<FailedUpgrade> failedBefore = FailedUpgrade.of(status);
        PlannedBundle toInstall = planned;
        if (walk.isPresent() && walk.get().hopInFlight(planned.previous())) {
            // The hop installed last must run before the walk goes on, or is planned again (docs/controller.md,
            // "Following a channel"). A hop whose install failed waits out its back-off, as any failed upgrade.
            if (failedBefore.isPresent() && failedBefore.get().holdsBack(digest, generation, clock.instant())) {
                return ReconcileResult.done();
            }
            PlannedBundle hop;
            try {
                hop = installer.planHop(namespace, spec, walk.get().current().bundleImage());
            } catch (ReconcileException e) {
                return planningFailed(object, generation, e);
            }
            if (planned.previous().complete()) {
                Optional<ReconcileResult> notYet = lookAtHop(object, walk.get(), hop, planned, generation);
                if (notYet.isPresent()) {
                    return notYet.get();
                }
            } else {
                // Its install stopped half-way (the controller stopped): it is finished before anything else.
                toInstall = hop;
                continuing = true;
                digest = walk.get().planDigest();
            }
        }
        // What is installed already needs no approval; a new plan (a walk's whole path included) does.
        if (!ApprovalGate.mayInstall(spec, digest) && !upToDate(status, digest, generation)) {
            String message = ApprovalGate.waitingMessage(spec, name, namespace, digest);
            boolean newPlan = !digest.equals(status.path("planDigest").asText(null))
                    || !BundleInstallPhase.RequiresApproval.name().equals(status.path("phase").asText());
            // What the plan would change, for whoever approves it: worked out once per new plan.
            String diff = newPlan ? installer.diff(namespace, planned, StatusDocument.DIFF_BUDGET_BYTES).orElse(null)
                    : status.path("planDiff").asText(null);
            objects.writeStatus(object, document(status, generation)
                    .plan(planned.plan(), digest, planned.bundleImage(), planned.packageName())
                    .planDiff(diff)
                    .channel(planned.channel())
                    .walk(null)
                    .phase(BundleInstallPhase.RequiresApproval, message)
                    .condition(ConditionType.ApprovalRequired, true, "PlanNotApproved", message)
                    .condition(ConditionType.Progressing, false, "WaitingForApproval", "")
                    .condition(ConditionType.Installed, isInstalled(status), installedReason(status), "")
                    .condition(ConditionType.Failed, false, "PlanNotApproved", "")
                    .toJson());
            if (newPlan) {
                events.normal(object, "ApprovalRequired", message);
            }
            return ReconcileResult.done();
        }
        // A failed upgrade's plan waits out its back-off; a changed catalog or spec is another plan, tried at once.
        if (failedBefore.isPresent() && failedBefore.get().holdsBack(digest, generation, clock.instant())) {
            return ReconcileResult.done();
        }
        // An upgrade's removals wait for the new version to run (docs/semantics.md §9): once it does,
        // the installed plan is applied again, and what only the old version had goes.
        boolean removalsDue = upToDate(status, digest, generation) && !UpgradeSteps.removals(planned.plan()).isEmpty()
                && runningOrUnknown(planned, planned.plan()).map(running -> "True".equals(running.status()))
                        .orElse(false);
        if (!resync && upToDate(status, digest, generation) && !removalsDue) {
            // Installed; level-based: until the operator runs, look again each round. A catalog that
            // changed without changing the target (a newer version out of range) changes the standing.
            if (planned.channel() != null && !planned.channel().equals(ChannelStanding.of(status))) {
                object = objects.writeStatus(object, kept(status, generation).channel(planned.channel()).toJson());
            }
            return operatorRunning(status) ? ReconcileResult.done() : recheckRunning(object, planned);
        }
        // A resync of an installed plan repairs drift: the object stays Complete while it runs, rather
        // than flapping through Installing every period for whoever watches it.
        boolean repair = (resync || removalsDue) && upToDate(status, digest, generation);
        String from = InstalledVersions.current(status);
        // One hop of a walk per reconcile: the path, and the hop about to be installed, are written first,
        // so that a controller stopped during the install finds them (docs/controller.md).
        Walk walking = continuing ? walk.get().installing(toInstall, from)
                : toInstall.laterHops().isEmpty() ? null
                : Walk.start(digest, generation, from, InstalledVersions.target(toInstall), toInstall);
        JsonNode installing = repair ? object : objects.writeStatus(object, document(status, generation)
                .plan(toInstall.plan(), digest, toInstall.bundleImage(), toInstall.packageName())
                .channel(planned.channel())
                .walk(walking)
                .phase(BundleInstallPhase.Installing, "installing " + describe(toInstall) + (walking == null ? ""
                        : " (hop " + walking.hopNumber() + " of " + walking.hops() + ", " + walking.describe() + ")"))
                .condition(ConditionType.Progressing, true, "Installing", "")
                .condition(ConditionType.ApprovalRequired, false, "Approved", "")
                .condition(ConditionType.Installed, isInstalled(status), installedReason(status), "")
                .condition(ConditionType.Failed, false, "Installing", "")
                .toJson());
        String target = InstalledVersions.target(toInstall);
        // A hop's failure names the hop; the walk's events name where it started and where it ends.
        String to = walking != null ? toInstall.version() : target;
        boolean upgrade = !repair && from != null && to != null && !from.equals(to);
        if (upgrade && !continuing) {
            events.normal(installing, "UpgradeStarted", "upgrading " + toInstall.packageName() + " from " + from + " to "
                    + target + (toInstall.laterHops().isEmpty() ? "" : " in " + (toInstall.laterHops().size() + 1)
                            + " hops"));
        }
        if (!repair) {
            // The Warn policy installs a CRD update that would break stored objects, and says so here.
            CrdSafetyMarks.warned(toInstall.plan()).ifPresent(message -> events.warning(installing, CRD_UPGRADE_WARNING,
                    "CRD upgrade safety " + message));
        }
        InstalledBundle installed;
        try {
            installed = installer.install(namespace, toInstall);
        } catch (ReconcileException e) {
            String reason = e.reasonOr("InstallFailed");
            objects.writeStatus(installing, failed(installing.path("status"), generation, reason,
                    e.getMessage()).toJson());
            events.warning(installing, reason, e.getMessage());
            return e.retryable() ? ReconcileResult.retry(e.getMessage()) : ReconcileResult.done();
        }
        if (installed.complete() && walking != null && !walking.lastHop()) {
            return hopInstalled(installing, toInstall, installed.plan(), walking, generation, planned.channel());
        }
        // The end of a walk takes the digest the next round computes for what is now installed (its last
        // hop's plan), so that the walk, once done, is not asked to be approved again.
        String installedDigest = walking != null && installed.complete() ? PlanDigest.of(toInstall.plan()) : digest;
        StatusDocument done = document(installing.path("status"), generation)
                .plan(installed.plan(), installedDigest, toInstall.bundleImage(), toInstall.packageName());
        if (installed.complete()) {
            done.walk(null);
            Optional<PlanCondition> running = runningOrUnknown(toInstall, installed.plan());
            if (upgrade && running.filter(condition -> "False".equals(condition.status())).isPresent()) {
                return failUpgrade(installing, done, failedBefore, installedDigest, generation, from, to, running.get());
            }
            done.phase(BundleInstallPhase.Complete, installed.message())
                    .condition(ConditionType.Installed, true, "InstallComplete", installed.message())
                    .condition(ConditionType.Progressing, false, "InstallComplete", "")
                    .condition(ConditionType.Failed, false, "InstallComplete", "")
                    .condition(ConditionType.ApprovalRequired, false, "Approved", "")
                    .installed(toInstall.version(), toInstall.csvName())
                    .channel(planned.channel() == null ? null : planned.channel().installed(toInstall.version()))
                    .noFailedUpgrade();
            boolean runs = running.isEmpty() || "True".equals(running.get().status());
            if (runs) {
                done.upgradeFrom(null);
            } else if (upgrade) {
                done.upgradeFrom(from);
            }
            running.ifPresent(condition -> done.condition(ConditionType.OperatorRunning, condition.status(),
                    condition.reason(), condition.message()));
            objects.writeStatus(installing, done.toJson());
            if (upgrade) {
                String walkedFrom = walking != null ? walking.fromVersion() : from;
                events.normal(installing, "Upgraded", toInstall.packageName() + " upgraded from " + walkedFrom + " to "
                        + target + ": " + installed.message());
            } else if (!resync || !upToDate(status, digest, generation)) {
                events.normal(installing, "Installed", describe(toInstall) + ": " + installed.message());
            }
            return untilRunning(running);
        }
        if (upgrade) {
            return upgradeFailed(installing, done, FailedUpgrade.next(failedBefore, digest, generation, from, to,
                    clock.instant(), installed.message()));
        }
        done.phase(BundleInstallPhase.Failed, installed.message())
                .condition(ConditionType.Failed, true, "InstallFailed", installed.message())
                .condition(ConditionType.Progressing, false, "InstallFailed", "")
                .condition(ConditionType.Installed, false, "InstallFailed", "")
                .condition(ConditionType.ApprovalRequired, false, "Approved", "");
        objects.writeStatus(installing, done.toJson());
        events.warning(installing, "InstallFailed", installed.message());
        return ReconcileResult.retry(installed.message());
    }

    /** A plan that could not be made: phase Failed with the reason, tried again when that may help. */
    private ReconcileResult planningFailed(JsonNode object, long generation, ReconcileException e) {
        String reason = e.reasonOr("PlanningFailed");
        objects.writeStatus(object, failed(object.path("status"), generation, reason, e.getMessage()).toJson());
        events.warning(object, reason, e.getMessage());
        return e.retryable() ? ReconcileResult.retry(e.getMessage()) : ReconcileResult.done();
    }

    /**
     * One look at whether the hop a walk installed last runs ({@code hop}, that hop planned again; {@code
     * planned}, the plan from the spec). Nothing waits: a hop not running yet is looked at again after
     * {@link Walk#nextLook}, one OLM failed ends the walk as a failed upgrade.
     *
     * @return empty when the hop runs, and the walk goes on in this reconcile; otherwise how it ends
     */
    private Optional<ReconcileResult> lookAtHop(JsonNode object, Walk walk, PlannedBundle hop, PlannedBundle planned,
            long generation) {
        WalkHop current = walk.current();
        if (current.installedAt() == null) {
            // Its install ended, but the status never said so (the controller stopped in between): now it
            // does, and the next round looks. Nothing is installed again.
            return Optional.of(hopInstalled(object, hop, hop.plan(), walk, generation, planned.channel()));
        }
        Optional<PlanCondition> running = runningOrUnknown(hop, hop.plan());
        if (running.isEmpty() || "True".equals(running.get().status())) {
            return Optional.empty();
        }
        JsonNode status = object.path("status");
        if ("False".equals(running.get().status())) {
            // OLM failed the hop: the walk ends there, an upgrade that failed, held back under the digest of the
            // plan from this hop on (what the next round computes), so that a changed catalog or spec tries at once.
            return Optional.of(failUpgrade(object, document(status, generation).walk(null), FailedUpgrade.of(status),
                    PlanDigest.of(planned.plan(), planned.laterHops()), generation, current.fromVersion(),
                    current.describe(), running.get()));
        }
        PlanCondition condition = running.get();
        JsonNode before = conditionOf(status, ConditionType.OperatorRunning);
        // Only a change is written: a write is an event, and each event a reconcile.
        if (!sameCondition(before, condition)) {
            objects.writeStatus(object, asItIs(status, generation, BundleInstallPhase.Installing)
                    .condition(ConditionType.OperatorRunning, condition.status(), condition.reason(),
                            condition.message()).toJson());
        }
        return Optional.of(ReconcileResult.requeueAfter("waiting for " + current.csv() + " to run: " + condition.reason()
                + ": " + condition.message(), walk.nextLook(clock.instant())));
    }

    /**
     * A hop of a walk, not its last, was installed: phase Installing, the hop in the history under its own
     * plan's digest, the walk marked with when (the start of its looks' back-off), and an event. The next
     * reconcile looks at whether it runs: at once when it ran already, else after {@link Walk#nextLook}.
     */
    private ReconcileResult hopInstalled(JsonNode object, PlannedBundle hop, InstallPlan plan, Walk walk,
            long generation, ChannelStanding channel) {
        Instant now = clock.instant();
        Walk installed = walk.installed(now);
        Optional<PlanCondition> running = runningOrUnknown(hop, plan);
        String message = "installed " + describe(hop) + ", hop " + walk.hopNumber() + " of " + walk.hops() + " "
                + walk.describe() + "; the next hop follows once it runs";
        StatusDocument done = document(object.path("status"), generation)
                .plan(plan, walk.planDigest(), hop.bundleImage(), hop.packageName())
                .phase(BundleInstallPhase.Installing, message)
                .condition(ConditionType.Installed, true, "HopInstalled", message)
                .condition(ConditionType.Progressing, true, "WalkingChannel", "")
                .condition(ConditionType.Failed, false, "HopInstalled", "")
                .condition(ConditionType.ApprovalRequired, false, "Approved", "")
                .hopInstalled(hop.version(), hop.csvName(), PlanDigest.of(hop.plan()))
                .channel(channel == null ? null : channel.installed(hop.version()))
                .upgradeFrom(walk.current().fromVersion())
                .walk(installed)
                .noFailedUpgrade();
        running.ifPresent(condition -> done.condition(ConditionType.OperatorRunning, condition.status(),
                condition.reason(), condition.message()));
        JsonNode written = objects.writeStatus(object, done.toJson());
        events.normal(written, "HopInstalled", message);
        boolean runs = running.isEmpty() || "True".equals(running.get().status());
        return ReconcileResult.requeueAfter(runs ? describe(hop) + " runs" : "waiting for " + describe(hop) + " to run",
                runs ? Duration.ZERO : installed.nextLook(now));
    }

    private ReconcileResult finishDeletion(JsonNode object) {
        if (!hasFinalizer(object)) {
            return ReconcileResult.done();
        }
        // The package is recorded as soon as a plan exists, so a delete during an install still uninstalls.
        String packageName = object.path("status").path("packageName").asText(null);
        if (packageName != null) {
            String serviceAccount = object.path("spec").path("serviceAccountName").asText(null);
            try {
                String summary = installer.uninstall(object.path("metadata").path("namespace").asText(), packageName,
                        serviceAccount == null || serviceAccount.isEmpty() ? null : serviceAccount,
                        StatusDocument.appliedObjects(object.path("status")));
                events.normal(object, "Uninstalled", summary);
            } catch (ReconcileException e) {
                // The finalizer stays: whatever keeps the uninstall from running, deleting the object must not
                // leave what it installed behind unnoticed.
                String reason = e.reasonOr("UninstallFailed");
                objects.writeStatus(object, failed(object.path("status"), object.path("metadata").path("generation")
                        .asLong(), reason, e.getMessage()).toJson());
                events.warning(object, reason, e.getMessage());
                return ReconcileResult.retry(e.getMessage());
            }
        }
        objects.removeFinalizer(object);
        return ReconcileResult.done();
    }

    private StatusDocument document(JsonNode status, long generation) {
        return new StatusDocument(status, generation, clock.instant());
    }

    private StatusDocument failed(JsonNode status, long generation, String reason, String message) {
        return document(status, generation).phase(BundleInstallPhase.Failed, message)
                .condition(ConditionType.Failed, true, reason, message)
                .condition(ConditionType.Progressing, false, reason, "")
                .condition(ConditionType.Installed, isInstalled(status), installedReason(status), "")
                .condition(ConditionType.ApprovalRequired, false, reason, "");
    }

    /**
     * The installed plan is up to date but its operator did not run when last seen: only the
     * {@code OperatorRunning} condition is looked at again and rewritten; nothing is applied.
     */
    private ReconcileResult recheckRunning(JsonNode object, PlannedBundle planned) {
        Optional<PlanCondition> running = runningOrUnknown(planned, planned.plan());
        if (running.isEmpty()) {
            return ReconcileResult.done();
        }
        JsonNode status = object.path("status");
        String digest = status.path("planDigest").asText(null);
        String from = status.path("upgradeFrom").asText(null);
        String to = InstalledVersions.current(status);
        if ("False".equals(running.get().status()) && from != null && to != null && !from.equals(to)) {
            long generation = object.path("metadata").path("generation").asLong();
            return failUpgrade(object, document(status, generation), FailedUpgrade.of(status), digest, generation, from,
                    to, running.get());
        }
        StatusDocument document = kept(status, object.path("metadata").path("generation").asLong())
                .condition(ConditionType.OperatorRunning, running.get().status(), running.get().reason(),
                        running.get().message());
        if ("True".equals(running.get().status())) {
            document.upgradeFrom(null);
        }
        JsonNode written = objects.writeStatus(object, document.toJson());
        if ("True".equals(running.get().status())) {
            events.normal(written, "OperatorRunning", running.get().message());
        }
        return untilRunning(running);
    }

    /**
     * The new version's operator failed (OLM put its CSV in {@code Failed}): the upgrade failed. The
     * version before keeps running, since what only it had is removed only once the new one runs
     * (docs/semantics.md §9), and OLM keeps a replaced CSV until its successor succeeds. The plan is
     * held back for {@link FailedUpgrade#backoff}, or until the catalog or the spec changes.
     */
    private ReconcileResult failUpgrade(JsonNode object, StatusDocument document, Optional<FailedUpgrade> before,
            String digest, long generation, String from, String to, PlanCondition running) {
        document.condition(ConditionType.OperatorRunning, running.status(), running.reason(), running.message());
        return upgradeFailed(object, document, FailedUpgrade.next(before, digest, generation, from, to,
                clock.instant(), "the operator of " + to + " does not run: " + running.reason() + ": "
                        + running.message()));
    }

    /**
     * Writes a failed upgrade, whichever way it failed: phase Failed with reason UpgradeFailed, the
     * version before as the installed one, {@code status.lastFailedUpgrade} (its back-off), and the
     * UpgradeFailed event.
     */
    private ReconcileResult upgradeFailed(JsonNode object, StatusDocument document, FailedUpgrade failed) {
        JsonNode status = object.path("status");
        ChannelStanding standing = ChannelStanding.of(status);
        document.phase(BundleInstallPhase.Failed, failed.describe())
                .condition(ConditionType.Failed, true, "UpgradeFailed", failed.describe())
                .condition(ConditionType.Progressing, false, "UpgradeFailed", "")
                .condition(ConditionType.Installed, isInstalled(status), installedReason(status), "")
                .condition(ConditionType.ApprovalRequired, false, "Approved", "")
                .channel(standing == null ? null : standing.installed(failed.fromVersion()))
                .upgradeFrom(null)
                .failedUpgrade(failed);
        objects.writeStatus(object, document.toJson());
        events.warning(object, "UpgradeFailed", failed.describe());
        return ReconcileResult.done();
    }

    /**
     * The status of an installed, up-to-date object as it is: phase Complete with its message, and its
     * conditions; the caller changes what it looked at again.
     */
    private StatusDocument kept(JsonNode status, long generation) {
        return asItIs(status, generation, BundleInstallPhase.Complete);
    }

    /** The status as it is, in {@code phase} with its message, and its conditions; the caller changes what it looked at again. */
    private StatusDocument asItIs(JsonNode status, long generation, BundleInstallPhase phase) {
        StatusDocument document = document(status, generation).phase(phase, status.path("message").asText(null));
        for (ConditionType kept : List.of(ConditionType.Installed, ConditionType.Progressing, ConditionType.Failed,
                ConditionType.ApprovalRequired, ConditionType.OperatorRunning)) {
            JsonNode old = conditionOf(status, kept);
            // The four of every write are always named; OperatorRunning only once it was looked at.
            if (kept != ConditionType.OperatorRunning || !old.isMissingNode()) {
                document.condition(kept, old.path("status").asText("Unknown"), old.path("reason").asText(""),
                        old.path("message").asText(""));
            }
        }
        return document;
    }

    /** The operator's condition; Unknown (not a failure of the reconcile) when the cluster cannot say. */
    private Optional<PlanCondition> runningOrUnknown(PlannedBundle planned, InstallPlan plan) {
        try {
            return installer.running(planned, plan);
        } catch (ReconcileException e) {
            return Optional.of(new PlanCondition(ConditionType.OperatorRunning.name(), "Unknown", "CheckFailed",
                    e.getMessage(), null));
        }
    }

    /** Done once the operator runs (or the plan runs nothing); otherwise look again later. */
    private static ReconcileResult untilRunning(Optional<PlanCondition> running) {
        return running.isEmpty() || "True".equals(running.get().status()) ? ReconcileResult.done()
                : ReconcileResult.retry("waiting for the operator to run: " + running.get().reason() + ": "
                        + running.get().message());
    }

    private static boolean operatorRunning(JsonNode status) {
        JsonNode condition = conditionOf(status, ConditionType.OperatorRunning);
        return condition.isMissingNode() || "True".equals(condition.path("status").asText());
    }

    /** Whether a status's condition already says what {@code now} says (a missing text counts as empty). */
    private static boolean sameCondition(JsonNode before, PlanCondition now) {
        return before.path("status").asText("").equals(Objects.toString(now.status(), ""))
                && before.path("reason").asText("").equals(Objects.toString(now.reason(), ""))
                && before.path("message").asText("").equals(Objects.toString(now.message(), ""));
    }

    private static JsonNode conditionOf(JsonNode status, ConditionType type) {
        for (JsonNode condition : status.path("conditions")) {
            if (type.name().equals(condition.path("type").asText())) {
                return condition;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static boolean upToDate(JsonNode status, String digest, long generation) {
        return BundleInstallPhase.Complete.name().equals(status.path("phase").asText())
                && digest.equals(status.path("planDigest").asText())
                && status.path("observedGeneration").asLong(-1) == generation;
    }

    private static boolean isInstalled(JsonNode status) {
        for (JsonNode condition : status.path("conditions")) {
            if (ConditionType.Installed.name().equals(condition.path("type").asText())) {
                return "True".equals(condition.path("status").asText());
            }
        }
        return false;
    }

    private static String installedReason(JsonNode status) {
        return isInstalled(status) ? "InstallComplete" : "NotInstalled";
    }

    private static boolean hasFinalizer(JsonNode object) {
        for (JsonNode finalizer : object.path("metadata").path("finalizers")) {
            if (BundleInstallKind.FINALIZER.equals(finalizer.asText())) {
                return true;
            }
        }
        return false;
    }

    private static String describe(PlannedBundle planned) {
        return planned.csvName() != null ? planned.csvName() : planned.packageName();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
