package dev.bundlectl.controller.testing;

import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.reconcile.BundleInstaller;
import dev.bundlectl.controller.reconcile.ChannelStanding;
import dev.bundlectl.controller.reconcile.InstalledBundle;
import dev.bundlectl.controller.reconcile.PlannedBundle;
import dev.bundlectl.controller.reconcile.RecordedInstall;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link BundleInstaller} that stands for a catalog channel and the cluster's install record, for
 * tests of how the controller walks a channel (one hop per reconcile) and of where it may stop: it
 * plans as the real installer does (from the version the record names, one hop at a time along the
 * channel, the chosen version directly on a first install), "installs" by moving the record, and says
 * whether each version runs as the test tells it. An install can be made to stop once at a chosen
 * point, as a controller killed there would: nothing after that point happens, and the reconcile
 * ends with an unexpected error. The channel can change, as a catalog does.
 */
public final class WalkingInstaller implements BundleInstaller {

    /** Where an install stops, as a killed controller would. */
    public enum Stop {
        /** Before the install wrote anything: the record still names the version before. */
        BEFORE_RECORD,
        /** Half-way: the record names the version, its run not ended. */
        MID_INSTALL,
        /** After the install ended Complete, before the controller wrote the status. */
        AFTER_RECORD
    }

    private static final String PACKAGE = "walkbox-operator";

    private final Path work;
    private final Map<String, InstallPlan> plans = new ConcurrentHashMap<>();
    private final Map<String, String> running = new ConcurrentHashMap<>();
    private final Map<String, Stop> stops = new ConcurrentHashMap<>();
    private final Map<String, Integer> completed = new ConcurrentHashMap<>();
    private final Map<String, Integer> started = new ConcurrentHashMap<>();
    private final Map<String, Integer> looks = new ConcurrentHashMap<>();
    private final List<String> channel = new CopyOnWriteArrayList<>();
    private RecordedInstall recorded;

    /**
     * @param work where each version's bundle (the sample, changed so that each plan has its own digest) is written
     * @param versions the channel, oldest first; its last is the head, which the spec picks
     */
    public WalkingInstaller(Path work, List<String> versions) {
        this.work = work;
        channel.addAll(versions);
    }

    /** The channel now has {@code versions}, as a catalog that changed. */
    public void channel(List<String> versions) {
        channel.clear();
        channel.addAll(versions);
    }

    /** Version {@code version}'s operator now says {@code status} ({@code True}, {@code Unknown} or {@code False}); True until told. */
    public void runs(String version, String status) {
        running.put(version, status);
    }

    /** The next install of {@code version} stops at {@code where}. */
    public void stopOnce(String version, Stop where) {
        stops.put(version, where);
    }

    /** How many installs of {@code version} ended Complete. */
    public int completed(String version) {
        return completed.getOrDefault(version, 0);
    }

    /** How many installs of {@code version} started. */
    public int started(String version) {
        return started.getOrDefault(version, 0);
    }

    /** How many times the controller looked at whether {@code version} runs. */
    public int looks(String version) {
        return looks.getOrDefault(version, 0);
    }

    @Override
    public synchronized PlannedBundle plan(String namespace, BundleInstallSpec spec) {
        List<String> versions = List.copyOf(channel);
        String head = versions.get(versions.size() - 1);
        int from = recorded == null ? -1 : versions.indexOf(recorded.version());
        if (from < 0 || from == versions.size() - 1) {
            // A first install takes the choice directly, as does the installed version planned again.
            return planned(namespace, head, List.of(), head);
        }
        List<String> path = versions.subList(from + 1, versions.size());
        return planned(namespace, path.get(0), path.subList(1, path.size()), head);
    }

    @Override
    public synchronized PlannedBundle planHop(String namespace, BundleInstallSpec spec, String bundleImage) {
        String version = bundleImage.substring(0, bundleImage.indexOf('@'));
        version = version.substring(version.lastIndexOf(':') + 1);
        PlannedBundle hop = planned(namespace, version, List.of(), version);
        return new PlannedBundle(hop.plan(), hop.packageName(), hop.csvName(), hop.version(), hop.bundleImage(),
                hop.handle(), List.of(), null, null, recorded);
    }

    @Override
    public InstalledBundle install(String namespace, PlannedBundle planned) {
        String version = planned.version();
        started.merge(version, 1, Integer::sum);
        Stop stop = stops.remove(version);
        if (stop == Stop.BEFORE_RECORD) {
            throw new IllegalStateException("the controller stops before installing " + version + " (test)");
        }
        record(planned, false);
        if (stop == Stop.MID_INSTALL) {
            throw new IllegalStateException("the controller stops half-way through installing " + version + " (test)");
        }
        record(planned, true);
        completed.merge(version, 1, Integer::sum);
        if (stop == Stop.AFTER_RECORD) {
            throw new IllegalStateException("the controller stops after installing " + version + " (test)");
        }
        return new InstalledBundle(planned.plan(), true, "installed " + planned.csvName());
    }

    @Override
    public Optional<PlanCondition> running(PlannedBundle planned, InstallPlan installed) {
        looks.merge(planned.version(), 1, Integer::sum);
        String status = running.getOrDefault(planned.version(), "True");
        return Optional.of(new PlanCondition("OperatorRunning", status, "True".equals(status) ? "InstallSucceeded"
                : "False".equals(status) ? "InstallCheckFailed" : "InstallWaiting", "OLM says " + status,
                Instant.now().toString()));
    }

    @Override
    public String uninstall(String namespace, String packageName, String serviceAccountName, List<ObjectRef> applied) {
        return "nothing to uninstall";
    }

    private synchronized void record(PlannedBundle planned, boolean complete) {
        recorded = new RecordedInstall(planned.csvName(), planned.version(), complete);
    }

    /** Version {@code version} planned over what the record names, with {@code later} after it. */
    private PlannedBundle planned(String namespace, String version, List<String> later, String head) {
        return new PlannedBundle(plan(namespace, version), PACKAGE, csv(version), version, image(version) + "@pinned",
                version, later.stream().map(each -> PlannedBundle.hop(csv(each), image(each))).toList(),
                new ChannelStanding(recorded == null ? null : recorded.version(), head, head, null),
                PlannedBundle.hop(csv(version), image(version)), recorded);
    }

    /** The sample's plan, its defaults ConfigMap changed after the version: a plan, and a digest, of its own. */
    private InstallPlan plan(String namespace, String version) {
        return plans.computeIfAbsent(version, v -> {
            Path bundle = SampleBundles.changedCopy(work.resolve("v" + v), v);
            return new InstallPlanner().plan(new BundleReader().read(bundle).bundle().orElseThrow(),
                    PlanRequest.of(namespace, ApiSurfaces.builtIn(), bundle.toString())).plan();
        });
    }

    private static String csv(String version) {
        return PACKAGE + ".v" + version;
    }

    /** The catalog's image of {@code version}; its tag is the version, so that a hop's image names it. */
    private static String image(String version) {
        return "127.0.0.1:1/walkbox:" + version;
    }
}
