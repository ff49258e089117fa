package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.controller.api.BundleInstallSummary;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.install.OperatorHealth;
import dev.bundlectl.executor.ownership.LiveOwners;
import dev.bundlectl.executor.planning.CopiedCsvs;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.executor.records.RecordSummary;
import dev.bundlectl.executor.records.RecordedStep;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.olm.CopiedCsv;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.source.catalog.Catalog;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl status}: what past installs did, step by step. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "status",
        sortOptions = false,
        description = "Show past installs recorded in a namespace, or one install with every step and its message, or the steps of a plan file. "
                + "With --catalog: each installed package beside the catalog's channel: the newest version, and the path to it.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} status -n cachebox                  # every install in the namespace, newest first",
            "  ${ROOT-COMMAND-NAME} status -n cachebox NAME             # one install, every step",
            "  ${ROOT-COMMAND-NAME} status -A                           # every namespace",
            "  ${ROOT-COMMAND-NAME} status -f plan.yaml                 # the steps of a plan file (no cluster needed)",
            "  ${ROOT-COMMAND-NAME} status --catalog CATALOG -n cachebox  # what the catalog has newer, and the path to it",
            "  ${ROOT-COMMAND-NAME} status --catalog CATALOG -A -o json   # every namespace, as a CatalogStatus document",
            "",
            "Exit codes: 0 shown, 2 invalid input (e.g. no such install), 1 other errors (e.g. unreachable cluster).",
        })
