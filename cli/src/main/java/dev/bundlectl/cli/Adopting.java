package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.adopt.Adoption;
import dev.bundlectl.executor.adopt.AdoptionPlan;
import dev.bundlectl.executor.adopt.OlmInstall;
import dev.bundlectl.executor.adopt.OlmReading;
import dev.bundlectl.executor.adopt.Retired;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.diff.DiffRendering;
import dev.bundlectl.executor.diff.StepDiff;
import dev.bundlectl.executor.diff.UnifiedDiffText;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.PlanAnnotations;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine;

/**
 * {@code adopt}'s run, the command line's side of an {@link Adoption}: what OLM installed read and
 * judged, the bundle found and planned as {@code install} plans it, the plan, its diff and what is
 * taken over or shared printed, then (unless a dry run, or refused) the install through the one
 * install ordering, printed as {@code install} prints it, and OLM's Subscription and InstallPlans
 * removed.
 */
final class Adopting {

    /**
     * Where the bundle comes from: {@code --bundle} or {@code --catalog}, or, with neither, the image
     * OLM's InstallPlan unpacked.
     */
    record BundleChoice(String bundle, String catalog) {
    }

    private final ClusterConnection connection;
    private final InstallFlags flags;
    private final BundleSourcing sourcing;
    private final PrintWriter out;
    private final PrintWriter err;

