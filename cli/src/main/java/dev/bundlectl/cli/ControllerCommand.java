package dev.bundlectl.cli;

import dev.bundlectl.controller.collect.CollectionReporter;
import dev.bundlectl.controller.collect.PeriodicCollection;
import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.pipeline.PipelineInstaller;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.controller.reconcile.BundleInstallClient;
import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.controller.reconcile.Reconciler;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.controller.runtime.WhileLeading;
import dev.bundlectl.executor.gc.LeftoverCollector;
import dev.bundlectl.controller.collect.ControllerObject;
import java.util.List;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.connect.ClusterConnection;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import dev.bundlectl.controller.follow.SourceFollowing;
import dev.bundlectl.executor.ownership.RecentStandings;
import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.source.BundleSources;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl controller}: keep BundleInstall objects true until stopped. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "controller",
        sortOptions = false,
        description = "Run the BundleInstall controller: plan, wait for approval when asked, install, repair drift on "
                + "each resync, and uninstall when a BundleInstall is deleted. Runs until stopped (SIGTERM). "
                + "The CRD and RBAC are in deploy/.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} controller --namespace ops                     # one namespace, one replica",
            "  ${ROOT-COMMAND-NAME} controller --leader-elect --lease-namespace bundlectl-system",
            "  ${ROOT-COMMAND-NAME} controller --leader-elect --gc-interval 1h         # and collect what is left behind",
            "",
            "Exit codes: 2 invalid flags or kubeconfig, 1 other errors. Stopped by SIGTERM (or SIGINT), it releases its",
            "  Lease and exits as the JVM does on that signal: 143 (or 130).",
        })
