package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.controller.api.BundleInstallPhase;
import dev.bundlectl.controller.api.ConditionType;
import dev.bundlectl.controller.api.HistoryEntry;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a BundleInstall's {@code status} from the previous one: each write states the whole status,
 * and a condition keeps its {@code lastTransitionTime} while its status stays the same.
 */
public final class StatusDocument {

    /** Above this many bytes of plan, manifests are replaced by their digests (etcd refuses ~1.5 MiB objects). */
    static final int PLAN_BUDGET_BYTES = 512 * 1024;
    private static final ObjectMapper JSON = Mappers.planJson();

    /** The most a plan's diff for approval may take of the status; the rest is cut with a note. */
    public static final int DIFF_BUDGET_BYTES = 64 * 1024;

    private final JsonNode previous;
    private final long generation;
    private final Instant now;
    private BundleInstallPhase phase;
    private String message;
    private String planDigest;
    private String bundleImage;
    private String packageName;
    private ArrayNode plan;
    private final Map<ConditionType, String[]> conditions = new EnumMap<>(ConditionType.class);
    private HistoryEntry installed;
    private ChannelStanding channel;
    private JsonNode failedUpgrade;
    private String upgradeFrom;
    private String planDiff;
    /** A hop of a walk along a catalog's channel whose install ended Complete, with its own plan's digest. */
    private HistoryEntry hop;
    private Walk walk;

    /**
     * @param previous the object's current {@code status}, or a missing node
     * @param generation the {@code metadata.generation} this status answers
     * @param now the time to stamp on changed conditions
     */
    public StatusDocument(JsonNode previous, long generation, Instant now) {
        this.previous = previous == null ? JsonNodeFactory.instance.missingNode() : previous;
        this.generation = generation;
        this.now = now;
        this.planDigest = text(this.previous, "planDigest");
        this.bundleImage = text(this.previous, "bundleImage");
        this.packageName = text(this.previous, "packageName");
        this.plan = this.previous.path("plan").isArray() ? (ArrayNode) this.previous.get("plan").deepCopy() : null;
        this.channel = ChannelStanding.of(this.previous);
        this.upgradeFrom = text(this.previous, "upgradeFrom");
        this.failedUpgrade = this.previous.hasNonNull("lastFailedUpgrade") ? this.previous.get("lastFailedUpgrade").deepCopy()
                : null;
        this.walk = Walk.of(this.previous).orElse(null);
    }

    /**
     * The walk along a catalog's channel under way ({@code status.walk}), or null once it ended; kept
     * from the previous status unless set, so that a failed step (a lock held, say) leaves it in place.
     */
    public StatusDocument walk(Walk underWay) {
        this.walk = underWay;
        return this;
    }

    /** The upgrade that failed last ({@code status.lastFailedUpgrade}); kept from the previous status unless set. */
    public StatusDocument failedUpgrade(FailedUpgrade failed) {
        this.failedUpgrade = failed.toJson();
        return this;
    }

    /**
     * The version an upgrade left whose new operator has not been seen running yet
     * ({@code status.upgradeFrom}), or null once it runs; kept from the previous status unless set.
     */
    public StatusDocument upgradeFrom(String version) {
        this.upgradeFrom = version;
        return this;
    }

    /**
     * What the plan waiting for approval would change ({@code status.planDiff}, a unified diff);
     * written only with it, so that it goes once the plan is approved or replaced.
     */
    public StatusDocument planDiff(String diff) {
        this.planDiff = diff;
        return this;
    }

    /** An install that succeeded: no failed upgrade holds anything back any more. */
    public StatusDocument noFailedUpgrade() {
        this.failedUpgrade = null;
        return this;
    }

    /**
     * Where the install stands on its catalog's channel: {@code installedVersion}, {@code latestVersion},
     * {@code targetVersion} and the {@code UpgradeAvailable} and {@code UpgradeBlocked} conditions;
     * kept from the previous status unless set. Null (a source that is no catalog) keeps it.
     */
    public StatusDocument channel(ChannelStanding standing) {
        if (standing != null) {
            this.channel = standing;
        }
        return this;
    }

    /** The phase and its one-line message. */
    public StatusDocument phase(BundleInstallPhase newPhase, String newMessage) {
        this.phase = newPhase;
        this.message = newMessage;
        return this;
    }

    /**
     * The plan shown in the status (Secret values redacted), its digest, the bundle image and the
     * package, which a later uninstall needs even if the install never finished.
     */
    public StatusDocument plan(InstallPlan newPlan, String digest, String image, String bundlePackage) {
        this.plan = stepsOf(newPlan);
        this.planDigest = digest;
        this.bundleImage = image;
        this.packageName = bundlePackage;
        return this;
    }

    /** One condition; those not set keep nothing from before, so every write names all four. */
    public StatusDocument condition(ConditionType type, boolean status, String reason, String conditionMessage) {
        conditions.put(type, new String[] {status ? "True" : "False", reason, conditionMessage});
        return this;
    }

    /** One condition whose status may also be {@code Unknown} (see {@link #condition(ConditionType, boolean, String, String)}). */
    public StatusDocument condition(ConditionType type, String status, String reason, String conditionMessage) {
        conditions.put(type, new String[] {status, reason, conditionMessage});
        return this;
    }

    /**
     * Records a hop of a walk along a catalog's channel in the history, under its own plan's digest
     * ({@code planDigest} is the whole walk's while it is under way).
     */
    public StatusDocument hopInstalled(String version, String csv, String hopDigest) {
        this.hop = new HistoryEntry(version, csv, hopDigest, now);
        return this;
    }