final class StatusCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "An install record's name.")
    private String name;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Namespace of the installs (default: the kubeconfig context's, else 'default').")
    private String namespace;

    @Option(names = {"-A", "--all-namespaces"}, description = "List installs in every namespace.")
    private boolean allNamespaces;

    @Option(names = {"-f", "--filename"}, paramLabel = "FILE", description = "Show the steps of this plan file instead.")
    private Path planFile;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            completionCandidates = CompletionCandidates.DocumentFormats.class,
            description = "table, yaml or json (default: ${DEFAULT-VALUE}).")
    private OutputFormat output;

    @Option(names = "--catalog", paramLabel = "DIR|IMAGE",
            description = "Compare each installed package with this file-based catalog (a directory or a catalog image): "
                    + "its channel (the package's defaultChannel), the newest version there, and the upgrade path to it "
                    + "from the installed version; a package the catalog lacks is shown as not in catalog.")
    private String catalog;

    @Option(names = "--version-range", paramLabel = "R",
            description = "With --catalog: aim at the newest version of the channel in this range (OLM v1's syntax, "
                    + "as install --version-range), and say why a newer head is out of range.")
    private String versionRange;

    @Mixin
    private RegistryAccessOptions registry = new RegistryAccessOptions();

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (output == OutputFormat.JSONL) {
            throw new UserInputException("status prints table, yaml or json");
        }
        if (planFile != null && catalog != null) {
            throw new UserInputException("give either -f FILE or --catalog, not both");
        }
        if (planFile != null) {
            return showPlanFile(out);
        }
        if (allNamespaces && name != null) {
            throw new UserInputException("give NAME with -n NS, not with --all-namespaces");
        }
        if (catalog != null || versionRange != null) {
            return showAgainstCatalog(out);
        }
        // A record store that cannot be read (unreachable or refusing cluster, unreadable record) is not
        // the user's input: it reaches ErrorReporter and exits 1.
        try (ClusterConnection connection = cluster.open()) {
            InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
            String ns = allNamespaces ? null : TargetNamespace.of(namespace, connection);
            if (name != null) {
                return show(store, new OperatorHealth(connection.retryingApi()),
                        new LiveOwners(connection.retryingApi(), connection.discovery()), ns, out);
            }
            int listed = list(store, ns, out);
            if (output == OutputFormat.TABLE) {
                if (ns != null) {
                    printServingFromElsewhere(Blocking.result(new CopiedCsvs(connection.retryingApi(), store)
                            .read(null, ns)), ns, out);
                }
                printBundleInstalls(BundleInstallSummary.list(connection.client(), ns), out);
            }
            return listed;
        }
    }

    /**
     * {@code --catalog}: the catalog and the range are read and checked before the cluster is
     * contacted, so a bad one exits 2 having asked the cluster nothing.
     */
    private int showAgainstCatalog(PrintWriter out) {
        if (catalog == null) {
            throw new UserInputException("--version-range compares with a catalog; give --catalog DIR|IMAGE");
        }
        if (name != null) {
            throw new UserInputException("--catalog compares every install of the namespace; give it without NAME");
        }
        VersionConstraint range = versionRange == null ? null : BundleSourcing.versionRange(versionRange);
        Catalog loaded = new BundleSourcing(registry, spec.commandLine().getErr()).catalog(catalog);
        try (ClusterConnection connection = cluster.open()) {
            ReadableRecords records = new ReadableRecords(connection.retryingApi(),
                    TargetNamespace.of(namespace, connection));
            ReadableRecords.Listing listing = allNamespaces ? records.everywhere()
                    : records.in(TargetNamespace.of(namespace, connection));
            CatalogStatusReport report = CatalogStatusReport.of(catalog, loaded, versionRange, range,
                    InstalledPackage.latest(listing.entries()), listing.notes());
            if (output == OutputFormat.TABLE) {
                CatalogStatusOutput.table(report, out);
            } else {
                print(CatalogStatusOutput.document(report), out);
            }
        }
        return ExitCode.OK;
    }

    private int showPlanFile(PrintWriter out) {
        InstallPlan plan;
        try {
            plan = SecretRedaction.redact(InstallPlanCodec.read(planFile));
        } catch (InputFileException e) {
            throw new UserInputException(e.getMessage());
        }
        switch (output) {
            case YAML -> out.print(InstallPlanCodec.toYaml(plan));
            case JSON -> out.println(InstallPlanCodec.toJson(plan));
            default -> PlanTable.print(plan, out);
        }
        return ExitCode.OK;
    }

    private int list(InstallRecordStore store, String ns, PrintWriter out) {
        List<RecordEntry> entries = Blocking.result(store.list(ns));
        if (output != OutputFormat.TABLE) {
            List<Object> documents = new ArrayList<>();
            for (RecordEntry entry : entries) {
                if (entry instanceof RecordEntry.Readable readable) {
                    documents.add(readable.record());
                }
            }
            print(documents, out);
            return ExitCode.OK;
        }
        if (entries.isEmpty()) {
            out.println("No installs recorded in " + (ns == null ? "any namespace" : "namespace " + ns) + ".");
            return ExitCode.OK;
        }
        TextTable table = new TextTable(List.of("NAMESPACE", "NAME", "PACKAGE", "CSV", "PHASE", "STARTED", "DURATION", "STEPS"));
        for (RecordEntry entry : entries) {
            if (entry instanceof RecordEntry.Readable readable) {
                RecordSummary summary = RecordSummary.of(readable.record());
                table.row(List.of(summary.namespace(), summary.name(), summary.packageName(),
                        summary.csvName() == null ? "-" : summary.csvName(),
                        summary.phase().wireName() + (summary.dryRun() ? " (dry run)" : ""),
                        summary.startTime().toString(), duration(summary.duration()),
                        StepCounts.text(summary.stepCounts())));
            } else if (entry instanceof RecordEntry.Unreadable unreadable) {
                table.row(List.of(unreadable.namespace(), unreadable.name(), "?", "?", "Unreadable",
                        String.valueOf(unreadable.startTime()), "-", unreadable.error().getMessage()));
            }
        }
        table.print(out);
        VersionHistoryTable.print(entries, out);
        return ExitCode.OK;
    }

    /**
     * The operators installed in other namespaces that serve this one, as OLM's copies of their
     * CSVs show (docs/semantics.md §6): where each runs. Nothing where there are none, or where the
     * user may not list them.
     */
    private static void printServingFromElsewhere(CopiedCsvs.Found found, String ns, PrintWriter out) {
        if (!(found instanceof CopiedCsvs.Found.Listed listed) || listed.copies().isEmpty()) {
            return;
        }
        out.println();
        out.println("Operators serving namespace " + ns + " from another (OLM copied their CSVs here):");
        TextTable table = new TextTable(List.of("CSV", "PACKAGE", "RUNS IN", "OPERATORGROUP", "PHASE"));
        for (CopiedCsv copy : listed.copies()) {
            table.row(List.of(copy.name(), copy.packageName().orElse("-"), copy.fromNamespace(),
                    copy.operatorGroup().isEmpty() ? "-" : copy.operatorGroup(),
                    copy.phase().isEmpty() ? "-" : copy.phase()));
        }
        table.print(out);
    }

    /** The BundleInstall objects the controller keeps, after the records (nothing where none exist). */
    private static void printBundleInstalls(List<BundleInstallSummary> installs, PrintWriter out) {
        if (installs.isEmpty()) {
            return;
        }
        out.println();
        out.println("BundleInstalls (kept by bundlectl controller):");
        TextTable table = new TextTable(List.of("NAMESPACE", "NAME", "PHASE", "APPROVAL", "PLAN", "MESSAGE"));
        for (BundleInstallSummary install : installs) {
            table.row(List.of(install.namespace(), install.name(), install.phase(), install.approval(),
                    install.planDigest() == null ? "-" : install.planDigest(),
                    install.message() == null ? "" : install.message()));
        }
        table.print(out);
    }

    private int show(InstallRecordStore store, OperatorHealth health, LiveOwners owners, String ns, PrintWriter out) {
        Optional<InstallRecord> found = Blocking.result(store.get(ns, name));
        if (found.isEmpty()) {
            throw new UserInputException("no install record \"" + name + "\" in namespace " + ns
                    + " (list them with: " + spec.root().name() + " status -n " + ns + ")");
        }
        InstallRecord record = found.get();
        if (output != OutputFormat.TABLE) {
            print(record, out);
            return ExitCode.OK;
        }
        RecordSummary summary = RecordSummary.of(record);
        out.println(TerminalText.safe("Install:    " + record.namespace() + "/" + record.name()));
        out.println(TerminalText.safe("Package:    " + record.packageName()
                + (record.csvName() == null ? "" : " (" + record.csvName() + ")")));
        out.println(TerminalText.safe("Bundle:     " + (record.bundlePath() == null ? "-" : record.bundlePath())
                + (record.bundleDigest() == null ? "" : " " + record.bundleDigest())));
        out.println(TerminalText.safe("Phase:      " + record.phase().wireName() + (record.dryRun() ? " (dry run)" : "")
                + (record.message() == null ? "" : ": " + record.message())));
        out.println("Started:    " + record.startTime() + ", took " + duration(summary.duration()));
        if (!record.enabledCapabilities().isEmpty()) {
            out.println("Capabilities: " + String.join(", ", record.enabledCapabilities())
                    + (record.implicitlyEnabledCapabilities().isEmpty() ? ""
                            : " (implicitly enabled: " + String.join(", ", record.implicitlyEnabledCapabilities()) + ")"));
        }
        printConfig(record, out);
        out.println("Owned:      " + record.createdObjects().size() + " objects owned by this install");
        // Live: which of them other installs own too (the same bundle in another namespace), or took over.
        String sharedLabel = "Shared:     ";
        for (String line : Blocking.result(owners.lines(record))) {
            out.println(TerminalText.safe(sharedLabel + line));
            sharedLabel = "            ";
        }
        out.println(TerminalText.safe("Versions:   " + VersionHistoryTable.line(record)));
        // Live, beside what was recorded: whether the operator runs now.
        for (String entry : Blocking.result(health.lines(record.steps(), record.csvName()))) {
            String label = "Running:    ";
            for (String line : entry.split("\n")) {
                out.println(TerminalText.safe(label + line));
                label = "            ";
            }
        }
        out.println();
        TextTable table = PlanTable.stepTable();
        List<RecordedStep> steps = record.steps();
        for (int i = 0; i < steps.size(); i++) {
            RecordedStep step = steps.get(i);
            table.row(PlanTable.stepRow(i + 1, step.object().kind(), step.object().name(), step.object().namespace(),
                    step.optional(), step.status(), step.message()));
        }
        table.print(out);
        out.println();
        out.println(steps.size() + " steps: " + StepCounts.text(summary.stepCounts()));
        return ExitCode.OK;
    }

    /**
     * The operator configuration in effect (docs/operator-config.md): what it sets, then each of its
     * fields as compact JSON; nothing when the install had none.
     */
    private static void printConfig(InstallRecord record, PrintWriter out) {
        Optional<ConfigRead> recorded = PreviousInstall.of(Optional.of(record)).config();
        if (recorded.isEmpty()) {
            return;
        }
        if (recorded.get() instanceof ConfigRead.Refused refused) {
            out.println(TerminalText.safe("Config:     recorded, but no longer valid: "
                    + refused.diagnostics().errors().get(0).message()));
            return;
        }
        OperatorConfig config = ((ConfigRead.Read) recorded.get()).config();
        out.println(TerminalText.safe("Config:     " + config.summary() + " (later installs keep it; "
                + "--config replaces it, --reset-config drops it)"));
        config.toJson().fields().forEachRemaining(field -> out.println(TerminalText.safe("            "
                + field.getKey() + ": " + JsonTrees.compact(field.getValue()))));
    }

    private void print(Object document, PrintWriter out) {
        RecordDocuments documents = new RecordDocuments();
        out.println(output == OutputFormat.YAML ? documents.toYaml(document) : documents.toJson(document));
    }

    private static String duration(Duration duration) {
        if (duration == null) {
            return "running";
        }
        long millis = duration.toMillis();
        return millis < 10_000 ? String.format("%.1fs", millis / 1000.0) : (duration.toSeconds() + "s");
    }
}