final class ControllerCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Watch BundleInstalls in this namespace only (default: all namespaces).")
    private String namespace;

    @Option(names = "--leader-elect", description = "Reconcile only while holding the Lease, so several replicas can run.")
    private boolean leaderElect;

    @Option(names = "--lease-namespace", paramLabel = "NS", defaultValue = "bundlectl-system",
            description = "Where the leader-election Lease lives (default: ${DEFAULT-VALUE}).")
    private String leaseNamespace;

    @Option(names = "--identity", paramLabel = "NAME",
            description = "This replica's name in the Lease and in events (default: $POD_NAME, else the host name).")
    private String identity;

    // Four: a worker mostly waits for the API server, and on the fleet bench (issue 52) four
    // installed 200 BundleInstalls each within 75 s of its creation where two needed 86 s.
    @Option(names = "--workers", paramLabel = "N", defaultValue = "4",
            description = "BundleInstalls reconciled at once (default: ${DEFAULT-VALUE}).")
    private int workers;

    @Option(names = "--resync", paramLabel = "DURATION", defaultValue = "5m", converter = DurationConverter.class,
            description = "How often every BundleInstall is installed again, which repairs drift (default: ${DEFAULT-VALUE}).")
    private Duration resync;

    @Option(names = "--single-tenant",
            description = "Install a BundleInstall that names no spec.serviceAccountName with the controller's own "
                    + "rights. Only for a cluster where everyone who may create a BundleInstall may do anything the "
                    + "controller may; without it such an object is refused (ServiceAccountRequired). Off in deploy/.")
    private boolean singleTenant;

    @Option(names = "--gc-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Also run the collector of what installs left behind (bundlectl gc --delete; CRDs kept) "
                    + "this often while leading, and record each deletion as an event on the controller's Pod. Needs "
                    + "cluster-wide read and delete: deploy/gc-rbac.yaml. Off by default.")
    private Duration gcInterval;

    @Option(names = "--catalog-poll", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "How often each catalog or bundle image tag a BundleInstall names is resolved again (one "
                    + "manifest HEAD per tag for all installs); the installs of a tag that moved are planned again at "
                    + "once. 0 resolves tags on every reconcile instead (default: ${DEFAULT-VALUE}).")
    private Duration catalogPoll;

    @Mixin
    private RegistryAccessOptions registry = new RegistryAccessOptions();

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() throws InterruptedException {
        if (workers < 1) {
            throw new UserInputException("--workers " + workers + ": give at least 1");
        }
        if (namespace != null) {
            PlanNamesCheck.namespace("--namespace", namespace);
        }
        PlanNamesCheck.namespace("--lease-namespace", leaseNamespace);
        PrintWriter err = spec.commandLine().getErr();
        String name = identity != null ? identity : defaultIdentity();
        ControllerSettings settings = new ControllerSettings(namespace, workers, resync, Duration.ofSeconds(1),
                Duration.ofMinutes(5), name,
                leaderElect ? ControllerSettings.LeaseSettings.defaults(leaseNamespace) : null);
        if (catalogPoll.isNegative()) {
            throw new UserInputException("--catalog-poll " + catalogPoll + ": give 0 or a positive duration");
        }
        // Two connections a worker: an install sends one request at a time but for its preflight,
        // so that a worker never waits for another's requests (issue 52's fleet bench: with two
        // connections for all, 2 and 4 workers installed at the same 2.2 a second).
        try (ClusterConnection connection = cluster.open(Math.max(ClusterConnection.API_CONNECTIONS, 2 * workers));
                InstallerConnections installers = new InstallerConnections(connection, singleTenant);
                ControllerSources sources = new ControllerSources(new BundleSources(connection.vertx(),
                        registry.settings()), catalogPoll, Clock.systemUTC())) {
            // The controller runs install after install: an owner of a shared object seen standing in the
            // last minute is not read again by each (docs/semantics.md §8).
            ApplySettings apply = ApplySettings.builder().recentStandings(new RecentStandings(Duration.ofMinutes(1),
                    Clock.systemUTC())).build();
            PipelineInstaller installer = new PipelineInstaller(installers, registry.settings(), apply,
                    Clock.systemUTC(), LockHolders.controller(name), sources);
            EventRecorder events = new EventRecorder(connection.client(), name);
            Reconciler reconciler = new Reconciler(new BundleInstallClient(connection.client()), installer,
                    events, Clock.systemUTC());
            CountDownLatch stopped = new CountDownLatch(1);
            CollectionReporter reporter = new CollectionReporter(events,
                    ControllerObject.fromEnvironment(settings.leaderElection()));
            List<WhileLeading> alsoWhileLeading = gcInterval == null ? List.of()
                    : List.of(new PeriodicCollection(new LeftoverCollector(connection.retryingApi(),
                            connection.discovery()), gcInterval, reporter));
            try (Controller controller = new Controller(connection.client(), reconciler, settings, true,
                    alsoWhileLeading, new SourceFollowing(installers, sources.digests(), catalogPoll))) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    controller.close();
                    stopped.countDown();
                }, "bundlectl-controller-shutdown"));
                controller.start();
                err.println(name + ": watching BundleInstalls in " + (namespace == null ? "all namespaces"
                        : "namespace " + namespace) + (leaderElect ? " once it holds Lease " + leaseNamespace
                        + "/" + settings.leaderElection().name() : "") + (singleTenant
                        ? "; single-tenant: objects that name no ServiceAccount install with the controller's own rights"
                        : "; each install acts as the ServiceAccount its BundleInstall names")
                        + (gcInterval == null ? "" : "; collecting what installs left behind every "
                                + gcInterval.toString().substring(2).toLowerCase(java.util.Locale.ROOT)
                                + (!reporter.recordsEvents()
                                        ? " (in the log only: no POD_NAME and POD_NAMESPACE, and no Lease, to record"
                                                + " events on)" : "")));
                err.flush();
                stopped.await();
            }
        }
        return ExitCode.OK;
    }

    private static String defaultIdentity() {
        String pod = System.getenv("POD_NAME");
        if (pod != null && !pod.isBlank()) {
            return pod;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "bundlectl-controller";
        }
    }
}