    /** Records a completed install of the current plan in the history (once: not again while it is the last entry). */
    public StatusDocument installed(String version, String csv) {
        this.installed = new HistoryEntry(version, csv, planDigest, now);
        return this;
    }

    /** The status as JSON. */
    public ObjectNode toJson() {
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("phase", phase.name());
        status.put("observedGeneration", generation);
        if (message != null) {
            status.put("message", message);
        }
        if (planDigest != null) {
            status.put("planDigest", planDigest);
        }
        if (bundleImage != null) {
            status.put("bundleImage", bundleImage);
        }
        if (packageName != null) {
            status.put("packageName", packageName);
        }
        if (plan != null) {
            status.set("plan", plan);
        }
        // The channel's two conditions are derived from the standing, so a second toJson writes the same.
        Map<ConditionType, String[]> all = new EnumMap<>(conditions);
        if (channel != null) {
            if (channel.installedVersion() != null) {
                status.put("installedVersion", channel.installedVersion());
            }
            status.put("latestVersion", channel.latestVersion());
            status.put("targetVersion", channel.targetVersion());
            all.put(ConditionType.UpgradeAvailable, channel.upgradeAvailable()
                    ? new String[] {"True", "NewerVersionInRange", channel.targetVersion() + " is available; "
                            + channel.installedVersion() + " is installed"}
                    : new String[] {"False", "UpToDate", ""});
            all.put(ConditionType.UpgradeBlocked, channel.blockedBecause() != null
                    ? new String[] {"True", "NewestVersionNotTarget", channel.blockedBecause()}
                    : new String[] {"False", "NewestVersionIsTarget", ""});
        }
        ArrayNode conditionList = status.putArray("conditions");
        for (Map.Entry<ConditionType, String[]> entry : all.entrySet()) {
            conditionList.add(condition(entry.getKey(), entry.getValue()));
        }
        status.set("history", history());
        if (planDiff != null) {
            status.put("planDiff", planDiff);
        }
        if (upgradeFrom != null) {
            status.put("upgradeFrom", upgradeFrom);
        }
        if (failedUpgrade != null) {
            status.set("lastFailedUpgrade", failedUpgrade);
        }
        if (walk != null) {
            status.set("walk", walk.toJson());
        }
        return status;
    }

    private ObjectNode condition(ConditionType type, String[] value) {
        ObjectNode condition = JsonNodeFactory.instance.objectNode();
        condition.put("type", type.name());
        condition.put("status", value[0]);
        condition.put("reason", value[1]);
        condition.put("message", value[2] == null ? "" : value[2]);
        condition.put("observedGeneration", generation);
        condition.put("lastTransitionTime", transitionTime(type, value[0]));
        return condition;
    }

    private String transitionTime(ConditionType type, String status) {
        for (JsonNode old : previous.path("conditions")) {
            if (type.name().equals(old.path("type").asText()) && status.equals(old.path("status").asText())
                    && old.hasNonNull("lastTransitionTime")) {
                return old.get("lastTransitionTime").asText();
            }
        }
        return now.toString();
    }

    private ArrayNode history() {
        List<JsonNode> entries = new ArrayList<>();
        previous.path("history").forEach(entries::add);
        ArrayNode history = JsonNodeFactory.instance.arrayNode();
        entries.forEach(entry -> history.add(entry.deepCopy()));
        List<HistoryEntry> added = new ArrayList<>();
        if (hop != null) {
            added.add(hop);
        }
        if (installed != null) {
            added.add(installed);
        }
        for (HistoryEntry entry : added) {
            // The same plan again is the last entry already; an earlier plan come back (a rollback) is a new entry.
            boolean again = !history.isEmpty()
                    && entry.planDigest().equals(history.get(history.size() - 1).path("planDigest").asText());
            if (!again) {
                history.add(entry.toJson());
            }
        }
        return history;
    }

    /**
     * The objects a status's plan says the install applied (every step but those not created), as
     * the uninstall knows them when the namespace's records are already gone (docs/semantics.md §8,
     * "When the namespace goes"); empty when the status holds no plan.
     */
    public static List<ObjectRef> appliedObjects(JsonNode status) {
        List<ObjectRef> applied = new ArrayList<>();
        for (JsonNode step : status.path("plan")) {
            JsonNode resource = step.path("resource");
            if ("NotCreated".equals(step.path("status").asText()) || !resource.hasNonNull("kind")
                    || !resource.hasNonNull("name")) {
                continue;
            }
            String namespace = resource.path("namespace").asText("");
            applied.add(new ObjectRef(resource.path("group").asText(""), resource.path("version").asText(),
                    resource.path("kind").asText(), namespace.isEmpty() ? null : namespace,
                    resource.path("name").asText()));
        }
        return applied;
    }

    private static ArrayNode stepsOf(InstallPlan plan) {
        try {
            JsonNode document = JSON.readTree(InstallPlanCodec.toJson(SecretRedaction.redact(plan)));
            ArrayNode steps = (ArrayNode) document.path("status").path("plan");
            if (document.toString().length() > PLAN_BUDGET_BYTES) {
                for (JsonNode step : steps) {
                    ObjectNode resource = (ObjectNode) step.path("resource");
                    String manifest = resource.path("manifest").asText();
                    resource.put("manifest", dev.bundlectl.plan.BundleDigest.ofManifests(List.of(manifest)));
                }
            }
            return steps;
        } catch (IOException e) {
            throw new UncheckedIOException("the plan codec wrote JSON it cannot read back", e);
        }
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }
}
