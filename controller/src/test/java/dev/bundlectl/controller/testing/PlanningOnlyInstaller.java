package dev.bundlectl.controller.testing;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.reconcile.BundleInstaller;
import dev.bundlectl.controller.reconcile.InstalledBundle;
import dev.bundlectl.controller.reconcile.PlannedBundle;
import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link BundleInstaller} for tests of the controller's own logic (approval, finalizer, failover):
 * it plans a real bundle directory offline, and "installs" by marking every step Created, counting
 * calls, so that a test can see exactly how often the controller installed and uninstalled. The
 * bundle it plans can be switched, to stand for a new bundle version. Tests of real installs use the
 * real installer instead.
 */
public final class PlanningOnlyInstaller implements BundleInstaller {

    private final AtomicReference<Path> bundle;
    private final AtomicInteger installs = new AtomicInteger();
    private final AtomicInteger uninstalls = new AtomicInteger();
    private final List<String> installedDigests = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile CountDownLatch installGate = new CountDownLatch(0);
    private volatile CountDownLatch installStarted = new CountDownLatch(1);

    /** @param bundle the bundle directory planned at first */
    public PlanningOnlyInstaller(Path bundle) {
        this.bundle = new AtomicReference<>(bundle);
    }

    /** From now on, plans this bundle directory instead. */
    public void switchTo(Path newBundle) {
        bundle.set(newBundle);
    }

    /** Makes installs wait until {@link #releaseInstalls()} (to stand for a replica that hangs). */
    public void holdInstalls() {
        installGate = new CountDownLatch(1);
    }

    /** Lets held installs go on. */
    public void releaseInstalls() {
        installGate.countDown();
    }

    /** Waits until an install has started. */
    public boolean awaitInstallStarted(long seconds) throws InterruptedException {
        return installStarted.await(seconds, TimeUnit.SECONDS);
    }

    /** How many installs ran to the end. */
    public int installs() {
        return installs.get();
    }

    /** How many uninstalls ran. */
    public int uninstalls() {
        return uninstalls.get();
    }

    @Override
    public PlannedBundle plan(String namespace, BundleInstallSpec spec) {
        Path dir = bundle.get();
        var read = new BundleReader().read(dir);
        if (read.bundle().isEmpty()) {
            throw new ReconcileException(dir + ": not a valid bundle", false);
        }
        Bundle planned = read.bundle().get();
        var result = new InstallPlanner().plan(planned, PlanRequest.of(namespace, ApiSurfaces.builtIn(), dir.toString()));
        String csv = result.plan().spec().clusterServiceVersionNames().stream().findFirst().orElse(null);
        return new PlannedBundle(result.plan(), planned.packageName(), csv, null, null, dir);
    }

    /** The bundle it plans now, whatever the image: it stands for no catalog. */
    @Override
    public PlannedBundle planHop(String namespace, BundleInstallSpec spec, String bundleImage) {
        return plan(namespace, spec);
    }

    @Override
    public InstalledBundle install(String namespace, PlannedBundle planned) {
        installStarted.countDown();
        try {
            if (!installGate.await(120, TimeUnit.SECONDS)) {
                throw new ReconcileException("test install gate never opened", true);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReconcileException("interrupted", true);
        }
        List<Step> done = planned.plan().steps().stream()
                .map(step -> new Step(step.resolving(), step.resource(), step.optional(), StepStatus.CREATED,
                        step.message(), step.parent(), step.optionalBy()))
                .toList();
        InstallPlan plan = planned.plan().withStatus(new InstallPlan.Status(planned.plan().status().phase(),
                planned.plan().status().conditions(), done, null, null, "installed", null));
        installs.incrementAndGet();
        installedDigests.add(String.valueOf(planned.plan().metadata().name()));
        return new InstalledBundle(plan, true, done.size() + " steps created");
    }

    /** Nothing runs here: the plan is never applied to a cluster that runs an operator. */
    @Override
    public java.util.Optional<dev.bundlectl.plan.model.PlanCondition> running(PlannedBundle planned,
            dev.bundlectl.plan.model.InstallPlan installed) {
        return java.util.Optional.empty();
    }

    @Override
    public String uninstall(String namespace, String packageName, String serviceAccountName,
            java.util.List<dev.bundlectl.executor.records.ObjectRef> applied) {
        uninstalls.incrementAndGet();
        return "deleted what " + packageName + " created";
    }
}