    Adopting(ClusterConnection connection, InstallFlags flags, BundleSourcing sourcing, PrintWriter out,
            PrintWriter err) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.flags = flags;
        this.sourcing = sourcing;
        this.out = out;
        this.err = err;
    }

    /** Adopts {@code packageName} in {@code namespace}; answers the exit code. */
    int adopt(String namespace, String packageName, BundleChoice choice, boolean dryRun, boolean force) {
        Adoption adoption = new Adoption(connection);
        OlmReading reading = Blocking.result(adoption.read(namespace, packageName));
        if (reading instanceof OlmReading.Missing missing) {
            throw new UserInputException("nothing to adopt: " + missing.why());
        }
        if (reading instanceof OlmReading.Refused refused) {
            return refused("cannot adopt " + packageName + " in namespace " + namespace + ": "
                    + refused.refusal().message());
        }
        OlmInstall olm = ((OlmReading.Found) reading).install();
        out.println(TerminalText.safe("OLM: " + olm.describe()));
        SourcedInput source = source(olm, choice);
        out.println(TerminalText.safe("bundle: " + source.label()));
        InstallPipeline pipeline = new InstallPipeline(connection);
        PlanInputOptions input = olmModeInput();
        PlannedInput planned = new Planning(new DiagnosticsPrinter(err),
                new Planning.Live(pipeline, err, flags.discoveryPatience())).plan(input, source, namespace, () -> null);
        String bundlePackage = planned.result().plan().metadata().annotations().get(PlanAnnotations.PACKAGE);
        if (!packageName.equals(bundlePackage)) {
            throw new UserInputException(source.label() + ": the bundle is of package " + bundlePackage + ", not "
                    + packageName);
        }
        ApplySettings options = ApplySettings.builder().timeout(flags.timeout()).concurrency(flags.concurrency()).build();
        AdoptionPlan plan = Blocking.result(adoption.compare(olm, planned.result().planned(), options));
        show(plan);
        if (!plan.matches() && !force) {
            return refused("cannot adopt " + packageName + " in namespace " + namespace + ": "
                    + plan.differs().message());
        }
        if (!plan.matches()) {
            err.println("warning: --force: the bundle differs from what runs; the install applies the bundle");
        }
        if (dryRun) {
            out.println("dry run: nothing was written; without --dry-run, bundlectl records the install, takes over "
                    + "what OLM installed and deletes " + olm.subscription().describe() + " and its InstallPlans");
            return ExitCode.OK;
        }
        PlanInstall.Ended ended = new PlanInstall(pipeline, flags, out, err).install(plan.planned(), planned.reading(),
                namespace, false, settings -> settings.adopting(plan.owners()));
        if (ended.locked()) {
            err.println("error: " + TerminalText.safe(ended.lockedOut() instanceof LockState.Held held ? held.describe()
                    : "another operation of " + packageName + " ran since the plan was made; adopt again"));
            return LockWaiting.HELD;
        }
        if (ended.exitCode() != ExitCode.OK) {
            err.println("error: the install did not complete: " + olm.subscription().describe() + " and its "
                    + "InstallPlans were left in place");
            return ended.exitCode();
        }
        return retire(adoption, olm);
    }

    /** OLM's Subscription and InstallPlans deleted once the install is recorded. */
    private int retire(Adoption adoption, OlmInstall olm) {
        Retired retired;
        try {
            retired = Blocking.result(adoption.retire(olm));
        } catch (RuntimeException e) {
            err.println("error: adopted, but OLM's objects were not removed: " + TerminalText.safe(
                    ClientErrors.describe(e)));
            return ExitCode.PLAN_FAILED;
        }
        retired.removed().forEach(removed -> out.println(TerminalText.safe("Removed " + removed)));
        retired.kept().forEach(kept -> out.println(TerminalText.safe("Left " + kept)));
        out.println(TerminalText.safe("adopted " + olm.subscription().packageName() + " in namespace "
                + olm.namespace() + ": OLM's olm-operator goes on running ClusterServiceVersion " + olm.csv().name()
                + "; its Subscription is gone, and bundlectl installs, upgrades and uninstalls it from now on"));
        return ExitCode.OK;
    }

    private SourcedInput source(OlmInstall olm, BundleChoice choice) {
        if (choice.bundle() != null) {
            return sourcing.reference(choice.bundle());
        }
        if (choice.catalog() != null) {
            PlanInputOptions input = olmModeInput();
            input.catalog.catalog = choice.catalog();
            input.catalog.packageName = olm.subscription().packageName();
            input.catalog.channel = olm.subscription().channel();
            input.catalog.version = olm.csv().name();
            CatalogChain chain = sourcing.resolveChain(input);
            return chain.pulled().get(chain.root().name());
        }
        String image = olm.bundleImage().orElseThrow(() -> new UserInputException("no bundle image for "
                + olm.csv().name() + " in the bundleLookups of " + olm.subscription().describe()
                + "'s InstallPlans; give --bundle DIR|IMAGE or --catalog DIR|IMAGE"));
        return sourcing.reference(image);
    }

    /**
     * The planning options of an adoption: {@code install}'s defaults, as its command line would
     * give them, in OLM mode (OLM installed what is adopted, and goes on running its CSV).
     */
    private static PlanInputOptions olmModeInput() {
        PlanInputOptions input = new PlanInputOptions();
        // Parsed as Main parses a command line, so that each option's default reads as it does there.
        new CommandLine(input).setCaseInsensitiveEnumValuesAllowed(true).parseArgs("--csv-mode", "olm");
        return input;
    }

    /** The plan, its diff, and what is taken over and shared. */
    private void show(AdoptionPlan plan) {
        PlanTable.print(plan.planned().plan(), out);
        out.println();
        out.print(UnifiedDiffText.render(plan.diff(), DiffRendering.full()));
        out.println("diff: " + plan.diff().summary());
        for (StepDiff.NotDiffable step : plan.diff().notDiffable()) {
            out.println(TerminalText.safe("  not compared: " + step.subject().displayName() + ": " + step.reason()));
        }
        out.println("taken over from OLM: " + plan.scope().taken().size() + " objects");
        if (!plan.scope().shared().isEmpty()) {
            out.println("shared with operators OLM still manages (marked shared, never taken whole, never deleted):");
            for (Map.Entry<ObjectRef, String> shared : plan.scope().shared().entrySet()) {
                out.println(TerminalText.safe("  " + shared.getKey().displayName() + ": " + shared.getValue()));
            }
        }
        if (plan.matches()) {
            out.println("the bundle matches what runs (labels and annotations aside)");
        } else {
            out.println("the bundle differs from what runs:");
            plan.differences().forEach(difference -> out.println(TerminalText.safe("  " + difference)));
        }
        out.flush();
    }

    private int refused(String message) {
        err.println("error: " + TerminalText.safe(message) + "; nothing was written");
        return ExitCode.PLAN_FAILED;
    }
}
